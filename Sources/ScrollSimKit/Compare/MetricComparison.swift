/// One metric of one scenario, baseline against current: the values, the change, the
/// threshold that applied, the verdict on the move, and the budget the current run was
/// checked against.
///
/// The verdict says how the metric *moved*; `budget` says where it *is*. A metric over its own
/// budget (the current report's `summary.budgets`) is a finding whether or not it moved, at
/// the severity the thresholds give it (`Thresholds.overBudget`: an error by default), so
/// `severity` is the worse of the move's (`moveSeverity`) and the budget's.
///
/// Invariant: `verdict == .regressed` exactly when `moveSeverity != nil`; `.added` exactly when
/// only `current` is set, `.removed` exactly when only `baseline` is set.
public struct MetricComparison: Equatable, Sendable {
    /// The dotted summary path (`frameWorkMs.p99`).
    public var path: String
    /// The catalog entry, nil for a metric this version does not know (judged `off`).
    public var metric: Metric?
    public var baseline: Double?
    public var current: Double?
    public var threshold: Threshold
    public var verdict: Verdict
    /// The severity of a regression (the move).
    public var moveSeverity: Severity?
    /// The finding's severity: the worse of `moveSeverity` and `budgetSeverity`.
    public var severity: Severity?
    /// Why the rule decided as it did, when a rule other than the limits decided it
    /// (`Judgement.reason`).
    public var reason: String?
    /// The current report's budget on this metric, if it has one.
    public var budget: BudgetResult?
    /// The severity of being over `budget` (nil when within it, or when over-budget findings
    /// are off).
    public var budgetSeverity: Severity?
    /// For ensembles, the change with its 95 % interval (`PairedDifference`: paired run by run
    /// when the runs drew alike); nil when either side is a single run's report.
    public var difference: PairedDifference?

    /// Compares one metric. Either value may be missing (a metric only one report has).
    /// - Parameters:
    ///   - context: what the scenario's reports say, for the threshold's rule and the budget.
    ///   - overBudget: the severity of a current value over its budget (nil: not a finding).
    /// - Complexity: O(1)
    ///   - difference: for ensembles, the change with its interval: a move is a regression or
    ///     an improvement only when it passes the threshold *and* the interval lies wholly on
    ///     one side of zero; otherwise it is `.unchanged`, "no significant change".
    public init(path: String, baseline: Double?, current: Double?, threshold: Threshold,
                context: JudgingContext = JudgingContext(), overBudget: Severity? = nil, difference: PairedDifference? = nil) {
        self.path = path
        self.metric = Metric(rawValue: path)
        self.baseline = baseline
        self.current = current
        self.threshold = threshold
        switch (baseline, current) {
        case let (b?, c?):
            let judgement = threshold.judge(baseline: b, current: c, polarity: metric?.polarity ?? .neutral, context: context)
            (verdict, moveSeverity, reason) = (judgement.verdict, judgement.severity, judgement.reason)
        case (nil, _?):
            (verdict, moveSeverity) = (.added, nil)
        case (_?, nil):
            (verdict, moveSeverity) = (.removed, nil)
        case (nil, nil):
            preconditionFailure("metric \(path) compared with neither a baseline nor a current value")
        }
        self.difference = difference
        // An ensemble's move counts only when its interval excludes zero; one that does not
        // says so, whatever the threshold made of the means.
        if let difference, !difference.isSignificant, [.regressed, .improved, .changed, .unchanged].contains(verdict),
           abs(difference.mean) > Threshold.tolerance || difference.high - difference.low > Threshold.tolerance {
            (verdict, moveSeverity) = (.unchanged, nil)
            reason = "no significant change (\(CompareFormat.interval(difference, kind: metric?.kind)))"
        }
        budget = current == nil ? nil : context.currentBudgets[path]
        budgetSeverity = budget.map(\.pass) == false ? overBudget : nil
        severity = [moveSeverity, budgetSeverity].compactMap { $0 }.max()
    }

    public var polarity: Metric.Polarity { metric?.polarity ?? .neutral }

    /// Whether the current value is over its budget.
    public var isOverBudget: Bool { budget.map(\.pass) == false }

    /// current − baseline, when both exist.
    public var delta: Double? {
        guard let baseline, let current else { return nil }
        return current - baseline
    }

    /// The change as a fraction of the baseline (`0.5` is +50 %); nil when a value is missing
    /// or the baseline is 0 (any change from 0 is infinitely relative).
    public var relative: Double? {
        guard let delta, let baseline, baseline != 0 else { return nil }
        return delta / abs(baseline)
    }

    /// The limit the change was measured against for its severity (error, else warning), to
    /// show next to a regression.
    public var limitReached: Threshold.Limit? {
        switch moveSeverity {
        case .error: return threshold.error
        case .warning: return threshold.warning
        case nil: return nil
        }
    }
}
