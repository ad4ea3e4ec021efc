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
            ThresholdOptions.thresholdsFile,
            ThresholdOptions.preset,
            ThresholdOptions.threshold,
        ],
        discussion: """
        A single run's summary metrics are deterministic: every commit whose value differs
        from the commit recorded before it is listed. An ensemble's means (reports of --runs N)
        carry noise: a move is listed only when the 95 % Welch interval of the difference of
        the two commits' means excludes zero. Harness figures (wall time, allocations) are
        noisy: a change is a step in their level, found by a penalised piecewise-constant fit
        on medians after asv's step detection (each level spans at least 2 commits; a step
        under 5% of the level before is ignored), so one slow run is not a change.

        Each summary metric's move is judged as 'scrollsim compare' judges it, with the same
        thresholds (the standard preset unless --thresholds, --preset or --threshold say
        otherwise) and rules (the frame budget, the hitch grades): past its threshold it is a
        regression or an improvement; within it, or noted by a rule, it is a move, listed
        with the reason and never counted as a regression.

        Grouped by scenario and commit: the commit's full SHA, time and branch, the commit
        recorded before it, its subject (history record --subject), what changed in the
        scenario between the two, then each metric that moved (old → new, the direction, and
        a note). Exit status: 0, whatever moved; 2 for a missing or unreadable database or
        thresholds file, or a bad option.
        """
    )

    var db: String
    var scenario: String?
    var metric: String?
    var format: HistoryFormat
    var judging: ThresholdOptions

    init(_ arguments: ParsedArguments) throws {
        db = try HistoryCommand.database(arguments, command: Self.spec.name)
        scenario = arguments.value("scenario")
        metric = arguments.value("metric")
        format = try HistoryCommand.format(arguments, command: Self.spec.name)
        judging = try ThresholdOptions(arguments, command: Self.spec.name)
    }

    func run(_ console: Console) throws -> ExitStatus {
        let thresholds = try judging.thresholds()
        let data = try HistoryCommand.read(db, scenario: scenario, metric: metric, everyMetric: true)
        var changes = HistoryChanges.find(data, thresholds: thresholds)
        if let metric { changes.removeAll { !HistoryCommand.matches($0.metric, $0.source, metric) } }
        console.out(HistoryFormat.changes(changes, in: data, as: format))
        return .success
    }
}
