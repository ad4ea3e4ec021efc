import Foundation
import XCTest
@testable import ScrollSimEngine
@testable import ScrollSimKit

final class ReportDeterminismTests: XCTestCase {
    static var scenariosDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Scenarios").standardized.path
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

    func testReportHasEverySection() throws {
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
        XCTAssertEqual(report.budgetResults.map(\.key), ["droppedFrames", "hitchRatio", "frameWorkMs.p99", "peakMemoryBytes"])
    }

    func testCorruptAndForeignReportsAreRejectedWithAReason() {
        XCTAssertThrowsError(try Report(path: "a", root: .array([]))) { XCTAssertTrue("\($0)".contains("not a ScrollSim report")) }
        XCTAssertThrowsError(try Report(path: "a", root: .object(["schema": .number(3), "scenario": .object(["name": .string("x")]), "summary": .object([:])]))) {
            XCTAssertTrue("\($0)".contains("schema 3 is not supported"), "\($0)")
        }
        // Schema 2 is an ensemble's report, which needs its runs.
        XCTAssertThrowsError(try Report(path: "a", root: .object(["schema": .number(2), "scenario": .object(["name": .string("x")]), "summary": .object([:])]))) {
            XCTAssertTrue("\($0)".contains("a schema 2 report needs its ensemble section"), "\($0)")
        }
    }
}
