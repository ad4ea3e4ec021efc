import Foundation

/// What a sweep found: one row per variant, taken from its report as written, and the best
/// variant for the plan's metric and objective.
///
/// When the variants are ensembles (any report holds runs), a row's metrics are the means over
/// its runs, each with the 95 % interval of the mean (`spread`), and the best is chosen by
/// `SweepChoice`: only a variant significantly better than every other is the best, and
/// otherwise `choice` names the variants the runs do not tell apart. A sweep of single runs
/// picks the best value as it always did.
///
/// A sweep and a merge of its shards both build this from the report files' text, so their
/// summary files are the same bytes.
public struct SweepSummary: Equatable, Sendable {
    public var plan: SweepPlan

    public struct Row: Equatable, Sendable {
        public var index: Int
        public var name: String
        public var values: [JSONValue]
        /// Every summary metric of the report, by path (`Report.flatten`).
        public var metrics: [String: Double]
        /// Whether the report's budgets passed (nil when the scenario has none).
        public var budgetsPassed: Bool?
        /// The report's hitch grade, and its budget on the plan's metric if it sets one (the
        /// sweep page colours by them).
        public var grade: HitchGrade?
        public var budget: BudgetResult?
        /// The variant's runs, when it was played as an ensemble (nil for a single run).
        public var ensemble: EnsembleReport?
        /// The plan's metric (NaN if the report lacks it).
        public var value: Double { metrics[planMetric] ?? .nan }
        var planMetric: String

        /// How many runs the variant played (1 for a single run).
        public var runs: Int { ensemble?.runs ?? 1 }

        /// A metric's spread over the runs, with the 95 % interval of its mean; nil for a single
        /// run or a metric the report does not hold per run.
        public func spread(_ path: String) -> RunSpread? { ensemble?.spread(path) }

        /// The plan's metric as `SweepChoice` weighs it: every run's value, or the single run's.
        var candidate: SweepChoice.Candidate? {
            if let ensemble, let runs = ensemble.values[planMetric], !runs.isEmpty {
                return SweepChoice.Candidate(index: index, runs: runs,
                                             draws: zip(ensemble.indexes, ensemble.seeds).map { "\($0)/\($1)" })
            }
            return value.isNaN ? nil : SweepChoice.Candidate(index: index, runs: [value], draws: nil)
        }
    }

    /// In variant order.
    public var rows: [Row]

    /// - Parameter reports: each variant's index and its report's root, in variant order.
    public init(plan: SweepPlan, reports: [(index: Int, root: JSONValue)]) {
        self.plan = plan
        rows = reports.map { index, root in
            let summary = root["summary"] ?? .object([:])
            let report = try? Report(path: SweepSummary.reportPath(plan.variantName(index)), root: root)
            let name = report?.scenarioName ?? plan.variantName(index)
            return Row(index: index, name: name, values: plan.values(index),
                       metrics: Report.flatten(summary), budgetsPassed: summary["budgetsPassed"]?.boolValue,
                       grade: report?.hitchGrade, budget: report?.budgetResults.first { $0.key == plan.metric.path },
                       ensemble: report?.ensemble, planMetric: plan.metric.rawValue)
        }
    }

    /// Whether any variant was played as an ensemble: then the summary shows intervals and
    /// the best is chosen by `choice`.
    public var hasEnsembles: Bool { rows.contains { $0.ensemble != nil } }

    /// For a sweep of ensembles, the leader, its differences from every other variant, and
    /// whether it is significantly the best (`SweepChoice`); nil for a sweep of single runs.
    /// - Complexity: O(variants × runs).
    public var choice: SweepChoice? {
        guard hasEnsembles else { return nil }
        return SweepChoice.choose(rows.compactMap(\.candidate), objective: plan.objective)
    }

    /// The best row for the objective. A sweep of ensembles has one only when the leader is
    /// significantly better than every other variant (`choice`). A sweep of single runs takes
    /// the best value; a tie goes to the lowest index, and a NaN never wins.
    public var best: Row? {
        if hasEnsembles {
            guard let index = choice?.best else { return nil }
            return row(index)
        }
        var best: Row?
        for row in rows where !row.value.isNaN {
            guard let current = best else { best = row; continue }
            let better = plan.objective == .min ? row.value < current.value : row.value > current.value
            if better { best = row }
        }
        return best
    }

    /// The metric columns of the CSV and JSON: the catalog's metrics the reports have, in the
    /// catalog's order, then any others sorted.
    public var metricPaths: [String] {
        Metric.sorted(Set(rows.flatMap { $0.metrics.keys }))
    }

    /// The row of variant `index`.
    /// - Complexity: O(1) for a whole sweep (row k is variant k), else O(rows).
    public func row(_ index: Int) -> Row? {
        if rows.indices.contains(index), rows[index].index == index { return rows[index] }
        return rows.first { $0.index == index }
    }

    /// The report file of a variant, relative to the sweep's directory.
    public static func reportPath(_ name: String) -> String { "reports/\(name).json" }
}
