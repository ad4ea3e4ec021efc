import ScrollSimKit

/// Why the history database cannot be used: each a `ScrollSimError` in the database file, whose
/// message says what to do (formerly a `HistoryError` of its own). The command line prints it
/// and exits with status 2; the database is left as it was.
extension ScrollSimError {
    static func notHistoryDatabase(path: String) -> ScrollSimError {
        ScrollSimError(file: path, message: "not an SQLite database (it does not start with \"SQLite format 3\"); give --db a history database, or a path where one may be created")
    }

    static func newerHistory(path: String, version: Int64) -> ScrollSimError {
        ScrollSimError(file: path, message: "history schema version \(version) is newer than this scrollsim reads (version \(HistorySchema.version)); use a newer scrollsim")
    }

    static func olderHistory(path: String, version: Int64) -> ScrollSimError {
        ScrollSimError(file: path, message: "history schema version \(version) is older than this scrollsim reads (versions \(HistorySchema.oldestReadable)–\(HistorySchema.version)); 'scrollsim history record' migrates it")
    }

    static func historyReadOnly(path: String, reason: String) -> ScrollSimError {
        ScrollSimError(file: path, message: "cannot record into it: \(reason)")
    }

    static func noHistoryDatabase(path: String) -> ScrollSimError {
        ScrollSimError(file: path, message: "no such history database; 'scrollsim history record REPORTS --db \(path) --commit SHA' creates it")
    }

    static func sqlite(path: String, _ failure: SQLite.Failure) -> ScrollSimError {
        ScrollSimError(file: path, message: "\(failure.message) (SQLite error \(failure.code))")
    }
}
