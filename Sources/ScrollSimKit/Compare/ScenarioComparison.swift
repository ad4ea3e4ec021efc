/// One scenario, baseline against current.
///
/// A scenario is compared metric by metric only when both sides have a report and their
/// scenario content hashes agree (or content changes are allowed). A different hash means the
/// scenario's model, script or data changed: its numbers would differ for reasons that are not
/// regressions of the code, so the scenario is *refused* (`.contentChanged`, an error) with the
/// reason, until the baseline is refreshed or the comparison is told to allow it.
public struct ScenarioComparison: Equatable, Sendable {
    public enum Status: String, Sendable, Codable {
        /// Compared metric by metric.
        case compared
        /// Not compared: the content hash differs and content changes were not allowed (error).
        case contentChanged
        /// Only the current side has it: there is no baseline yet (no severity).
        case new
        /// Only the baseline has it: the scenario was not run, or was removed without
        /// refreshing the baseline (warning).
        case missing
    }

    /// The report a side was read from.
    public struct Side: Equatable, Sendable {
        public var path: String
        public var scenarioName: String
        public var contentHash: String
    }

    public var name: String
    public var status: Status
    public var baseline: Side?
    public var current: Side?
    /// Every metric of either report in display order (`Metric.sorted`); empty unless compared.
    public var metrics: [MetricComparison]
    /// The scenario's hitch grade on each side, shown apart from the verdict.
    public var hitchGrade: HitchGrade.Change

    /// Compares two reports of one scenario (either may be missing, not both).
    /// - Complexity: O(m log m + m·o) for m metrics and o threshold overrides.
    public init(name: String, baseline: Report?, current: Report?, thresholds: Thresholds, allowContentChange: Bool) {
        precondition(baseline != nil || current != nil, "scenario \(name) compared with neither a baseline nor a current report")
        self.name = name
        self.baseline = baseline.map { Side(path: $0.path, scenarioName: $0.scenarioName, contentHash: $0.contentHash) }
        self.current = current.map { Side(path: $0.path, scenarioName: $0.scenarioName, contentHash: $0.contentHash) }
        self.metrics = []
        self.hitchGrade = HitchGrade.Change(baseline: baseline, current: current)
        guard let baseline, let current else {
            status = baseline == nil ? .new : .missing
            return
        }
        if baseline.contentHash != current.contentHash && !allowContentChange {
            status = .contentChanged
            return
        }
        status = .compared
        let before = baseline.metrics.mapValues(ScenarioComparison.atReportPrecision)
        let after = current.metrics.mapValues(ScenarioComparison.atReportPrecision)
        let context = JudgingContext(baseline: baseline, current: current)
        metrics = Metric.sorted(Set(before.keys).union(after.keys)).map { path in
            MetricComparison(path: path, baseline: before[path], current: after[path],
                             threshold: thresholds.threshold(for: path, scenario: name), context: context, overBudget: thresholds.overBudget)
        }
    }

    /// `value` as a report file holds it: rounded to `JSONWriter`'s default decimals. Metrics
    /// are compared at that precision, so a report built in memory (`ReportBuilder.build`)
    /// compares equal to the same report read back from its file.
    static func atReportPrecision(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<JSONWriter().decimals { scale *= 10 }
        let scaled = value * scale
        guard abs(scaled) < 9.0e15 else { return value }
        return scaled.rounded() / scale
    }

    /// Whether the two reports describe different scenario content (compared anyway when
    /// allowed, refused otherwise).
    public var contentHashChanged: Bool {
        guard let baseline, let current else { return false }
        return baseline.contentHash != current.contentHash
    }

    /// The worst finding: a regression's severity, `.error` for refused content, `.warning`
    /// for a missing scenario.
    public var severity: Severity? {
        switch status {
        case .compared: return metrics.compactMap(\.severity).max()
        case .contentChanged: return .error
        case .missing: return .warning
        case .new: return nil
        }
    }

    public func metrics(_ verdict: Verdict) -> [MetricComparison] {
        metrics.filter { $0.verdict == verdict }
    }

    /// Why the scenario was not compared, or what to keep in mind about the comparison; nil
    /// when there is nothing to say.
    public var note: String? {
        switch status {
        case .new:
            return "new scenario: no baseline report to compare with (refresh the baseline to start tracking it)"
        case .missing:
            return "missing: the baseline has this scenario but the current run has no report for it (removed on purpose? refresh the baseline)"
        case .contentChanged:
            return "not compared: the scenario's content changed (content hash \(baseline!.contentHash) → \(current!.contentHash)): its model, script or data differ from the baseline's, so its metrics would move for reasons that are not regressions. Refresh the baseline if the change is intended, or compare anyway with --allow-content-change."
        case .compared:
            var notes: [String] = []
            if let baseline, let current, baseline.scenarioName != current.scenarioName {
                notes.append("compared scenario \(baseline.scenarioName) (baseline) with \(current.scenarioName) (current)")
            }
            if contentHashChanged {
                notes.append("content changed (hash \(baseline!.contentHash) → \(current!.contentHash)), compared as allowed: changes may come from the scenario, not the code")
            }
            return notes.isEmpty ? nil : notes.joined(separator: "; ")
        }
    }
}
