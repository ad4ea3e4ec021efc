import Testing
@testable import ScrollSimKit

/// Every verdict direction at each threshold edge, for both polarities: exactly on a limit, just
/// over, just under, a regression and an improvement, with a count's slack and at the hitch
/// grades' edges. The expected verdicts follow from `Threshold`'s definition (|Δ| must be above
/// the floor and above the limit, each by more than 1e-9) and from Apple's grade bands (good
/// under 5 ms/s, warning 5–10, critical above 10), worked out in the comment beside each case.
@Suite struct CompareThresholdEdgeTests {
    /// warning past 5 %, error past 10 %, floor 0.01, around a baseline of 100.
    static let relative = Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01)

    @Test(arguments: [
        // lower is better: up is worse. 5 % of 100 = 5, 10 % = 10.
        (100.0, 105.0, Metric.Polarity.lowerIsBetter, Verdict.unchanged, Severity?.none), // Δ 5: on the warning limit
        (100.0, 105.01, .lowerIsBetter, .regressed, .warning),                            // just over it
        (100.0, 110.0, .lowerIsBetter, .regressed, .warning),                             // on the error limit
        (100.0, 110.01, .lowerIsBetter, .regressed, .error),                              // just over it
        (100.0, 95.0, .lowerIsBetter, .unchanged, nil),                                   // better by exactly 5 %: noise
        (100.0, 94.99, .lowerIsBetter, .improved, nil),                                   // better just past it
        // higher is better: down is worse, the same edges mirrored.
        (100.0, 95.0, .higherIsBetter, .unchanged, nil),
        (100.0, 94.99, .higherIsBetter, .regressed, .warning),
        (100.0, 90.0, .higherIsBetter, .regressed, .warning),
        (100.0, 89.99, .higherIsBetter, .regressed, .error),
        (100.0, 105.0, .higherIsBetter, .unchanged, nil),
        (100.0, 105.01, .higherIsBetter, .improved, nil),
        (100.0, 200.0, .higherIsBetter, .improved, nil),
        // a negative baseline: the limit is a fraction of |baseline| (5 % of 100 = 5)
        (-100.0, -94.99, .lowerIsBetter, .regressed, .warning),
        (-100.0, -95.0, .higherIsBetter, .unchanged, nil),
        (-100.0, -94.99, .higherIsBetter, .improved, nil),
    ])
    func relativeLimitsBothPolarities(baseline: Double, current: Double, polarity: Metric.Polarity, verdict: Verdict, severity: Severity?) {
        let result = Self.relative.judge(baseline: baseline, current: current, polarity: polarity)
        #expect(result.verdict == verdict, "\(baseline) → \(current) \(polarity)")
        #expect(result.severity == severity, "\(baseline) → \(current) \(polarity)")
    }

    /// An improvement must pass the looser limit that is set: with only an error limit of 10 %,
    /// a 6 % improvement is noise (it would be a warning-band move, but there is no warning
    /// band), an 11 % one counts. A regression of 6 % is then nothing either.
    @Test func anImprovementMustPassTheLimitThatIsSet() {
        let errorOnly = Threshold(error: .relative(0.10))
        #expect(errorOnly.judge(baseline: 100, current: 94, polarity: .lowerIsBetter).verdict == .unchanged)
        #expect(errorOnly.judge(baseline: 100, current: 89, polarity: .lowerIsBetter).verdict == .improved)
        #expect(errorOnly.judge(baseline: 100, current: 106, polarity: .lowerIsBetter).verdict == .unchanged)
        #expect(errorOnly.judge(baseline: 100, current: 94, polarity: .higherIsBetter).verdict == .unchanged)
        #expect(errorOnly.judge(baseline: 100, current: 111, polarity: .higherIsBetter).verdict == .improved)
        let warningOnly = Threshold(warning: .absolute(1), error: nil)
        #expect(warningOnly.judge(baseline: 10, current: 12, polarity: .lowerIsBetter) == (.regressed, .warning))
        #expect(warningOnly.judge(baseline: 10, current: 8, polarity: .lowerIsBetter) == (.improved, nil))
        #expect(warningOnly.judge(baseline: 10, current: 11, polarity: .lowerIsBetter) == (.unchanged, nil))
    }

    /// The floor is a slack in the metric's unit, and it holds even when the limit is absolute 0:
    /// slack 2 frames → a move of 2 is nothing, 3 is an error, both ways.
    @Test(arguments: [
        (5.0, 7.0, Metric.Polarity.lowerIsBetter, Verdict.unchanged, Severity?.none),
        (5.0, 8.0, .lowerIsBetter, .regressed, .error),
        (5.0, 3.0, .lowerIsBetter, .unchanged, nil),
        (5.0, 2.0, .lowerIsBetter, .improved, nil),
        (5.0, 3.0, .higherIsBetter, .unchanged, nil),
        (5.0, 2.0, .higherIsBetter, .regressed, .error),
        (5.0, 8.0, .higherIsBetter, .improved, nil),
    ])
    func aCountSlackHoldsBothWays(baseline: Double, current: Double, polarity: Metric.Polarity, verdict: Verdict, severity: Severity?) {
        let slack = Threshold(error: .absolute(0), floor: 2)
        let result = slack.judge(baseline: baseline, current: current, polarity: polarity)
        #expect(result.verdict == verdict && result.severity == severity, "\(baseline) → \(current) \(polarity)")
    }

    /// A neutral metric moves or not by the 1e-9 tolerance alone, whatever its threshold.
    @Test func neutralMetricsMoveByTheToleranceAlone() {
        let strict = Threshold(error: .absolute(0))
        #expect(strict.judge(baseline: 960, current: 960 + 0.5e-9, polarity: .neutral) == (.unchanged, nil))
        #expect(strict.judge(baseline: 960, current: 960 + 1e-6, polarity: .neutral) == (.changed, nil))
        #expect(Threshold.off.judge(baseline: 1, current: 1 - 1e-6, polarity: .higherIsBetter) == (.changed, nil))
    }

    /// Apple's bands at their edges: 5 is warning (the worse side), 10 is warning (the milder
    /// side), just above 10 critical; a scenario's own grading moves the edges.
    @Test(arguments: [
        (0.0, HitchGrade.good), (4.999, .good), (5.0, .warning), (9.999, .warning),
        (10.0, .warning), (10.001, .critical), (500.0, .critical),
    ])
    func gradeEdges(ratio: Double, grade: HitchGrade) {
        #expect(HitchGrade(ratio: ratio, grading: .apple) == grade)
        #expect(HitchGrade(ratio: ratio / 5, grading: HitchGrading(warning: 1, critical: 2)) == grade)
    }

    /// Grade changes under the standard preset's hitch-ratio threshold (warning past +10 %, error
    /// past +25 %, floor 0.05): a worse grade is an error however small the move past the floor;
    /// a better grade an improvement; a grade that changes while the metric moves the other way
    /// (or not past the floor) is not the metric's verdict.
    @Test func gradeChangesDecideTheVerdict() {
        let hitch = Thresholds.Preset.standard.threshold(for: .hitchRatio)
        func judge(_ b: Double, _ c: Double) -> Judgement {
            hitch.judge(baseline: b, current: c, polarity: .lowerIsBetter,
                        context: JudgingContext(baselineHitchRatio: b, currentHitchRatio: c))
        }
        // 4.94 → 5.0: Δ 0.06 past the 0.05 floor, good → warning: an error (the limits alone: 1.2 %, nothing).
        #expect(judge(4.94, 5.0) == Judgement(.regressed, .error, reason: "hitch grade good → warning"))
        // 4.96 → 5.0: Δ 0.04 within the floor: the grade changed but the metric did not move.
        #expect(judge(4.96, 5.0) == Judgement(.unchanged))
        // 4.95 → 5.0: Δ the floor itself (0.05 to within rounding, inside the tolerance): not
        // past it, so unchanged too.
        #expect(judge(4.95, 5.0) == Judgement(.unchanged))
        // 5.0 → 4.9: warning → good, Δ −0.1 past the floor: an improvement, with the reason.
        #expect(judge(5.0, 4.9) == Judgement(.improved, reason: "hitch grade warning → good"))
        // 10.0 → 10.0: no move, no grade change.
        #expect(judge(10.0, 10.0) == Judgement(.unchanged))
        // 11 → 12 inside critical: Δ 1 ≤ 10 % of 11 (1.1): unchanged; 11 → 12.2: Δ 1.2 warning; 11 → 13.8: Δ 2.8 > 2.75 error.
        #expect(judge(11, 12) == Judgement(.unchanged))
        #expect(judge(11, 12.2) == Judgement(.regressed, .warning, reason: "inside the critical grade"))
        #expect(judge(11, 13.8) == Judgement(.regressed, .error, reason: "inside the critical grade"))
        // Dropped frames fall (better) while the grade worsens: the grade is not this metric's
        // verdict; 10 → 7 is −30 %, past 10 %, an improvement inside the warning grade.
        let dropped = Thresholds.Preset.standard.threshold(for: .droppedFrames)
        #expect(dropped.judge(baseline: 10, current: 7, polarity: .lowerIsBetter,
                              context: JudgingContext(baselineHitchRatio: 4, currentHitchRatio: 6)).verdict == .improved)
    }

    /// A metric only one side has is added or removed, never judged; both sides judged by the
    /// catalog's polarity (droppedFrames is lower-is-better: 0 → 1 under `exact` is an error).
    @Test func metricComparisonDirections() {
        let exact = Thresholds.exact.threshold(for: "droppedFrames", scenario: "x")
        #expect(MetricComparison(path: "droppedFrames", baseline: nil, current: 1, threshold: exact).verdict == .added)
        #expect(MetricComparison(path: "droppedFrames", baseline: 1, current: nil, threshold: exact).verdict == .removed)
        let worse = MetricComparison(path: "droppedFrames", baseline: 0, current: 1, threshold: exact)
        #expect(worse.verdict == .regressed && worse.severity == .error && worse.delta == 1 && worse.relative == nil)
        let better = MetricComparison(path: "droppedFrames", baseline: 2, current: 1, threshold: exact)
        #expect(better.verdict == .improved && better.severity == nil && better.relative == -0.5)
        // A path the catalog does not know is neutral: changed, never a regression.
        #expect(MetricComparison(path: "someday.metric", baseline: 0, current: 1, threshold: exact).verdict == .changed)
    }
}
