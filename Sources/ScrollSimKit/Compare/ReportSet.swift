import Foundation

/// Reads the reports one side of a comparison names: a report file, or a directory of them.
///
/// A directory is searched (not recursively) for `*.json` files, sorted by name, and every
/// one must be a ScrollSim report: a stray or corrupt file is an error, not skipped, so a
/// broken baseline never compares as "fewer scenarios". Two reports of one scenario name in a
/// directory are an error naming both files, and so is a summary number no simulation writes.
public enum ReportSet {
    /// Why a side cannot be read; one message per problem, each naming its file.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    /// Whether `path` names a directory (false for a file or nothing).
    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The reports at `path`: one for a file, every `*.json` for a directory.
    ///
    /// - Throws: `ReportSet.Invalid` listing every unreadable, corrupt or foreign file (each
    ///   message from `Report.Invalid`), an empty directory, or duplicate scenario names.
    /// - Complexity: reads and parses every file in full.
    public static func load(_ path: String) throws -> [Report] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw Invalid(problems: ["\(path): no such file or directory"])
        }
        guard isDirectory(path) else {
            do {
                return [try read(path)]
            } catch let error as Report.Invalid {
                throw Invalid(problems: [error.description])
            }
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw Invalid(problems: ["\(path): cannot list the directory (\(FileErrors.reason(error)))"])
        }
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else { throw Invalid(problems: ["\(path): the directory holds no .json reports"]) }
        var reports: [Report] = []
        var problems: [String] = []
        var seen: [String: String] = [:]
        for file in files {
            do {
                let report = try read(file)
                if let other = seen[report.scenarioName] {
                    problems.append("\(file): scenario \"\(report.scenarioName)\" is also reported by \(other); a directory holds one report per scenario")
                    continue
                }
                seen[report.scenarioName] = file
                reports.append(report)
            } catch let error as Report.Invalid {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        return reports
    }

    /// `Report.load(path:)`, guarded: the schema must be exactly the supported integer before
    /// `Report.init` sees it (it converts `schema` with `Int(_:)`, which traps on a huge number
    /// and truncates 1.5 to 1), and the summary is `checked`. Messages are `Report.load`'s.
    static func read(_ path: String) throws -> Report {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw Report.Invalid(path: path, reason: "cannot read the file (\(FileErrors.reason(error)))")
        }
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch let error as JSONSyntaxError {
            throw Report.Invalid(path: path, reason: "corrupt report at \(error.line):\(error.column): \(error.detail)")
        }
        if let schema = root["schema"]?.numberValue, schema != Double(ReportBuilder.schema) {
            throw Report.Invalid(path: path, reason: "report schema \(CompareFormat.plain(schema)) is not supported (this ScrollSim reads schema \(ReportBuilder.schema))")
        }
        return try checked(Report(path: path, root: root))
    }

    /// The largest metric magnitude a report can hold: `JSONWriter` writes numbers exactly
    /// below it, and no simulation comes near it.
    public static let largestMetric = 1e15

    /// Rejects a report whose summary holds a number no simulation writes (a hand-edited or
    /// damaged file), so renderings never meet one.
    /// - Throws: `Report.Invalid` naming the first such metric.
    static func checked(_ report: Report) throws -> Report {
        for (path, value) in report.metrics.sorted(by: { $0.key < $1.key }) where !(abs(value) < largestMetric) {
            throw Report.Invalid(path: report.path, reason: "summary.\(path) is \(value), outside what a report can hold (magnitude below 1e15)")
        }
        return report
    }
}
