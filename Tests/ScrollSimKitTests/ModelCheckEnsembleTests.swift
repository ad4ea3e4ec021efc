import Testing
import ScrollSimEngine
@testable import ScrollSimKit
@testable import ScrollSimTraces

/// A measured figure's place among an ensemble's predicted runs.
struct ModelCheckEnsembleTests {
    /// Runs predicting 1, 2, 3, 4: a measured 2 has one run below it and one tied, so
    /// (1 + ½) / 4 = 37.5; below every run 0, above every run 100, between 2 and 3 exactly 50.
    @Test func thePercentileIsTheShareOfRunsPredictingLessTiesHalf() {
        let row = ModelCheckEnsemble.Row(key: "HitchRatio", label: "hitch time ratio", unit: "ms/s", predicted: [3, 1, 4, 2], measured: [2])
        #expect(row.percentile(of: 2) == 37.5)
        #expect(row.percentile(of: 0) == 0)
        #expect(row.percentile(of: 9) == 100)
        #expect(row.percentile(of: 2.5) == 50)
        #expect(row.spread.mean == 2.5)
    }

    /// Every run of the plan is placed, the first included: each row holds one prediction per
    /// run, in the plan's order, and checked against the first run's own timeline, each row's
    /// measured figure is that run's prediction exactly. Found by a generated mutant that built
    /// the rows from the second run on, dropping the first run's predictions: no test counted
    /// them.
    @Test func everyRunIsPlacedTheFirstIncluded() throws {
        let path = ReportFixtures.packageRoot.appendingPathComponent("Scenarios/keepalive-500ms.json").path
        let scenario = try ScenarioLoader.load(path: path)
        var single = scenario
        single.ensemble = .single
        let plan = EnsemblePlan(runs: 3)
        let first = try #require(plan.runs(seed: scenario.config.seed).first)
        let result = Simulation.run(scenario.config.forRun(first, variation: plan.variation))
        let own = try CheckTimeline(run: try Report(path: scenario.file, root: ReportBuilder.build(scenario: single, result: result, harness: nil)))
        let placed = try ModelCheckEnsemble(scenario, plan: plan, measured: [own], names: ["first.json"], window: nil)
        #expect(placed.runs == 3 && !placed.rows.isEmpty)
        for row in placed.rows {
            #expect(row.predicted.count == 3, "\(row.key): \(row.predicted)")
            #expect(row.measured.count == 1 && row.measured.first == row.predicted.first, "\(row.key): measured \(row.measured), predicted \(row.predicted)")
        }
    }
}
