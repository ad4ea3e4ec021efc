import Foundation
import ScrollSimEngine

/// The committed baseline (`Reports/baseline/`): one report per scenario, which CI compares
/// fresh reports with.
///
/// A baseline report is the run's report without the `harness` section: wall time and
/// allocator figures change from run to run and are never compared, and leaving them out makes
/// refreshing an unchanged scenario rewrite identical bytes, so a refresh's diff shows only
/// what really changed. (Reports written by `scrollsim run --out Reports/baseline` work as a
/// baseline too; they only churn.)
public enum Baseline {
    /// What a refresh did to one file.
    public enum Change: Equatable, Sendable {
        /// There was no report for this scenario.
        case added
        /// The report was already byte for byte what the scenario gives (not rewritten).
        case unchanged
        /// The report was rewritten; `changedMetrics` are the summary metrics that moved
        /// (empty when only frames, events or formatting changed).
        case updated(contentChanged: Bool, changedMetrics: [String])
        /// The file was not a readable report and was replaced.
        case replacedInvalid(reason: String)
        /// A report whose scenario is no longer given (or a second report of a scenario) was
        /// deleted.
        case removed
    }

    public struct Entry: Equatable, Sendable {
        public var scenario: String
        public var path: String
        public var change: Change
    }

    /// The baseline report of a scenario: it is simulated (deterministically) and reported
    /// without a harness measurement.
    /// - Complexity: one full simulation of the scenario.
    public static func report(for scenario: Scenario) -> JSONValue {
        if scenario.ensemble.isEnsemble {
            return ReportBuilder.build(scenario: scenario, ensemble: Ensemble.play(scenario), harness: nil)
        }
        return ReportBuilder.build(scenario: scenario, result: Simulation.run(scenario.config), harness: nil)
    }

    /// The baseline report of a scenario as text (`ReportBuilder.write`): what `refresh` writes
    /// and `check` compares, the same bytes as `JSONWriter().string(report(for:))`.
    /// - Complexity: one full simulation of the scenario.
    public static func reportBytes(for scenario: Scenario) -> [UInt8] {
        if scenario.ensemble.isEnsemble {
            return ReportBuilder.write(scenario: scenario, ensemble: Ensemble.play(scenario), harness: nil).bytes
        }
        return ReportBuilder.write(scenario: scenario, result: Simulation.run(scenario.config), harness: nil).bytes
    }

    /// Rewrites the baseline in `directory` from `scenarios`: `<name>.json` per scenario,
    /// written atomically and only if it changed; every other report file in the directory is
    /// deleted, so the directory holds exactly the given scenarios. Files that are not
    /// ScrollSim reports are left alone.
    ///
    /// Every scenario is simulated before anything is written, and every change is made at once
    /// (`OutputBatch`), so a failure leaves the old baseline as it was.
    ///
    /// - Returns: what happened to each file, sorted by path.
    /// - Throws: `ScrollSimError` for duplicate scenario names, `ScrollSimError.unwritable` when
    ///   the directory or a file cannot be written or deleted.
    /// - Parameter jobs: how many scenarios are simulated at once, one per thread; the files
    ///   written are the same for any number.
    /// - Parameter guarding: the command's inputs: the baseline never replaces or deletes one,
    ///   and is never written into a directory of scenarios (`OutputGuard`).
    public static func refresh(_ scenarios: [Scenario], directory: String, jobs: Int = 1, guarding: OutputGuard = OutputGuard()) throws -> [Entry] {
        var seen: [String: String] = [:]
        for scenario in scenarios {
            if let other = seen[scenario.name] {
                throw ScrollSimError("\(scenario.file): name \"\(scenario.name)\" is also used by \(other); baseline files would collide")
            }
            seen[scenario.name] = scenario.file
        }
        try OutputBatch.checkDirectory(directory)
        try guarding.checkDirectory(directory)
        var claims = guarding
        for scenario in scenarios {
            try claims.claim((directory as NSString).appendingPathComponent("\(scenario.name).json"), as: "the baseline report of \(scenario.name)")
        }
        let fresh: [(scenario: Scenario, path: String, text: String)] = try OrderedParallel.map(scenarios, jobs: jobs) { scenario in
            (scenario, (directory as NSString).appendingPathComponent("\(scenario.name).json"), String(decoding: reportBytes(for: scenario), as: UTF8.self))
        }

        let batch = OutputBatch(guarding: guarding)
        var entries: [Entry] = []
        for (scenario, path, text) in fresh {
            let change = classify(path: path, text: text)
            if change != .unchanged { try batch.stage(text, to: path) }
            entries.append(Entry(scenario: scenario.name, path: path, change: change))
        }

        let written = Set(fresh.map(\.path))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            guard !written.contains(path), let stale = try? ReportSet.read(path) else { continue }
            try batch.stageRemoval(path)
            entries.append(Entry(scenario: stale.scenarioName, path: path, change: .removed))
        }
        try batch.commit()
        return entries.sorted { $0.path < $1.path }
    }

    /// What writing `text` to `path` would change.
    static func classify(path: String, text: String) -> Change {
        guard FileManager.default.fileExists(atPath: path) else { return .added }
        if let bytes = try? InputFile.contents(path, limit: Report.maximumFileBytes), bytes.elementsEqual(text.utf8) { return .unchanged }
        let old: Report
        do {
            old = try ReportSet.read(path)
        } catch let error as ScrollSimError {
            return .replacedInvalid(reason: error.problems.first.map(ErrorMessage.unsourced) ?? "")
        } catch {
            return .replacedInvalid(reason: "\(error)")
        }
        // The new text was made by JSONWriter from a valid report, so it parses.
        let new = try! Report(path: path, root: JSONValue.parse(Data(text.utf8)))
        let moved = ScenarioComparison(name: new.scenarioName, baseline: old, current: new, thresholds: .exact)
            .metrics.filter(CompareFormat.moved).map(\.path)
        return .updated(contentChanged: old.contentHash != new.contentHash, changedMetrics: moved)
    }
}
