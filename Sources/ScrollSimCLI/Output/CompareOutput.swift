import Foundation
import ScrollSimKit
import ScrollSimPresentation

/// How a comparison is printed and written (`--format`, `--output`, `--fail-on`, `--suite`, `--all`), and
/// the exit status it gives: shared by `scrollsim compare` and `scrollsim ab`, so both print the
/// same renderings and exit the same way.
struct CompareOutput {
    static let format = CommandSpec.Option(name: "format", short: "f", value: "FORMAT", help: "What to print: text (default), markdown, json or junit.")
    static let output = CommandSpec.Option(
        name: "output", short: "o", value: "FILE",
        help: "Also write the result to FILE (all --output files or none), in the format its extension names (.md markdown, .json json, .xml junit, .txt text; else --format). Repeatable.",
        repeatable: true)
    static let failOn = CommandSpec.Option(name: "fail-on", short: nil, value: "LEVEL", help: "Exit 1 on findings of LEVEL or worse: error (default) or warning.")
    static let suite = CommandSpec.Option(
        name: "suite", short: nil, value: "NAME", help: "JUnit: the classname of every test case, e.g. the CI job or shard (default scrollsim).")
    static let all = CommandSpec.Option(name: "all", short: "a", value: nil, help: "Text: list every metric, not only those that moved.")

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

    var format: Format
    var outputs: [(path: String, format: Format)]
    var failOn: Severity
    var all: Bool
    var suite: String?

    /// Parses the options from `arguments`.
    /// - Throws: `UsageError` for `command` naming a bad `--format` or `--fail-on`.
    init(_ arguments: ParsedArguments, command: String) throws {
        let formatName = arguments.value("format") ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw ScrollSimError.usage(command: command, ThresholdOptions.choiceMessage("--format", formatName, Format.allCases.map(\.rawValue)))
        }
        self.format = format
        outputs = arguments.all("output").map { ($0, Format(extensionOf: $0) ?? format) }
        failOn = .error
        if let level = arguments.value("fail-on") {
            switch level {
            case "error": failOn = .error
            case "warning", "warn": failOn = .warning
            default: throw ScrollSimError.usage(command: command, ThresholdOptions.choiceMessage("--fail-on", level, ["error", "warning"]))
            }
        }
        all = arguments.flag("all")
        suite = arguments.value("suite")
    }

    /// Fails before anything is written when an `--output` cannot be (every problem at once).
    func checkFiles() throws {
        try OutputOptions.check(files: outputs.map(\.path))
    }

    /// Writes the `--output` files, prints the comparison (and, for a format other than text,
    /// a short summary on standard error so the job log says what failed), and gives the exit
    /// status: 1 when the comparison failed at the `--fail-on` level.
    func emit(_ comparison: Comparison, _ console: Console) throws -> ExitStatus {
        try OutputWriter.writeAll(outputs.map { ($0.path, render(comparison, $0.format, colored: false)) })
        console.out(render(comparison, format, colored: console.isTerminal))
        if format != .text {
            var lines = [comparison.headline]
            for (scenario, metric) in comparison.regressions {
                lines.append("  \(scenario): \(metric.path) \(metric.severity?.rawValue ?? "")")
            }
            for scenario in comparison.scenarios where scenario.status == .contentChanged || scenario.status == .missing {
                lines.append("  \(scenario.name): \(scenario.note ?? scenario.status.rawValue)")
            }
            for scenario in comparison.scenarios where scenario.status == .compared && scenario.contentHashChanged {
                lines.append("  \(scenario.name): scenario changed: " + scenario.scenarioChangeLines.joined(separator: "; "))
            }
            // Scenario names come from the reports: each line through the terminal's one escaping.
            console.err(lines.map { MessageText.forTerminal($0) }.joined(separator: "\n") + "\n")
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
