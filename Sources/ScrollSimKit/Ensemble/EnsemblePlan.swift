import ScrollSimEngine

/// How a scenario is played: one run, or an ensemble of runs whose draws differ
/// (`"ensemble": {"runs": 30}` in a scenario file, `--runs N` on the command line).
///
/// Run `i` (from `firstRun`) is `EnsembleRun(index: i, scenarioSeed: seed)`: its cost draws come
/// from the run's seed and its script is varied as `variation` says (`RunVariation`). A plan of
/// one run (`runs` 1, the default) is the scenario's single deterministic run, exactly as it
/// always played: no variation at all.
public struct EnsemblePlan: Equatable, Sendable {
    public var runs: Int
    public var variation: RunVariation
    /// The index of the first run: ensembles with disjoint runs (a study of how well intervals
    /// cover) start further on. 0 in a scenario file.
    public var firstRun: Int

    /// The most runs an ensemble may have.
    public static let maximumRuns = 10_000

    public init(runs: Int = 1, variation: RunVariation = .standard, firstRun: Int = 0) {
        precondition((1...EnsemblePlan.maximumRuns).contains(runs), "an ensemble of \(runs) runs")
        self.runs = runs
        self.variation = variation
        self.firstRun = firstRun
    }

    /// The single deterministic run.
    public static let single = EnsemblePlan()

    /// Whether the plan plays several runs (an ensemble) rather than the single run.
    public var isEnsemble: Bool { runs > 1 }

    /// The runs of the plan for a scenario seeded `seed`, in order.
    public func runs(seed: UInt64) -> [EnsembleRun] {
        (firstRun..<(firstRun + runs)).map { EnsembleRun(index: $0, scenarioSeed: seed) }
    }

    /// The same plan with `runs` runs (the command line's `--runs N`).
    public func with(runs count: Int) -> EnsemblePlan {
        var plan = self
        plan.runs = count
        return plan
    }
}
