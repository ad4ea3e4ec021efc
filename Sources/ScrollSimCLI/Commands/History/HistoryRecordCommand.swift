import Foundation
import ScrollSimHistory
import ScrollSimKit

/// `scrollsim history record`: stores reports' metrics under a commit, in one transaction.
struct HistoryRecordCommand: Command {
    static let spec = CommandSpec(
        name: "history record",
        abstract: "Store the metrics of reports under a commit in the history database.",
        arguments: "REPORT|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: [
            HistoryCommand.db,
            .init(name: "commit", short: nil, value: "SHA", help: "The commit the reports were made from (required; e.g. $GITHUB_SHA, $CI_COMMIT_SHA)."),
            .init(name: "branch", short: nil, value: "NAME", help: "The commit's branch."),
            .init(name: "time", short: nil, value: "TIME", help: "The commit's time, RFC 3339 (2026-12-01T15:40:08Z, or git log --format=%cI's 2026-12-01T16:40:08+01:00) or a date; commits are ordered by it (default: when first recorded)."),
            .init(name: "label", short: nil, value: "KEY=VALUE", help: "A label stored with each run (the runner, the shard…); repeatable.", repeatable: true),
            .init(name: "subject", short: nil, value: "TEXT", help: "The commit's subject, shown by changes and the pages (its first line is kept: $CI_COMMIT_TITLE, or a whole message)."),
        ],
        discussion: """
        Directories are searched for *.json reports as other commands do (not recursively;
        *.trace.json skipped). For each report it stores every summary metric of the metric
        catalogue, the budgets the scenario set, the harness figures (wall time, allocations;
        present in reports of scrollsim run), the scenario's content hash and its whole
        scenario section. For an ensemble's report (scrollsim run --runs N) each summary
        metric is its mean, stored with its run count, standard deviation and 95 % interval.
        --subject stores the commit's subject line (scrollsim does not run git; pass it from
        the CI's variables or git log -1 --format=%s). Recording the same commit and scenario
        again replaces that run (re-running a CI job is safe); other scenarios of the commit
        are kept, so shards may each record their own reports.

        The database is created when missing. All the reports are stored in one transaction:
        all or, on any error or a killed process, none. Several processes may record into one
        database at once (SQLite's write-ahead log; each waits up to a minute for the others).
        A database of an older schema version is upgraded in place by the same transaction.
        Exit status: 0 when recorded, 2 for a bad or unreadable report, a bad option, or a
        database that cannot be written (not an SQLite database, read-only, of a newer schema
        version): the database is left unchanged.
        """
    )

    var paths: [String]
    var db: String
    var commit: HistoryCommit

    init(_ arguments: ParsedArguments) throws {
        let name = Self.spec.name
        paths = arguments.positionals
        db = try HistoryCommand.database(arguments, command: name)
        guard let sha = arguments.value("commit") else {
            throw ScrollSimError.usage(command: name, "--commit SHA is required: the commit the reports were made from")
        }
        guard !sha.isEmpty, !sha.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw ScrollSimError.usage(command: name, "--commit '\(sha)': expected a commit SHA (no spaces)")
        }
        var time: String?
        if let text = arguments.value("time") {
            guard let normalized = HistoryDatabase.normalizedTime(text) else {
                throw ScrollSimError.usage(command: name, "--time \(text): expected an RFC 3339 time with seconds and an offset, such as 2026-12-01T15:40:08Z or 2026-12-01T16:40:08+01:00 (git log --format=%cI), or a date such as 2026-12-01 (midnight UTC)")
            }
            time = normalized
        }
        var labels: [(key: String, value: String)] = []
        for label in arguments.all("label") {
            guard let equals = label.firstIndex(of: "="), equals != label.startIndex else {
                throw ScrollSimError.usage(command: name, "--label \(label): expected KEY=VALUE")
            }
            let key = String(label[..<equals])
            guard !labels.contains(where: { $0.key == key }) else {
                throw ScrollSimError.usage(command: name, "--label \(key) given twice")
            }
            labels.append((key, String(label[label.index(after: equals)...])))
        }
        commit = HistoryCommit(sha: sha, branch: arguments.value("branch"), time: time, labels: labels.sorted { $0.key < $1.key },
                               subject: arguments.value("subject").flatMap(HistoryCommit.subjectLine))
    }

    /// The environment variable of the fault-injection test (HistoryConcurrencyTests): with it
    /// set to N, a record says so on standard error and sleeps N ms halfway through its
    /// transaction, so the test kills it there.
    static let pauseVariable = "SCROLLSIM_HISTORY_TEST_PAUSE_MS"

    static func pause(_ console: Console) -> (() -> Void)? {
        guard let text = console.environment[pauseVariable], let ms = UInt32(text) else { return nil }
        return {
            console.err("history record: paused halfway through the transaction\n")
            usleep(ms * 1000)
        }
    }

    func run(_ console: Console) throws -> ExitStatus {
        let reports: [Report]
        do {
            // The summaries, harness figures and scenario sections are what is stored: the
            // frames and events are checked, not kept.
            reports = try ReportSet.side(paths, columns: false).reports
        }
        let recorded: HistoryDatabase.Recorded
        do {
            let database = try HistoryDatabase.openForRecording(db)
            recorded = try database.record(reports.map(HistoryRun.init(report:)), commit: commit, now: HistoryDatabase.timestamp(),
                                           midway: Self.pause(console))
        }
        var line = "recorded \(reports.count) scenario\(reports.count == 1 ? "" : "s") of commit \(commit.sha) into \(db)"
        line += " (\(recorded.added) new, \(recorded.replaced) replaced; \(recorded.values) values"
        if recorded.spreads > 0 { line += ", \(recorded.spreads) of them ensemble means with their intervals" }
        line += ")"
        console.out(MessageText.forTerminal(line) + "\n")
        return .success
    }
}
