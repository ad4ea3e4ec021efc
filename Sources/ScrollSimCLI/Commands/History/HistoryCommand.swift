import ScrollSimHistory
import ScrollSimKit

/// `scrollsim history`: the history of runs in an SQLite database — `record`, `show`,
/// `changes`, `page`. It only names its subcommands; each is a command of its own.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history",
        abstract: "Keep every run's metrics in an SQLite database: record, show, find the commit where a metric moved, draw trend pages.",
        arguments: "record|show|changes|page ...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [],
        discussion: """
        COMMANDS:
          record   Store reports' metrics under a commit (scrollsim history record Reports/latest --db history.sqlite --commit SHA).
          show     Print the recorded values as a table, JSON or CSV.
          changes  List the commits at which each scenario's metrics moved.
          page     Draw HTML trend pages: a chart per scenario and metric over commits.

        The database is one SQLite file that CI keeps between runs (a cache or an artifact);
        several shards may record into it at once. See 'scrollsim history <command> --help'.
        """
    )

    static let subcommands: [any Command.Type] = [
        HistoryRecordCommand.self, HistoryShowCommand.self, HistoryChangesCommand.self, HistoryPageCommand.self,
    ]

    init(_ arguments: ParsedArguments) throws {
        throw ScrollSimError.usage(command: "history", "give a history command: record, show, changes or page")
    }

    func run(_ console: Console) throws -> ExitStatus { .invalid }

    // MARK: options the subcommands share

    static let db = CommandSpec.Option(name: "db", short: nil, value: "FILE", help: "The history database (an SQLite file).")
    static let scenario = CommandSpec.Option(name: "scenario", short: nil, value: "NAME", help: "Only this scenario.")
    static let metric = CommandSpec.Option(name: "metric", short: nil, value: "PATH", help: "Only this metric (a summary path such as frameWorkMs.p99, or harness.NAME).")
    static let format = CommandSpec.Option(name: "format", short: nil, value: "FORMAT", help: "table (default), json or csv.")

    /// The required `--db FILE`.
    static func database(_ arguments: ParsedArguments, command: String) throws -> String {
        guard let path = try OutputOptions.path(arguments, "db", command: command) else {
            throw ScrollSimError.usage(command: command, "--db FILE is required: the history database")
        }
        return path
    }

    static func format(_ arguments: ParsedArguments, command: String) throws -> HistoryFormat {
        let text = arguments.value("format") ?? "table"
        guard let format = HistoryFormat(rawValue: text) else {
            throw ScrollSimError.usage(command: command, "--format \(text): expected table, json or csv")
        }
        return format
    }

    /// Reads the history with the `--scenario` and `--metric` filters; a name the database does
    /// not hold is an error naming the closest one it does.
    ///
    /// - Parameter everyMetric: read every metric of the scenarios and filter by `metric` only
    ///   afterwards, through `filter`: what `changes` needs, since judging one metric's move may
    ///   take another (the hitch ratio decides the hitch-grade rule). Without it only the
    ///   metric asked for is read.
    static func read(_ path: String, scenario: String?, metric: String?, everyMetric: Bool = false) throws -> HistoryData {
        do {
            let database = try HistoryDatabase.openForReading(path)
            let (source, name) = split(metric)
            var data = try database.read(scenario: scenario, metric: everyMetric ? nil : name)
            if !everyMetric, let source { data.series.removeAll { $0.source != source } }
            if let scenario, data.scenarios[scenario] == nil {
                throw ScrollSimError(messages: [missing("scenario", scenario, among: try database.scenarioNames(), path: path)])
            }
            if let metric, !data.series.contains(where: { matches($0.metric, $0.source, metric) }) {
                throw ScrollSimError(messages: [missing("metric", metric, among: try database.metricNames(), path: path)])
            }
            return data
        }
    }

    /// `harness.NAME` → (harness, NAME); a summary path → (nil, path): any source.
    static func split(_ metric: String?) -> (source: HistorySource?, name: String?) {
        guard let metric, metric.hasPrefix("harness.") else { return (nil, metric) }
        return (.harness, String(metric.dropFirst("harness.".count)))
    }

    /// Whether a stored metric is the one `--metric` names.
    static func matches(_ name: String, _ source: HistorySource, _ metric: String) -> Bool {
        let wanted = split(metric)
        return name == wanted.name && (wanted.source == nil || wanted.source == source)
    }

    static func missing(_ what: String, _ name: String, among names: [String], path: String) -> String {
        var message = "\(path): no \(what) '\(name)' recorded"
        if let near = Spelling.closest(to: name, in: names) { message += " (did you mean '\(near)'?)" }
        return message
    }
}
