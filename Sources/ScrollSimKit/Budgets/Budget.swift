/// A limit a scenario promises to stay within (`budgets` in a scenario file).
///
/// Every budget is an upper bound on one summary metric. A run that exceeds any budget fails
/// (`scrollsim run` exits with status 1 and names it).
public struct Budget: Equatable, Sendable {
    /// The key in the scenario's `budgets` object.
    public var key: String
    public var limit: Double

    public init(key: String, limit: Double) {
        self.key = key
        self.limit = limit
    }

    /// The budget keys a scenario may use, what each limits, and how to read it from a summary
    /// (the report's `summary` as flattened metric paths).
    public static let catalog: [(key: String, metric: String, scale: Double, meaning: String)] = [
        ("droppedFrames", "droppedFrames", 1, "frames dropped in the run"),
        ("hitchRatio", "hitchRatio", 1, "hitch ms per second of motion"),
        ("hitchTimeMs", "hitchTimeMs", 1, "total hitch time, ms"),
        ("p50FrameMs", "frameWorkMs.p50", 1, "median frame work, ms"),
        ("p95FrameMs", "frameWorkMs.p95", 1, "95th percentile frame work, ms"),
        ("p99FrameMs", "frameWorkMs.p99", 1, "99th percentile frame work, ms"),
        ("maxFrameMs", "frameWorkMs.max", 1, "worst frame's work, ms"),
        ("peakMemoryMB", "peakMemoryBytes", 1.0 / 1_048_576, "modeled peak memory, MiB"),
        ("peakResidentViews", "peakResidentViews", 1, "most views resident at once"),
        ("bodyEvaluations", "bodyEvaluations", 1, "body evaluations"),
        ("layoutPasses", "layoutPasses", 1, "layout passes"),
        ("wastedPrefetchMs", "wastedPrefetchMs", 1, "prefetch work never shown, ms"),
        ("offsetCorrections", "offsetCorrections", 1, "offset corrections"),
        ("visibleJumps", "visibleJumps", 1, "frames where visible content jumped"),
        ("topLandingErrorPx", "topLandingErrorPx", 1, "worst error landing on the top, pt"),
        ("stateLossEvents", "stateLossEvents", 1, "view state lost on return"),
        ("blankAreaFrames", "blankAreaFrames", 1, "frames showing placeholders"),
        ("clippedChildren", "clippedChildren", 1, "nested children clipped"),
        ("widerThanIdealWidth", "widerThanIdealWidth", 1, "children wider than a lazy stack's ideal width"),
        ("scrollToLandingErrorPx", "scrollTo.landingErrorPx", 1, "worst programmatic landing error, pt"),
    ]

    public static var keys: [String] { catalog.map(\.key) }
}

/// A budget checked against a run.
public struct BudgetResult: Equatable, Sendable {
    public var key: String
    public var limit: Double
    public var value: Double
    public var pass: Bool { value <= limit + 1e-9 }

    public init(key: String, limit: Double, value: Double) {
        self.key = key
        self.limit = limit
        self.value = value
    }

    /// Checks budgets against a flattened summary (metric path → value).
    public static func evaluate(_ budgets: [Budget], summary: [String: Double]) -> [BudgetResult] {
        budgets.map { budget in
            let entry = Budget.catalog.first { $0.key == budget.key }!
            let value = (summary[entry.metric] ?? 0) * entry.scale
            return BudgetResult(key: budget.key, limit: budget.limit, value: value)
        }
    }
}
