import Foundation
import ScrollSimKit

/// `scrollsim report`: renders HTML charts (and optionally Chrome traces) from reports.
///
/// With `--baseline`, the reports are read, paired and judged exactly as `scrollsim compare`
/// does (`ThresholdOptions`: the same threshold options, `ReportSet` and `Comparison`), so a
/// compare page shows the verdicts `scrollsim compare BASELINE REPORT` prints.
struct ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Render HTML charts of frame budgets from reports.",
        arguments: "REPORT|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [
            .init(name: "out", short: "o", value: "DIR", help: "Where the pages go (default Reports/html): index.html and NAME.html per scenario."),
            SiteOutput.clean,
            .init(name: "baseline", short: nil, value: "PATH", help: "A baseline report or directory of reports: adds NAME.compare.html for each scenario in both."),
            ThresholdOptions.threshold,
            ThresholdOptions.thresholdsFile,
            ThresholdOptions.preset,
            ThresholdOptions.strictContent,
            ThresholdOptions.allowContentChange,
            .init(name: "trace", short: nil, value: "PATH", help: "Also write Chrome traces (Perfetto): a file for one report, a directory for several."),
            TraceOutput.rangeOption,
        ],
        discussion: """
        Directories are searched for *.json reports (not recursively; *.trace.json files are
        skipped). With --baseline, reports are paired and judged as `scrollsim compare
        BASELINE REPORT` does: one report file against one baseline file are compared whatever
        their names (e.g. the anti-pattern against its fix); otherwise reports are matched by
        scenario name, and scenarios only one side has are shown as new or missing. A scenario
        whose content hash differs is compared and marked "scenario changed", its changes listed
        on its compare page (--strict-content refuses it instead). The threshold
        options are compare's and need --baseline; no thresholds file is read unless
        --thresholds names one (this repository's: Reports/thresholds.json).

        The index lists every report page in the folder, earlier runs' too; pages whose reports
        are gone are listed apart as stale, and --clean removes them (only pages ScrollSim drew).

        Every report (and the thresholds file) is read and every page rendered before anything
        is written, and then all of it at once: on an error nothing new is left. Exit status: 0 when the pages are written, regressions or not (use
        scrollsim compare to fail on them), 2 for an unreadable or corrupt report or thresholds
        file, a bad option or an unwritable output.
        """
    )

    var paths: [String]
    var out: String
    var baseline: String?
    var clean: Bool
    var judging: ThresholdOptions
    var trace: String?
    var traceRange: TraceRange?

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        out = try OutputOptions.path(arguments, "out", command: "report") ?? "Reports/html"
        baseline = arguments.value("baseline")
        clean = arguments.flag("clean")
        trace = try OutputOptions.path(arguments, "trace", command: "report")
        traceRange = try TraceOutput.range(arguments, command: "report", trace: trace)
        judging = try ThresholdOptions(arguments, command: "report")
        if baseline == nil, let option = judging.given.first {
            throw ScrollSimError.usage(command: "report", "\(option) applies to the comparison with a baseline; give --baseline PATH or leave it out")
        }
    }

    func run(_ console: Console) throws -> ExitStatus {
        let reports: [Report]
        var comparison: Comparison?
        var baselines: [Report] = []
        if let baseline {
            let thresholds = try judging.thresholds()
            let sides = try judging.compare(baseline: [baseline], current: paths, thresholds: thresholds)
            reports = sides.current.reports
            baselines = sides.baseline.reports
            comparison = sides.comparison
        } else {
            do {
                reports = try ReportSet.side(paths).reports
            }
        }
        let traces = try trace.map { try TraceOutput.render(reports, to: $0, range: traceRange, console: console) } ?? []
        try OutputOptions.check(files: traces.map(\.path), directories: [out])
        var inputs = OutputGuard()
        inputs.read(paths + (baseline.map { [$0] } ?? []))
        inputs.read((reports + baselines).map(\.path))
        try OutputOptions.claim(zip(traces, reports).map { ($0.path, "the trace of \($1.scenarioName)") },
                                directories: [out], inputs: inputs)
        let batch = OutputBatch(guarding: inputs)
        let site = try SiteOutput.stage(reports: reports, comparison: comparison, baselines: baselines, to: out, clean: clean, in: batch)
        let pages = site.pages
        for (path, text) in traces { try batch.stage(text, to: path) }
        try batch.commit()
        var line = "\(pages.count) page\(pages.count == 1 ? "" : "s") written to \(out) (open \((out as NSString).appendingPathComponent("index.html")))"
        if let comparison {
            let compared = comparison.scenarios.filter { $0.status == .compared }.count
            line += "; \(compared) of \(reports.count) compared with a baseline (\(comparison.headline))"
        }
        if !traces.isEmpty { line += "; \(traces.count) trace\(traces.count == 1 ? "" : "s") written" }
        line += SiteOutput.note(site, clean: clean)
        console.out(line + "\n")
        return .success
    }
}
