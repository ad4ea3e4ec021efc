import ScrollSimHistory
import ScrollSimKit

/// `scrollsim history changes`: the commits at which metrics moved.
struct HistoryChangesCommand: Command {
    static let spec = CommandSpec(
        name: "history changes",
        abstract: "List the commits at which each scenario's metrics moved, with what changed in the scenario.",
        arguments: "",
        minimumArguments: 0,
        maximumArguments: 0,
        options: [
            HistoryCommand.db,
            HistoryCommand.scenario,
            HistoryCommand.metric,
            HistoryCommand.format,
        ],
        discussion: """
        Summary metrics are deterministic: a change is any commit whose value differs from the
        commit recorded before it. Harness figures (wall time, allocations) are noisy: a change
        is a step in their level, found by a penalised piecewise-constant fit on medians after
        asv's step detection (each level spans at least 2 commits; a step under 5% of the
        level before is ignored), so one slow run is not a change.

        Grouped by scenario and commit: the commit's full SHA, time and branch, the commit
        recorded before it, what changed in the scenario between the two, then each metric that
        moved (old → new, and whether that is a regression or an improvement). Exit status: 0,
        whatever moved; 2 for a missing or unreadable database or a bad option.
        """
    )

    var db: String
    var scenario: String?
    var metric: String?
    var format: HistoryFormat

    init(_ arguments: ParsedArguments) throws {
        db = try HistoryCommand.database(arguments, command: Self.spec.name)
        scenario = arguments.value("scenario")
        metric = arguments.value("metric")
        format = try HistoryCommand.format(arguments, command: Self.spec.name)
    }

    func run(_ console: Console) throws -> ExitStatus {
        let data = try HistoryCommand.read(db, scenario: scenario, metric: metric)
        console.out(HistoryFormat.changes(HistoryChanges.find(data), in: data, as: format))
        return .success
    }
}
