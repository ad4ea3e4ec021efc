/// Why ScrollSim refuses what it was given: every problem found, each saying where it is and
/// what is wrong (`Problem`), and whether the mistake is in how the tool was called.
///
/// This is the one error type the kit and the command line throw for bad input, in the manner
/// of swift-argument-parser's `ParserError`: the thrower records *what* went wrong in a
/// structured `Problem`; the text is made in one place, `ErrorMessage`, as the argument
/// parser's `MessageInfo` makes it from a `ParserError`. The command line prints one `Error:`
/// line per problem (then the usage line for a `usage` error) and exits with status 2.
public struct ScrollSimError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Every problem, in the order found (never empty).
    public var problems: [Problem]
    /// Set when the tool was called wrongly (an unknown option, a missing argument): the
    /// command line prints the usage of this command, or of the tool when it is nil, after the
    /// message.
    public var usage: Usage?

    /// Whose usage line follows a mistake in how the tool was called.
    public enum Usage: Equatable, Sendable {
        /// `scrollsim <command> [options]`.
        case tool
        /// The usage of the command with this name (`"compare"`, `"history show"`).
        case command(String)
    }

    public init(problems: [Problem], usage: Usage? = nil) {
        self.problems = problems
        self.usage = usage
    }

    /// One problem.
    public init(_ problem: Problem, usage: Usage? = nil) {
        self.init(problems: [problem], usage: usage)
    }

    /// One problem in `file`, at `location`.
    public init(file: String, location: Problem.Location = .whole, message: String) {
        self.init(Problem(file: file, location: location, message: message))
    }

    /// One problem with a command-line argument or environment variable (`--shard 0/4`,
    /// `CI_NODE_TOTAL=0`), named first in the message.
    public static func argument(_ origin: String, _ message: String) -> ScrollSimError {
        ScrollSimError(Problem(source: .argument(origin), message: message))
    }

    /// A command-line argument or environment variable that is not what it should be:
    /// `ORIGIN: expected …, found …`.
    public static func argument(_ origin: String, expected: String, found: String? = nil) -> ScrollSimError {
        ScrollSimError(Problem(source: .argument(origin), detail: .expected(expected, found: found)))
    }

    /// One problem whose message names its own subject (`nothing to vary: …`).
    public init(_ message: String) {
        self.init(Problem(source: .none, message: message))
    }

    /// A mistake in how the tool was called: the message, then the usage line.
    public static func usage(command: String?, _ message: String) -> ScrollSimError {
        ScrollSimError(Problem(source: .none, message: message), usage: command.map { .command($0) } ?? .tool)
    }

    /// Problems whose messages name their own subject, one per message.
    public init(messages: [String]) {
        self.init(problems: messages.map { Problem(source: .none, message: $0) })
    }

    /// The same problems, printed with the usage of `command` (nil: of the tool).
    public func withUsage(of command: String?) -> ScrollSimError {
        ScrollSimError(problems: problems, usage: command.map { .command($0) } ?? .tool)
    }

    /// A file that cannot be read, for `reason`, in no file yet (`InputFile` places it in
    /// the path it was given): `FILE: cannot read the file: REASON`.
    public static func unreadable(_ reason: String) -> ScrollSimError {
        ScrollSimError(Problem(source: .none, detail: .unreadable(reason)))
    }

    /// An output file that cannot be written, for `reason`: `cannot write PATH: REASON`.
    public static func unwritable(_ path: String, _ reason: String) -> ScrollSimError {
        ScrollSimError(Problem(source: .file(path), detail: .unwritable(reason)))
    }

    /// Why the first problem's file cannot be read (`no such file`) or written, or what is wrong with it
    /// otherwise (an input over a limit): for a message that names the file its own way
    /// (`cannot read "data.jsonl": no such file`).
    public var reason: String {
        guard let first = problems.first else { return "" }
        switch first.detail {
        case .unreadable(let reason), .unwritable(let reason): return reason
        default: return first.message
        }
    }

    /// Whether the first problem is a file that cannot be read (not, say, one over a limit).
    public var isUnreadable: Bool {
        if case .unreadable? = problems.first?.detail { return true }
        return false
    }

    /// The first problem's file, location and what is wrong.
    public var file: String { problems.first?.file ?? "" }
    public var location: Problem.Location { problems.first?.location ?? .whole }
    public var message: String { problems.first.map(ErrorMessage.what) ?? "" }

    /// Every problem's line (`ErrorMessage.lines`).
    public var messages: [String] { ErrorMessage.lines(self) }

    /// One line per problem.
    public var description: String { messages.joined(separator: "\n") }
}

extension ScrollSimError {
    /// The same error with every problem that names no source placed in `source` at
    /// `location`: a parser that knows what is wrong but not where (`Threshold.Limit(parsing:)`)
    /// throws the problem bare, and its caller, which knows the file and key path, places it.
    /// A problem that already has a place in the text (the JSON parser's line and column)
    /// keeps it.
    public func placed(in source: Problem.Source, at location: Problem.Location = .whole) -> ScrollSimError {
        var placed = self
        for index in placed.problems.indices where placed.problems[index].source == .none {
            placed.problems[index].source = source
            if placed.problems[index].location == .whole { placed.problems[index].location = location }
        }
        return placed
    }
}
