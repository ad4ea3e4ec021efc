import ScrollSimEngine

/// A scenario file, validated: the simulation it describes, and what it promises (budgets).
public struct Scenario: Equatable, Sendable {
    /// The path the scenario was loaded from, as given.
    public var file: String
    public var name: String
    public var description: String
    public var config: SimulationConfig
    public var budgets: [Budget]
    public var grading: HitchGrading
    /// A hash of everything that shapes the simulation (not the description or the budgets):
    /// reports of different content are not compared unless asked.
    public var contentHash: String
    /// Element identifiers from a data file, when it gives them (script `id`s refer to these).
    public var elementIDs: [String]?
    /// What in the file works but should change (a former budget name), for the caller to show.
    public var warnings: [ScenarioWarning]
    /// The data file read for `content.data`, as opened (relative to the working directory or
    /// absolute); nil without one. An input no output may replace (`OutputGuard`).
    public var dataFile: String?
    /// For a sweep's variant, the value of each varied key path (`SweepPlan`); nil otherwise.
    public var variant: [String: JSONValue]?
    /// The scenario file as decoded, data files as their name and hash (`ScenarioSource`), for
    /// the report's `scenario.source`; nil for a scenario built in code.
    public var source: JSONValue?
    /// Where the costs come from (`costs`): the device they were measured on, and the
    /// calibration's provenance.
    public var costs: ScenarioCosts
    /// The budgets a deliberate anti-pattern breaks on purpose (`expect`, `expectedOver`);
    /// empty for a scenario expected within its budgets.
    public var expectedOverBudget: [Metric] = []
    /// How the scenario is played: one run (the default) or an ensemble (`ensemble` in the
    /// file, `--runs` on the command line).
    public var ensemble: EnsemblePlan = .single

    public init(file: String, name: String, description: String, config: SimulationConfig,
                budgets: [Budget] = [], grading: HitchGrading = .apple, contentHash: String, elementIDs: [String]? = nil,
                warnings: [ScenarioWarning] = [], source: JSONValue? = nil, costs: ScenarioCosts = ScenarioCosts()) {
        self.file = file
        self.name = name
        self.description = description
        self.config = config
        self.budgets = budgets
        self.grading = grading
        self.contentHash = contentHash
        self.elementIDs = elementIDs
        self.warnings = warnings
        self.source = source
        self.costs = costs
    }
}

/// Hitch time ratio grades (ms of hitch per second of motion). WWDC20: under 5 good, 5–10
/// warning, over 10 critical.
public struct HitchGrading: Equatable, Sendable {
    public var warning: Double
    public var critical: Double

    public static let apple = HitchGrading(warning: 5, critical: 10)

    public init(warning: Double, critical: Double) {
        self.warning = warning
        self.critical = critical
    }

    /// The grade's name (`HitchGrade`), as a report's `summary.hitchGrade` holds it.
    public func grade(_ ratio: Double) -> String {
        HitchGrade(ratio: ratio, grading: self).rawValue
    }
}
