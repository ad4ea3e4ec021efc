import ScrollSimHistory
import ScrollSimKit

/// `scrollsim history show`: prints recorded values.
struct HistoryShowCommand: Command {
    static let spec = CommandSpec(
        name: "history show",
        abstract: "Print the values recorded in the history database.",
        arguments: "",
        minimumArguments: 0,
        maximumArguments: 0,
        options: [
            HistoryCommand.db,
            HistoryCommand.scenario,
            HistoryCommand.metric,
            .init(name: "last", short: nil, value: "N", help: "Only the last N commits."),
            HistoryCommand.format,
        ],
        discussion: """
        One row per scenario, metric and commit, in a fixed order: scenarios by name, summary
        metrics in the report's order then harness figures by name, commits by time (then in
        the order first recorded). The same database prints the same bytes. JSON holds the
        commits and, per scenario and metric, its points; CSV one row per point. Exit status:
        0, or 2 for a missing or unreadable database, a scenario or metric it does not hold, or
        a bad option.
        """
    )

    var db: String
    var scenario: String?
    var metric: String?
    var last: Int?
    var format: HistoryFormat

    init(_ arguments: ParsedArguments) throws {
        let name = Self.spec.name
        db = try HistoryCommand.database(arguments, command: name)
        scenario = arguments.value("scenario")
        metric = arguments.value("metric")
        format = try HistoryCommand.format(arguments, command: name)
        if let text = arguments.value("last") {
            guard let count = Int(text), count > 0 else {
                throw ScrollSimError.usage(command: name, "--last \(text): expected a positive number of commits")
            }
            last = count
        }
    }

    func run(_ console: Console) throws -> ExitStatus {
        var data = try HistoryCommand.read(db, scenario: scenario, metric: metric)
        if let last { data = data.last(last) }
        console.out(HistoryFormat.show(data, as: format))
        return .success
    }
}
