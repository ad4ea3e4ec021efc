/// Why a scenario (or a data file it names) cannot be used: every problem found in the file,
/// each located as precisely as possible.
///
/// Every message names the file, then either the line and column of a syntax error or the key
/// path of a bad value (`content.types[0].height`), then what was expected — so the fix is one
/// read away. A file with three mistakes gets three problems (up to a limit, then a count of
/// the rest). The command line prints one `Error:` line per problem and exits with status 2.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Location: Equatable, Sendable {
        case file
        case text(line: Int, column: Int)
        case keyPath(String)
    }

    /// One problem: a file, where in it, and what is wrong.
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var file: String
        public var location: Location
        public var message: String

        public init(file: String, location: Location, message: String) {
            self.file = file
            self.location = location
            self.message = message
        }

        public var description: String {
            switch location {
            case .file: return "\(file): \(message)"
            case .text(let line, let column): return "\(file):\(line):\(column): \(message)"
            case .keyPath(let path): return "\(file): \(path.isEmpty ? "(top level)" : path): \(message)"
            }
        }
    }

    /// Every problem, in the order found (never empty).
    public var problems: [Problem]

    /// One problem.
    public init(file: String, location: Location, message: String) {
        problems = [Problem(file: file, location: location, message: message)]
    }

    public init(problems: [Problem]) {
        self.problems = problems
    }

    /// The first problem's file, location and message.
    public var file: String { problems.first?.file ?? "" }
    public var location: Location { problems.first?.location ?? .file }
    public var message: String { problems.first?.message ?? "" }

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
