import Foundation
import ScrollSimKit
import ScrollSimPresentation

/// Where `--trace PATH` puts traces: PATH itself for one report (unless it is an existing
/// directory or ends in "/"), otherwise PATH/NAME.trace.json per scenario.
enum TraceOutput {
    static func paths(for names: [String], under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        let existingDirectory = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        if names.count == 1 && !existingDirectory && !path.hasSuffix("/") { return [path] }
        return names.map { (path as NSString).appendingPathComponent("\(Scenario.fileName($0)).trace.json") }
    }

    /// `--trace-range START:END`, shared by `run` and `report`.
    static let rangeOption = CommandSpec.Option(
        name: "trace-range", short: nil, value: "START:END",
        help: "Trace only the frames that start from START to END seconds (either may be left out: 9.5:, :12).")

    /// The parsed `--trace-range`, nil when not given.
    /// - Throws: `UsageError` when it is malformed or given without `--trace`.
    static func range(_ arguments: ParsedArguments, command: String, trace: String?) throws -> TraceRange? {
        guard let argument = arguments.value("trace-range") else { return nil }
        guard trace != nil else { throw ScrollSimError.usage(command: command, "--trace-range needs --trace PATH") }
        do {
            return try TraceRange(argument: argument)
        } catch let error as ScrollSimError {
            throw ScrollSimError.usage(command: command, "--trace-range \(error.message)")
        }
    }

    /// Renders the traces of `reports` with their paths, before anything is written. A trace
    /// that will be larger than `TraceWriter.largeTraceBytes` gets a note on standard error
    /// first (it is still written).
    /// `builds`, when given, are each report's build lane (`Scenario.buildSlices()`).
    static func render(_ reports: [Report], to path: String, range: TraceRange? = nil, builds: [[TraceWriter.BuildSlice]]? = nil,
                       console: Console) throws -> [(path: String, text: String)] {
        let paths = paths(for: reports.map(\.scenarioName), under: path)
        return try zip(paths, reports).enumerated().map { index, pair in
            let (path, report) = pair
            let estimate = try TraceWriter.estimatedBytes(report, range: range)
            if estimate > TraceWriter.largeTraceBytes {
                let advice = range == nil ? "--trace-range START:END (seconds) traces a part of the run" : "a shorter --trace-range makes it smaller"
                console.err("note: the trace of \(report.scenarioName) will be about \(DisplayFormat.bytes(Double(estimate))); \(advice)\n")
            }
            return (path, try TraceWriter.trace(report, range: range, builds: builds?[index] ?? []))
        }
    }
}
