import ScrollSimKit

/// The scenarios a command was given: files as named, directories searched for `*.json`.
enum ScenarioFiles {
    /// Loads and validates every scenario before any is used, and reports every invalid one at
    /// once (exit status 2), so a suite never half-runs. Warnings (a former budget name) go to
    /// standard error and do not stop anything.
    static func load(_ paths: [String], console: Console) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        var problems: [String] = []
        for file in try ScenarioLoader.expand(paths) {
            do {
                let scenario = try ScenarioLoader.load(path: file)
                warn(scenario, console)
                scenarios.append(scenario)
            } catch let error as ScenarioError {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw InputError(messages: problems) }
        return scenarios
    }

    /// Prints a scenario's warnings on standard error, one `warning: FILE: KEY PATH: …` line each.
    static func warn(_ scenario: Scenario, _ console: Console) {
        for warning in scenario.warnings { console.err("warning: \(warning)\n") }
    }
}
