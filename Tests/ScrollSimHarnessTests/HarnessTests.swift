import Foundation
import ScrollSimEngine
import ScrollSimHarness
import ScrollSimKit
import Testing

/// The harness: real allocator figures, and reports that differ only in them.
@Suite struct HarnessTests {
    static var scenariosDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized.path
    }

    /// The report's text with its `harness` section removed.
    func withoutHarness(_ root: JSONValue) -> String {
        guard case .object(var object) = root else { return "" }
        object["harness"] = nil
        return JSONWriter().string(.object(object))
    }

    /// Reports are byte-identical outside `harness` (a sample of the suite: data-file ids,
    /// rotation, prefetch; the CLI tests check the same through `scrollsim run`), to each other
    /// and to the committed baseline, which an earlier run of the code wrote: determinism is
    /// not only "the same twice in this process".
    @Test func reportsAreByteIdenticalOutsideHarness() throws {
        let harness = try Harness()
        for name in ["origami-lazy", "photo-feed-pinned", "origami-rotate-return", "configure-onappear"] {
            let scenario = try ScenarioLoader.load(path: "\(Self.scenariosDirectory)/\(name).json")
            let (first, m1) = harness.run(scenario.config)
            let (second, m2) = harness.run(scenario.config)
            let a = ReportBuilder.build(scenario: scenario, result: first, harness: m1.figures)
            let b = ReportBuilder.build(scenario: scenario, result: second, harness: m2.figures)
            #expect(withoutHarness(a) == withoutHarness(b), "\(name)")
            let committed = try String(contentsOfFile: "\(Self.scenariosDirectory)/../Reports/baseline/\(name).json", encoding: .utf8)
            #expect(withoutHarness(a) == committed, "\(name): the report differs from Reports/baseline/\(name).json (scrollsim baseline --check lists how)")
            #expect(a["harness"]?["allocator"]?.stringValue?.hasPrefix("jemalloc 5.") == true, "\(name)")
        }
    }

    @Test func harnessReportsRealAllocatorFigures() throws {
        let harness = try Harness()
        #expect(harness.allocator.version.hasPrefix("5."), "\(harness.allocator.version)")
        let config = SimulationConfig(name: "h", duration: 2, content: ContentConfig(count: 500, types: [ViewTypeSpec(name: "c", height: .absolute(.fixed(80)))]),
                                      script: [ScriptEvent(at: 0, action: .fling(velocity: 5000, deceleration: 0.998))])
        let (_, measurement) = harness.run(config)
        #expect(measurement.allocatedBytes > 0, "building the rows allocates")
        #expect(measurement.allocations > 0)
        #expect(measurement.processAllocatedBytes > 0)
        // 2 s at 120 Hz: vsync ticks at 0, 8.33…, …, 1991.7 ms are the 240 frames that start
        // before the end.
        #expect(measurement.frames == 240)
        // The warm-up is min(1 s = 120 frames, a quarter of the run = 60 frames) = 60 frames.
        #expect(measurement.steadyStateFrames == 180)
    }

    /// The figures the report carries are the measurement's, under the report's key names.
    @Test func figuresBecomeTheReportsHarnessSection() throws {
        let harness = try Harness()
        let scenario = try ScenarioLoader.load(path: "\(Self.scenariosDirectory)/origami-lazy.json")
        let (result, measurement) = harness.run(scenario.config)
        let section = try #require(ReportBuilder.build(scenario: scenario, result: result, harness: measurement.figures)["harness"])
        #expect(section["allocator"]?.stringValue == "jemalloc \(harness.allocator.version)")
        #expect(section["allocations"]?.numberValue == Double(measurement.allocations))
        #expect(section["steadyStateFrames"]?.numberValue == Double(measurement.steadyStateFrames))
        #if DEBUG
        #expect(section["build"]?.stringValue == "debug")
        #else
        #expect(section["build"]?.stringValue == "release")
        #endif
        #expect(ReportBuilder.build(scenario: scenario, result: result, harness: nil)["harness"] == nil)
    }
}
