import ScrollSimEngine
import ScrollSimHarness
import ScrollSimKit

/// Plays scenarios under measurement, `jobs` at a time, and hands each one's outcome back on
/// the calling thread in the order given (`OrderedParallel`), so what is printed and written
/// does not depend on which finished first.
///
/// One scenario at a time runs on the calling thread with a progress line; several run on
/// worker threads, each with its own harness on its own jemalloc arena (its counters are the
/// thread's), and without progress lines.
enum ScenarioRuns {
    /// - Parameters:
    ///   - configs: what to play, in order.
    ///   - finish: on the worker thread, what to make of a run (its report text): must not
    ///     touch shared state.
    ///   - deliver: on the calling thread, in order.
    static func play<Output>(
        _ configs: [(name: String, config: SimulationConfig)],
        jobs: Int,
        console: Console,
        finish: @escaping (Int, SimulationResult, Harness.Measurement) -> Output,
        deliver: (Int, Output) throws -> Void
    ) throws {
        let parallel = min(jobs, configs.count) > 1
        try OrderedParallel.run(
            count: configs.count,
            jobs: jobs,
            makeWorker: { try Harness(ownArena: parallel) },
            work: { harness, i in
                if parallel {
                    let (result, measurement) = harness.run(configs[i].config)
                    return finish(i, result, measurement)
                }
                let progress = ProgressLine(configs[i].name, console: console)
                let (result, measurement) = harness.run(configs[i].config, progress: progress.callback)
                progress.finish()
                return finish(i, result, measurement)
            },
            deliver: deliver
        )
    }

    /// Plays scenarios and writes each report (`ReportBuilder.write`): `deliver` gets the
    /// scenario's index, the scenario, and the report (its head and its text).
    ///
    /// A scenario whose plan is an ensemble (`Scenario.ensemble`) plays its runs `jobs` at a
    /// time (`Ensemble.play`), and the harness measures its representative run's replay; when
    /// any scenario is an ensemble, the scenarios play one after another so that each
    /// ensemble has every job.
    static func play(_ scenarios: [Scenario], jobs: Int, console: Console, deliver: (Int, Scenario, ReportBuilder.Written) throws -> Void) throws {
        guard scenarios.contains(where: { $0.ensemble.isEnsemble }) else {
            try play(scenarios.map { ($0.name, $0.config) }, jobs: jobs, console: console, finish: { i, result, measurement in
                ReportBuilder.write(scenario: scenarios[i], result: result, harness: measurement.figures)
            }, deliver: { i, written in
                try deliver(i, scenarios[i], written)
            })
            return
        }
        let harness = try Harness()
        for (i, scenario) in scenarios.enumerated() {
            guard scenario.ensemble.isEnsemble else {
                let progress = ProgressLine(scenario.name, console: console)
                let (result, measurement) = harness.run(scenario.config, progress: progress.callback)
                progress.finish()
                try deliver(i, scenario, ReportBuilder.write(scenario: scenario, result: result, harness: measurement.figures))
                continue
            }
            try deliver(i, scenario, playEnsemble(scenario, jobs: jobs, harness: harness))
        }
    }

    /// One ensemble's report, its harness section measuring the representative run's replay,
    /// with the runs' wall-clock and CPU time (every thread of the process) beside it.
    static func playEnsemble(_ scenario: Scenario, jobs: Int, harness: Harness) -> ReportBuilder.Written {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuAtStart = CPUClock.processMs()
        var measurement: Harness.Measurement?
        var replayWall = Duration.zero
        var replayCPU = 0.0
        let outcome = Ensemble.play(scenario, jobs: jobs) { config in
            let replayStart = clock.now
            let replayCPUStart = CPUClock.processMs()
            let (result, measured) = harness.run(config)
            replayWall = clock.now - replayStart
            replayCPU = CPUClock.processMs() - replayCPUStart
            measurement = measured
            return result
        }
        let wall = clock.now - start - replayWall
        var figures = measurement!.figures
        figures.ensembleRuns = outcome.runs.count
        figures.ensembleWallMs = Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15
        figures.ensembleCPUMs = CPUClock.processMs() - cpuAtStart - replayCPU
        return ReportBuilder.write(scenario: scenario, ensemble: outcome, harness: figures)
    }
}
