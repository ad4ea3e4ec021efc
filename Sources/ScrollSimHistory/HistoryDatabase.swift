import ScrollSimKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The history of runs: an SQLite database file (`HistorySchema`) that `record` adds to and
/// `read` draws series from.
///
/// Safe to share: the file is in write-ahead-log mode with a busy timeout of a minute, and a
/// record is one `BEGIN IMMEDIATE` transaction, so CI shards recording into one file at once
/// wait for each other and lose nothing, and a process killed mid-record leaves the database
/// as it was before that record (SQLite's atomic commit: the transaction is in the log whole
/// or not at all). `synchronous = NORMAL` is WAL's recommended setting: a commit survives the
/// process being killed; only a power cut can lose the last commits, never corrupt the file.
///
/// Before SQLite opens the file it is checked, so nothing is written to a file that is not a
/// history database: not a regular file, not starting with SQLite's header, read-only (no
/// write permission for anyone, even for root), in a directory that cannot hold the log, or of
/// a newer schema version — each a `ScrollSimError` naming the file, the file left unchanged.
public final class HistoryDatabase {
    public let path: String
    let db: SQLite

    /// How long a writer waits for another's lock before giving up.
    static let busyTimeoutMs: Int32 = 60_000

    private init(path: String, db: SQLite) {
        self.path = path
        self.db = db
    }

    /// Opens (or creates) the database to record into, migrating an older schema.
    /// - Throws: `ScrollSimError` (nothing written).
    public static func openForRecording(_ path: String) throws -> HistoryDatabase {
        try inspect(path, writing: true)
        let db: SQLite
        do {
            // Recognised read-only first (`HistoryRecognition`): another program's file is
            // refused before anything, the journal mode included, is changed.
            if FileManager.default.fileExists(atPath: path) {
                let look = try SQLite(path: path, mode: .readOnly)
                look.busyTimeout(milliseconds: busyTimeoutMs)
                try HistoryRecognition.check(look, path: path)
            }
            db = try SQLite(path: path, mode: .readWriteCreate)
            db.busyTimeout(milliseconds: busyTimeoutMs)
            if db.isReadOnly { throw readOnly(path, "SQLite opened it read-only (permission denied)") }
            let version = try db.integer("PRAGMA user_version") ?? 0
            if version > HistorySchema.version { throw ScrollSimError.newerHistory(path: path, version: version) }
            try retryingWhileBusy { try db.exec("PRAGMA journal_mode = WAL") }
            try db.exec("PRAGMA synchronous = NORMAL")
        } catch let failure as SQLite.Failure {
            throw translate(failure, path: path)
        }
        return HistoryDatabase(path: path, db: db)
    }

    /// Opens the database to read (it must exist and be of this build's schema or an older one
    /// it reads, `HistorySchema.oldestReadable`). Nothing is written to it: an older file is
    /// read as it is, not migrated (the first `record` does that).
    /// - Throws: `ScrollSimError` (nothing written).
    public static func openForReading(_ path: String) throws -> HistoryDatabase {
        try inspect(path, writing: false)
        do {
            // Read-write when the file and its directory allow it, though nothing is written:
            // the last connection to close then removes SQLite's -wal and -shm files, which a
            // read-only connection leaves behind.
            let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
            var info = stat()
            let writable = stat(path, &info) == 0 && info.st_mode & 0o222 != 0 && access(path, W_OK) == 0 && access(directory, W_OK | X_OK) == 0
            // A file no one may write (no write permission for anyone: `record` refuses it even
            // for root) and without a log to replay is read immutable, leaving nothing beside it;
            // SQLite's read-only mode would create -wal and -shm and could not remove them.
            let mode: SQLite.Mode = writable ? .readWrite : info.st_mode & 0o222 == 0 && !FileManager.default.fileExists(atPath: path + "-wal") ? .immutable : .readOnly
            let db = try SQLite(path: path, mode: mode)
            db.busyTimeout(milliseconds: busyTimeoutMs)
            let version = try db.integer("PRAGMA user_version") ?? 0
            if version > HistorySchema.version { throw ScrollSimError.newerHistory(path: path, version: version) }
            try HistoryRecognition.check(db, path: path)
            if version == 0 { throw ScrollSimError(file: path, message: "an empty database, no history recorded in it yet; 'scrollsim history record' adds runs") }
            if version < HistorySchema.oldestReadable { throw ScrollSimError.olderHistory(path: path, version: version) }
            return HistoryDatabase(path: path, db: db)
        } catch let failure as SQLite.Failure {
            throw translate(failure, path: path)
        }
    }

