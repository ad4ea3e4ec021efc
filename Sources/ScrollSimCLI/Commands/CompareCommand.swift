import Foundation
import ScrollSimKit

/// `scrollsim compare`: compares reports against a baseline.
///
/// Parses and validates options in `init` (usage errors, exit 2), reads the thresholds and
/// both sides in `run` (input errors, exit 2), builds the `Comparison` value, writes the
/// `--output` files and prints. Thresholds, reading and pairing are `ThresholdOptions`'s,
/// shared with `scrollsim report --baseline`. The exit status is the only place a comparison becomes 0 or 1.
struct CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Compare reports (or directories of reports) against a baseline.",
        arguments: "BASE CURRENT",
        minimumArguments: 2,
        maximumArguments: 2,
        options: [
            ThresholdOptions.threshold,
            ThresholdOptions.thresholdsFile,
            ThresholdOptions.preset,
            CompareOutput.format,
            CompareOutput.output,
            ThresholdOptions.strictContent,
            ThresholdOptions.allowContentChange,
            CompareOutput.failOn,
            CompareOutput.suite,
            CompareOutput.all,
            .init(name: "html", short: nil, value: "DIR", help: "Also write the pages to DIR: NAME.compare.html for each scenario in both, NAME.html for each current report, and index.html (a CI artifact)."),
            SiteOutput.clean,
        ],
        discussion: """
        BASE and CURRENT are two report files (compared with each other), or directories of
        reports matched by scenario name; scenarios only one side has are reported as new or
        missing (a warning). A scenario whose content hash differs (its types, costs, script or
        data changed) is still compared by name and marked "scenario changed": what changed in
        it is printed first as key paths (content.types[photo].bodyMs 0.15 → 2.5), then its
        metrics as usual, so a slower view type fails like any regression. --strict-content
        refuses such a scenario instead (an error: refresh the baseline with scrollsim baseline),
        for a repository whose scenarios are fixed. --allow-content-change is deprecated and
        does nothing (comparing changed scenarios is the default).

        Every summary metric gets baseline, current, delta, relative change and a verdict,
        judged by its polarity and the preset (standard: frame work against the frame budget,
        moves under half of it noted; the hitch ratio by Apple's grades; defect counts on any
        rise, work counts past a slack of 2; a metric over its own budget fails; --preset
        relative for 5%/10% of the baseline everywhere). The hitch grade is shown apart from
        the verdict. Neutral metrics
        (frames, appears, scrollTo.count, ...) are reported and never judged. The report's
        harness section (wall time) is never compared.

        Exit status: 0 when nothing regressed (improvements included), 1 on a regression or a
        refused scenario at the --fail-on level, 2 for unreadable, corrupt or foreign reports,
        a bad thresholds file, bad options or an unwritable --output or --html.

        --html DIR writes the same pages as scrollsim report CURRENT --baseline BASE --out DIR
        (the comparison pages beside each current report's page and an index), all of them or
        none, before the comparison is printed, so a CI job can keep them as an artifact.
        """
    )

    var base: String
    var current: String
    var judging: ThresholdOptions
    var output: CompareOutput
    var html: String?
    var clean: Bool

    init(_ arguments: ParsedArguments) throws {
        base = arguments.positionals[0]
        current = arguments.positionals[1]
        judging = try ThresholdOptions(arguments, command: "compare")
        output = try CompareOutput(arguments, command: "compare")
        html = try OutputOptions.path(arguments, "html", command: "compare")
        clean = arguments.flag("clean")
        if clean && html == nil { throw ScrollSimError.usage(command: "compare", "--clean applies to the --html folder; give --html DIR") }
    }

    func run(_ console: Console) throws -> ExitStatus {
        let thresholds = try judging.thresholds()
        // Without pages the summaries are all a comparison reads: frames and events are
        // checked, not kept.
        let sides = try judging.compare(baseline: [base], current: [current], thresholds: thresholds, failOn: output.failOn,
                                        suite: output.suite, columns: html != nil)
        let comparison = sides.comparison
        try output.checkFiles()
        var inputs = OutputGuard()
        inputs.read([base, current])
        inputs.read((sides.baseline.reports + sides.current.reports).map(\.path))
        try OutputOptions.claim(output.outputs.map { ($0.path, "--output") }, directories: [html].compactMap { $0 }, inputs: inputs)
        var pages: [String] = []
        if let html {
            try OutputWriter.prepareDirectory(html)
            // The pages land together, or not at all, before the comparison is printed.
            let batch = OutputBatch(guarding: inputs)
            let site = try SiteOutput.stage(reports: sides.current.reports, comparison: comparison, baselines: sides.baseline.reports,
                                            to: html, clean: clean, in: batch)
            try batch.commit()
            pages = site.pages.map(\.name)
        }
        let status = try output.emit(comparison, console)
        if let html {
            let compared = pages.filter { $0.hasSuffix(".compare.html") }.count
            console.err("\(pages.count) page\(pages.count == 1 ? "" : "s") written to \(html) (\(compared) comparison page\(compared == 1 ? "" : "s"); open \((html as NSString).appendingPathComponent("index.html")))\n")
        }
        return status
    }
}
