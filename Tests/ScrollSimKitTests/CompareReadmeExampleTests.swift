// The "Use from Swift" examples of the UseFromSwift article, verbatim: if this file stops
// compiling or passing, the article is wrong. Keep the two in step. They import ScrollSimKit and
// ScrollSimPresentation (for `comparison.text()`) without @testable, as a test target that
// depends on those two products does.

import Foundation
import ScrollSimKit
import ScrollSimPresentation
import Testing
import XCTest

final class FeedScrollingTests: XCTestCase {
    /// The package root: this file is Tests/<target>/<file>.swift.
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testFeedStaysWithinItsBudgetsAndTheBaseline() throws {
        // Play the scenario: deterministic, no device, no simulator of iOS needed.
        let scenario = try ScenarioLoader.load(path: root.appendingPathComponent("Scenarios/feed-fling.json").path)
        let report = scenario.report(label: "feed-fling (this run)")

        // The budgets the scenario file promises (dropped frames, p99 frame work, memory, ...).
        let over = report.budgetResults.filter { !$0.pass }
        XCTAssertTrue(over.isEmpty, "over budget: \(over.map { "\($0.key) \($0.value) > \($0.limit)" })")

        // No regression against the committed baseline, with the default thresholds.
        let baseline = try Report.load(path: root.appendingPathComponent("Reports/baseline/feed-fling.json").path)
        let comparison = Comparison(baseline: baseline, current: report, thresholds: .standard)
        XCTAssertFalse(comparison.failed, comparison.text())
    }
}

@Test func feedHasNoDroppedFramesAndNoRegression() throws {
    let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let scenario = try ScenarioLoader.load(path: root.appendingPathComponent("Scenarios/feed-fling.json").path)
    let report = scenario.report()
    #expect(report.metrics["droppedFrames"] == 0)

    var thresholds = Thresholds.standard
    thresholds.overrides.append(try Thresholds.Override(argument: "frameWorkMs.p99=3%"))
    let baseline = try Report.load(path: root.appendingPathComponent("Reports/baseline/feed-fling.json").path)
    let comparison = Comparison(baseline: baseline, current: report, thresholds: thresholds)
    #expect(!comparison.failed, "\(comparison.text())")
}
