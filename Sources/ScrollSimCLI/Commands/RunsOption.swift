import ScrollSimKit

/// `--runs N`: play every scenario as an ensemble of N runs (1: the single deterministic run),
/// whatever its file's `ensemble.runs` says.
enum RunsOption {
    static let option = CommandSpec.Option(
        name: "runs", short: nil, value: "N",
        help: "Play each scenario as an ensemble of N runs, each metric reported with its spread and a 95 % interval (default: the file's ensemble.runs, else 1; 1 is the single deterministic run)."
    )

    /// The run count asked for, nil when the option is absent.
    static func parse(_ arguments: ParsedArguments, command: String) throws -> Int? {
        guard let text = arguments.value("runs") else { return nil }
        guard let runs = Int(text), (1...EnsemblePlan.maximumRuns).contains(runs) else {
            throw ScrollSimError.usage(command: command, "--runs \(text): expected a whole number from 1 to \(EnsemblePlan.maximumRuns)")
        }
        return runs
    }

    /// The scenarios with their plans set to `runs` runs when it is given.
    static func apply(_ runs: Int?, to scenarios: [Scenario]) -> [Scenario] {
        guard let runs else { return scenarios }
        return scenarios.map { scenario in
            var scenario = scenario
            scenario.ensemble = scenario.ensemble.with(runs: runs)
            return scenario
        }
    }
}
