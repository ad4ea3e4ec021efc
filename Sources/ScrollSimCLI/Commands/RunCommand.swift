import Foundation
import ScrollSimHarness
import ScrollSimKit
import ScrollSimPresentation

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
            .init(name: "html", short: nil, value: "DIR", help: "Also write HTML charts (a page per scenario, and an index of every report page in DIR) to DIR."),
            SiteOutput.clean,
            .init(name: "trace", short: nil, value: "PATH", help: "Also write a Chrome trace (Perfetto): a file for one scenario, a directory for several."),
            TraceOutput.rangeOption,
            .init(name: "quiet", short: "q", value: nil, help: "Print only failures and the final line."),
            ScenarioFiles.limitOption,
            ScenarioFiles.allowOutsideDataOption,
            JobsOption.option,
            RunsOption.option,
        ] + ShardOptions.options(suite: true),
        discussion: """
        Directories are searched for *.json scenario files (not recursively; *.schema.json is
        skipped). Every scenario, its name, its limits (--limit) and every output path are
        checked before any is run, and every report, page and trace is written at the end,
        all or nothing: on an error nothing new is left behind. Scenarios play --jobs at a
        time, each on its own thread; reports, pages and what is printed are the same as one
        at a time, in path order. With one job, a long run's progress is shown on standard
        error when that is a terminal. --shard I/N (or auto) plays one slice of a suite split
        over CI jobs. The --html index lists every report page in DIR, earlier runs' too; pages
        whose reports are gone are listed apart as stale, and --clean removes them (only pages
        ScrollSim drew). Exit status: 0 if all budgets pass, 1 if a budget is exceeded, 2 for
        invalid input or an unwritable output. A scenario marked "expect": "over-budget" (a
        deliberate anti-pattern) that breaks exactly the budgets its expectedOver names is not
        a failure (exit 0, said on standard output); breaking another budget, or keeping one it
        names, fails it (exit 1).
        """
    )

    var paths: [String]
    var out: String
    var html: String?
    var clean: Bool
    var trace: String?
    var traceRange: TraceRange?
    var quiet: Bool
    var limits: ScenarioLimits
    var jobs: Int
    var runs: Int?
    var shardOptions: ShardOptions

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        out = try OutputOptions.path(arguments, "out", command: "run") ?? "Reports/latest"
        html = try OutputOptions.path(arguments, "html", command: "run")
        clean = arguments.flag("clean")
        if clean && html == nil { throw ScrollSimError.usage(command: "run", "--clean applies to the --html folder; give --html DIR") }
        trace = try OutputOptions.path(arguments, "trace", command: "run")
        traceRange = try TraceOutput.range(arguments, command: "run", trace: trace)
        quiet = arguments.flag("quiet")
        limits = try ScenarioFiles.limits(arguments, command: "run")
        jobs = try JobsOption.parse(arguments, command: "run")
        runs = try RunsOption.parse(arguments, command: "run")
        shardOptions = ShardOptions(arguments)
    }

    /// Validates every scenario, name and output path, plays the scenarios, then writes every
    /// report, page and trace at once (`OutputBatch`): on any error nothing new is left.
    func run(_ console: Console) throws -> ExitStatus {
        let shard = try shardOptions.resolve(command: "run", environmentByDefault: false, console: console)
        let all = try ScenarioFiles.load(paths, limits: limits, jobs: jobs, console: console)
        let scenarios = RunsOption.apply(runs, to: shard.shard.select(all))
        if let source = shard.source {
            console.err("shard \(shard.shard) from \(source): \(scenarios.count) of \(all.count) scenarios\n")
        }
        let singleFile = out.hasSuffix(".json")
        if singleFile && scenarios.count != 1 {
            throw ScrollSimError.usage(command: "run", "--out \(out) names one file but \(scenarios.count) scenarios were given; pass a directory")
        }
        let reportPaths = scenarios.map { singleFile ? out : (out as NSString).appendingPathComponent("\($0.name).json") }
        let tracePaths = trace.map { TraceOutput.paths(for: scenarios.map(\.name), under: $0) } ?? []
        try OutputOptions.check(files: reportPaths + tracePaths, directories: html.map { [$0] } ?? [])
        let inputs = ScenarioFiles.inputs(paths, all)
        try OutputOptions.claim(zip(reportPaths, scenarios).map { ($0, "the report of \($1.name)") }
                                + zip(tracePaths, scenarios).map { ($0, "the trace of \($1.name)") },
                                directories: (singleFile ? [] : [out]) + (html.map { [$0] } ?? []) + (trace.map { tracePaths.count == 1 && $0 == tracePaths[0] ? [] : [$0] } ?? []),
                                inputs: inputs)
        // A NAME.json already there is replaced only when it is a report ScrollSim wrote.
        try OutputOptions.refuseForeign(reportPaths, ReportMarker.refuseForeign)

        let batch = OutputBatch(guarding: inputs)
        var failed: [(String, String)] = []
        var expected: [(String, [BudgetResult])] = []
        var rows: [[String]] = [["scenario", "stack", "frames", "dropped", "hitch ms/s", "p99 ms", "peak mem", "views", "budgets"]]
        var reports: [Report] = []
        try ScenarioRuns.play(scenarios, jobs: jobs, console: console) { index, scenario, written in
            let path = reportPaths[index]
            try batch.stage(written.bytes, to: path)
            // Pages and traces are drawn from the report as written (numbers at the file's
            // precision), so they are the bytes `scrollsim report` draws from the file; the
            // summary needs only the head.
            let report = try Report(path: path, root: html == nil && trace == nil ? written.head : JSONParser.parse(written.bytes))
            reports.append(report)
            let budgets = report.budgetResults
            let standing = BudgetExpectation(results: budgets, expectedOver: scenario.expectedOverBudget)
            if let failure = standing.failureText { failed.append((scenario.name, failure)) }
            if case .overAsExpected(let over) = standing { expected.append((scenario.name, over)) }
            let facts = ScenarioFacts(scenario)
            if !quiet { console.out(RunSummary.block(report, path: path, console: console, facts: facts)) }
            rows.append(RunSummary.row(report, facts: facts))
        }
        var written: [String] = []
        if let html {
            let site = try SiteOutput.stage(reports: reports, to: html, clean: clean, in: batch)
            written.append("charts in \((html as NSString).appendingPathComponent("index.html"))" + SiteOutput.note(site, clean: clean))
        }
        if let trace {
            let traces = try TraceOutput.render(reports, to: trace, range: traceRange, builds: zip(scenarios, reports).map { $0.buildSlices(run: $1.ensemble?.representativeRun) }, console: console)
            for (path, text) in traces { try batch.stage(text, to: path) }
            written.append(traces.count == 1 ? "trace in \(traces[0].path)" : "traces in \(trace)")
        }
        try batch.commit()
        if scenarios.count > 1 && !quiet {
            console.out("\n" + Format.table(rows))
        }
        for (name, failure) in failed {
            console.err("budget exceeded: \(name): \(failure)\n")
        }
        for (name, budgets) in expected {
            console.out("over budget as expected (a deliberate anti-pattern, not a failure): \(name): \(budgets.map(\.exceededText).joined(separator: ", "))\n")
        }
        let passed = scenarios.count - failed.count - expected.count
        let asExpected = expected.isEmpty ? "" : "\(expected.count) over as expected, "
        console.out("\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") run, \(passed) within budget, \(asExpected)\(failed.count) over; reports in \(out)\((written.map { "; " + $0 }).joined())\n")
        return failed.isEmpty ? .success : .failure
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
