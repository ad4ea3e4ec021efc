/// A limit a scenario promises to stay within (`budgets` in a scenario file): an upper bound
/// on one summary metric, named by the metric's path as compare names it.
///
/// A run that exceeds any budget fails (`scrollsim run` exits with status 1 and names it). The
/// metrics a budget may name, and the former names still accepted, are declared in the metric
/// catalog (`Metric.Definition.budget`).
public struct Budget: Equatable, Sendable {
    public var metric: Metric
    /// The upper bound, in the metric's unit (bytes for memory, ms for times, pt for lengths).
    public var limit: Double

    public init(metric: Metric, limit: Double) {
        self.metric = metric
        self.limit = limit
    }

    /// The key in a scenario's `budgets` and a report's `summary.budgets`: the metric's path.
    public var key: String { metric.path }

    /// The metrics a scenario may budget, in display order.
    public static let metrics: [Metric] = Metric.allCases.filter { $0.definition.budget != .none }

    /// The keys a scenario may use (metric paths), in display order.
    public static var keys: [String] { metrics.map(\.path) }

    /// The former budget names still accepted, each with the metric it names now and the
    /// factor that turns a number given under it into the metric's unit.
    public static let formerNames: [(name: String, metric: Metric, scale: Double)] = Metric.allCases.compactMap { metric in
        guard case .byPathFormerly(let name, let scale) = metric.definition.budget else { return nil }
        return (name, metric, scale)
    }

    /// The metric a budget key names: a budgetable metric's path, or a former name (with the
    /// factor into the metric's unit, which is nil for a path). Nil for anything else.
    public static func metric(forKey key: String) -> (metric: Metric, formerScale: Double?)? {
        if let metric = Metric(rawValue: key), metric.definition.budget != .none { return (metric, nil) }
        if let former = formerNames.first(where: { $0.name == key }) { return (former.metric, former.scale) }
        return nil
    }
}

/// A budget checked against a run.
public struct BudgetResult: Equatable, Sendable {
    /// The metric path (or, in a report from a newer ScrollSim, a key this version does not know).
    public var key: String
    /// In the metric's unit, like `value`.
    public var limit: Double
    public var value: Double
    public var pass: Bool { value <= limit + 1e-9 }

    /// "gridWastePx 4,334.3 pt > 0.0 pt": the budget over its limit, in the metric's unit.
    public var exceededText: String {
        "\(key) \(DisplayFormat.metric(path: key, value)) > \(DisplayFormat.metric(path: key, limit))"
    }

    public init(key: String, limit: Double, value: Double) {
        self.key = key
        self.limit = limit
        self.value = value
    }

    /// The catalog's metric, nil for an unknown key.
    public var metric: Metric? { Metric(rawValue: key) }

    /// Checks budgets against a flattened summary (metric path → value).
    public static func evaluate(_ budgets: [Budget], summary: [String: Double]) -> [BudgetResult] {
        budgets.map { budget in
            BudgetResult(key: budget.key, limit: budget.limit, value: summary[budget.metric.path] ?? 0)
        }
    }
}
