/// The one place that turns a `ScrollSimError` into words, as swift-argument-parser's
/// `MessageInfo` and `ErrorMessageGenerator` turn its `ParserError` into text.
///
/// A line names where first, then what is wrong:
/// - `FILE: WHAT` for a whole file, `FILE:LINE:COLUMN: WHAT` for a place in its text,
///   `FILE: KEY.PATH: WHAT` for a value (`(top level)` for the root), `FILE: event N: WHAT`
///   for an event of a trace;
/// - `ARGUMENT: WHAT` for a command-line argument or environment variable;
/// - `WHAT` alone when the message names its own subject, or `LINE:COLUMN: WHAT`;
/// - `cannot write FILE: REASON` for an output that cannot be written.
///
/// `WHAT` is the message, `expected X, found Y`, or `cannot read the file: REASON`. The command line prefixes each line with
/// `Error: ` and fits it to the terminal (`MessageText.forTerminal`).
public enum ErrorMessage {
    /// One line per problem.
    public static func lines(_ error: ScrollSimError) -> [String] {
        error.problems.map(line)
    }

    /// The problem's line: where, then what.
    public static func line(_ problem: ScrollSimError.Problem) -> String {
        if case .unwritable(let reason) = problem.detail, case .file(let path) = problem.source {
            // The verb leads: the path is the object written.
            return "cannot write \(path.isEmpty ? "\"\"" : path): \(reason)"
        }
        let what = what(problem)
        let subject: String?
        switch problem.source {
        case .file(let name): subject = name
        case .argument(let origin): subject = origin
        case .none: subject = nil
        }
        switch (subject, problem.location) {
        case (let subject?, .whole): return "\(subject): \(what)"
        case (let subject?, .text(let line, let column)): return "\(subject):\(line):\(column): \(what)"
        case (let subject?, .keyPath(let path)): return "\(subject): \(path.isEmpty ? "(top level)" : path): \(what)"
        case (let subject?, .event(let index)): return "\(subject): event \(index): \(what)"
        case (nil, .whole): return what
        case (nil, .text(let line, let column)): return "\(line):\(column): \(what)"
        case (nil, .keyPath(let path)): return "\(path.isEmpty ? "(top level)" : path): \(what)"
        case (nil, .event(let index)): return "event \(index): \(what)"
        }
    }

    /// The problem's line without its source, for a file already named beside it: its place
    /// in the text or key path, then what is wrong (`112:1: a comma before '}': …`).
    public static func unsourced(_ problem: ScrollSimError.Problem) -> String {
        var bare = problem
        bare.source = .none
        return line(bare)
    }

    /// What is wrong, without where.
    public static func what(_ problem: ScrollSimError.Problem) -> String {
        switch problem.detail {
        case .message(let message): return message
        case .expected(let expected, let found?): return "expected \(expected), found \(found)"
        case .expected(let expected, nil): return "expected \(expected)"
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .unwritable(let reason): return "cannot write: \(reason)"
        }
    }
}
