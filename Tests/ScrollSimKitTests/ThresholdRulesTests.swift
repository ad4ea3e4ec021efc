import Foundation
import Testing
@testable import ScrollSimKit

/// The standard preset's rules, each at its edges. Every expected verdict is worked out by hand
/// from the rule's definition (the arithmetic is in the comment beside it), not read from the
/// code's output.
@Suite struct ThresholdRulesTests {
    static let standard = Thresholds.Preset.standard
    static let frameWork = standard.threshold(for: .frameWorkP99)
    static let hitch = standard.threshold(for: .hitchRatio)
    static let workCount = standard.threshold(for: .bodyEvaluations)
    static let defectCount = standard.threshold(for: .visibleJumps)

    /// A context with a frame budget and Apple's grading.
    static func budget(_ ms: Double) -> JudgingContext { JudgingContext(frameBudgetMs: ms) }

    static func hitches(_ baseline: Double, _ current: Double, grading: HitchGrading = .apple) -> JudgingContext {
        JudgingContext(grading: grading, baselineHitchRatio: baseline, currentHitchRatio: current)
    }

    // MARK: frame work against the frame budget

    @Test(arguments: [
        // budget 8.3333 ms: half 4.1667, warning past 5% of it (0.4167 ms), error past 10% (0.8333 ms)
        (1.09, 3.94, Verdict.unchanged, Severity?.none, true),   // Δ 2.85 > 0.83, but both ≤ 4.17: noted
        (1.09, 4.20, .regressed, .error, false),                 // 4.20 > 4.17 and Δ 3.11 > 0.83
        (4.0, 4.5, .regressed, .warning, false),                 // Δ 0.5: past 0.4167, not past 0.8333
        (5.0, 5.4, .unchanged, nil, false),                      // Δ 0.4 < 0.4167
        (5.0, 4.0, .improved, nil, false),                       // Δ −1.0 past 0.4167, baseline above half
        (3.0, 1.0, .unchanged, nil, true),                       // better, but both under half: noted
        (6.0, 3.0, .improved, nil, false),                       // from above half to under it
    ])
    func frameWorkIsJudgedAgainstTheBudget(baseline: Double, current: Double, verdict: Verdict, severity: Severity?, noted: Bool) {
        let judgement = Self.frameWork.judge(baseline: baseline, current: current, polarity: .lowerIsBetter, context: Self.budget(8.3333))
        #expect(judgement.verdict == verdict)
        #expect(judgement.severity == severity)
        #expect((judgement.reason?.hasPrefix("noted: under half the 8.33 ms frame budget") ?? false) == noted, "\(judgement)")
    }

    @Test func halfTheBudgetIsStillQuiet() {
        // budget 8 ms: half 4. 1 → 4 stays at half (noted); 1 → 4.01 passes it: Δ 3.01 > 0.8 → error.
        let atHalf = Self.frameWork.judge(baseline: 1, current: 4, polarity: .lowerIsBetter, context: Self.budget(8))
        #expect(atHalf.verdict == .unchanged && atHalf.reason != nil)
        let past = Self.frameWork.judge(baseline: 1, current: 4.01, polarity: .lowerIsBetter, context: Self.budget(8))
        #expect(past.verdict == .regressed && past.severity == .error)
        #expect(past.reason == "over 10% of the 8.00 ms frame budget (0.80 ms)")
    }

    @Test(arguments: [
        // higher is better, budget 8: half 4, limits 0.4 / 0.8 ms
        (5.0, 4.0, Verdict.regressed, Severity?.some(.error)),   // down by 1.0 > 0.8
        (4.0, 5.0, .improved, nil),
        (2.0, 3.0, .unchanged, nil),                             // both under half: noted
    ])
    func frameBudgetRuleFollowsPolarity(baseline: Double, current: Double, verdict: Verdict, severity: Severity?) {
        let judgement = Self.frameWork.judge(baseline: baseline, current: current, polarity: .higherIsBetter, context: Self.budget(8))
        #expect(judgement.verdict == verdict)
        #expect(judgement.severity == severity)
    }

