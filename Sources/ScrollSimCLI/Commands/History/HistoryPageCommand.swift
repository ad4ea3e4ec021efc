import Foundation
import ScrollSimHistory
import ScrollSimKit
import ScrollSimPresentation

/// `scrollsim history page`: HTML trend pages of the history.
struct HistoryPageCommand: Command {
    static let spec = CommandSpec(
        name: "history page",
        abstract: "Draw HTML trend pages: a chart per scenario and metric over commits, change points marked.",
        arguments: "",
        minimumArguments: 0,
        maximumArguments: 0,
        options: [
            HistoryCommand.db,
            .init(name: "out", short: "o", value: "DIR", help: "Where the pages go (required): index.html and NAME.html per scenario."),
            .init(name: "reports-url", short: nil, value: "TEMPLATE", help: "Link change points to report pages: {commit} becomes the SHA, {scenario} the page name."),
            ThresholdOptions.thresholdsFile,
            ThresholdOptions.preset,
            ThresholdOptions.threshold,
        ],
        discussion: """
        Each scenario's page lists its change points (as 'scrollsim history changes') and
        charts every metric over the commits recorded: the value at each commit (an
        ensemble's mean, with its 95 % interval as a band), the scenario's budget as a dashed
        line where it set one, each change point ringed (red a regression, green an
        improvement, grey a move within thresholds). Moves are judged with compare's
        thresholds (--thresholds, --preset, --threshold; the standard preset by default), as
        'scrollsim history changes' lists them. Summary metrics that never moved and have no
        budget are listed in a table instead of charted. With --reports-url, e.g.
        'https://ORG.github.io/APP/reports/{commit}/{scenario}.html', each change point links
        to the report page of that commit. Pages are self-contained (no network, no files
        beside them).

        Every page is rendered before any is written, then all at once into DIR (nothing
        outside it): on an error nothing new is left. Exit status: 0 when written, 2 for a
        missing or unreadable database, a bad option or an unwritable DIR.
        """
    )

    var db: String
    var out: String
    var reportsURL: String?
    var judging: ThresholdOptions

    init(_ arguments: ParsedArguments) throws {
        let name = Self.spec.name
        db = try HistoryCommand.database(arguments, command: name)
        guard let out = try OutputOptions.path(arguments, "out", command: name) else {
            throw ScrollSimError.usage(command: name, "--out DIR is required: where the pages go")
        }
        self.out = out
        reportsURL = arguments.value("reports-url")
        if let template = reportsURL, !template.contains("{commit}") {
            throw ScrollSimError.usage(command: name, "--reports-url \(template): the template has no {commit}, so every change point would link to the same page")
        }
        if let template = reportsURL, !LinkScheme.allows(template) {
            throw ScrollSimError.usage(command: name, "--reports-url \(template): links are relative paths or http(s) URLs, not \(LinkScheme.scheme(template) ?? ""):")
        }
        judging = try ThresholdOptions(arguments, command: name)
    }

    func run(_ console: Console) throws -> ExitStatus {
        try OutputOptions.check(files: [], directories: [out])
        let thresholds = try judging.thresholds()
        let data = try HistoryCommand.read(db, scenario: nil, metric: nil)
        let pages = HistoryPages.render(data, changes: HistoryChanges.find(data, thresholds: thresholds), reportsURL: reportsURL)
        let batch = OutputBatch()
        try HTMLSite.stage(pages, to: out, in: batch)
        try batch.commit()
        console.out("\(pages.count) page\(pages.count == 1 ? "" : "s") written to \(out) (open \((out as NSString).appendingPathComponent("index.html")))\n")
        return .success
    }
}
