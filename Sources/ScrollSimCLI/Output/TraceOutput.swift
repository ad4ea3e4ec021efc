import Foundation
import ScrollSimKit

/// Where `--trace PATH` puts traces: PATH itself for one report (unless it is an existing
/// directory or ends in "/"), otherwise PATH/NAME.trace.json per scenario.
enum TraceOutput {
    static func paths(for names: [String], under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        let existingDirectory = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        if names.count == 1 && !existingDirectory && !path.hasSuffix("/") { return [path] }
        return names.map { (path as NSString).appendingPathComponent("\(HTMLPage.fileName($0)).trace.json") }
    }

    /// Renders the traces of `reports` with their paths, before anything is written.
    static func render(_ reports: [Report], to path: String) throws -> [(path: String, text: String)] {
        let paths = paths(for: reports.map(\.scenarioName), under: path)
        return try zip(paths, reports).map { ($0, try TraceWriter.trace($1)) }
    }
}
