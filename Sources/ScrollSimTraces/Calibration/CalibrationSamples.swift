import ScrollSimKit
/// The measured milliseconds of each cost, collected from one or more traces through the map:
/// what the fit is made from, and what was left out and why.
public struct CalibrationSamples: Equatable, Sendable {
    /// A name the map did not cover: how many intervals and how many ms it had, and the
    /// attributes they carry (what a `--map NAME[KEY=VALUE]` rule could filter on).
    public struct Unmapped: Equatable, Sendable {
        public var name: String
        public var count: Int
        public var totalMs: Double
        public var attributes: AttributeTally

        public init(name: String, count: Int, totalMs: Double, attributes: AttributeTally = AttributeTally()) {
            self.name = name
            self.count = count
            self.totalMs = totalMs
            self.attributes = attributes
        }
    }

    /// Milliseconds per cost, in the traces' order.
    public var samples: [CostTarget: [Double]] = [:]
    /// Names not covered, largest total first (ties by name).
    public var unmapped: [Unmapped] = []
    /// Intervals left out: outside `--window`, before the first scroll (the launch), or not
    /// covered by the map.
    public var outsideWindow = 0
    public var launch = 0
    public var unmappedCount: Int { unmapped.reduce(0) { $0 + $1.count } }
    /// The map's rules that took no interval, each with why (in the map's order).
    public var idleRules: [CalibrationRuleCheck] = []

    public init() {}

    /// Trace-event categories read as frames and hitches (`TraceReading.measuredFrames`), and
    /// ScrollSim's per-frame phase sums: never costs, never listed as unmapped.
    static let checkCategories: Set<String> = ["frame", "hitch", "phase"]

    /// Collects the intervals of `readings` through `map`, within `window` (nil: everything).
    /// Intervals that start before the trace's `scrollStartNs` are the launch and are left out.
    /// The attributes of the names not covered, and of the names the rules name, are tallied.
    /// - Complexity: O(n · (r + a)) for n intervals, r rules and a attributes an interval.
    public static func collect(_ readings: [TraceReading], map: CalibrationMap, window: CalibrationWindow?, types: Set<String>) -> CalibrationSamples {
        var result = CalibrationSamples()
        var unmapped: [String: UnmappedCount] = [:]
        let ruleNames = Set(map.rules.map(\.name))
        var named: [String: AttributeTally.Builder] = [:]
        var taken = Array(repeating: 0, count: map.rules.count)
        var names: Set<String> = []
        for reading in readings {
            let origin = reading.originNs
            for interval in reading.intervals {
                if let window, !window.contains(offsetNs: interval.startNs &- origin) {
                    result.outsideWindow += 1
                    continue
                }
                if let scrollStart = reading.scrollStartNs, interval.startNs < scrollStart {
                    result.launch += 1
                    continue
                }
                if ruleNames.contains(interval.name) { named[interval.name, default: .init()].add(interval.attributes) }
                if !map.rules.isEmpty { names.insert(interval.name) }
                guard let (target, rule) = map.take(interval, types: types) else {
                    // ScrollSim's own frames and hitches are what --check compares, not costs.
                    if reading.format == .chromeJSON, let category = interval.attributes["cat"], CalibrationSamples.checkCategories.contains(category) { continue }
                    unmapped[interval.name, default: UnmappedCount()].add(interval)
                    continue
                }
                if let rule { taken[rule] += 1 }
                result.samples[target, default: []].append(Double(interval.durationNs) / 1e6)
            }
        }
        result.unmapped = unmapped.map { Unmapped(name: $0.key, count: $0.value.count, totalMs: Double($0.value.totalNs) / 1e6, attributes: $0.value.attributes.tally) }
            .sorted { $0.totalMs != $1.totalMs ? $0.totalMs > $1.totalMs : $0.name < $1.name }
        result.idleRules = CalibrationRuleCheck.idle(map.rules, taken: taken, tallies: named, names: names, excluded: result.launch + result.outsideWindow > 0)
        return result
    }

    /// A name not covered, while counting (updated in place in its dictionary).
    private struct UnmappedCount {
        var count = 0
        var totalNs: Int64 = 0
        var attributes = AttributeTally.Builder()

        mutating func add(_ interval: TraceInterval) {
            count += 1
            totalNs = totalNs &+ interval.durationNs
            attributes.add(interval.attributes)
        }
    }
}
