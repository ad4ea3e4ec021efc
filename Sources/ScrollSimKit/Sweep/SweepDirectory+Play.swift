import ScrollSimEngine

extension SweepDirectory {
    /// A variant's report as a sweep writes it: without the harness section, so its bytes are
    /// a function of the scenario (and its run count) alone. A variant whose plan is an
    /// ensemble (`Scenario.ensemble`, `SweepPlan.runs`) plays its runs `jobs` at a time
    /// (`Ensemble.play`) and writes the ensemble's report (schema 2); a single run writes the
    /// report it always wrote (`Baseline.reportBytes`).
    /// - Complexity: one simulation per run, plus the representative run's replay.
    public static func reportBytes(for scenario: Scenario, jobs: Int = 1) -> [UInt8] {
        guard scenario.ensemble.isEnsemble else { return Baseline.reportBytes(for: scenario) }
        return ReportBuilder.write(scenario: scenario, ensemble: Ensemble.play(scenario, jobs: jobs), harness: nil).bytes
    }

    /// How `jobs` threads are spread over `variants` variants: how many variants play at once,
    /// and how many runs of each ensemble at once. Variants first — they are independent and
    /// each is a whole ensemble, so there is no waiting on a replay — and the threads left
    /// over when there are fewer variants than jobs go to each one's runs: 9 variants on 4
    /// jobs play 4 at a time, one run at a time each; 2 variants on 8 jobs play both at once,
    /// 4 runs at a time each. The reports are the same bytes for any split (`Ensemble.play`
    /// gives the same outcome for any number of jobs).
    public static func split(jobs: Int, variants: Int) -> (variants: Int, runs: Int) {
        let outer = max(1, min(jobs, variants))
        return (outer, max(1, jobs / outer))
    }

    /// Plays the variants and returns their reports in the order given, numbered by
    /// `indices` (the variants' numbers in the sweep).
    /// - Complexity: the variants' simulations, spread over `jobs` threads (`split`).
    public static func play(_ scenarios: [Scenario], indices: [Int], jobs: Int) throws -> [Written] {
        precondition(scenarios.count == indices.count, "one number per variant")
        let (outer, inner) = split(jobs: jobs, variants: scenarios.count)
        var written: [Written] = []
        try OrderedParallel.run(count: scenarios.count, jobs: outer, makeWorker: { () }, work: { _, i in
            reportBytes(for: scenarios[i], jobs: inner)
        }, deliver: { i, text in
            written.append(Written(index: indices[i], name: scenarios[i].name, text: text))
        })
        return written
    }
}
