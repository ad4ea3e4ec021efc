import Foundation

extension SweepPlan {
    /// Variant `k` as a scenario: the file's JSON with each axis's value set at its key path and
    /// the name set to `variantName(k)`, then decoded by the scenario decoder like any file, so
    /// every value is checked as it would be there. The scenario's `variant` names its values;
    /// its content hash is of the changed JSON, so a changed value changes it. With `runs`,
    /// the variant plays as an ensemble of that many runs, whatever its file says.
    ///
    /// Every variant keeps the file's `seed` (unless a key varied is the seed itself), so run i
    /// of every variant is `EnsembleRun(index: i, scenarioSeed: seed)`: the runs of two
    /// variants draw alike and are compared in pairs (`SweepChoice`).
    /// - Parameters:
    ///   - directory: where the scenario's data file is looked for (the file's directory).
    /// - Throws: `ScrollSimError` for a key path that does not fit the file;
    ///   `ScrollSimError` (naming the file, the variant's values and the key path) for a value
    ///   the decoder refuses.
    public func scenario(_ k: Int, directory: URL?, limits: ScenarioLimits = .standard) throws -> Scenario {
        var root = self.root
        let values = values(k)
        for (axis, value) in zip(axes, values) {
            do {
                root = try axis.keyPath.setting(value, in: root)
            } catch let error as ScrollSimError {
                throw ScrollSimError("\(file): \(error.description)")
            }
        }
        guard case .object(var object) = root else { throw ScrollSimError("\(file): the scenario is not a JSON object") }
        object["name"] = .string(variantName(k))
        let text = JSONWriter(decimals: 9).string(.object(object))
        var scenario = try ScenarioLoader.decode(Array(text.utf8), file: "\(file) (variant \(k): \(describe(k)))", directory: directory, limits: limits)
        scenario.file = file
        scenario.variant = Dictionary(uniqueKeysWithValues: zip(axes.map(\.key), values))
        if let runs { scenario.ensemble = scenario.ensemble.with(runs: runs) }
        return scenario
    }

    /// Every variant decoded, in order; every refusal is collected first, so one run names
    /// them all (up to `ScrollSimError`'s own limit per variant).
    public func scenarios(_ indices: [Int], directory: URL?, limits: ScenarioLimits = .standard) throws -> [Scenario] {
        var scenarios: [Scenario] = []
        var problems: [ScrollSimError.Problem] = []
        for k in indices {
            do {
                scenarios.append(try scenario(k, directory: directory, limits: limits))
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        if !problems.isEmpty { throw ScrollSimError(problems: problems) }
        return scenarios
    }
}
