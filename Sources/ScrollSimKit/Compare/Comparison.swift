/// Reports compared against a baseline: a pure value that prints nothing and exits nothing.
///
/// Scenarios are matched by name; every summary metric of a matched pair gets the baseline,
/// current, delta, relative delta and a verdict judged with the metric's polarity against its
/// threshold (`Thresholds`). Scenarios only one side has are kept as `new` or `missing`; a pair
/// whose content hashes differ is compared as "scenario changed" with what changed in it, or
/// refused with `strictContent` (see `ScenarioComparison`). The report's `harness` section is
/// never read.
///
/// ```swift
/// let comparison = Comparison(baseline: try Report.load(path: "Reports/baseline/feed-fling.json"),
///                             current: report, thresholds: .standard)
/// if comparison.failed { print(comparison.json()) }
/// ```
///
/// Renderings are extensions returning strings: `json()` here; the readable ones,
/// `text(colored:all:)`, `markdown(limit:)` and `junit()`, in ScrollSimPresentation beside the
/// HTML pages (each writes values through `CompareFormat`). The command line turns `failed` into exit status 1; a library user
/// asserts on it. Everything is deterministic: scenarios sorted by name, metrics in
/// `Metric.sorted` order.
public struct Comparison: Equatable, Sendable {
    public struct Options: Equatable, Sendable {
        /// Refuse scenarios whose content hashes differ (an error) instead of comparing them by
        /// name as "scenario changed" (`ScenarioComparison`).
        public var strictContent: Bool
        /// The least severity that fails the comparison.
        public var failOn: Severity
        /// The JUnit test cases' `classname` (`junit()`); nil for "scrollsim".
        public var suite: String?

        public init(strictContent: Bool = false, failOn: Severity = .error, suite: String? = nil) {
            self.strictContent = strictContent
            self.failOn = failOn
            self.suite = suite
        }
    }

    /// What the baseline and current sides were (paths as given), for headers.
    public var baselineLabel: String
    public var currentLabel: String
    public var thresholds: Thresholds
    public var options: Options
    /// Sorted by name.
    public var scenarios: [ScenarioComparison]

    /// Compares sets of reports matched by scenario name.
    ///
    /// - Precondition: scenario names are unique within each side (`ReportSet.load` checks
    ///   this for files on disk).
    /// - Complexity: O(s·m·o) for s scenarios, m metrics and o threshold overrides.
    public init(baseline: [Report], current: [Report], thresholds: Thresholds = .standard, options: Options = Options(),
                baselineLabel: String = "baseline", currentLabel: String = "current") {
        let before = Comparison.byName(baseline, side: "baseline")
        let after = Comparison.byName(current, side: "current")
        self.baselineLabel = baselineLabel
        self.currentLabel = currentLabel
        self.thresholds = thresholds
        self.options = options
        self.scenarios = Set(before.keys).union(after.keys).sorted().map { name in
            ScenarioComparison(name: name, baseline: before[name], current: after[name],
                               thresholds: thresholds, strictContent: options.strictContent)
        }
    }

    /// Compares two reports directly, whatever their scenario names (the current name is used;
    /// a differing name is noted, and a differing content hash marked, or refused when strict).
    public init(baseline: Report, current: Report, thresholds: Thresholds = .standard, options: Options = Options(),
                baselineLabel: String? = nil, currentLabel: String? = nil) {
        self.baselineLabel = baselineLabel ?? baseline.path
        self.currentLabel = currentLabel ?? current.path
        self.thresholds = thresholds
        self.options = options
        self.scenarios = [ScenarioComparison(name: current.scenarioName, baseline: baseline, current: current,
                                             thresholds: thresholds, strictContent: options.strictContent)]
    }

    /// Compares two sides as a command line names them (`ReportSet.side(_:)`): when each side
    /// is one report file, the two are compared with each other whatever their scenario names
    /// (the anti-pattern against its fix); otherwise reports are matched by scenario name, and
    /// scenarios only one side has are `new` or `missing`. Labels are the sides' paths.
    ///
    /// This is the one pairing rule of `scrollsim compare` and `scrollsim report --baseline`.
    public init(baseline: ReportSet.Side, current: ReportSet.Side, thresholds: Thresholds = .standard, options: Options = Options()) {
        if baseline.isSingleFile && current.isSingleFile, baseline.reports.count == 1, current.reports.count == 1 {
            self.init(baseline: baseline.reports[0], current: current.reports[0], thresholds: thresholds, options: options,
                      baselineLabel: baseline.label, currentLabel: current.label)
        } else {
            self.init(baseline: baseline.reports, current: current.reports, thresholds: thresholds, options: options,
                      baselineLabel: baseline.label, currentLabel: current.label)
        }
    }

