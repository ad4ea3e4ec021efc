import Foundation
import ScrollSimKit

/// `scrollsim compare`: compares reports against a baseline (issue 5).
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
            .init(name: "format", short: "f", value: "FORMAT", help: "What to print: text (default), markdown, json or junit."),
            .init(name: "output", short: "o", value: "FILE",
                  help: "Also write the result to FILE, atomically, in the format its extension names (.md markdown, .json json, .xml junit, .txt text; else --format). Repeatable.",
                  repeatable: true),
            ThresholdOptions.allowContentChange,
            .init(name: "fail-on", short: nil, value: "LEVEL", help: "Exit 1 on findings of LEVEL or worse: error (default) or warning."),
            .init(name: "all", short: "a", value: nil, help: "Text: list every metric, not only those that moved."),
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

    enum Format: String, CaseIterable {
        case text, markdown, json, junit

        /// The format an `--output` file's extension names, if any.
        init?(extensionOf path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") {
                self = .markdown
            } else if lower.hasSuffix(".json") {
                self = .json
            } else if lower.hasSuffix(".xml") {
                self = .junit
            } else if lower.hasSuffix(".txt") {
                self = .text
            } else {
                return nil
            }
        }
    }

    var base: String
    var current: String
    var judging: ThresholdOptions
    var format: Format
    var outputs: [(path: String, format: Format)]
    var failOn: Severity
    var all: Bool

    init(_ arguments: ParsedArguments) throws {
        base = arguments.positionals[0]
        current = arguments.positionals[1]
        judging = try ThresholdOptions(arguments, command: "compare")
        let formatName = arguments.value("format") ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw UsageError(command: "compare", message: ThresholdOptions.choiceMessage("--format", formatName, Format.allCases.map(\.rawValue)))
        }
        self.format = format
        outputs = arguments.all("output").map { ($0, Format(extensionOf: $0) ?? format) }
        failOn = .error
        if let level = arguments.value("fail-on") {
            switch level {
            case "error": failOn = .error
            case "warning", "warn": failOn = .warning
            default: throw UsageError(command: "compare", message: ThresholdOptions.choiceMessage("--fail-on", level, ["error", "warning"]))
            }
        }
        all = arguments.flag("all")
    }

    func run(_ console: Console) throws -> ExitStatus {
        let thresholds = try judging.thresholds()
        let comparison = try judging.compare(baseline: [base], current: [current], thresholds: thresholds, failOn: failOn).comparison
        try OutputOptions.check(files: outputs.map(\.path))
        try OutputWriter.writeAll(outputs.map { ($0.path, render(comparison, $0.format, colored: false)) })
        console.out(render(comparison, format, colored: console.isTerminal))
        if format != .text {
            // Keep the job log readable when standard output goes to a summary or a file.
            var lines = [comparison.headline]
            for (scenario, metric) in comparison.regressions {
                lines.append("  \(scenario): \(metric.path) \(metric.severity?.rawValue ?? "")")
            }
            for scenario in comparison.scenarios where scenario.status == .contentChanged || scenario.status == .missing {
                lines.append("  \(scenario.name): \(scenario.note ?? scenario.status.rawValue)")
            }
            console.err(lines.joined(separator: "\n") + "\n")
        }
        return comparison.failed ? .failure : .success
    }

    func render(_ comparison: Comparison, _ format: Format, colored: Bool) -> String {
        switch format {
        case .text: return comparison.text(colored: colored, all: all)
        case .markdown: return comparison.markdown()
        case .json: return comparison.jsonText()
        case .junit: return comparison.junit()
        }
    }
}
