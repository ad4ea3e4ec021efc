/// What the reports of one scenario say beyond a metric's two values, for the rules that judge
/// a move against the scenario itself (`Threshold.Rule`): the frame budget, how the scenario
/// grades its hitch ratio, the hitch ratio on each side, and the budgets the current run was
/// checked against.
///
/// Built from the two reports (`init(baseline:current:)`); `JudgingContext()` knows nothing,
/// and the rules then fall back to Apple's grading and an 8.33 ms frame (120 Hz).
public struct JudgingContext: Equatable, Sendable {
    /// The current run's frame budget in ms (`scenario.budgetMs`: 1000 / refresh rate).
    public var frameBudgetMs: Double
    /// The current scenario's hitch grading (`scenario.hitchGrading`), Apple's by default.
    public var grading: HitchGrading
    /// `summary.hitchRatio` of each side, when it has one.
    public var baselineHitchRatio: Double?
    public var currentHitchRatio: Double?
    /// The current report's `summary.budgets` by metric path.
    public var currentBudgets: [String: BudgetResult]

    /// 1000 / 120 Hz, for a report that does not say.
    public static let defaultFrameBudgetMs = 1000.0 / 120.0

    public init(frameBudgetMs: Double = JudgingContext.defaultFrameBudgetMs, grading: HitchGrading = .apple,
                baselineHitchRatio: Double? = nil, currentHitchRatio: Double? = nil, currentBudgets: [BudgetResult] = []) {
        self.frameBudgetMs = frameBudgetMs
        self.grading = grading
        self.baselineHitchRatio = baselineHitchRatio
        self.currentHitchRatio = currentHitchRatio
        self.currentBudgets = Dictionary(currentBudgets.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The context of a scenario's two reports: budget, grading and budgets from the current
    /// one (the scenario as it is now), hitch ratios from both.
    public init(baseline: Report, current: Report) {
        let scenario = current.scenario
        let budget = scenario.budgetMs
        self.init(frameBudgetMs: budget > 0 ? budget : JudgingContext.defaultFrameBudgetMs, grading: scenario.hitchGrading,
                  baselineHitchRatio: baseline[.hitchRatio], currentHitchRatio: current[.hitchRatio],
                  currentBudgets: current.budgetResults)
    }

    /// The hitch grade of each side (nil for a side without a hitch ratio).
    public var grades: (baseline: HitchGrade?, current: HitchGrade?) {
        (baselineHitchRatio.map { HitchGrade(ratio: $0, grading: grading) }, currentHitchRatio.map { HitchGrade(ratio: $0, grading: grading) })
    }
}