    static func byName(_ reports: [Report], side: String) -> [String: Report] {
        var result: [String: Report] = [:]
        for report in reports {
            precondition(result[report.scenarioName] == nil,
                         "two \(side) reports of scenario \(report.scenarioName): \(result[report.scenarioName]!.path) and \(report.path)")
            result[report.scenarioName] = report
        }
        return result
    }

    /// The worst finding of any scenario (nil when there is none).
    public var severity: Severity? { scenarios.compactMap(\.severity).max() }

    /// Whether some finding reaches `options.failOn`: the comparison fails (exit status 1).
    public var failed: Bool {
        guard let severity else { return false }
        return severity >= options.failOn
    }

    /// Every metric with this verdict, by scenario, in display order.
    public func findings(_ verdict: Verdict) -> [(scenario: String, metric: MetricComparison)] {
        scenarios.flatMap { scenario in scenario.metrics(verdict).map { (scenario.name, $0) } }
    }

    /// The regressions (both severities), by scenario, in display order.
    public var regressions: [(scenario: String, metric: MetricComparison)] { findings(.regressed) }

    /// The improvements, by scenario, in display order.
    public var improvements: [(scenario: String, metric: MetricComparison)] { findings(.improved) }

    /// How many scenarios and metrics ended each way.
    public struct Counts: Equatable, Sendable {
        public var scenarios = 0
        public var compared = 0
        public var new = 0
        public var missing = 0
        /// Refused for a content change (`strictContent`).
        public var contentChanged = 0
        /// Compared although their content changed ("scenario changed").
        public var scenarioChanged = 0
        public var errors = 0
        public var warnings = 0
        public var improved = 0
        public var unchanged = 0
        public var changed = 0
        public var addedOrRemoved = 0
        /// Metrics over their own budgets that are findings (`Thresholds.overBudget`).
        public var overBudget = 0
        /// Scenarios with at least one regression.
        public var regressedScenarios = 0
    }

    public var counts: Counts {
        var counts = Counts()
        counts.scenarios = scenarios.count
        for scenario in scenarios {
            switch scenario.status {
            case .compared:
                counts.compared += 1
                if scenario.contentHashChanged { counts.scenarioChanged += 1 }
            case .new: counts.new += 1
            case .missing: counts.missing += 1
            case .contentChanged: counts.contentChanged += 1
            }
            if scenario.metrics.contains(where: { $0.verdict == .regressed }) { counts.regressedScenarios += 1 }
            for metric in scenario.metrics {
                switch metric.verdict {
                case .regressed: if metric.moveSeverity == .error { counts.errors += 1 } else { counts.warnings += 1 }
                case .improved: counts.improved += 1
                case .unchanged: counts.unchanged += 1
                case .changed: counts.changed += 1
                case .added, .removed: counts.addedOrRemoved += 1
                }
                if metric.budgetSeverity != nil { counts.overBudget += 1 }
            }
        }
        return counts
    }

    /// One line: the outcome and what drove it ("FAILED: 2 regressions (2 errors) in 1 of 3
    /// scenarios; 1 improvement"); warnings that do not fail read "OK: 1 warning (not failing)
    /// in 1 of 3 scenarios; 7 improvements", never as regressions.
    public var headline: String {
        let c = counts
        var parts: [String] = []
        let regressions = c.errors + c.warnings
        if c.errors == 0 && c.warnings > 0 && options.failOn == .error {
            // Warnings alone do not fail: they are named as warnings, not regressions.
            parts.append("\(CompareFormat.count(c.warnings, "warning")) (not failing) in \(c.regressedScenarios) of \(c.scenarios) scenario\(c.scenarios == 1 ? "" : "s")")
        } else if regressions > 0 {
            var detail: [String] = []
            if c.errors > 0 { detail.append(CompareFormat.count(c.errors, "error")) }
            if c.warnings > 0 { detail.append(CompareFormat.count(c.warnings, "warning")) }
            parts.append("\(CompareFormat.count(regressions, "regression")) (\(detail.joined(separator: ", "))) in \(c.regressedScenarios) of \(c.scenarios) scenario\(c.scenarios == 1 ? "" : "s")")
        } else if c.compared > 0 {
            parts.append("no regressions in \(c.compared) compared scenario\(c.compared == 1 ? "" : "s")")
        } else {
            parts.append("no scenario compared")
        }
        if c.overBudget > 0 { parts.append("\(CompareFormat.count(c.overBudget, "metric")) over budget") }
        if c.improved > 0 { parts.append(CompareFormat.count(c.improved, "improvement")) }
        if c.scenarioChanged > 0 { parts.append("\(c.scenarioChanged) scenario\(c.scenarioChanged == 1 ? "" : "s") changed") }
        if c.contentChanged > 0 { parts.append("\(c.contentChanged) refused (content changed)") }
        if c.missing > 0 { parts.append("\(c.missing) missing") }
        if c.new > 0 { parts.append("\(c.new) new") }
        return (failed ? "FAILED: " : "OK: ") + parts.joined(separator: "; ")
    }
}