    @Test func neutralMetricsAreNeverJudgedByARule() {
        let judgement = Self.frameWork.judge(baseline: 1, current: 7, polarity: .neutral, context: Self.budget(8))
        #expect(judgement == Judgement(.changed))
    }

    // MARK: hitch ratio by Apple's grades

    @Test(arguments: [
        // Apple: good < 5 ms/s, warning 5–10, critical > 10; inside warning/critical: warning past +10%, error past +25%
        (0.0, 1.46, Verdict.unchanged, Severity?.none, String?.some("noted: the hitch grade stays good")), // limits alone: an error (from 0)
        (4.9, 5.0, .regressed, .error, "hitch grade good → warning"),
        (6.0, 6.5, .unchanged, nil, nil),                      // Δ 0.5 ≤ 10% of 6 (0.6)
        (6.0, 6.7, .regressed, .warning, "inside the warning grade"), // Δ 0.7 > 0.6, ≤ 1.5
        (6.0, 7.6, .regressed, .error, "inside the warning grade"),   // Δ 1.6 > 25% of 6 (1.5)
        (12.0, 12.0, .unchanged, nil, nil),
        (12.0, 8.0, .improved, nil, "hitch grade critical → warning"),
        (10.0, 10.1, .regressed, .error, "hitch grade warning → critical"), // 10 is warning (critical is above 10)
        (10.0, 10.04, .unchanged, nil, nil),                  // crosses the edge by 0.04, within the 0.05 ms/s floor
        (7.0, 5.0, .improved, nil, nil),                       // −28.6% inside warning: past 10%
    ])
    func hitchRatioIsJudgedByGrades(baseline: Double, current: Double, verdict: Verdict, severity: Severity?, reason: String?) {
        let judgement = Self.hitch.judge(baseline: baseline, current: current, polarity: .lowerIsBetter, context: Self.hitches(baseline, current))
        #expect(judgement == Judgement(verdict, severity, reason: reason))
    }

    /// The grade rule reads a metric's own direction where higher is better (a thresholds file
    /// can set the rule on any metric): falling from 60 to 50 while the grade goes good →
    /// warning (4.9 → 5.0 ms/s) is the worse move the grade explains, an error; rising from 50
    /// to 60 while it goes warning → good is the better one, an improvement.
    @Test func theGradeRuleReadsAHigherIsBetterMetricsOwnDirection() {
        let worse = Self.hitch.judge(baseline: 60, current: 50, polarity: .higherIsBetter, context: Self.hitches(4.9, 5.0))
        #expect(worse == Judgement(.regressed, .error, reason: "hitch grade good → warning"))
        let better = Self.hitch.judge(baseline: 50, current: 60, polarity: .higherIsBetter, context: Self.hitches(5.0, 4.9))
        #expect(better == Judgement(.improved, reason: "hitch grade warning → good"))
    }

    @Test func theScenarioGradingDecidesTheGrade() {
        // grading warning 2, critical 4: 1.46 → 2.5 leaves good (an error); under Apple's it stays good.
        let own = Self.hitch.judge(baseline: 1.46, current: 2.5, polarity: .lowerIsBetter,
                                   context: Self.hitches(1.46, 2.5, grading: HitchGrading(warning: 2, critical: 4)))
        #expect(own == Judgement(.regressed, .error, reason: "hitch grade good → warning"))
        let apple = Self.hitch.judge(baseline: 1.46, current: 2.5, polarity: .lowerIsBetter, context: Self.hitches(1.46, 2.5))
        #expect(apple.verdict == .unchanged)
    }

