import Foundation
import ScrollSimKit

/// What the history keeps of one report: its scenario, the scenario section as JSON, every
/// summary metric of the catalogue (`Metric.allCases`), the budgets the scenario set, the
/// harness figures, and for an ensemble's report each summary metric's spread over its runs.
///
/// Summary metrics are deterministic (the same scenario and simulator give the same values),
/// harness figures are not (wall time, allocations of the process); `HistoryChanges` compares
/// the first exactly — an ensemble's means with the Welch interval of their difference — and
/// finds steps in the second.
///
/// Invariant: every key of `spreads` is a metric of `summary`, and its run count is above 1.
public struct HistoryRun: Equatable, Sendable {
    public var scenario: String
    public var contentHash: String
    /// The report's whole `scenario` section, compact with sorted keys.
    public var scenarioJSON: String
    /// The report file it came from, as given.
    public var report: String
    /// Summary metrics by catalogue path, in catalogue order; a metric the report lacks (an
    /// older report) is left out.
    public var summary: [(metric: String, value: Double)]
    /// Budgets by metric path (`Report.budgetResults`).
    public var budgets: [(metric: String, budget: Double)]
    /// Harness figures by key, sorted (numeric leaves of `harness`; none in a baseline).
    public var harness: [(figure: String, value: Double)]
    /// For an ensemble's report (schema 2), each summary metric's spread over the runs
    /// (`EnsembleReport.spread`), by path: its mean is the `summary` value; empty for a single
    /// run's report.
    public var spreads: [String: HistorySpread]

    /// - Complexity: O(metrics × runs log runs) for an ensemble's report, O(metrics) otherwise.
    public init(report: Report) {
        scenario = report.scenarioName
        contentHash = report.contentHash
        scenarioJSON = JSONWriter().compact(report.root["scenario"] ?? .object([:]))
        self.report = report.path
        let metrics = report.metrics
        summary = Metric.allCases.compactMap { metric in metrics[metric.path].map { (metric.path, $0) } }
        budgets = report.budgetResults.map { ($0.key, $0.limit) }
        harness = Report.flatten(report.root["harness"] ?? .null).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        spreads = [:]
        if let ensemble = report.ensemble, ensemble.runs > 1 {
            for (path, _) in summary {
                if let spread = ensemble.spread(path) { spreads[path] = HistorySpread(spread) }
            }
        }
    }

    public init(scenario: String, contentHash: String, scenarioJSON: String, report: String,
                summary: [(metric: String, value: Double)], budgets: [(metric: String, budget: Double)] = [],
                harness: [(figure: String, value: Double)] = [], spreads: [String: HistorySpread] = [:]) {
        self.scenario = scenario
        self.contentHash = contentHash
        self.scenarioJSON = scenarioJSON
        self.report = report
        self.summary = summary
        self.budgets = budgets
        self.harness = harness
        self.spreads = spreads
    }

    public static func == (a: HistoryRun, b: HistoryRun) -> Bool {
        a.scenario == b.scenario && a.contentHash == b.contentHash && a.scenarioJSON == b.scenarioJSON && a.report == b.report
            && a.summary.elementsEqual(b.summary) { $0 == $1 } && a.budgets.elementsEqual(b.budgets) { $0 == $1 }
            && a.harness.elementsEqual(b.harness) { $0 == $1 } && a.spreads == b.spreads
    }
}

/// The commit a `record` stores its runs under.
public struct HistoryCommit: Equatable, Sendable {
    public var sha: String
    public var branch: String?
    /// ISO 8601; nil keeps a known commit's time, or takes the recording time for a new one.
    public var time: String?
    /// `--label K=V` pairs, stored with every run of this record.
    public var labels: [(key: String, value: String)]
    /// The commit's subject line (`--subject`); nil keeps a known commit's subject.
    public var subject: String?

    public init(sha: String, branch: String? = nil, time: String? = nil, labels: [(key: String, value: String)] = [], subject: String? = nil) {
        self.sha = sha
        self.branch = branch
        self.time = time
        self.labels = labels
        self.subject = subject
    }

    public static func == (a: HistoryCommit, b: HistoryCommit) -> Bool {
        a.sha == b.sha && a.branch == b.branch && a.time == b.time && a.labels.elementsEqual(b.labels) { $0 == $1 } && a.subject == b.subject
    }

    /// The subject line of a commit message as the history stores it: the first non-blank
    /// line, trimmed (so a whole message, `$CI_COMMIT_MESSAGE`, may be given); nil for a blank
    /// text.
    public static func subjectLine(_ message: String) -> String? {
        message.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }
}
