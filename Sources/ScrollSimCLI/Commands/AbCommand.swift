import Foundation
import ScrollSimKit

/// `scrollsim ab A.json B.json`: plays two variants of a list and compares B with A in one
/// command, as `scrollsim compare` would compare their reports — the same renderings, outputs
/// and exit statuses — except that the two scenarios' contents are expected to differ (that is
/// the point of an A/B), so they are compared, never refused.
///
/// Both scenarios are validated before either is played (exit 2 for an invalid one). The runs
/// are the deterministic ones `scrollsim baseline` makes (no harness); `--html DIR` also writes
/// B's page and the compare page of B against A, and `--out DIR` keeps the two reports.
struct AbCommand: Command {
    static let spec = CommandSpec(
        name: "ab",
        abstract: "Play two variants of a scenario and compare B against A in one step.",
        arguments: "A.json B.json",
        minimumArguments: 2,
        maximumArguments: 2,
        options: [
            ThresholdOptions.threshold,
            ThresholdOptions.thresholdsFile,
            ThresholdOptions.preset,
            CompareOutput.format,
            CompareOutput.output,
            CompareOutput.failOn,
            CompareOutput.suite,
            CompareOutput.all,
            .init(name: "html", short: nil, value: "DIR", help: "Also write the compare page of B against A, B's page and an index to DIR."),
            .init(name: "out", short: nil, value: "DIR", help: "Also keep the two reports in DIR (a.NAME.json and b.NAME.json)."),
            SiteOutput.clean,
            RunsOption.option,
            JobsOption.option,
        ],
        discussion: """
        With --runs N (or an ensemble in the files), each side plays as N runs and run i of A
        and run i of B draw alike, so each metric is judged by the paired differences: a
        regression or an improvement only when the 95 % interval of the mean difference lies
        wholly on one side of zero and the mean difference passes the threshold; otherwise
        "no significant change", with the interval.

        A is the baseline, B the current side: every summary metric of B is judged against A's
        with compare's thresholds (standard preset unless --thresholds, --preset or --threshold
        say otherwise), and printed in compare's formats. The two scenarios may differ in
        anything (types, costs, stack, script): what differs is listed first (key path, A → B,
        as compare lists a changed scenario), then the metrics.

        Exit status: 0 when B did not regress against A, 1 when it did (at the --fail-on
        level), 2 for an invalid scenario, a bad option or thresholds file, or an unwritable
        output. Nothing is written then.
        """
    )

    var a: String
    var b: String
    var judging: ThresholdOptions
    var output: CompareOutput
    var html: String?
    var out: String?
    var clean: Bool
    var runs: Int?
    var jobs: Int

    init(_ arguments: ParsedArguments) throws {
        a = arguments.positionals[0]
        b = arguments.positionals[1]
        judging = try ThresholdOptions(arguments, command: "ab")
        output = try CompareOutput(arguments, command: "ab")
        html = try OutputOptions.path(arguments, "html", command: "ab")
        out = try OutputOptions.path(arguments, "out", command: "ab")
        clean = arguments.flag("clean")
        if clean && html == nil { throw ScrollSimError.usage(command: "ab", "--clean applies to the --html folder; give --html DIR") }
        runs = try RunsOption.parse(arguments, command: "ab")
        jobs = try JobsOption.parse(arguments, command: "ab")
    }

    func run(_ console: Console) throws -> ExitStatus {
        for path in [a, b] where ReportSet.isDirectory(path) {
            throw ScrollSimError.usage(command: "ab", "\(path) is a directory; give two scenario files")
        }
        // Each side is loaded on its own: A and B are usually one file and its copy, of one
        // name, and their kept reports are told apart by side (a.NAME.json, b.NAME.json).
        let scenarios = RunsOption.apply(runs, to: try ScenarioFiles.loadEach([a, b], console: console))
        let thresholds = try judging.thresholds()
        try output.checkFiles()
        let reportPaths = zip(["a", "b"], scenarios).map { side, scenario in
            out.map { ($0 as NSString).appendingPathComponent("\(side).\(Scenario.fileName(scenario.name)).json") }
        }
        let inputs = ScenarioFiles.inputs([a, b], scenarios)
        try OutputOptions.claim(zip(["A", "B"], reportPaths).compactMap { side, path in path.map { ($0, "the report of \(side)") } }
                                + output.outputs.map { ($0.path, "--output") },
                                directories: [html, out].compactMap { $0 }, inputs: inputs)
        try OutputOptions.refuseForeign(reportPaths.compactMap { $0 }, ReportMarker.refuseForeign)
        if let html { try OutputWriter.prepareDirectory(html) }
        if let out { try OutputWriter.prepareDirectory(out) }

        let reports = zip(reportPaths, scenarios).map { path, scenario in scenario.report(label: path ?? scenario.file, jobs: jobs) }
        let comparison = Comparison(baseline: reports[0], current: reports[1], thresholds: thresholds,
                                    options: .init(failOn: output.failOn, suite: output.suite),
                                    baselineLabel: "A \(a)", currentLabel: "B \(b)")
        // Reports and pages land together or not at all.
        let batch = OutputBatch(guarding: inputs)
        if out != nil {
            for report in reports { try batch.stage(JSONWriter().string(report.root), to: report.path) }
        }
        let pages = try html.map { folder in
            try SiteOutput.stage(reports: [reports[1]], comparison: comparison, baselines: [reports[0]], reportsOnDisk: out != nil,
                                 to: folder, clean: clean, in: batch).pages
        } ?? []
        try batch.commit()
        let status = try output.emit(comparison, console)
        if let html, let page = pages.first(where: { $0.name.hasSuffix(".compare.html") }) {
            console.err("compare page: \((html as NSString).appendingPathComponent(page.name))\n")
        }
        return status
    }
}
