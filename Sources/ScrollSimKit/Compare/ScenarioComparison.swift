/// One scenario, baseline against current.
///
/// A scenario is compared metric by metric when both sides have a report, also when its
/// content hash changed: for an app's repository a changed scenario is usually the change under
/// review (a view type's measured cost went up), and refusing it would hide that very
/// regression. Such a scenario is marked "scenario changed" and carries what changed in it
/// (`scenarioChanges`, the `ScenarioDiff` of the two reports' `scenario.source`), shown before
/// its metrics. With `strictContent` (this repository's own CI, where the scenarios are fixed
/// and a moved number must be the simulator's doing) a changed scenario is *refused*
/// (`.contentChanged`, an error) as before.
public struct ScenarioComparison: Equatable, Sendable {
    public enum Status: String, Sendable, Codable {
        /// Compared metric by metric (also when the scenario changed: `contentHashChanged`).
        case compared
        /// Not compared: the content hash differs and the comparison is strict about content
        /// (`Comparison.Options.strictContent`; an error).
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
        /// Whether the report records its scenario's source (`scenario.source`).
        public var sourceRecorded: Bool

        init(_ report: Report) {
            path = report.path
            scenarioName = report.scenarioName
            contentHash = report.contentHash
            sourceRecorded = report.scenarioSource != nil
        }
    }

    public var name: String
    public var status: Status
    public var baseline: Side?
    public var current: Side?
    /// Every metric of either report in display order (`Metric.sorted`); empty unless compared.
    public var metrics: [MetricComparison]
    /// When the content hash changed: what changed in the scenario, baseline → current
    /// (`ScenarioDiff` of the reports' `scenario.source`). Nil when the hash did not change, or
    /// when a report does not record its source (written before reports did); see
    /// `scenarioChangeLines`.
    public var scenarioChanges: [ScenarioChange]?
    /// How many changes there are in all: `scenarioChanges` keeps the first
    /// `ScenarioDiff.shownChanges`, the rest are counted here (and in `scenarioChangeLines`).
    public var scenarioChangeCount = 0
    /// The scenario's hitch grade on each side, shown apart from the verdict.
    public var hitchGrade: HitchGrade.Change

    /// Compares two reports of one scenario (either may be missing, not both).
    /// - Complexity: O(m log m + m·o) for m metrics and o threshold overrides.
    public init(name: String, baseline: Report?, current: Report?, thresholds: Thresholds, strictContent: Bool = false) {
        precondition(baseline != nil || current != nil, "scenario \(name) compared with neither a baseline nor a current report")
        self.name = name
        self.baseline = baseline.map(Side.init)
        self.current = current.map(Side.init)
        self.metrics = []
        self.hitchGrade = HitchGrade.Change(baseline: baseline, current: current)
        guard let baseline, let current else {
            status = baseline == nil ? .new : .missing
            return
        }
        if baseline.contentHash != current.contentHash {
            if let old = baseline.scenarioSource, let new = current.scenarioSource {
                (scenarioChanges, scenarioChangeCount) = ScenarioDiff.changes(from: old, to: new, limit: ScenarioDiff.shownChanges)
            }
            if strictContent {
                status = .contentChanged
                return
            }
        }
        status = .compared
        let before = baseline.metrics.mapValues(ScenarioComparison.atReportPrecision)
        let after = current.metrics.mapValues(ScenarioComparison.atReportPrecision)
        let context = JudgingContext(baseline: baseline, current: current)
        metrics = Metric.sorted(Set(before.keys).union(after.keys)).map { path in
            MetricComparison(path: path, baseline: before[path], current: after[path],
                             threshold: thresholds.threshold(for: path, scenario: name), context: context, overBudget: thresholds.overBudget,
                             difference: ScenarioComparison.difference(path, baseline, current))
        }
    }

    /// A metric's change with its interval when either report is an ensemble's: paired run by
    /// run when both ensembles' runs drew alike (`EnsembleReport.drawsAlike`), unpaired
    /// (Welch) otherwise — a single run's report counts as one run whose value is taken as
    /// exact. Nil when both are single runs (compared as they always were).
    static func difference(_ path: String, _ baseline: Report, _ current: Report) -> PairedDifference? {
        guard baseline.ensemble != nil || current.ensemble != nil else { return nil }
        func runs(_ report: Report) -> [Double]? {
            if let ensemble = report.ensemble { return ensemble.values[path]?.map(atReportPrecision) }
            return report.metrics[path].map { [atReportPrecision($0)] }
        }
        guard let b = runs(baseline), let c = runs(current), !b.isEmpty, !c.isEmpty else { return nil }
        if let be = baseline.ensemble, let ce = current.ensemble, be.drawsAlike(ce) {
            return PairedDifference(pairing: b, with: c)
        }
        return PairedDifference(unpaired: b, c)
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

    /// Whether the two reports describe different scenario content ("scenario changed":
    /// compared by name, or refused when strict about content).
    public var contentHashChanged: Bool {
        guard let baseline, let current else { return false }
        return baseline.contentHash != current.contentHash
    }

    /// What changed in the scenario, one line each, for the renderings: the changes of
    /// `scenarioChanges`, or why there are none to show (a report without its source, or
    /// sources equal at the report's precision), each naming the two content hashes. Empty when
    /// the content hash did not change.
    public var scenarioChangeLines: [String] {
        guard contentHashChanged, let baseline, let current else { return [] }
        let hashes = "content hash \(baseline.contentHash) → \(current.contentHash)"
        guard let changes = scenarioChanges else {
            let missing = [baseline.sourceRecorded ? nil : "the baseline", current.sourceRecorded ? nil : "the current report"].compactMap { $0 }
            return ["scenario source not recorded in \(missing.joined(separator: " or ")); \(hashes)"]
        }
        guard !changes.isEmpty else {
            return ["no difference in the recorded scenario sources (a change below the report's 4-decimal precision); \(hashes)"]
        }
        return changes.map(\.description) + (scenarioChangeCount > changes.count ? [ScenarioComparison.moreChanges(scenarioChangeCount - changes.count, of: scenarioChangeCount)] : [])
    }

    /// The line after the shown changes when there are more: "… and 999,900 more changes
    /// (1,000,000 in all)".
    public static func moreChanges(_ more: Int, of total: Int) -> String {
        "… and \(DisplayFormat.integer(Double(more))) more change\(more == 1 ? "" : "s") (\(DisplayFormat.integer(Double(total))) in all)"
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
            return "not compared: the scenario's content changed (content hash \(baseline!.contentHash) → \(current!.contentHash)): its model, script or data differ from the baseline's, so its metrics would move for reasons that are not regressions. Refresh the baseline if the change is intended, or compare it by name without --strict-content."
        case .compared:
            var notes: [String] = []
            if let baseline, let current, baseline.scenarioName != current.scenarioName {
                notes.append("compared scenario \(baseline.scenarioName) (baseline) with \(current.scenarioName) (current)")
            }
            if contentHashChanged {
                notes.append("scenario changed (content hash \(baseline!.contentHash) → \(current!.contentHash)), compared by name: its metrics move with what changed in it")
            }
            return notes.isEmpty ? nil : notes.joined(separator: "; ")
        }
    }
}
