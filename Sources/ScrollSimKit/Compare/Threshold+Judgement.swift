/// The verdict on one metric's move, with the severity of a regression and, when a rule other
/// than the limits decided it, why ("noted: under half the 8.33 ms frame budget", "hitch grade
/// good → warning").
public struct Judgement: Equatable, Sendable {
    public var verdict: Verdict
    /// Set exactly when `verdict == .regressed`.
    public var severity: Severity?
    public var reason: String?

    public init(_ verdict: Verdict, _ severity: Severity? = nil, reason: String? = nil) {
        self.verdict = verdict
        self.severity = severity
        self.reason = reason
    }
}

extension Threshold {
    /// Judges the move of one metric from `baseline` to `current` by the threshold's `rule`,
    /// with what the scenario's reports say (`context`).
    ///
    /// - `.limits`: `judge(baseline:current:polarity:)`.
    /// - `.frameBudget`: the limits with relative limits taken of `context.frameBudgetMs`; a
    ///   move past them is noted (`.unchanged` with a reason) when both values are at or under
    ///   half the budget.
    /// - `.hitchGrades`: when the hitch grade of `context` changed and the metric moved the
    ///   same way, `.regressed` (`.error`) for a worse grade, `.improved` for a better one;
    ///   otherwise, in the good grade a move past the limits is noted ("stays good", or "is good
    ///   now (warning → good)" when the grade improved while this metric worsened), and inside the
    ///   warning or critical grade the limits judge it. Without hitch ratios in `context` the
    ///   limits alone judge.
    ///
    /// Neutral metrics and `off` thresholds are judged as by `judge(baseline:current:polarity:)`.
    /// - Complexity: O(1)
    public func judge(baseline: Double, current: Double, polarity: Metric.Polarity, context: JudgingContext) -> Judgement {
        let plain = judge(baseline: baseline, current: current, polarity: polarity)
        let limitsAlone = Judgement(plain.verdict, plain.severity)
        if polarity == .neutral || isOff { return limitsAlone }
        switch rule {
        case .limits:
            return limitsAlone
        case .frameBudget:
            return judgeAgainstFrameBudget(baseline: baseline, current: current, polarity: polarity, budget: context.frameBudgetMs)
        case .hitchGrades:
            let grades = context.grades
            guard let before = grades.baseline, let after = grades.current else { return limitsAlone }
            let moved = abs(current - baseline) > floor + Threshold.tolerance
            let worse = polarity == .lowerIsBetter ? current > baseline : current < baseline
            if before != after && moved && worse == (after > before) {
                let reason = "hitch grade \(before.rawValue) → \(after.rawValue)"
                return after > before ? Judgement(.regressed, .error, reason: reason) : Judgement(.improved, reason: reason)
            }
            if after == .good && (plain.verdict == .regressed || plain.verdict == .improved) {
                let reason = before == .good ? "noted: the hitch grade stays good" : "noted: the hitch grade is good now (\(before.rawValue) → good)"
                return Judgement(.unchanged, reason: reason)
            }
            if plain.verdict == .regressed {
                return Judgement(.regressed, plain.severity, reason: "inside the \(after.rawValue) grade")
            }
            return limitsAlone
        }
    }

    /// The `.frameBudget` rule (see `judge(baseline:current:polarity:context:)`).
    func judgeAgainstFrameBudget(baseline: Double, current: Double, polarity: Metric.Polarity, budget: Double) -> Judgement {
        let change = current - baseline
        guard let severity = severity(ofChange: change, baseline: budget) else { return Judgement(.unchanged) }
        let quiet = budget * Rule.quietShareOfBudget
        if max(baseline, current) <= quiet + Threshold.tolerance {
            return Judgement(.unchanged, reason: "noted: under half the \(DisplayFormat.ms(budget)) frame budget")
        }
        let worse = polarity == .lowerIsBetter ? change > 0 : change < 0
        guard worse else { return Judgement(.improved) }
        guard case .relative(let fraction)? = severity == .error ? error : warning else { return Judgement(.regressed, severity) }
        let reason = "over \(Threshold.Limit.relative(fraction)) of the \(DisplayFormat.ms(budget)) frame budget (\(DisplayFormat.ms(fraction * budget)))"
        return Judgement(.regressed, severity, reason: reason)
    }
}
