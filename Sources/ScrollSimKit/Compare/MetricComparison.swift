/// One metric of one scenario, baseline against current: the values, the change, the
/// threshold that applied, and the verdict.
///
/// Invariant: `verdict == .regressed` exactly when `severity != nil`; `.added` exactly when only
/// `current` is set, `.removed` exactly when only `baseline` is set.
public struct MetricComparison: Equatable, Sendable {
    /// The dotted summary path (`frameWorkMs.p99`).
    public var path: String
    /// The catalog entry, nil for a metric this version does not know (judged `off`).
    public var metric: Metric?
    public var baseline: Double?
    public var current: Double?
    public var threshold: Threshold
    public var verdict: Verdict
    public var severity: Severity?

    /// Compares one metric. Either value may be missing (a metric only one report has).
    /// - Complexity: O(1)
    public init(path: String, baseline: Double?, current: Double?, threshold: Threshold) {
        self.path = path
        self.metric = Metric(rawValue: path)
        self.baseline = baseline
        self.current = current
        self.threshold = threshold
        switch (baseline, current) {
        case let (b?, c?):
            (verdict, severity) = threshold.judge(baseline: b, current: c, polarity: metric?.polarity ?? .neutral)
        case (nil, _?):
            (verdict, severity) = (.added, nil)
        case (_?, nil):
            (verdict, severity) = (.removed, nil)
        case (nil, nil):
            preconditionFailure("metric \(path) compared with neither a baseline nor a current value")
        }
    }

    public var polarity: Metric.Polarity { metric?.polarity ?? .neutral }

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
        switch severity {
        case .error: return threshold.error
        case .warning: return threshold.warning
        case nil: return nil
        }
    }
}
