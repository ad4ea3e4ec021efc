/// Why a trace cannot be read: the file, where in it (line and column, or the event's index
/// where the format has no lines worth naming), and the reason in plain words.
///
/// The CLI prints it as `Error: FILE:LINE:COLUMN: REASON` and exits with status 2, like every
/// other bad input.
public struct TraceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public enum Location: Equatable, Sendable {
        /// The whole file (it cannot be opened, or is empty).
        case file
        /// 1-based line and column; columns count bytes from 1 (traces are mostly ASCII).
        case lineColumn(line: Int, column: Int)
        /// The number of an event in the trace, 1 for the first (a trace-event, a span, a row).
        case event(Int)
    }

    public var file: String
    public var location: Location
    public var reason: String

    public init(file: String, location: Location, reason: String) {
        self.file = file
        self.location = location
        self.reason = reason
    }

    public var description: String {
        switch location {
        case .file: return "\(file): \(reason)"
        case .lineColumn(let line, let column): return "\(file):\(line):\(column): \(reason)"
        case .event(let index): return "\(file): event \(index): \(reason)"
        }
    }
}
