import ScrollSimKit

/// `scrollsim baseline`: refreshes the committed baseline reports that CI compares with.
struct BaselineCommand: Command {
    static let spec = CommandSpec(
        name: "baseline",
        abstract: "Refresh the baseline reports CI compares with (default: Scenarios into Reports/baseline).",
        arguments: "[FILE|DIR...]",
        minimumArguments: 0,
        maximumArguments: nil,
        options: [
            .init(name: "out", short: "o", value: "DIR", help: "The baseline directory (default Reports/baseline)."),
            .init(name: "quiet", short: "q", value: nil, help: "Print only files that changed and the final line."),
            .init(name: "check", short: nil, value: nil, help: "Write nothing; fail (exit 1) if any report differs from the baseline, listing what changed."),
            ScenarioFiles.limitOption,
            ScenarioFiles.allowOutsideDataOption,
            JobsOption.option,
        ],
        discussion: """
        Plays every scenario (default: the Scenarios directory) and writes its report to DIR as
        <name>.json without the harness section, so an unchanged scenario rewrites identical
        bytes and the diff shows only real changes. Reports of scenarios no longer given are
        deleted. Every scenario is played before anything is written, and then every change is
        made at once: on an error the baseline is left as it was. Budgets are not checked: a
        baseline records what is. Commit the result. Scenarios are simulated --jobs at a time
        (default: every core); the files are the same for any number.
        Exit status: 0 when written, 2 for invalid scenarios or an unwritable directory.

        With --check nothing is written: the reports are compared with the baseline exactly
        (every summary metric, frame column and event, outside harness) and in both directions
        (a scenario without a baseline report, or a report of a scenario not given, is a
        difference too). Exit status 0 when the baseline is exactly what the scenarios give,
        1 with a list of what changed (scenario, metric old → new, first differing frame,
        event counts) when not, 2 for invalid scenarios or a missing baseline directory.
        """
    )

    var paths: [String]
    var out: String
    var quiet: Bool
    var check: Bool
    var limits: ScenarioLimits
    var jobs: Int

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals.isEmpty ? ["Scenarios"] : arguments.positionals
        out = try OutputOptions.path(arguments, "out", command: "baseline") ?? "Reports/baseline"
        limits = try ScenarioFiles.limits(arguments, command: "baseline")
        quiet = arguments.flag("quiet")
        check = arguments.flag("check")
        jobs = try JobsOption.parse(arguments, command: "baseline")
    }

    func run(_ console: Console) throws -> ExitStatus {
        let scenarios = try ScenarioFiles.load(paths, limits: limits, jobs: jobs, console: console)
        if check { return try runCheck(scenarios, console) }
        let entries: [Baseline.Entry]
        do {
            entries = try Baseline.refresh(scenarios, directory: out, jobs: jobs, guarding: ScenarioFiles.inputs(paths, scenarios))
        }

        var tally: [String: Int] = [:]
        var rows: [[String]] = []
        for entry in entries {
            let (word, detail) = BaselineCommand.describe(entry.change)
            tally[word, default: 0] += 1
            if quiet && entry.change == .unchanged { continue }
            rows.append([word, entry.scenario, entry.path, detail])
        }
        console.out(BaselineCommand.leftAligned(rows))
        let summary = ["updated", "added", "removed", "replaced", "unchanged"].compactMap { word in tally[word].map { "\($0) \(word)" } }
        console.out("baseline \(out): \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"); \(summary.joined(separator: ", "))\n")
        return .success
    }

    static func describe(_ change: Baseline.Change) -> (String, String) {
        switch change {
        case .added: return ("added", "")
        case .unchanged: return ("unchanged", "")
        case .removed: return ("removed", "(scenario no longer given)")
        case .replacedInvalid(let reason): return ("replaced", "(was not a readable report: \(reason))")
        case .updated(let contentChanged, let metrics):
            var parts: [String] = []
            if contentChanged { parts.append("content changed") }
            if metrics.isEmpty {
                parts.append("no summary metric moved")
            } else {
                let shown = metrics.prefix(6).joined(separator: ", ")
                parts.append("\(metrics.count) metric\(metrics.count == 1 ? "" : "s") moved: \(shown)\(metrics.count > 6 ? ", ..." : "")")
            }
            return ("updated", "(" + parts.joined(separator: "; ") + ")")
        }
    }

    /// Columns padded to their widest cell, all left-aligned, no trailing spaces.
    static func leftAligned(_ rows: [[String]]) -> String {
        var widths: [Int] = []
        for row in rows {
            for (i, cell) in row.enumerated() {
                if i == widths.count { widths.append(0) }
                widths[i] = max(widths[i], cell.count)
            }
        }
        return rows.map { row in
            var line = ""
            for (i, cell) in row.enumerated() {
                line += i == row.count - 1 ? cell : cell.padding(toLength: widths[i] + 2, withPad: " ", startingAt: 0)
            }
            while line.last == " " { line.removeLast() }
            return line + "\n"
        }.joined()
    }
}
