import Foundation
import ScrollSimHarness
import ScrollSimKit

/// `scrollsim run`: plays scenarios, prints a summary per scenario, writes the reports.
struct RunCommand: Command {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Play scenario files frame by frame and write a JSON report for each.",
        arguments: "FILE|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [
            .init(name: "out", short: "o", value: "PATH", help: "Where reports go: a directory (default Reports/latest), or a .json file for one scenario."),
            .init(name: "html", short: nil, value: "DIR", help: "Also write HTML charts (an index and a page per scenario) to DIR."),
            .init(name: "trace", short: nil, value: "PATH", help: "Also write a Chrome trace (Perfetto): a file for one scenario, a directory for several."),
            TraceOutput.rangeOption,
            .init(name: "quiet", short: "q", value: nil, help: "Print only failures and the final line."),
            JobsOption.option,
        ] + ShardOptions.options(suite: true),
        discussion: """
        Directories are searched for *.json scenario files (not recursively). Every scenario is
        validated before any is run. Scenarios play --jobs at a time, each on its own thread;
        reports, pages and what is printed are the same as one at a time, in path order. With
        one job, a long run's progress is shown on standard error when that is a terminal.
        --shard I/N (or auto) plays one slice of a suite split over CI jobs. Exit status: 0 if
        all budgets pass, 1 if a budget is exceeded, 2 for invalid input or an unwritable output.
        """
    )

    var paths: [String]
    var out: String
    var html: String?
    var trace: String?
    var traceRange: TraceWriter.Range?
    var quiet: Bool
    var jobs: Int
    var shardOptions: ShardOptions

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        out = arguments.value("out") ?? "Reports/latest"
        html = arguments.value("html")
        trace = arguments.value("trace")
        traceRange = try TraceOutput.range(arguments, command: "run", trace: trace)
        quiet = arguments.flag("quiet")
        jobs = try JobsOption.parse(arguments, command: "run")
        shardOptions = ShardOptions(arguments)
    }

    func run(_ console: Console) throws -> ExitStatus {
        let shard = try shardOptions.resolve(command: "run", environmentByDefault: false, console: console)
        let all = try ScenarioFiles.load(paths, console: console)
        var seen: [String: String] = [:]
        for scenario in all {
            if let other = seen[scenario.name] {
                throw InputError(messages: ["\(scenario.file): name \"\(scenario.name)\" is also used by \(other); report files would collide"])
            }
            seen[scenario.name] = scenario.file
        }
        let scenarios = shard.shard.select(all)
        if let source = shard.source {
            console.err("shard \(shard.shard) from \(source): \(scenarios.count) of \(all.count) scenarios\n")
        }

        let singleFile = out.hasSuffix(".json")
        if singleFile && scenarios.count != 1 {
            throw UsageError(command: "run", message: "--out \(out) names one file but \(scenarios.count) scenarios were given; pass a directory")
        }
        try OutputWriter.prepareDirectory(singleFile ? (out as NSString).deletingLastPathComponent.nonEmpty ?? "." : out)
        if let html { try OutputWriter.prepareDirectory(html) }
        if let trace { try TraceOutput.prepare(for: scenarios.map(\.name), under: trace) }

        var failed: [(String, [BudgetResult])] = []
        var rows: [[String]] = [["scenario", "stack", "frames", "dropped", "hitch ms/s", "p99 ms", "peak mem", "views", "budgets"]]
        var reports: [Report] = []
        try ScenarioRuns.play(scenarios, jobs: jobs, console: console) { scenario, root, text in
            let path = singleFile ? out : (out as NSString).appendingPathComponent("\(scenario.name).json")
            try OutputWriter.write(text, to: path)
            // Pages and traces are drawn from the report as written (numbers at the file's
            // precision), so they are the bytes `scrollsim report` draws from the file.
            let report = try Report(path: path, root: html == nil && trace == nil ? root : JSONValue.parse(Data(text.utf8)))
            reports.append(report)
            let budgets = report.budgetResults
            if budgets.contains(where: { !$0.pass }) { failed.append((scenario.name, budgets.filter { !$0.pass })) }
            if !quiet { console.out(RunSummary.block(report, path: path, console: console)) }
            rows.append(RunSummary.row(report))
        }
        if scenarios.count > 1 && !quiet {
            console.out("\n" + Format.table(rows))
        }
        var written: [String] = []
        if let html {
            try HTMLSite.write(try HTMLSite.pages(reports: reports), to: html)
            written.append("charts in \((html as NSString).appendingPathComponent("index.html"))")
        }
        if let trace {
            let traces = try TraceOutput.render(reports, to: trace, range: traceRange, console: console)
            for (path, text) in traces { try OutputWriter.write(text, to: path) }
            written.append(traces.count == 1 ? "trace in \(traces[0].path)" : "traces in \(trace)")
        }
        for (name, budgets) in failed {
            let list = budgets.map(RunSummary.exceeded).joined(separator: ", ")
            console.err("budget exceeded: \(name): \(list)\n")
        }
        let passed = scenarios.count - failed.count
        console.out("\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") run, \(passed) within budget, \(failed.count) over; reports in \(out)\((written.map { "; " + $0 }).joined())\n")
        return failed.isEmpty ? .success : .failure
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
