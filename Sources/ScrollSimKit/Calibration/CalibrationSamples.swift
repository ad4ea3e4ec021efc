/// The measured milliseconds of each cost, collected from one or more traces through the map:
/// what the fit is made from, and what was left out and why.
public struct CalibrationSamples: Equatable, Sendable {
    /// A name the map did not cover: how many intervals and how many ms it had.
    public struct Unmapped: Equatable, Sendable {
        public var name: String
        public var count: Int
        public var totalMs: Double
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

    public init() {}

    /// Trace-event categories read as frames and hitches (`TraceReading.measuredFrames`), and
    /// ScrollSim's per-frame phase sums: never costs, never listed as unmapped.
    static let checkCategories: Set<String> = ["frame", "hitch", "phase"]

    /// Collects the intervals of `readings` through `map`, within `window` (nil: everything).
    /// Intervals that start before the trace's `scrollStartNs` are the launch and are left out.
    /// - Complexity: O(n · r) for n intervals and r rules.
    public static func collect(_ readings: [TraceReading], map: CalibrationMap, window: CalibrationWindow?, types: Set<String>) -> CalibrationSamples {
        var result = CalibrationSamples()
        var unmapped: [String: (count: Int, totalNs: Int64)] = [:]
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
                guard let target = map.target(of: interval, types: types) else {
                    // ScrollSim's own frames and hitches are what --check compares, not costs.
                    if reading.format == .chromeJSON, let category = interval.attributes["cat"], CalibrationSamples.checkCategories.contains(category) { continue }
                    let previous = unmapped[interval.name] ?? (0, 0)
                    unmapped[interval.name] = (previous.count + 1, previous.totalNs &+ interval.durationNs)
                    continue
                }
                result.samples[target, default: []].append(Double(interval.durationNs) / 1e6)
            }
        }
        result.unmapped = unmapped.map { Unmapped(name: $0.key, count: $0.value.count, totalMs: Double($0.value.totalNs) / 1e6) }
            .sorted { $0.totalMs != $1.totalMs ? $0.totalMs > $1.totalMs : $0.name < $1.name }
        return result
    }
}
