import Foundation
import ScrollSimKit
import Testing

/// ScrollSim's own repository, two directories above this package.
let scrollSimRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

@Test func feedFlingPlaysWithinItsBudgets() throws {
    let scenario = try ScenarioLoader.load(path: scrollSimRoot.appendingPathComponent("Scenarios/feed-fling.json").path)
    let report = scenario.report()

    // 12 s at 120 Hz: a frame starts on every vsync tick t = k × 8.33 ms while t < 12 s,
    // k = 0…1439, and no frame of this lazy feed overruns, so none spans two ticks.
    #expect(report.metrics["frames"] == 1440)
    #expect(report.metrics["droppedFrames"] == 0)
    #expect(report.budgetResults.map(\.key) == ["droppedFrames", "hitchRatio", "frameWorkMs.p99", "peakMemoryBytes", "visibleJumps"])
    #expect(report.budgetResults.filter { !$0.pass }.isEmpty)
}
