import ScrollSimKit

/// A subcommand: declared options (`spec`), parsed and validated in `init`, then `run`.
protocol Command {
    static var spec: CommandSpec { get }
    /// The commands under this one (`history record`, `history show`…), each with its own
    /// spec named "PARENT NAME"; empty for a command that runs itself.
    static var subcommands: [any Command.Type] { get }
    init(_ arguments: ParsedArguments) throws
    func run(_ console: Console) throws -> ExitStatus
}

extension Command {
    static var subcommands: [any Command.Type] { [] }
}

/// The tool's exit statuses (README and CommandLine.md: "Exit codes").
public enum ExitStatus: Int32, Sendable {
    /// Everything ran and every budget and comparison passed.
    case success = 0
    /// A budget was exceeded or a comparison found a regression.
    case failure = 1
    /// The tool was called wrongly, or an input was invalid or an output unwritable.
    case invalid = 2
}

