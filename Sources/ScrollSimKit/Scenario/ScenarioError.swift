/// Why a scenario (or a data file it names) cannot be used, located as precisely as possible.
///
/// Every message names the file, then either the line and column of a syntax error or the key
/// path of a bad value (`content.types[0].height`), then what was expected — so the fix is one
/// read away. The command line prints it and exits with status 2.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Location: Equatable, Sendable {
        case file
        case text(line: Int, column: Int)
        case keyPath(String)
    }

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