    /// Checks the file before SQLite sees it.
    static func inspect(_ path: String, writing: Bool) throws {
        guard !path.isEmpty else { throw ScrollSimError.argument("--db", "the path is empty; give a file name") }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let error = errno
            guard error == ENOENT, writing else {
                throw error == ENOENT ? ScrollSimError.noHistoryDatabase(path: path) : ScrollSimError(file: path, message: "\(String(cString: strerror(error)))")
            }
            let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
            var directoryInfo = stat()
            guard stat(directory, &directoryInfo) == 0, directoryInfo.st_mode & S_IFMT == S_IFDIR else {
                throw ScrollSimError(file: path, message: "cannot create it: no directory \(directory)")
            }
            guard access(directory, W_OK | X_OK) == 0 else { throw readOnly(path, "cannot create it in \(directory) (permission denied)") }
            return
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ScrollSimError(file: path, message: "not a regular file (\(info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "a device, FIFO or socket")); give --db a database file")
        }
        if info.st_size > 0 {
            guard try header(path) == Array("SQLite format 3\0".utf8) else { throw ScrollSimError.notHistoryDatabase(path: path) }
        }
        guard writing else { return }
        if info.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
            throw readOnly(path, "the file is read-only (mode \(String(info.st_mode & 0o777, radix: 8))); make it writable or record into a copy")
        }
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        if access(directory, W_OK | X_OK) != 0 {
            throw readOnly(path, "its directory \(directory) is not writable (SQLite keeps its write-ahead log beside the file)")
        }
    }

    /// The first 16 bytes of the file (fewer for a shorter file).
    static func header(_ path: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ScrollSimError.unreadable("permission denied").placed(in: .file(path)) }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
    }

    static func readOnly(_ path: String, _ reason: String) -> ScrollSimError {
        ScrollSimError.historyReadOnly(path: path, reason: reason)
    }

    static func translate(_ failure: SQLite.Failure, path: String) -> ScrollSimError {
        switch failure.code {
        case 26: return ScrollSimError.notHistoryDatabase(path: path)  // SQLITE_NOTADB
        case 8: return readOnly(path, "the file is read-only (\(failure.message))")  // SQLITE_READONLY
        case 11: return ScrollSimError(file: path, message: "the database is corrupt (\(failure.message)); restore it from a copy")  // SQLITE_CORRUPT
        case 13: return ScrollSimError(file: path, message: "the disk is full (\(failure.message)); nothing was recorded")  // SQLITE_FULL
        default: return ScrollSimError.sqlite(path: path, failure)
        }
    }

    /// Runs `body` again while another connection holds a lock it needs (changing the journal
    /// mode of a new file that other recorders are also creating), for up to the busy timeout.
    static func retryingWhileBusy(_ body: () throws -> Void) throws {
        var waitedMs: Int32 = 0
        while true {
            do {
                try body()
                return
            } catch let failure as SQLite.Failure where (failure.code == 5 || failure.code == 6) && waitedMs < busyTimeoutMs {
                usleep(20_000)
                waitedMs += 20
            }
        }
    }

    /// Runs `body` as one SQLite transaction, errors named after the file.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try db.transaction(body)
        } catch let failure as SQLite.Failure {
            throw HistoryDatabase.translate(failure, path: path)
        }
    }

    /// `PRAGMA integrity_check`'s answer ("ok" for a sound file).
    public func integrityCheck() throws -> String {
        do {
            let statement = try db.prepare("PRAGMA integrity_check")
            var lines: [String] = []
            while try statement.step() { lines.append(statement.string(0) ?? "") }
            return lines.joined(separator: "\n")
        } catch let failure as SQLite.Failure {
            throw HistoryDatabase.translate(failure, path: path)
        }
    }
}
