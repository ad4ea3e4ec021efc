/// What happened to one metric between the baseline and the current report.
public enum Verdict: String, CaseIterable, Sendable, Codable {
    /// Moved in the bad direction past its threshold (with a severity).
    case regressed
    /// Moved in the good direction past its threshold.
    case improved
    /// Did not move, or moved less than its threshold.
    case unchanged
    /// A neutral or unjudged metric (threshold `off`) that moved: reported, never a regression.
    case changed
    /// Only the current report has it (a metric newer than the baseline).
    case added
    /// Only the baseline has it.
    case removed
}

extension Threshold {
    /// Judges the move of one metric from `baseline` to `current`.
    ///
    /// - A neutral metric, or one whose threshold is `off`, is `.changed` if it moved at all
    ///   (beyond `Threshold.tolerance`) and `.unchanged` otherwise; it never has a severity.
    /// - Otherwise a move in the bad direction (up when lower is better) is `.regressed` with
    ///   the severity it reaches, or `.unchanged` if it stays within both limits; a move in the
    ///   good direction is `.improved` if significant (`isSignificant`), else `.unchanged`.
    ///
    /// - Complexity: O(1)
    public func judge(baseline: Double, current: Double, polarity: Metric.Polarity) -> (verdict: Verdict, severity: Severity?) {
        let change = current - baseline
        if polarity == .neutral || isOff {
            return (abs(change) > Threshold.tolerance ? .changed : .unchanged, nil)
        }
        let worse = polarity == .lowerIsBetter ? change > 0 : change < 0
        if worse {
            guard let severity = severity(ofChange: change, baseline: baseline) else { return (.unchanged, nil) }
            return (.regressed, severity)
        }
        return (isSignificant(change: change, baseline: baseline) ? .improved : .unchanged, nil)
    }
}
