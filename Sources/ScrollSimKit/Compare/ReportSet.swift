import Foundation

/// Reads the reports one side of a comparison names: a report file, or a directory of them.
///
/// A directory is searched (not recursively) for `*.json` files, sorted by name, leaving out
/// Chrome traces (`*.trace.json`, which `--trace` may write next to reports), and every one
/// must be a ScrollSim report: a stray or corrupt file is an error, not skipped, so a broken
/// baseline never compares as "fewer scenarios". Two reports of one scenario name in a
/// directory (or on one side, `side(_:)`) are an error naming both files, and so is a summary
/// number no simulation writes.
///
/// `scrollsim compare` and `scrollsim report --baseline` both read their inputs here and pair
/// them with `Comparison(baseline:current:thresholds:options:)` on two `Side`s, so the two
/// commands see the same reports and pair them the same way.
public enum ReportSet {
    /// Whether `path` names a directory (false for a file or nothing).
    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The reports at `path`: one for a file, every `*.json` (but `*.trace.json`) for a directory.
    ///
    /// - Throws: `ScrollSimError` listing every unreadable, corrupt or foreign file (each
    ///   message from `ScrollSimError`), an empty directory, or duplicate scenario names.
    /// - Parameter columns: false to leave each report's frames and events out
    ///   (`Report.load(path:columns:)`), for a reader of the summaries alone.
    /// - Complexity: reads every file in full.
    public static func load(_ path: String, columns: Bool = true) throws -> [Report] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ScrollSimError(file: path, message: "no such file or directory")
        }
        guard isDirectory(path) else {
            do {
                return [try read(path, columns: columns)]
            }
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw ScrollSimError(file: path, message: "cannot list the directory (\(FileErrors.reason(error)))")
        }
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".trace.json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else { throw ScrollSimError(file: path, message: "the directory holds no .json reports") }
        var reports: [Report] = []
        var problems: [ScrollSimError.Problem] = []
        var seen: [String: String] = [:]
        for file in files {
            do {
                let report = try read(file, columns: columns)
                if let other = seen[report.scenarioName] {
                    problems.append(ScrollSimError.Problem(file: file, message: "scenario \"\(report.scenarioName)\" is also reported by \(other); a directory holds one report per scenario"))
                    continue
                }
                seen[report.scenarioName] = file
                reports.append(report)
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
        return reports
    }

    /// The reports one side of a comparison names: files and directories as given on a command
    /// line, read in order.
    public struct Side: Sendable {
        /// The paths as given.
        public var paths: [String]
        /// Every report the paths hold, in the order read (scenario names are unique).
        public var reports: [Report]
        /// Whether the side is one report file (not a directory): two such sides are compared
        /// with each other whatever their scenario names.
        public var isSingleFile: Bool

        public init(paths: [String], reports: [Report], isSingleFile: Bool) {
            self.paths = paths
            self.reports = reports
            self.isSingleFile = isSingleFile
        }

        /// The paths, for headers ("Reports/baseline").
        public var label: String { paths.joined(separator: " ") }
    }

    /// Reads one side: every path with `load(_:)`, then checks that no scenario is reported
    /// twice across the paths.
    ///
    /// - Throws: `ScrollSimError` listing every problem of every path, each naming its file.
    /// - Parameter columns: false to leave each report's frames and events out
    ///   (`Report.load(path:columns:)`), for a reader of the summaries alone.
    /// - Complexity: reads every file in full.
    public static func side(_ paths: [String], columns: Bool = true) throws -> Side {
        var reports: [Report] = []
        var problems: [ScrollSimError.Problem] = []
        for path in paths {
            do {
                reports += try load(path, columns: columns)
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        var unique: [Report] = []
        var seen: [String: String] = [:]
        for report in reports {
            if let other = seen[report.scenarioName] {
                problems.append(ScrollSimError.Problem(file: report.path, message: "scenario \"\(report.scenarioName)\" is also reported by \(other); give one report per scenario"))
                continue
            }
            seen[report.scenarioName] = report.path
            unique.append(report)
        }
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
        return Side(paths: paths, reports: unique, isSingleFile: paths.count == 1 && !isDirectory(paths[0]))
    }

    /// `Report.load(path:columns:)`: strict.
    static func read(_ path: String, columns: Bool = true) throws -> Report {
        try Report.load(path: path, columns: columns)
    }

    /// The largest metric magnitude a report can hold (`Report.largestMetric`).
    public static let largestMetric = Report.largestMetric

    /// `Report.checked()`.
    static func checked(_ report: Report) throws -> Report {
        try report.checked()
    }
}
