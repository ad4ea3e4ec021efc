import Foundation
import ScrollSimKit

/// The options that say how reports are judged against a baseline (`--threshold`,
/// `--thresholds`, `--preset`, `--strict-content`, and the deprecated `--allow-content-change`) and the reading and pairing of the two
/// sides: shared by `scrollsim compare` and `scrollsim report --baseline`, so both read
/// thresholds the same way, pair reports the same way and give the same verdicts.
///
/// Options are parsed and validated in `init` (usage errors, exit 2); the thresholds file and
/// the reports are read by `thresholds()` and `compare(baseline:current:thresholds:failOn:)`
/// (input errors naming the file, exit 2). No thresholds file is read unless `--thresholds`
/// names one (this repository's is `Reports/thresholds.json`; CI passes it explicitly).
struct ThresholdOptions {
    static let threshold = CommandSpec.Option(
        name: "threshold", short: "t", value: "METRIC=LIMIT",
        help: "Override a metric's threshold: 5% (relative), 2 (absolute), 3%,8% (warning,error) or off. METRIC is a summary path (frameWorkMs.p99) or ends in * (frameWorkMs.*). Repeatable; later ones win.",
        repeatable: true)
    static let thresholdsFile = CommandSpec.Option(
        name: "thresholds", short: nil, value: "FILE", help: "Read thresholds from FILE (this repository keeps them in Reports/thresholds.json).")
    static let preset = CommandSpec.Option(
        name: "preset", short: nil, value: "NAME", help: "Start from preset NAME instead of the file's (standard, relative, exact).")
    static let strictContent = CommandSpec.Option(
        name: "strict-content", short: nil, value: nil,
        help: "Refuse a scenario whose content hash differs (an error) instead of comparing it by name as \"scenario changed\" with what changed in it.")
    static let allowContentChange = CommandSpec.Option(
        name: "allow-content-change", short: nil, value: nil,
        help: "Deprecated, does nothing: changed scenarios are compared by default now (--strict-content refuses them).")

    var overrides: [Thresholds.Override]
    var file: String?
    var preset: Thresholds.Preset?
    var strictContent: Bool
    /// The options given, as typed (`--preset`), for messages.
    var given: [String]

    /// Parses the options from `arguments`.
    /// - Throws: `UsageError` for `command` naming the bad `--threshold` or `--preset`.
    init(_ arguments: ParsedArguments, command: String) throws {
        overrides = try arguments.all("threshold").map { argument in
            do {
                return try Thresholds.Override(argument: argument)
            } catch let error as ScrollSimError {
                throw ScrollSimError.usage(command: command, "--threshold \(error.description)")
            }
        }
        file = arguments.value("thresholds")
        if let name = arguments.value("preset") {
            guard let preset = Thresholds.Preset.named(name) else {
                throw ScrollSimError.usage(command: command, ThresholdOptions.choiceMessage("--preset", name, Thresholds.Preset.all.map(\.name)))
            }
            self.preset = preset
        }
        strictContent = arguments.flag("strict-content")
        if strictContent && arguments.flag("allow-content-change") {
            throw ScrollSimError.usage(command: command, "--strict-content refuses changed scenarios and --allow-content-change compares them; give one")
        }
        given = [("--threshold", !overrides.isEmpty), ("--thresholds", file != nil), ("--preset", preset != nil),
                 ("--strict-content", strictContent), ("--allow-content-change", arguments.flag("allow-content-change"))].filter(\.1).map(\.0)
    }

    /// "--preset 'x' is not one of standard, exact (did you mean 'exact'?)".
    static func choiceMessage(_ option: String, _ value: String, _ choices: [String]) -> String {
        var message = "\(option) '\(value)' is not one of \(choices.joined(separator: ", "))"
        if let near = Spelling.closest(to: value, in: choices) { message += " (did you mean '\(near)'?)" }
        return message
    }

    /// The preset, then the file's overrides, then `--threshold`s in order.
    /// - Throws: `ScrollSimError` with the thresholds file's problem (file and key path).
    func thresholds() throws -> Thresholds {
        var thresholds = Thresholds()
        if let file {
            thresholds = try Thresholds.load(path: file)
        }
        if let preset { thresholds.preset = preset }
        if !overrides.isEmpty {
            thresholds.overrides += overrides
            thresholds.sources.append("--threshold")
        }
        return thresholds
    }

    /// Reads both sides (every problem of both reported at once, each naming its file) and
    /// compares them (`Comparison(baseline:current:thresholds:options:)`): two report files
    /// with each other, otherwise by scenario name. With `columns` false the reports' frames
    /// and events are checked but not kept (a comparison without pages needs the summaries).
    /// - Throws: `InputError` listing every unreadable, corrupt or foreign report.
    func compare(baseline: [String], current: [String], thresholds: Thresholds, failOn: Severity = .error, suite: String? = nil, columns: Bool = true)
        throws -> (comparison: Comparison, baseline: ReportSet.Side, current: ReportSet.Side) {
        var problems: [ScrollSimError.Problem] = []
        var sides: [ReportSet.Side] = []
        for paths in [baseline, current] {
            do {
                sides.append(try ReportSet.side(paths, columns: columns))
            } catch let error as ScrollSimError {
                problems += error.problems
            }
        }
        guard problems.isEmpty else { throw ScrollSimError(problems: problems) }
        let options = Comparison.Options(strictContent: strictContent, failOn: failOn, suite: suite)
        return (Comparison(baseline: sides[0], current: sides[1], thresholds: thresholds, options: options), sides[0], sides[1])
    }
}
