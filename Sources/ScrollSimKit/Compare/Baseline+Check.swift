import Foundation

/// The exact baseline gate (`scrollsim baseline --check`): do the scenarios, played now, give
/// exactly the committed baseline reports?
///
/// The simulation is deterministic, so for the scenarios a repository ships any difference
/// from the baseline is a change of behaviour, better or worse, and has to be deliberate: it
/// lands with a baseline refresh in the same commit. The check passes exactly when a refresh
/// (`Baseline.refresh`) would leave the directory as it is: every scenario's report equals its
/// `<name>.json` byte for byte, and the directory holds no report of a scenario not given.
/// A baseline file that has a `harness` section (written by `scrollsim run`) is compared on
/// its values outside `harness` instead of its bytes.
extension Baseline {
    /// One scenario (or baseline file) that does not match.
    public struct Mismatch: Equatable, Sendable {
        public enum Problem: Equatable, Sendable {
            /// The scenario has no report in the baseline directory.
            case noBaselineReport
            /// The directory holds a report of a scenario that was not given (removed or
            /// renamed without a refresh), or a second report of one that was.
            case noScenario
            /// The scenario's baseline file is not a readable report.
            case unreadable(reason: String)
            /// The fresh report differs; the items say how (never empty).
            case differs([ReportDiff.Item])
        }

        public var scenario: String
        /// The baseline file concerned (for a scenario without one, where it would be).
        public var path: String
        public var problem: Problem

        public init(scenario: String, path: String, problem: Problem) {
            self.scenario = scenario
            self.path = path
            self.problem = problem
        }
    }

    /// Plays every scenario and compares its report with `<directory>/<name>.json`; then looks
    /// for reports in the directory whose scenario was not given. Nothing is written.
    ///
    /// - Returns: the mismatches, scenarios in the order given, then stale files by name;
    ///   empty when the baseline is exactly what the scenarios give.
    /// - Throws: `ScrollSimError` for duplicate scenario names or a directory that does not
    ///   exist or cannot be listed.
    /// - Complexity: one simulation per scenario, and a parse of every baseline report.
    /// - Parameter jobs: how many scenarios are simulated at once, one per thread; the result
    ///   is the same for any number.
    public static func check(_ scenarios: [Scenario], directory: String, jobs: Int = 1) throws -> [Mismatch] {
        var seen: [String: String] = [:]
        for scenario in scenarios {
            if let other = seen[scenario.name] {
                throw ScrollSimError("\(scenario.file): name \"\(scenario.name)\" is also used by \(other); baseline files would collide")
            }
            seen[scenario.name] = scenario.file
        }
        guard ReportSet.isDirectory(directory) else {
            throw ScrollSimError("\(directory): no such directory; write the baseline first with scrollsim baseline --out \(directory)")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ScrollSimError("\(directory): cannot list the directory (\(FileErrors.reason(error)))")
        }

        var mismatches: [Mismatch] = []
        var given = Set<String>()
        let texts = try OrderedParallel.map(scenarios, jobs: jobs) { String(decoding: reportBytes(for: $0), as: UTF8.self) }
        for (scenario, text) in zip(scenarios, texts) {
            let path = (directory as NSString).appendingPathComponent("\(scenario.name).json")
            given.insert(path)
            if let problem = compare(path: path, text: text) {
                mismatches.append(Mismatch(scenario: scenario.name, path: path, problem: problem))
            }
        }
        for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            // Refresh would delete exactly these: reports of scenarios not given. Other files
            // (notes, traces) are not reports and are left alone by both.
            guard !given.contains(path), let stale = try? ReportSet.read(path) else { continue }
            mismatches.append(Mismatch(scenario: stale.scenarioName, path: path, problem: .noScenario))
        }
        return mismatches
    }

    /// How the baseline file at `path` differs from the fresh report `text`, or nil if it does not.
    static func compare(path: String, text: String) -> Mismatch.Problem? {
        guard FileManager.default.fileExists(atPath: path) else { return .noBaselineReport }
        let data: Data
        do {
            data = Data(try InputFile.contents(path, limit: Report.maximumFileBytes))
        } catch let error as ScrollSimError {
            return .unreadable(reason: error.problems.first.map(ErrorMessage.unsourced) ?? "")
        } catch {
            return .unreadable(reason: "cannot read the file: \(FileErrors.reason(error))")
        }
        let fresh = Data(text.utf8)
        if data == fresh { return nil }
        let old: Report
        do {
            old = try ReportSet.checked(Report(path: path, root: JSONValue.parse(data)))
        } catch let error as ScrollSimError {
            return .unreadable(reason: error.problems.first.map(ErrorMessage.unsourced) ?? "")
        } catch {
            return .unreadable(reason: "\(error)")
        }
        // The fresh text is JSONWriter's output of a report, so it parses; compare what was
        // written (four decimals), not the unrounded values.
        guard let new = try? JSONValue.parse(fresh) else { return .unreadable(reason: "the fresh report does not parse") }
        let items = ReportDiff.items(baseline: old.root, current: new)
        if !items.isEmpty { return .differs(items) }
        if old.root["harness"] != nil { return nil }
        return .differs([textDifference(old: data, new: fresh)])
    }

    /// Same values, different bytes (number formatting, key order, spacing): the first line
    /// that differs.
    static func textDifference(old: Data, new: Data) -> ReportDiff.Item {
        let a = String(decoding: old, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: new, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func shown(_ lines: [Substring]) -> String {
            guard line < lines.count else { return "end of file" }
            let trimmed = lines[line].trimmingCharacters(in: .whitespaces)
            return "`" + (trimmed.count > 60 ? String(trimmed.prefix(59)) + "…" : trimmed) + "`"
        }
        return ReportDiff.Item(path: "(text)", change: "the same values written differently, first at line \(line + 1): \(shown(a)) → \(shown(b))")
    }
}
