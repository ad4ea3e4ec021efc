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
    /// For an ensemble, which statistic over the runs the limit bounds: the mean unless the
    /// budget names one (`"droppedFrames": {"p90": 2}`: in 9 runs out of 10). A single run's
    /// every statistic is its value.
    public var over: Over

    /// A statistic over an ensemble's runs that a budget may bound.
    public enum Over: String, CaseIterable, Equatable, Sendable {
        /// The mean over the runs (the default).
        case mean
        /// The median run.
        case p50
        /// 9 runs out of 10 at most this.
        case p90
        /// Every run.
        case max
    }

    public init(metric: Metric, limit: Double, over: Over = .mean) {
        self.metric = metric
        self.limit = limit
        self.over = over
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
    /// The statistic over an ensemble's runs the limit bounds (`Budget.Over`); `.mean` for a
    /// single run, whose value is the run's.
    public var over: Budget.Over
    public var pass: Bool { value <= limit + 1e-9 }

    /// "gridWastePx 4,334.3 pt > 0.0 pt": the budget over its limit, in the metric's unit
    /// ("droppedFrames p90 3 > 2" for a budget on a percentile over runs).
    public var exceededText: String {
        "\(key)\(overText) \(DisplayFormat.metric(path: key, value)) > \(DisplayFormat.metric(path: key, limit))"
    }

    /// " p90" for a budget on a statistic other than the mean, "" otherwise.
    public var overText: String { over == .mean ? "" : " \(over.rawValue)" }

    public init(key: String, limit: Double, value: Double, over: Budget.Over = .mean) {
        self.key = key
        self.limit = limit
        self.value = value
        self.over = over
    }

    /// The catalog's metric, nil for an unknown key.
    public var metric: Metric? { Metric(rawValue: key) }

    /// Checks budgets against a flattened summary (metric path → value).
    public static func evaluate(_ budgets: [Budget], summary: [String: Double]) -> [BudgetResult] {
        budgets.map { budget in
            BudgetResult(key: budget.key, limit: budget.limit, value: summary[budget.metric.path] ?? 0, over: budget.over)
        }
    }

    /// Checks budgets against an ensemble: each on the statistic it names over the runs (the
    /// mean by default).
    public static func evaluate(_ budgets: [Budget], spreads: [String: RunSpread]) -> [BudgetResult] {
        budgets.map { budget in
            BudgetResult(key: budget.key, limit: budget.limit, value: spreads[budget.metric.path]?.value(budget.over) ?? 0, over: budget.over)
        }
    }
}
