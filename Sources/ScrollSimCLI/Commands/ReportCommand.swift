import ScrollSimKit

/// `scrollsim report`: renders HTML charts from reports (issue 6).
struct ReportCommand: Command {
    static let spec = CommandSpec(
        name: "report",
        abstract: "Render HTML charts of frame budgets from reports.",
        arguments: "REPORT|DIR...",
        minimumArguments: 1,
        maximumArguments: nil,
        options: []
    )

    init(_ arguments: ParsedArguments) throws {}

    func run(_ console: Console) throws -> ExitStatus {
        throw UsageError(command: "report", message: "report is not implemented yet")
    }
}
