import ScrollSimKit

/// The scenarios a command was given: files as named, directories searched for `*.json`.
enum ScenarioFiles {
    /// `--limit NAME=N`: raises (or lowers) one of the limits a scenario is checked against.
    static let limitOption = CommandSpec.Option(
        name: "limit", short: nil, value: "NAME=N",
        help: "Change a limit a scenario is checked against before any work (file-bytes, rows, eager-rows, frames, nested-items, data-rows, data-bytes, modeled-bytes). Repeatable.",
        repeatable: true)

    /// `--allow-outside-data`: data files may be read from outside the scenario's folder.
    static let allowOutsideDataOption = CommandSpec.Option(
        name: "allow-outside-data", short: nil, value: nil,
        help: "Read a scenario's data file even when its path leads outside the scenario's folder (an absolute path, ../, a link).")

    /// The limits with every `--limit` applied.
    /// - Throws: `UsageError` for `command` naming the bad `--limit`.
    static func limits(_ arguments: ParsedArguments, command: String) throws -> ScenarioLimits {
        var limits = ScenarioLimits.standard
        limits.allowOutsideData = arguments.flag("allow-outside-data")
        return try LimitOptions.applying(arguments, to: limits, command: command)
    }

    /// Loads and validates every scenario before any is used, and reports every problem of
    /// every invalid one at once (exit status 2), so a suite never half-runs. Two scenarios of
    /// one name are a problem too (their reports would collide). Warnings (an implausible
    /// value, a former budget name) go to standard error and do not stop anything.
    ///
    /// Files are read and decoded `jobs` at a time (`OrderedParallel`: `run` and `baseline`
    /// pass their `--jobs`); warnings and problems come out in path order whatever the number.
    static func load(_ paths: [String], limits: ScenarioLimits = .standard, jobs: Int = 1, console: Console) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        var problems: [ScrollSimError.Problem] = []
        let files = try expand(paths)
        // A data file several scenarios name is parsed once (`DataFileTables`).
        let tables = DataFileTables()
        let loaded = try OrderedParallel.map(files, jobs: jobs) { file in
            Result { try ScenarioLoader.load(path: file, limits: limits, sharing: tables) }
        }
        for outcome in loaded {
            do {
                let scenario = try outcome.get()
                warn(scenario, console)
                scenarios.append(scenario)
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        problems += collisions(scenarios)
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
        return scenarios
    }

    /// What a command that read `paths` (files and directories, as given) and loaded
    /// `scenarios` (and their data files) must never write or delete (`OutputGuard`).
    static func inputs(_ paths: [String], _ scenarios: [Scenario]) -> OutputGuard {
        var inputs = OutputGuard()
        inputs.read(paths)
        inputs.read(scenarios.map(\.file) + scenarios.compactMap(\.dataFile))
        return inputs
    }

    /// Loads and validates each file on its own (names may repeat: `ab` compares a file with
    /// its copy), every problem of every file at once (exit status 2).
    static func loadEach(_ files: [String], limits: ScenarioLimits = .standard, console: Console) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        var problems: [ScrollSimError.Problem] = []
        for file in files {
            do {
                scenarios += try load([file], limits: limits, console: console)
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
        return scenarios
    }

    /// `ScenarioLoader.expand`, its error as an input error.
    static func expand(_ paths: [String]) throws -> [String] {
        do {
            return try ScenarioLoader.expand(paths)
        }
    }

    /// One message per scenario whose name an earlier one already uses.
    static func collisions(_ scenarios: [Scenario]) -> [ScrollSimError.Problem] {
        var seen: [String: String] = [:]
        var problems: [ScrollSimError.Problem] = []
        for scenario in scenarios {
            if let other = seen[scenario.name] {
                problems.append(ScrollSimError.Problem(file: scenario.file, message: "name \"\(scenario.name)\" is also used by \(other); report files would collide"))
            } else {
                seen[scenario.name] = scenario.file
            }
        }
        return problems
    }

    /// Prints a scenario's warnings on standard error, one `warning: FILE: KEY PATH: …` line each.
    static func warn(_ scenario: Scenario, _ console: Console) {
        for warning in scenario.warnings { console.err("warning: \(MessageText.forTerminal("\(warning)"))\n") }
    }
}
