import ScrollSimKit

/// The scenarios a command was given: files as named, directories searched for `*.json`.
enum ScenarioFiles {
    /// Loads and validates every scenario before any is used, and reports every invalid one at
    /// once (exit status 2), so a suite never half-runs.
    static func load(_ paths: [String]) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        var problems: [String] = []
        for file in try ScenarioLoader.expand(paths) {
            do {
                scenarios.append(try ScenarioLoader.load(path: file))
            } catch let error as ScenarioError {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw InputError(messages: problems) }
        return scenarios
    }
}
