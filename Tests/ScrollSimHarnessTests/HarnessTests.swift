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
            if Harness.countsAllocations {
                #expect(a["harness"]?["allocator"]?.stringValue?.hasPrefix("jemalloc 5.") == true, "\(name)")
            }
        }
    }

    @Test(.enabled(if: Harness.countsAllocations, "needs jemalloc"))
    func harnessReportsRealAllocatorFigures() throws {
        let harness = try Harness()
        let allocator = try #require(harness.allocator)
        #expect(allocator.version.hasPrefix("5."), "\(allocator.version)")
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
    @Test(.enabled(if: Harness.countsAllocations, "needs jemalloc"))
    func figuresBecomeTheReportsHarnessSection() throws {
        let harness = try Harness()
        let allocator = try #require(harness.allocator)
        let scenario = try ScenarioLoader.load(path: "\(Self.scenariosDirectory)/origami-lazy.json")
        let (result, measurement) = harness.run(scenario.config)
        let section = try #require(ReportBuilder.build(scenario: scenario, result: result, harness: measurement.figures)["harness"])
        #expect(section["allocator"]?.stringValue == "jemalloc \(allocator.version)")
        #expect(section["allocations"]?.numberValue == Double(measurement.allocations))
        #expect(section["steadyStateFrames"]?.numberValue == Double(measurement.steadyStateFrames))
        #if DEBUG
        #expect(section["build"]?.stringValue == "debug")
        #else
        #expect(section["build"]?.stringValue == "release")
        #endif
        #expect(ReportBuilder.build(scenario: scenario, result: result, harness: nil)["harness"] == nil)
    }

    /// The set-up and the frame loop are measured apart; frames per second is the loop's.
    @Test func setUpAndLoopAreApart() throws {
        let harness = try Harness()
        let config = SimulationConfig(name: "h", duration: 2, content: ContentConfig(count: 200_000, types: [ViewTypeSpec(name: "c", height: .absolute(.fixed(80)))]),
                                      script: [ScriptEvent(at: 0, action: .fling(velocity: 5000, deceleration: 0.998))])
        let (_, m) = harness.run(config)
        #expect(m.setupMs > 0 && m.loopMs > 0)
        // The whole run is the set-up, the loop and the summary after it.
        #expect(m.wallTimeMs >= m.setupMs + m.loopMs)
        #expect(abs(m.simulatedFramesPerSecond - Double(m.frames) / (m.loopMs / 1000)) < 1e-6 * m.simulatedFramesPerSecond)
        // A 200,000-row set-up holds at least one 8-byte position per row.
        #expect(m.peakResidentBytes > 1_600_000)
        let figures = m.figures
        #expect(figures.setupMs == m.setupMs && figures.loopMs == m.loopMs && figures.peakResidentBytes == m.peakResidentBytes)
    }

    /// Progress is reported every `progressInterval` frames, and what the callback allocates
    /// is not counted as the simulator's.
    @Test(.enabled(if: Harness.countsAllocations, "needs jemalloc"))
    func progressIsReportedAndLeftOutOfTheFigures() throws {
        let harness = try Harness()
        // 40 s at 120 Hz: 4,800 frames, so reports at frames 2,048 and 4,096.
        let config = SimulationConfig(name: "h", duration: 40, content: ContentConfig(count: 500, types: [ViewTypeSpec(name: "c", height: .absolute(.fixed(80)))]),
                                      script: [ScriptEvent(at: 0, action: .fling(velocity: 2000, deceleration: 0.998))])
        let (_, quiet) = harness.run(config)
        var calls: [Int] = []
        var kept: [[Int]] = []
        let (_, reported) = harness.run(config) { frame, total in
            calls.append(frame)
            #expect(total == config.maximumFrames)
            // 1,000 allocations of its own each time.
            for i in 0..<1000 { kept.append([Int](repeating: i, count: 16)) }
        }
        #expect(calls == [2048, 4096])
        #expect(kept.count == 2000)
        #expect(reported.frames == quiet.frames)
        // Without the exclusion, the callback's 2,000 arrays of 16 Ints (at least 128 bytes
        // each, 256,000 bytes in all) would be counted in the steady state. Bytes are counted
        // per thread, so tests running beside this one do not move them (allocation requests
        // are counted for the whole process).
        let difference = Int64(reported.steadyStateBytes) - Int64(quiet.steadyStateBytes)
        #expect(abs(difference) < 10_000, "steady-state bytes \(quiet.steadyStateBytes) → \(reported.steadyStateBytes)")
    }

    /// `ReportBuilder.render` writes the report's text with the time that took in the harness.
    @Test func renderMeasuresTheReportWrite() throws {
        let harness = try Harness()
        let scenario = try ScenarioLoader.load(path: "\(Self.scenariosDirectory)/origami-lazy.json")
        let (result, measurement) = harness.run(scenario.config)
        let (_, text) = ReportBuilder.render(scenario: scenario, result: result, harness: measurement.figures)
        // The text is the whole report (frames and events streamed into it), as a report reads.
        let root = try JSONParser.parse(Array(text.utf8))
        #expect(text == JSONWriter().string(root))
        let section = try #require(root["harness"])
        #expect((section["reportWriteMs"]?.numberValue ?? 0) > 0)
        // Written with the report's four decimals.
        #expect(abs((section["loopMs"]?.numberValue ?? -1) - measurement.loopMs) <= 5e-5)
        #expect(abs((section["setupMs"]?.numberValue ?? -1) - measurement.setupMs) <= 5e-5)
        #expect(withoutHarness(root) == JSONWriter().string(ReportBuilder.build(scenario: scenario, result: result, harness: nil)))
    }

    /// A build without jemalloc (`SCROLLSIM_ALLOCATOR=system`, the sanitizer build) still times
    /// the run, and its report says allocations were not counted instead of writing zeros.
    @Test(.enabled(if: !Harness.countsAllocations, "only in a build without jemalloc"))
    func aBuildWithoutJemallocCountsNoAllocations() throws {
        let harness = try Harness()
        #expect(harness.allocator == nil)
        #expect(throws: ScrollSimError.self) { try Allocator.open() }
        let scenario = try ScenarioLoader.load(path: "\(Self.scenariosDirectory)/origami-lazy.json")
        let (result, measurement) = harness.run(scenario.config)
        #expect(!measurement.allocationsCounted && measurement.loopMs > 0)
        let section = try #require(ReportBuilder.build(scenario: scenario, result: result, harness: measurement.figures)["harness"])
        #expect(section["allocator"]?.stringValue == "system malloc: \(Allocator.systemBuildNote)")
        for key in ["allocations", "allocatedBytes", "allocationsPerFrame", "bytesPerFrame", "processAllocatedBytes"] {
            #expect(section[key] == nil, "\(key)")
        }
        #expect(section["loopMs"]?.numberValue == measurement.loopMs)
    }
}
