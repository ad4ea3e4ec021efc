import ScrollSimKit

/// `scrollsim compare`: compares reports against a baseline (issue 5).
struct CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare",
        abstract: "Compare reports (or directories of reports) against a baseline.",
        arguments: "BASE CURRENT",
        minimumArguments: 2,
        maximumArguments: 2,
        options: []
    )

    init(_ arguments: ParsedArguments) throws {}

    func run(_ console: Console) throws -> ExitStatus {
        throw UsageError(command: "compare", message: "compare is not implemented yet")
    }
}
