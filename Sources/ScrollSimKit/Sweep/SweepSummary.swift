import Foundation

/// What a sweep found: one row per variant, taken from its report as written, and the best
/// variant for the plan's metric and objective.
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
        /// The plan's metric (NaN if the report lacks it).
        public var value: Double { metrics[planMetric] ?? .nan }
        var planMetric: String
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
                       grade: report?.hitchGrade, budget: report?.budgetResults.first { $0.key == plan.metric.path }, planMetric: plan.metric.rawValue)
        }
    }

    /// The best row for the objective; a tie goes to the lowest index, and a NaN never wins.
    public var best: Row? {
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

    /// The report file of a variant, relative to the sweep's directory.
    public static func reportPath(_ name: String) -> String { "reports/\(name).json" }
}
