import ScrollSimEngine

extension Scenario {
    /// Plays the scenario to the end. Deterministic: the same scenario always gives the same
    /// result.
    /// - Complexity: one full simulation, O(frames × resident views) after an O(n) set-up.
    public func run() -> SimulationResult {
        Simulation.run(config)
    }

    /// Plays the scenario and builds its report without a `harness` section, as
    /// `scrollsim baseline` does: budgets checked, ready to compare with a baseline.
    ///
    /// ```swift
    /// let report = try ScenarioLoader.load(path: "Scenarios/feed-fling.json").report()
    /// report.metrics["droppedFrames"]     // 0
    /// report.budgetResults.allSatisfy(\.pass)
    /// ```
    /// A scenario whose plan is an ensemble (`ensemble`) plays its runs (`Ensemble.play`) and
    /// gives the ensemble's report (schema 2).
    /// - Parameters:
    ///   - label: how messages and comparisons name the report (its `path`).
    ///   - jobs: how many of an ensemble's runs play at once.
    public func report(label: String? = nil, jobs: Int = 1) -> Report {
        let root = ensemble.isEnsemble
            ? ReportBuilder.build(scenario: self, ensemble: Ensemble.play(self, jobs: jobs), harness: nil)
            : ReportBuilder.build(scenario: self, result: run(), harness: nil)
        // The builder writes a valid report (a schema, a scenario name and a summary object),
        // which is all `Report.init` checks.
        return try! Report(path: label ?? "\(name) (this run)", root: root)
    }
}