    @Test func droppedFramesFollowTheScenarioGrade() {
        let dropped = Self.standard.threshold(for: .droppedFrames)
        // 0 → 2 dropped frames while the ratio stays good (0 → 1.46): noted, not an error.
        #expect(dropped.judge(baseline: 0, current: 2, polarity: .lowerIsBetter, context: Self.hitches(0, 1.46)).verdict == .unchanged)
        // 2 → 9 while the grade goes good → critical: an error.
        #expect(dropped.judge(baseline: 2, current: 9, polarity: .lowerIsBetter, context: Self.hitches(1.46, 15.2))
                == Judgement(.regressed, .error, reason: "hitch grade good → critical"))
        // 2 → 5 dropped frames while the ratio went warning → good (6 → 4.5): the grade did not
        // stay good, it became good; the metric's worse move is noted under the good grade.
        #expect(dropped.judge(baseline: 2, current: 5, polarity: .lowerIsBetter, context: Self.hitches(6, 4.5))
                == Judgement(.unchanged, reason: "noted: the hitch grade is good now (warning → good)"))
        // The grade worsened but this metric did not move: the grade is not its verdict.
        #expect(dropped.judge(baseline: 9, current: 9, polarity: .lowerIsBetter, context: Self.hitches(4, 15.2)).verdict == .unchanged)
    }

    @Test func withoutHitchRatiosTheLimitsJudge() {
        // No ratios in the context: 0 → 1.46 from 0 exceeds the relative limit above the floor → error.
        let judgement = Self.hitch.judge(baseline: 0, current: 1.46, polarity: .lowerIsBetter, context: JudgingContext())
        #expect(judgement == Judgement(.regressed, .error))
    }

    // MARK: counts

    @Test(arguments: [
        // work counts: slack 2, then warning past 5%, error past 10% of the baseline
        (48.0, 49.0, Verdict.unchanged, Severity?.none),       // Δ 1 ≤ 2
        (48.0, 50.0, .unchanged, nil),                         // Δ 2 ≤ 2 (on the slack)
        (48.0, 51.0, .regressed, .warning),                    // Δ 3 > 2 and > 2.4 (5%), ≤ 4.8 (10%)
        (48.0, 53.0, .regressed, .error),                      // Δ 5 > 4.8
        (48.0, 44.0, .improved, nil),                          // Δ −4: past 2 and 2.4
        (1000.0, 1003.0, .unchanged, nil),                     // Δ 3 > 2 but ≤ 50 (5%)
        (0.0, 3.0, .regressed, .error),                        // from 0 any change past the slack
    ])
    func workCountsHaveASlack(baseline: Double, current: Double, verdict: Verdict, severity: Severity?) {
        let judgement = Self.workCount.judge(baseline: baseline, current: current, polarity: .lowerIsBetter, context: JudgingContext())
        #expect(judgement == Judgement(verdict, severity))
    }

    @Test(arguments: [
        (0.0, 1.0, Verdict.regressed, Severity?.some(.error)),
        (1.0, 1.0, .unchanged, nil),
        (2.0, 1.0, .improved, nil),
    ])
    func defectCountsHaveNoSlack(baseline: Double, current: Double, verdict: Verdict, severity: Severity?) {
        #expect(Self.defectCount.judge(baseline: baseline, current: current, polarity: .lowerIsBetter, context: JudgingContext())
                == Judgement(verdict, severity))
        #expect(Self.standard.threshold(for: .launchDroppedFrames) == Self.defectCount)
    }

    @Test func everyMetricHasAFamilyThatAgreesWithItsPolarity() {
        for metric in Metric.allCases {
            #expect((metric.thresholdFamily == .neutral) == (metric.polarity == .neutral), "\(metric.path)")
            #expect(Thresholds.Preset.standard.threshold(for: metric).isOff == (metric.polarity == .neutral), "\(metric.path)")
        }
    }

    // MARK: budgets

    static func budgeted(_ baseline: Double, _ current: Double, limit: Double, overBudget: Severity? = .error,
                         threshold: Threshold = defectCount) -> MetricComparison {
        let context = JudgingContext(currentBudgets: [BudgetResult(key: "visibleJumps", limit: limit, value: current)])
        return MetricComparison(path: "visibleJumps", baseline: baseline, current: current, threshold: threshold, context: context, overBudget: overBudget)
    }

    @Test func aMetricOverItsBudgetFailsWithoutMoving() {
        // 3 jumps against a budget of 0, as in the baseline: not a regression, still an error.
        let metric = Self.budgeted(3, 3, limit: 0)
        #expect(metric.verdict == .unchanged)
        #expect(metric.moveSeverity == nil)
        #expect(metric.budgetSeverity == .error)
        #expect(metric.severity == .error)
        #expect(CompareFormat.verdict(metric) == "unchanged · over budget 3 > 0: error")
    }

    /// A limit is inclusive: a change of exactly the limit (with the tolerance, computed as the
    /// rule computes it) does not exceed it, in either direction; one of a thousandth more does.
    /// Relative 50 % of a baseline of −4 is 2 (of its size); absolute 2 is 2.
    @Test func aChangeOfExactlyItsLimitDoesNotExceedIt() {
        let threshold = Threshold(error: .relative(0.5))
        let relativeEdge = 0.5 * abs(-4.0) + Threshold.tolerance
        #expect(!threshold.exceeds(.relative(0.5), change: relativeEdge, baseline: -4))
        #expect(!threshold.exceeds(.relative(0.5), change: -relativeEdge, baseline: -4))
        #expect(threshold.exceeds(.relative(0.5), change: 2.001, baseline: -4))
        let absoluteEdge = 2 + Threshold.tolerance
        #expect(!threshold.exceeds(.absolute(2), change: absoluteEdge, baseline: 10))
        #expect(threshold.exceeds(.absolute(2), change: -2.001, baseline: 10))
    }

    /// A move no larger than the floating-point tolerance is no move at all: its verdict reads
    /// "unchanged", as its delta reads 0 and its change 0.0 %. "within threshold" is for a move
    /// the threshold let pass, as one of twice the tolerance is under the work counts' slack.
    @Test func aMoveOfTheToleranceReadsUnchangedAndOneOfTwiceItWithinThreshold() {
        let still = Self.budgeted(1, 1 + Threshold.tolerance / 2, limit: 5, threshold: Self.workCount)
        let atTolerance = Self.budgeted(0, Threshold.tolerance, limit: 5, threshold: Self.workCount)
        #expect(atTolerance.delta == Threshold.tolerance)
        for metric in [still, atTolerance] {
            #expect(metric.verdict == .unchanged)
            #expect(CompareFormat.verdict(metric) == "unchanged")
            #expect(CompareFormat.delta(metric.delta, metric.metric?.kind) == "0")
        }
        let past = Self.budgeted(0, 2 * Threshold.tolerance, limit: 5, threshold: Self.workCount)
        #expect(past.verdict == .unchanged)
        #expect(CompareFormat.verdict(past) == "within threshold")
    }

    @Test func withinItsBudgetOrWithBudgetsOffNothingFails() {
        #expect(Self.budgeted(3, 3, limit: 5).severity == nil)
        let off = Self.budgeted(3, 3, limit: 0, overBudget: nil)
        #expect(off.severity == nil && off.isOverBudget)
        #expect(CompareFormat.verdict(off) == "unchanged · over budget 3 > 0: not judged")
        let warning = Self.budgeted(3, 3, limit: 0, overBudget: .warning)
        #expect(warning.severity == .warning)
    }

    @Test func aRegressionOverBudgetKeepsBothSeverities() {
        let metric = Self.budgeted(0, 2, limit: 1, overBudget: .warning)
        #expect(metric.verdict == .regressed && metric.moveSeverity == .error && metric.budgetSeverity == .warning && metric.severity == .error)
    }
}
