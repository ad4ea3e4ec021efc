import Foundation
import ScrollSimKit

/// `scrollsim report`: renders HTML charts (and optionally Chrome traces) from reports (issue 6).
struct ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Render HTML charts of frame budgets from reports.",
        arguments: "REPORT|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [
            .init(name: "out", short: "o", value: "DIR", help: "Where the pages go (default Reports/html): index.html and NAME.html per scenario."),
            .init(name: "baseline", short: nil, value: "PATH", help: "A baseline report or directory of reports: adds NAME.compare.html for each scenario in both."),
            .init(name: "trace", short: nil, value: "PATH", help: "Also write Chrome traces (Perfetto): a file for one report, a directory for several."),
        ],
        discussion: """
        Directories are searched for *.json reports (not recursively; *.trace.json files are
        skipped). With --baseline, reports are paired by scenario name; when one report and
        one baseline are given they are compared whatever their names (e.g. the anti-pattern
        against its fix). Every report is read and every page rendered before anything is
        written. Exit status: 0 when the pages are written, 2 for an unreadable or corrupt
        report or an unwritable output.
        """
    )

    var paths: [String]
    var out: String
    var baseline: String?
    var trace: String?

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        out = arguments.value("out") ?? "Reports/html"
        baseline = arguments.value("baseline")
        trace = arguments.value("trace")
    }

    func run(_ console: Console) throws -> ExitStatus {
        let reports = try Self.load(paths)
        let baselines = try baseline.map { try Self.load([$0]) } ?? []
        let pairs = HTMLSite.pair(current: reports, baselines: baselines)
        let pages = try HTMLSite.pages(reports: reports, baselines: pairs)
        let traces = try trace.map { try TraceOutput.render(reports, to: $0) } ?? []
        try OutputWriter.prepareDirectory(out)
        try HTMLSite.write(pages, to: out)
        for (path, text) in traces { try OutputWriter.write(text, to: path) }
        var line = "\(pages.count) page\(pages.count == 1 ? "" : "s") written to \(out) (open \((out as NSString).appendingPathComponent("index.html")))"
        if baseline != nil { line += "; \(pairs.count) of \(reports.count) compared with a baseline" }
        if !traces.isEmpty { line += "; \(traces.count) trace\(traces.count == 1 ? "" : "s") written" }
        console.out(line + "\n")
        return .success
    }

    /// Reads every report named (files as given, directories' *.json files), reporting every
    /// unreadable one at once; scenario names must be unique (they name the pages).
    static func load(_ paths: [String]) throws -> [Report] {
        var files: [String] = []
        var problems: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append("\(path): no such file or directory")
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let names = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasSuffix(".trace.json") }.sorted()
            if names.isEmpty { problems.append("\(path): the directory holds no .json reports") }
            files += names.map { (path as NSString).appendingPathComponent($0) }
        }
        var reports: [Report] = []
        var seen: [String: String] = [:]
        for file in files {
            do {
                let report = try Report.load(path: file)
                if let other = seen[report.scenarioName] {
                    problems.append("\(file): scenario \"\(report.scenarioName)\" is also in \(other); pages would collide")
                    continue
                }
                seen[report.scenarioName] = file
                reports.append(report)
            } catch let error as Report.Invalid {
                problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw InputError(messages: problems) }
        return reports
    }
}
