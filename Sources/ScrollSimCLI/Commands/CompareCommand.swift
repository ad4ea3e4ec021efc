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
            ThresholdOptions.allowContentChange,
            CompareOutput.failOn,
            CompareOutput.all,
        ],
        discussion: """
        BASE and CURRENT are two report files (compared with each other), or directories of
        reports matched by scenario name; scenarios only one side has are reported as new or
        missing (a warning). A scenario whose content hash differs is not compared unless
        --allow-content-change: its model changed, so refresh the baseline (scrollsim baseline).

        Every summary metric gets baseline, current, delta, relative change and a verdict,
        judged by its polarity: counts fail on any rise, times and memory on a relative change
        (standard preset: times 5% warning / 10% error, memory 2% / 5%). Neutral metrics
        (frames, appears, scrollTo.count, ...) are reported and never judged. The report's
        harness section (wall time) is never compared.

        Exit status: 0 when nothing regressed (improvements included), 1 on a regression or a
        refused scenario at the --fail-on level, 2 for unreadable, corrupt or foreign reports,
        a bad thresholds file, bad options or an unwritable --output.
        """
    )

    var base: String
    var current: String
    var judging: ThresholdOptions
    var output: CompareOutput

    init(_ arguments: ParsedArguments) throws {
        base = arguments.positionals[0]
        current = arguments.positionals[1]
        judging = try ThresholdOptions(arguments, command: "compare")
        output = try CompareOutput(arguments, command: "compare")
    }

    func run(_ console: Console) throws -> ExitStatus {
        let thresholds = try judging.thresholds()
        let comparison = try judging.compare(baseline: [base], current: [current], thresholds: thresholds, failOn: output.failOn).comparison
        try output.checkFiles()
        var inputs = OutputGuard()
        inputs.read([base, current])
        
        try OutputOptions.claim(output.outputs.map { ($0.path, "--output") }, inputs: inputs)
        return try output.emit(comparison, console)
    }
}
