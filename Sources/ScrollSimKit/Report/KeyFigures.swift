/// The one list of a run's key figures, shared by `scrollsim run`'s summary and the scenario
/// page: every catalog metric that applies to the scenario's stack kind and content
/// (`Metric.scope`, `ReportScenario.features`), or that is not 0, or that a budget names, in
/// the catalog's display order, grouped by concern (`Metric.concern`), each with its hitch
/// grade or its budget where it has one.
///
/// ```swift
/// for group in KeyFigures(report).groups {
///     print(group.concern.title, group.figures.map { "\($0.metric.path) \($0.text)" })
/// }
/// // smoothness ["frames 960", "droppedFrames 23", "hitchRatio 10.82 ms/s", ...]
/// ```
///
/// An ensemble's report (`Report.ensemble`) gives each figure its spread over the runs: the
/// text is the mean with the half-width of its 95 % interval ("4.3 ± 0.6",
/// `DisplayFormat.estimate`), `runRange` where the runs fall ("p10 2, p90 7; 30 runs"), and a
/// budget on a statistic other than the mean says which ("p90 3 > 2 OVER"). A single run's
/// figures are exactly as before: no spread, no range.
public struct KeyFigures: Sendable {
    /// How a figure stands: by its grade (hitchRatio), its budget, or the frame budget for
    /// frame work; `.none` when nothing judges it.
    public enum Standing: String, Sendable {
        case none, good, warning, critical
    }

    public struct Figure: Sendable {
        public var metric: Metric
        public var value: Double
        /// The value in its unit (`DisplayFormat.metric`); for an ensemble, the mean ± the
        /// half-width of its 95 % interval (`DisplayFormat.estimate`).
        public var text: String
        /// For an ensemble's report, the metric over the runs; nil for a single run.
        public var spread: RunSpread?
        /// For an ensemble's report, where the runs fall: "p10 2, p90 7; 30 runs"
        /// (`DisplayFormat.runRange`); nil for a single run.
        public var runRange: String?
        /// The hitch grade, for hitchRatio.
        public var grade: HitchGrade?
        /// The budget naming the metric, if the scenario set one.
        public var budget: BudgetResult?
        /// What the number is against, where the value alone does not say it: "9.1 % of
        /// frames", "1.51× budget" (the frame budget, `KeyFigures.multiple`).
        public var relative: String?
        public var standing: Standing

        /// "good", "≤ 2 OVER", "warning; ≤ 5.00 ms/s ok": the grade and the budget's verdict,
        /// nil when neither exists. A budget on a statistic over an ensemble's runs other than
        /// the mean names it with its value, which the figure does not show: "p90 3 > 2 OVER",
        /// "p90 1 ≤ 2 ok".
        public var judgement: String? {
            var parts: [String] = []
            if let grade { parts.append(grade.rawValue) }
            if let budget {
                let limit = DisplayFormat.metric(path: budget.key, budget.limit)
                if budget.over == .mean {
                    parts.append("≤ \(limit) \(budget.pass ? "ok" : "OVER")")
                } else {
                    let value = DisplayFormat.metric(path: budget.key, budget.value)
                    parts.append("\(budget.over.rawValue) \(value) \(budget.pass ? "≤ \(limit) ok" : "> \(limit) OVER")")
                }
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    public struct Group: Sendable {
        public var concern: Metric.Concern
        public var figures: [Figure]
    }

    public var groups: [Group]

    public init(_ report: Report) {
        self.init(report, facts: report.scenario.facts)
    }

    /// The key figures of `report`, whose scenario's facts the caller already has (a run has
    /// its `Scenario`: `ScenarioFacts(scenario)`), rather than decoding them again from the
    /// report's record of it.
    public init(_ report: Report, facts: ScenarioFacts) {
        let scenario = report.scenario
        let features = facts.features
        let budgets = Dictionary(report.budgetResults.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let frames = report[.frames] ?? 0
        let frameBudget = scenario.budgetMs
        var figures: [Figure] = []
        for metric in Metric.allCases {
            guard let value = report[metric] else { continue }
            let budget = budgets[metric.path]
            guard features.contains(metric.scope) || value != 0 || budget != nil else { continue }
            var figure = Figure(metric: metric, value: value, text: DisplayFormat.metric(metric, value), budget: budget, standing: .none)
            if let spread = report.ensemble?.spread(metric.path) {
                figure.spread = spread
                figure.text = DisplayFormat.estimate(value, plusMinus: spread.halfWidth, spread: spread.max - spread.min, kind: metric.kind)
                figure.runRange = DisplayFormat.runRange(spread, kind: metric.kind)
            }
            switch metric {
            case .hitchRatio:
                figure.grade = report.hitchGrade
                figure.standing = Standing(rawValue: report.hitchGrade.rawValue) ?? .none
            case .frameWorkP99, .frameWorkMax:
                if frameBudget > 0 {
                    figure.relative = "\(KeyFigures.multiple(value / frameBudget)) budget"
                    if value > frameBudget { figure.standing = .critical }
                }
            case .blankAreaFrames, .mostlyBlankFrames, .paginationWaitingFrames, .prefetchOverrunFrames:
                if frames > 0 { figure.relative = "\(DisplayFormat.fixed(value / frames * 100, 1)) % of frames" }
            default:
                break
            }
            if let budget {
                figure.standing = budget.pass ? max(figure.standing, .good) : .critical
            }
            figures.append(figure)
        }
        groups = Metric.Concern.allCases.compactMap { concern in
            let members = figures.filter { $0.metric.concern == concern }
            return members.isEmpty ? nil : Group(concern: concern, figures: members)
        }
    }

    /// All figures, in display order.
    public var figures: [Figure] { groups.flatMap(\.figures) }

    /// A multiple of the frame budget, the one rounding every page and summary uses ("1.15×").
    public static func multiple(_ ratio: Double) -> String { DisplayFormat.fixed(ratio, 2) + "×" }
}

extension KeyFigures.Standing: Comparable {
    public static func < (a: Self, b: Self) -> Bool {
        let order: [Self] = [.none, .good, .warning, .critical]
        return (order.firstIndex(of: a) ?? 0) < (order.firstIndex(of: b) ?? 0)
    }
}
