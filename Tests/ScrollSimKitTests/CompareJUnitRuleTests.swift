import Foundation
import Testing
@testable import ScrollSimKit
@testable import ScrollSimPresentation

/// The JUnit failure body states the rule the verdict was judged by and rounds as the text does.
@Suite struct CompareJUnitRuleTests {
    /// frameWorkMs.p99 under the frame-budget rule: 5 % and 10 % are shares of the frame budget
    /// (0.42 and 0.83 ms of 8.33), not of the baseline; 1.1 → 6.28 ms passes half the budget.
    @Test func frameWorkStatesItsShareOfTheBudgetRounded() {
        let threshold = Threshold(warning: .relative(0.05), error: .relative(0.10), rule: .frameBudget)
        let metric = MetricComparison(path: "frameWorkMs.p99", baseline: 1.1, current: 6.281_37, threshold: threshold)
        #expect(metric.verdict == .regressed)
        let details = Comparison.details(metric)
        #expect(details.contains("threshold: warning over 5% of the frame budget, error over 10% of the frame budget, a move at or under half the frame budget on both sides is noted, never a regression"), "\(details)")
        // As the text output shows it (CompareFormat.shown), not 6.28137 ms.
        #expect(details.contains("current: \(CompareFormat.shown(metric).current)\n"), "\(details)")
        #expect(!details.contains("6.28137"), "\(details)")
    }

    /// A metric judged by its limits alone keeps the plain wording: a share of the baseline.
    @Test func aLimitsRuleSaysNothingOfTheBudget() {
        let metric = MetricComparison(path: "droppedFrames", baseline: 10, current: 12, threshold: Threshold(warning: .relative(0.05), error: .relative(0.10)))
        let details = Comparison.details(metric)
        #expect(details.hasSuffix("\nthreshold: warning over 5%, error over 10%"), "no floor, no word of one: \(details)")
        #expect(!details.contains("frame budget"))
        let floored = Comparison.details(MetricComparison(path: "droppedFrames", baseline: 10, current: 12,
                                                          threshold: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 1)))
        #expect(floored.hasSuffix("\nthreshold: warning over 5%, error over 10%, changes under 1 ignored"), "\(floored)")
    }
}
