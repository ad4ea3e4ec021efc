import Foundation
import ScrollSimEngine
@testable import ScrollSimKit

/// Reports for chart and trace tests: synthetic ones of any length, and the shipped scenarios'.
enum ReportFixtures {
    /// The package's root directory (tests find `Scenarios/` and `Reports/` from here).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A synthetic report of `count` frames at 120 Hz: every frame 0.6 ms of overhead and
    /// 0.1 ms of render, plus `spikes` (frame → layout ms) that make frames late.
    static func synthetic(count: Int, spikes: [Int: Double] = [:], name: String = "synthetic", harness: Bool = false) throws -> Report {
        let budget = 1000.0 / 120
        var time: [JSONValue] = [], work: [JSONValue] = [], dropped: [JSONValue] = []
        var layout: [JSONValue] = [], render: [JSONValue] = [], overhead: [JSONValue] = [], zeros: [JSONValue] = []
        var memory: [JSONValue] = [], visible: [JSONValue] = [], cached: [JSONValue] = [], height: [JSONValue] = []
        var events: (frame: [JSONValue], kind: [JSONValue], value: [JSONValue]) = ([], [], [])
        var t = 0.0
        for i in 0..<count {
            let extra = spikes[i] ?? 0
            let w = 0.7 + extra
            let late = w > budget ? Int((w / budget).rounded(.up)) - 1 : 0
            time.append(.number((t * 10000).rounded() / 10000))
            work.append(.number(w))
            dropped.append(.number(Double(late)))
            layout.append(.number(extra))
            render.append(.number(0.1))
            overhead.append(.number(0.6))
            zeros.append(.number(0))
            memory.append(.number(Double(1_000_000 + (i % 500) * 1000)))
            visible.append(.number(Double(4 + i % 3)))
            cached.append(.number(Double(i % 7)))
            height.append(.number(50_000 + Double(i % 100)))
            if late > 0 {
                events.frame.append(.number(Double(i)))
                events.kind.append(.string("hitch"))
                events.value.append(.number(Double(late)))
            }
            if i % 1000 == 500 {
                events.frame.append(.number(Double(i)))
                events.kind.append(.string("fling"))
                events.value.append(.number(6000))
            }
            t += Double(late + 1) * budget
        }
        let phases: [String: JSONValue] = [
            "input": .array(zeros), "init": .array(zeros), "body": .array(zeros), "layout": .array(layout),
            "appear": .array(zeros), "render": .array(render), "overhead": .array(overhead), "prefetch": .array(zeros),
        ]
        var root: [String: JSONValue] = [
            "schema": .number(1),
            "scenario": .object([
                "name": .string(name), "file": .string("\(name).json"), "description": .string("A <synthetic> run & its \"spikes\"."),
                "contentHash": .string("0123456789abcdef"), "seed": .number(1), "stack": .string("lazyVStack"),
                "elements": .number(1000), "rows": .number(1000), "durationS": .number(t / 1000), "refreshRate": .number(120),
                "budgetMs": .number(8.3333), "viewport": .object(["width": .number(393), "height": .number(852)]),
                "hitchGrading": .object(["warning": .number(5), "critical": .number(10)]),
            ]),
            "summary": .object([
                "frames": .number(Double(count)), "droppedFrames": .number(dropped.reduce(0) { $0 + ($1.numberValue ?? 0) }),
                "hitchRatio": .number(0), "hitchGrade": .string("good"),
                "frameWorkMs": .object(["mean": .number(0.7), "p50": .number(0.7), "p90": .number(0.7), "p95": .number(0.7), "p99": .number(0.7), "max": .number(0.7 + (spikes.values.max() ?? 0))]),
                "peakMemoryBytes": .number(1_499_000), "peakResidentViews": .number(12),
                "budgets": .object(["droppedFrames": .object(["limit": .number(0), "value": .number(0), "pass": .bool(true)])]),
            ]),
            "frames": .object([
                "count": .number(Double(count)), "timeMs": .array(time), "workMs": .array(work), "phaseMs": .object(phases),
                "dropped": .array(dropped), "memoryBytes": .array(memory), "visible": .array(visible), "prefetched": .array(zeros),
                "cached": .array(cached), "estimatedHeight": .array(height), "trueHeight": .array(height),
                "corrections": .array(zeros), "correctionPx": .array(zeros), "offset": .array(zeros),
            ]),
            "events": .object([
                "count": .number(Double(events.frame.count)), "frame": .array(events.frame), "kind": .array(events.kind),
                "row": .array(events.frame.map { _ in .number(-1) }), "element": .array(events.frame.map { _ in .number(-1) }), "value": .array(events.value),
            ]),
        ]
        if harness {
            root["harness"] = .object(["allocator": .string("jemalloc 5.3.0-0-gabc"), "wallTimeMs": .number(Double.random(in: 1...100)), "allocatedBytes": .number(1000)])
        }
        return try Report(path: "/tmp/\(name).json", root: .object(root))
    }

    /// Reports of the shipped scenarios (`Scenarios/*.json`), run without the harness.
    /// The shipped scenarios' reports, played once per test process and shared by the tests.
    static func shipped() throws -> [Report] {
        try shippedReports.get()
    }

    private static let shippedReports: Result<[Report], Error> = Result {
        let directory = packageRoot.appendingPathComponent("Scenarios").path
        return try ScenarioLoader.expand([directory]).map { file in
            let scenario = try ScenarioLoader.load(path: file)
            let result = Simulation.run(scenario.config)
            let root = ReportBuilder.build(scenario: scenario, result: result, harness: nil)
            return try Report(path: "\(scenario.name).json", root: root)
        }
    }
}
