import ScrollSimEngine

/// Plays a scenario as an ensemble of runs (`EnsemblePlan`) and gathers what a report of it
/// holds (`EnsembleOutcome`).
///
/// Each run is the scenario's configuration for that run (`SimulationConfig.forRun`: its own
/// cost draws, its script varied), played to the end; of each, the metrics, the view types'
/// totals and the work per vsync tick are kept, and the run is dropped. The representative run
/// (`RepresentativeRun`) is then played again, whole — it is deterministic, so it is the same
/// run — for its frames and events. Memory is one run's plus a few numbers per run and tick.
///
/// The runs are independent, so they play `jobs` at a time (`OrderedParallel`); the outcome is
/// the same for any number of jobs.
public enum Ensemble {
    /// - Parameters:
    ///   - plan: the runs to play; the scenario's own (`Scenario.ensemble`) by default.
    ///   - jobs: how many runs play at once.
    ///   - replay: plays the representative run again, whole (a measuring harness's run, on
    ///     the calling thread); a plain `Simulation.run` by default.
    /// - Complexity: runs + 1 simulations.
    public static func play(_ scenario: Scenario, plan: EnsemblePlan? = nil, jobs: Int = 1,
                            replay: (SimulationConfig) -> SimulationResult = { Simulation.run($0) }) -> EnsembleOutcome {
        let plan = plan ?? scenario.ensemble
        let base = scenario.config
        let runs = plan.runs(seed: base.seed)
        let periodMs = 1000 / base.device.refreshRate
        let ticks = base.maximumFrames
        struct Played: Sendable {
            var metrics: [Double]
            var types: [Attribution.TypeRow]
            var work: [Float]
        }
        // Nothing here throws (the workers make no state, and the closure cannot fail).
        let played = try! OrderedParallel.map(runs, jobs: jobs) { run -> Played in
            let result = Simulation.run(base.forRun(run, variation: plan.variation))
            return Played(metrics: Metric.allCases.map { $0.value(in: result.summary) },
                          types: Attribution.typeRows(result),
                          work: FrameWorkBand.workByTick(result.frames, periodMs: periodMs, ticks: ticks))
        }
        var values: [String: [Double]] = [:]
        var spreads: [String: RunSpread] = [:]
        for (m, metric) in Metric.allCases.enumerated() {
            let column = played.map { $0.metrics[m] }
            values[metric.path] = column
            spreads[metric.path] = RunSpread(of: column)
        }
        let representative = RepresentativeRun.choose(hitchRatio: values[Metric.hitchRatio.path]!,
                                                      frameWorkP99: values[Metric.frameWorkP99.path]!)
        let result = replay(base.forRun(runs[representative], variation: plan.variation))
        return EnsembleOutcome(plan: plan, runs: runs, values: values, spreads: spreads, representative: representative,
                               result: result, types: Attribution.mean(of: played.map(\.types)),
                               band: FrameWorkBand(representative: result.frames, periodMs: periodMs, runs: played.map(\.work)))
    }
}
