import Foundation
import XCTest
@testable import ScrollSimEngine
@testable import ScrollSimKit

final class ReportDeterminismTests: XCTestCase {
    static var scenariosDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized.path
    }

    /// The report's text with its `harness` section removed.
    func withoutHarness(_ root: JSONValue) -> String {
        guard case .object(var object) = root else { return "" }
        object["harness"] = nil
        return JSONWriter().string(.object(object))
    }

    /// Every shipped scenario plays identically twice (frames, events and summary).
    func testEveryShippedScenarioRunsIdenticallyTwice() throws {
        for file in try ScenarioLoader.expand([Self.scenariosDirectory]) {
            let scenario = try ScenarioLoader.load(path: file)
            let first = Simulation.run(scenario.config)
            let second = Simulation.run(scenario.config)
            XCTAssertEqual(first.frames, second.frames, file)
            XCTAssertEqual(first.events, second.events, file)
            XCTAssertEqual(first.summary, second.summary, file)
        }
    }

    /// Reports are byte-identical outside `harness` (a sample of the suite: data-file ids,
    /// rotation, prefetch; the CLI tests check the same through `scrollsim run`), to each other
    /// and to the committed baseline, which an earlier run of the code wrote: determinism is
    /// not only "the same twice in this process".
    func testReportsAreByteIdenticalOutsideHarness() throws {
        let harness = try Harness()
        for name in ["origami-lazy", "photo-feed-pinned", "origami-rotate-return", "configure-onappear"] {
            let scenario = try ScenarioLoader.load(path: "\(Self.scenariosDirectory)/\(name).json")
            let (first, m1) = harness.run(scenario.config)
            let (second, m2) = harness.run(scenario.config)
            let a = ReportBuilder.build(scenario: scenario, result: first, harness: m1)
            let b = ReportBuilder.build(scenario: scenario, result: second, harness: m2)
            XCTAssertEqual(withoutHarness(a), withoutHarness(b), name)
            let committed = try String(contentsOfFile: "\(Self.scenariosDirectory)/../Reports/baseline/\(name).json", encoding: .utf8)
            XCTAssertTrue(withoutHarness(a) == committed, "\(name): the report differs from Reports/baseline/\(name).json (scrollsim baseline --check lists how)")
            XCTAssertNotNil(a["harness"]?["allocator"]?.stringValue)
        }
    }

    func testHarnessReportsRealAllocatorFigures() throws {
        let harness = try Harness()
        XCTAssertTrue(harness.allocator.version.hasPrefix("5."), harness.allocator.version)
        let config = SimulationConfig(name: "h", duration: 2, content: ContentConfig(count: 500, types: [ViewTypeSpec(name: "c", height: .absolute(.fixed(80)))]),
                                      script: [ScriptEvent(at: 0, action: .fling(velocity: 5000, deceleration: 0.998))])
        let (_, measurement) = harness.run(config)
        XCTAssertGreaterThan(measurement.allocatedBytes, 0, "building the rows allocates")
        XCTAssertGreaterThan(measurement.allocations, 0)
        XCTAssertGreaterThan(measurement.processAllocatedBytes, 0)
        XCTAssertEqual(measurement.frames, 240)
        XCTAssertEqual(measurement.steadyStateFrames, 180, "warm-up is a quarter of a 2 s run: 60 frames")
    }

    func testReportHasTheDesignSections() throws {
        let scenario = try ScenarioLoader.load(path: Self.scenariosDirectory + "/origami-lazy.json")
        let result = Simulation.run(scenario.config)
        let root = ReportBuilder.build(scenario: scenario, result: result, harness: nil)
        let report = try Report(path: "x", root: root)
        for key in ["frames", "droppedFrames", "hitchTimeMs", "hitchRatio", "frameWorkMs.p99", "peakMemoryBytes", "peakResidentViews",
                    "bodyEvaluations", "layoutPasses", "wastedPrefetchMs", "offsetCorrections", "correctionPx", "visibleJumps",
                    "topLandingErrorPx", "stateLossEvents", "blankAreaFrames", "clippedChildren", "scrollTo.landingErrorPx"] {
            XCTAssertNotNil(report.metrics[key], key)
        }
        let frames = result.frames.count
        for column in ["timeMs", "offset", "workMs", "dropped", "memoryBytes", "visible", "prefetched", "cached", "estimatedHeight", "trueHeight"] {
            XCTAssertEqual(report.frameColumn(column)?.count, frames, column)
        }
        XCTAssertEqual(root["frames"]?["phaseMs"]?["body"]?.arrayValue?.count, frames)
        XCTAssertEqual(root["scenario"]?["contentHash"]?.stringValue, scenario.contentHash)
        XCTAssertEqual(report.budgetResults.map(\.key), ["droppedFrames", "hitchRatio", "p99FrameMs", "peakMemoryMB"])
    }

    func testCorruptAndForeignReportsAreRejectedWithAReason() {
        XCTAssertThrowsError(try Report(path: "a", root: .array([]))) { XCTAssertTrue("\($0)".contains("not a ScrollSim report")) }
        XCTAssertThrowsError(try Report(path: "a", root: .object(["schema": .number(2), "scenario": .object(["name": .string("x")]), "summary": .object([:])]))) {
            XCTAssertTrue("\($0)".contains("schema 2 is not supported"), "\($0)")
        }
    }
}
