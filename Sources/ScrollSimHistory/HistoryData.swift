import ScrollSimKit

/// The history read back: the commits in order, and one series of values per scenario and
/// metric over them — what `show` prints, `changes` searches and `page` draws.
///
/// Ordering is fixed, so the same database always prints the same bytes: commits by time, then
/// by the order they were first recorded; series by scenario name, summary metrics before
/// harness figures, summary metrics in the catalogue's display order (`Metric.sorted`) and
/// harness figures by name; points by commit.
public struct HistoryData: Sendable {
    public struct Commit: Equatable, Sendable {
        public var sha: String
        public var branch: String?
        /// ISO 8601, UTC.
        public var time: String
        /// The commit's subject line, when it was recorded with one (`--subject`).
        public var subject: String? = nil
    }

    /// One commit's value of a series.
    public struct Point: Equatable, Sendable {
        /// The index of the commit in `commits`.
        public var commit: Int
        /// The value; an ensemble's mean.
        public var value: Double
        /// The scenario's budget for the metric at that commit, if it set one.
        public var budget: Double?
        /// For an ensemble, its run count, sd and 95 % interval of the mean; nil for a single
        /// run.
        public var spread: HistorySpread? = nil

        /// How many runs the value is the mean of (1 for a single run).
        public var runs: Int { spread?.runs ?? 1 }
    }

    public struct Series: Sendable {
        public var scenario: String
        public var metric: String
        public var source: HistorySource
        public var points: [Point]

        /// The metric in the catalogue (nil for harness figures and metrics it does not know).
        public var catalogued: Metric? { source == .summary ? Metric(rawValue: metric) : nil }
    }

    /// A scenario as recorded at one commit: its content hash and `scenario` section.
    public struct ScenarioVersion: Equatable, Sendable {
        public var commit: Int
        public var contentHash: String
        public var json: String
        public var report: String
    }

    public var commits: [Commit]
    public var series: [Series]
    /// Per scenario name, its versions in commit order.
    public var scenarios: [String: [ScenarioVersion]]

    /// The scenario names, sorted.
    public var scenarioNames: [String] { scenarios.keys.sorted() }

    /// Whether any point is an ensemble's mean (has a spread): `show` then adds the interval's
    /// columns.
    public var hasSpreads: Bool { series.contains { $0.points.contains { $0.spread != nil } } }

    /// The version of `scenario` recorded at `commit`.
    public func version(of scenario: String, at commit: Int) -> ScenarioVersion? {
        scenarios[scenario]?.first { $0.commit == commit }
    }

    /// Only the last `count` commits (and the points and versions at them).
    public func last(_ count: Int) -> HistoryData {
        let dropped = max(0, commits.count - count)
        guard dropped > 0 else { return self }
        var kept = self
        kept.commits = Array(commits.dropFirst(dropped))
        kept.series = series.compactMap { series in
            var series = series
            series.points = series.points.filter { $0.commit >= dropped }.map { Point(commit: $0.commit - dropped, value: $0.value, budget: $0.budget, spread: $0.spread) }
            return series.points.isEmpty ? nil : series
        }
        kept.scenarios = scenarios.compactMapValues { versions in
            let rebased = versions.filter { $0.commit >= dropped }.map { ScenarioVersion(commit: $0.commit - dropped, contentHash: $0.contentHash, json: $0.json, report: $0.report) }
            return rebased.isEmpty ? nil : rebased
        }
        return kept
    }

    /// The order series are listed in.
    static func precedes(_ a: Series, _ b: Series) -> Bool {
        if a.scenario != b.scenario { return a.scenario < b.scenario }
        if a.source != b.source { return a.source == .summary }
        if a.source == .summary {
            let (oa, ob) = (Metric.allCases.firstIndex { $0.path == a.metric } ?? Int.max, Metric.allCases.firstIndex { $0.path == b.metric } ?? Int.max)
            if oa != ob { return oa < ob }
        }
        return a.metric < b.metric
    }
}
