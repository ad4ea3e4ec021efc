import CSQLite

/// A thin, safe layer over SQLite's C API: one connection, prepared statements, transactions.
///
/// Only what the history needs: `exec` for DDL and pragmas, `Statement` for prepared queries
/// with bound parameters (never SQL built from data), and errors that carry SQLite's own
/// message and result code. A connection is used from one thread.
final class SQLite {
    /// An SQLite error: its primary result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …) and message.
    struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var message: String
        var description: String { message }
    }

    enum Mode {
        /// Reads only (`SQLITE_OPEN_READONLY`): the file must exist.
        case readOnly
        /// Reads and writes; the file must exist.
        case readWrite
        /// Reads and writes, creating the file when it is missing.
        case readWriteCreate
        /// Reads a file nothing writes (`immutable=1` URI): no lock, no `-wal` or `-shm`
        /// created beside it (https://www.sqlite.org/uri.html#uriimmutable).
        case immutable
    }

    private(set) var handle: OpaquePointer?

    init(path: String, mode: Mode) throws {
        let flags: Int32 = switch mode {
        case .readOnly: SQLITE_OPEN_READONLY
        case .readWrite: SQLITE_OPEN_READWRITE
        case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        // A URI's path with the characters a URI gives a meaning to percent-encoded.
        let name = mode == .immutable
            ? "file:" + path.utf8.map { "?#%".utf8.contains($0) || $0 < 0x21 || $0 >= 0x80 ? "%" + String($0, radix: 16, uppercase: true).paddedHex : String(UnicodeScalar($0)) }.joined() + "?immutable=1"
            : path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        handle = db
        guard status == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            handle = nil
            throw Failure(code: status & 0xff, message: message)
        }
        sqlite3_extended_result_codes(db, 0)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Whether the connection can write (false for a file SQLite opened read-only).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// The rowid of the last row inserted on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// How long a statement waits for another process's lock before `SQLITE_BUSY`.
    func busyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one or more statements that return no rows the caller needs.
    func exec(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw Failure(code: status & 0xff, message: message)
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        return Statement(statement, connection: self)
    }

    /// The first column of the first row of `sql` as an integer (nil when there is no row).
    func integer(_ sql: String) throws -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(0) : nil
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`: the write lock is taken at once, so
    /// two writers wait for each other instead of failing half-way); rolls back on any error.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try exec("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try exec("COMMIT")
            return result
        } catch {
            try? exec("ROLLBACK")
            throw error
        }
    }

    func failure(_ status: Int32) -> Failure {
        Failure(code: status & 0xff, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// A prepared statement: bind parameters (1-based), step through rows, read columns
    /// (0-based), reset to run it again.
    final class Statement {
        private let statement: OpaquePointer
        private let connection: SQLite

        fileprivate init(_ statement: OpaquePointer, connection: SQLite) {
            self.statement = statement
            self.connection = connection
        }

        deinit { sqlite3_finalize(statement) }

        func bind(_ index: Int32, _ value: Int64) {
            sqlite3_bind_int64(statement, index, value)
        }

        func bind(_ index: Int32, _ value: Double) {
            sqlite3_bind_double(statement, index, value)
        }

        func bind(_ index: Int32, _ value: String?) {
            if let value {
                sqlite3_bind_text(statement, index, value, -1, scrollsim_sqlite_transient())
            } else {
                sqlite3_bind_null(statement, index)
            }
        }

        /// Binds values in order from parameter 1.
        func bind(_ values: [Any?]) {
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case let v as Int64: bind(index, v)
                case let v as Int: bind(index, Int64(v))
                case let v as Double: bind(index, v)
                case let v as String: bind(index, v)
                default: sqlite3_bind_null(statement, index)
                }
            }
        }

        /// Advances to the next row: true while there is one.
        @discardableResult
        func step() throws -> Bool {
            let status = sqlite3_step(statement)
            switch status {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw connection.failure(status)
            }
        }

        /// Runs the statement once with `values` and resets it.
        func run(_ values: [Any?]) throws {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            bind(values)
            try step()
            sqlite3_reset(statement)
        }

        func reset() {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

        func string(_ column: Int32) -> String? {
            guard let text = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: text)
        }
    }
}

private extension String {
    /// Two hexadecimal digits.
    var paddedHex: String { count < 2 ? "0" + self : self }
}
