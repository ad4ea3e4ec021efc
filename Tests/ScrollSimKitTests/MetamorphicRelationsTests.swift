import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit

/// Metamorphic relations: two runs whose inputs differ in a known way must give outputs that
/// differ in a known way (or not at all), whatever the outputs are. They check branches no
/// figure worked out by hand reaches, on bases of every kind: a lazy stack of drawn types, a
/// grid, masonry columns, pagination, pinned headers and deadline prefetch. Why each relation
/// holds, and the ones that do not, are in ScrollSimEngine.docc/MetamorphicRelations.md.
@Suite struct MetamorphicRelationsTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// The bases: one of each kind, cut to a few seconds to keep the debug tests quick.
    static let bases = ["feed-fling", "photo-grid-lazyvgrid", "masonry-feed-columns", "paging-threshold",
                        "photo-feed-pinned", "prefetch-deadline-heavy-cells"]

    static func base(_ name: String, seconds: Double = 4) throws -> Scenario {
        var scenario = try ScenarioLoader.load(path: scenarios.appendingPathComponent("\(name).json").path)
        scenario.config.duration = min(scenario.config.duration, seconds)
        return scenario
    }

    static func report(_ scenario: Scenario, config: SimulationConfig) -> JSONValue {
        var scenario = scenario
        scenario.config = config
        return ReportBuilder.build(scenario: scenario, result: scenario.run(), harness: nil)
    }

    /// The first differing paths between two JSON values (at most `limit`), skipping any path
    /// `ignored` accepts: "frames.offset[12]: 340.5 ≠ 341".
    static func differences(_ a: JSONValue, _ b: JSONValue, path: String = "", limit: Int = 8,
                            ignored: (String) -> Bool = { _ in false }) -> [String] {
        var found: [String] = []
        func walk(_ a: JSONValue, _ b: JSONValue, _ path: String) {
            guard found.count < limit, !ignored(path) else { return }
            switch (a, b) {
            case let (.object(x), .object(y)):
                for key in Set(x.keys).union(y.keys).sorted() {
                    let sub = path.isEmpty ? key : "\(path).\(key)"
                    guard let u = x[key], let v = y[key] else {
                        if !ignored(sub) { found.append("\(sub): only on one side") }
                        continue
                    }
                    walk(u, v, sub)
                }
            case let (.array(x), .array(y)) where x.count == y.count:
                for (i, (u, v)) in zip(x, y).enumerated() { walk(u, v, "\(path)[\(i)]") }
            default:
                if a != b { found.append("\(path): \(JSONWriter().string(a).prefix(60)) ≠ \(JSONWriter().string(b).prefix(60))") }
            }
        }
        walk(a, b, path)
        return found
    }

    // MARK: doubling every cost

    /// Twice every main-thread cost (init, body, layout, render, appear, frame overhead, input,
    /// masonry distribution: `scalingMainThreadCosts(by: 2)`) never lowers the run's total work,
    /// its slowest frame, or the frames it drops. Per frame it may: a doubled run drops frames
    /// and so has fewer of them, and prefetch, left less idle time, moves work from one frame to
    /// another.
    @Test(arguments: bases)
    func doublingEveryCostNeverLowersWorkOrDrops(name: String) throws {
        let scenario = try Self.base(name)
        let once = Simulation.run(scenario.config)
        let twice = Simulation.run(scenario.config.scalingMainThreadCosts(by: 2))
        let work = (once.frames.workMs.reduce(0, +), twice.frames.workMs.reduce(0, +))
        #expect(work.1 >= work.0 - 1e-6, "\(name): total work \(work.0) → \(work.1) ms")
        #expect(twice.frames.workMs.max()! >= once.frames.workMs.max()! - 1e-9, "\(name): slowest frame")
        let dropped = (once.frames.dropped.reduce(0, +), twice.frames.dropped.reduce(0, +))
        #expect(dropped.1 >= dropped.0, "\(name): dropped frames \(dropped.0) → \(dropped.1)")
    }

    // MARK: the refresh rate

    /// A fling from rest travels the same distance at 60 Hz as at 120 Hz: physics is a function
    /// of time (x(t) = v0·(dᵗ − 1) / (1000·ln d), held from the moment the speed falls below
    /// 0.5 pt/s), evaluated at each frame's tick, and 0.5 s is a tick of both. By hand, for
    /// 3,000 pt/s at d = 0.998: it stops after T = ln(0.5/3000) / ln 0.998 = 4,346.5 ms, having
    /// travelled (3000 − 0.5) / (1000 · ln(1/0.998)) = 2999.5 / 2.0020027 = 1,498.25 pt. The
    /// run lasts 6 s: the fling is over by 4.85 s.
    @Test(arguments: ["feed-fling", "photo-grid-lazyvgrid", "masonry-feed-columns", "photo-feed-pinned", "prefetch-deadline-heavy-cells"])
    func aFlingTravelsTheSameDistanceAtAnyRefreshRate(name: String) throws {
        var config = try Self.base(name).config
        config.duration = 6
        config.script = [ScriptEvent(at: 0.5, action: .fling(velocity: 3000, deceleration: 0.998))]
        var slow = config
        slow.device.refreshRate = 60
        let fast = Simulation.run(config)
        let halfRate = Simulation.run(slow)
        let end = (fast.frames.offset.last!, halfRate.frames.offset.last!)
        #expect(abs(end.0 - end.1) < 1e-6, "\(name): \(end.0) pt at 120 Hz, \(end.1) pt at 60 Hz")
        #expect(abs(end.0 - 1498.25) < 0.01, "\(name): \(end.0) pt")
        // Every 60 Hz tick is a 120 Hz tick: where both have a frame at the same instant, the
        // fling is at the same offset.
        var at120: [Double: Double] = [:]
        for i in 0..<fast.frames.count { at120[(fast.frames.timeMs[i] * 1000).rounded()] = fast.frames.offset[i] }
        for i in 0..<halfRate.frames.count {
            guard let offset = at120[(halfRate.frames.timeMs[i] * 1000).rounded()] else { continue }
            #expect(abs(offset - halfRate.frames.offset[i]) < 1e-6, "\(name): at \(halfRate.frames.timeMs[i]) ms")
        }
    }

    // MARK: rows beyond the script's reach

    /// Rows appended after every row the script reaches change nothing in the run but the
    /// content's height (`frames.trueHeight`, `frames.estimatedHeight`, `frames.estimateErrorPx`)
    /// and the data model's memory: each element's draws come from the one generator in
    /// element order, so the elements before keep theirs, and no row past the prefetch window is
    /// ever touched. The data model holds `memory.data` bytes per element whether or not a view
    /// exists (64 by default; none of these bases sets it), so every frame's modeled memory,
    /// and the peak and final figures, rise by exactly 600 · 64 = 38,400 bytes. A masonry
    /// stack's `columnImbalancePx` (the spread of the columns' heights at the end of the
    /// content) is a figure of the whole content and moves with it.
    @Test(arguments: ["feed-fling", "photo-grid-lazyvgrid", "masonry-feed-columns", "photo-feed-pinned"])
    func rowsBeyondTheScriptsReachChangeNothingBeforeThem(name: String) throws {
        let scenario = try Self.base(name)
        var longer = scenario.config
        if let items = longer.content.items {
            // Data from a file: repeat its last 600 elements after it.
            longer.content.items = items + items.suffix(600)
            longer.content.count = items.count + 600
        } else {
            longer.content.count += 600
        }
        let dataBytes = 600.0 * 64
        let a = Self.report(scenario, config: scenario.config)
        let b = Self.report(scenario, config: longer)
        let diff = Self.differences(a, b) { path in
            path.hasPrefix("scenario") || path == "frames.memoryBytes" || Self.memoryMetrics.contains(path)
                || path == "summary.columnImbalancePx" || Self.heightColumns.contains { path.hasPrefix("frames.\($0)") }
        }
        #expect(diff.isEmpty, "\(name): \(diff)")
        guard case .array(let memoryA)? = a["frames"]?["memoryBytes"], case .array(let memoryB)? = b["frames"]?["memoryBytes"],
              memoryA.count == memoryB.count, !memoryA.isEmpty else {
            Issue.record("\(name): no memory column of equal length")
            return
        }
        for (i, (x, y)) in zip(memoryA, memoryB).enumerated() where (y.numberValue ?? 0) - (x.numberValue ?? 0) != dataBytes {
            Issue.record("\(name): frame \(i) memory \(x) → \(y), not +\(dataBytes)")
            break
        }
        for path in Self.memoryMetrics {
            let value = { (r: JSONValue) in path.split(separator: ".").reduce(Optional(r)) { $0?[String($1)] }?.numberValue }
            guard let x = value(a) else { continue }
            #expect(value(b).map { $0 - x } == dataBytes, "\(name): \(path) \(x) → \(value(b) ?? .nan)")
        }
    }

    /// The summary figures that are modeled memory: each rises by the appended data model.
    static let memoryMetrics: Set<String> = ["summary.peakMemoryBytes", "summary.finalMemoryBytes", "summary.budgets.peakMemoryBytes.value"]

    /// The frame columns that are the content's height, or derived from it.
    static let heightColumns = ["trueHeight", "estimatedHeight", "estimateErrorPx"]

    // MARK: the order of type declarations

    /// Two view types declared in the other order (each with its weight and costs) give the same
    /// report when the elements' types come from data: the decoder maps each element to its type
    /// by name, and nothing in a report depends on a type's index (`byType` is keyed by name).
    /// With types drawn by weight the relation does not hold element by element (see the
    /// article): the draw walks the weights in declaration order.
    @Test func swappingTwoTypeDeclarationsChangesNothingWhenDataNamesTypes() throws {
        let url = Self.scenarios.appendingPathComponent("photo-feed-pinned.json")
        var root = try JSONParser.parse(Array(try Data(contentsOf: url)))
        root = Self.settingDuration(root, 4)
        guard case .object(var object) = root, case .object(var content)? = object["content"],
              case .array(let types)? = content["types"], types.count == 2 else {
            Issue.record("photo-feed-pinned no longer declares two types")
            return
        }
        content["types"] = .array(types.reversed())
        object["content"] = .object(content)
        let a = try Self.decode(root, directory: url.deletingLastPathComponent()).report().root
        let b = try Self.decode(.object(object), directory: url.deletingLastPathComponent()).report().root
        let diff = Self.differences(a, b) { $0.hasPrefix("scenario") }
        #expect(diff.isEmpty, "\(diff)")
        #expect(a["summary"]?["byType"]?["thumbnails"] != nil)
    }

    static func settingDuration(_ root: JSONValue, _ seconds: Double) -> JSONValue {
        guard case .object(var object) = root else { return root }
        object["duration"] = .number(seconds)
        return .object(object)
    }

    static func decode(_ root: JSONValue, directory: URL) throws -> Scenario {
        try ScenarioLoader.decode(Array(JSONWriter(decimals: 9).string(root).utf8), file: "metamorphic.json", directory: directory)
    }

    // MARK: a sweep's default

    /// A sweep variant that sets a key to its documented default gives the report of the file
    /// that leaves the key out: only the `scenario` section differs (its name, content hash,
    /// source and `variant`).
    @Test(arguments: [
        ("paging-threshold", "stack.prefetch.marginMs=1"),
        ("feed-fling", "device.refreshRate=120"),
        ("masonry-feed-columns", "stack.keepAlive.maxViews=64"),
        ("photo-feed-pinned", "stack.prefetch.policy=chunked"),
    ])
    func aSweepVariantAtTheDefaultIsTheScenario(name: String, vary: String) throws {
        let url = Self.scenarios.appendingPathComponent("\(name).json")
        let root = Self.settingDuration(try JSONParser.parse(Array(try Data(contentsOf: url))), 3)
        let axis = try SweepAxis.parse(vary)
        let set = axis.key.split(separator: ".").reduce(Optional(root)) { $0?[String($1)] }
        #expect(set == nil, "\(name) sets \(axis.key) itself: pick a key it leaves to its default")
        let plan = try SweepPlan(file: url.path, root: root, name: name, contentHash: "", axes: [axis], metric: .droppedFrames, objective: .min)
        let variant = try plan.scenario(0, directory: url.deletingLastPathComponent()).report().root
        let plain = try Self.decode(root, directory: url.deletingLastPathComponent()).report().root
        let diff = Self.differences(plain, variant) { $0.hasPrefix("scenario") }
        #expect(diff.isEmpty, "\(name) with \(vary): \(diff)")
        #expect(plain["frames"] != nil && plain["summary"] != nil)
    }
}
