/// Why the history database cannot be used: every message names the file and says what to do.
/// The command line prints it and exits with status 2; the database is left as it was.
public struct HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    static func notDatabase(path: String) -> HistoryError {
        HistoryError("\(path): not an SQLite database (it does not start with \"SQLite format 3\"); give --db a history database, or a path where one may be created")
    }

    static func newer(path: String, version: Int64) -> HistoryError {
        HistoryError("\(path): history schema version \(version) is newer than this scrollsim reads (version \(HistorySchema.version)); use a newer scrollsim")
    }

    static func older(path: String, version: Int64) -> HistoryError {
        HistoryError("\(path): history schema version \(version) is older than this scrollsim reads (version \(HistorySchema.version)); 'scrollsim history record' migrates it")
    }

    static func readOnly(path: String, reason: String) -> HistoryError {
        HistoryError("\(path): cannot record into it: \(reason)")
    }

    static func missing(path: String) -> HistoryError {
        HistoryError("\(path): no such history database; 'scrollsim history record REPORTS --db \(path) --commit SHA' creates it")
    }

    static func sqlite(path: String, _ failure: SQLite.Failure) -> HistoryError {
        HistoryError("\(path): \(failure.message) (SQLite error \(failure.code))")
    }
}
