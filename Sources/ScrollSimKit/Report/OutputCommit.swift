#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The commit step of an `OutputBatch`: every staged file renamed into place and every removal
/// made together, or none of them — even when the process is killed between two renames.
///
/// Outputs of one command lie in several directories (a report, its page, its trace), so no
/// single rename can publish them all. The commit is made the way a database makes one with a
/// journal (SQLite's rollback journal; a "hot" journal left by a dead process is resolved by
/// the next process that opens the database, reader or writer):
///
/// 1. Each file about to be replaced or removed is first hard-linked to a backup beside it.
/// 2. A journal naming every rename and removal is written, complete and synced, into every
///    directory the commit touches (`.scrollsim-PID-commit.journal`). The commit point is
///    the last of them in place.
/// 3. The renames and removals are made, then the journals deleted, then the backups.
///
/// On an error in step 3, every file already renamed is put back from its backup (or removed,
/// if it is new), so a command that exits 2 has changed nothing. A process killed in step 3
/// leaves every journal: the next command that reads or writes a file in one of those
/// directories (`resolveLeftovers(in:)`) finishes the commit — every rename, every removal —
/// before it looks at anything, so no reader ever sees a new report beside an old page and
/// trace. Killed before the last journal was in place, nothing was renamed yet, and the
/// leftovers are only deleted.
enum OutputCommit {
    struct Rename {
        var temporary: String
        var final: String
        /// The former file, linked aside; nil when there was none.
        var backup: String?
    }

    struct Removal {
        var path: String
        var backup: String
    }

    static let journalSuffix = "-commit.journal"
    static let magic = "scrollsim-commit-1"

    /// The environment variable of the kill test (OutputSafetyTests): with it set to N, a
    /// commit of more than one file says so on standard error after its first rename and
    /// sleeps N ms, so the test kills it between two renames.
    static let pauseVariable = "SCROLLSIM_TEST_COMMIT_PAUSE_MS"

    /// Makes the renames and removals all or nothing.
    /// - Parameter backupName: a fresh temporary name in a directory (for the backups).
    /// - Throws: `ScrollSimError.unwritable` for the first step that fails, after putting back
    ///   every file already changed.
    static func run(_ staged: [(temporary: String, final: String)], removals: [String], backupName: (String) -> String) throws {
        if staged.count == 1 && removals.isEmpty {
            // One rename is atomic on its own.
            guard rename(staged[0].temporary, staged[0].final) == 0 else {
                let reason = InputFile.reason(errno)
                unlink(staged[0].temporary)
                throw ScrollSimError.unwritable(staged[0].final, reason)
            }
            return
        }
        var renames: [Rename] = []
        var removed: [Removal] = []
        var directories: [String] = []
        func directory(_ path: String) -> String {
            let real = OutputGuard.resolved(OutputBatch.directory(of: path))
            if !directories.contains(real) { directories.append(real) }
            return real
        }
        func absolute(_ path: String) -> String {
            let dir = directory(path)
            return (dir == "/" ? "" : dir) + "/" + name(of: path)
        }
        do {
            for item in staged {
                let final = absolute(item.final)
                var entry = Rename(temporary: absolute(item.temporary), final: final, backup: nil)
                var info = stat()
                if lstat(final, &info) == 0 {
                    let backup = backupName(OutputBatch.directory(of: final))
                    guard link(final, backup) == 0 else { throw ScrollSimError.unwritable(item.final, "cannot keep the former file aside: \(InputFile.reason(errno))") }
                    entry.backup = backup
                }
                renames.append(entry)
            }
            for path in removals {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let full = absolute(path)
                let backup = backupName(OutputBatch.directory(of: full))
                guard link(full, backup) == 0 else { throw ScrollSimError.unwritable(path, "cannot remove it: \(InputFile.reason(errno))") }
                removed.append(Removal(path: full, backup: backup))
            }
            let journal = encode(renames: renames, removals: removed, directories: directories)
            for dir in directories {
                let path = journalPath(in: dir, pid: getpid())
                let part = backupName(dir)
                try OutputBatch.writeFile(journal, to: part, for: path)
                guard rename(part, path) == 0 else {
                    unlink(part)
                    throw ScrollSimError.unwritable(path, InputFile.reason(errno))
                }
            }
        } catch {
            // Nothing renamed yet: drop what was made.
            for item in staged { unlink(item.temporary) }
            cleanUp(renames: renames, removals: removed, directories: directories, pid: getpid())
            throw error
        }
        // The commit point is passed: every journal is in place.
        let pause = getenv(pauseVariable).flatMap { UInt32(String(cString: $0)) }
        for (i, item) in renames.enumerated() {
            guard rename(item.temporary, item.final) == 0 else {
                let failure = ScrollSimError.unwritable(staged[i].final, InputFile.reason(errno))
                rollBack(renames, upTo: i, removals: [])
                for rest in renames[i...] { unlink(rest.temporary) }
                cleanUp(renames: renames, removals: removed, directories: directories, pid: getpid())
                throw failure
            }
            if i == 0, let pause {
                fputs("commit: paused after the first rename\n", stderr)
                usleep(pause * 1000)
            }
        }
        for (i, item) in removed.enumerated() where unlink(item.path) != 0 && errno != ENOENT {
            let failure = ScrollSimError.unwritable(item.path, "cannot remove it: \(InputFile.reason(errno))")
            rollBack(renames, upTo: renames.count, removals: Array(removed[..<i]))
            cleanUp(renames: renames, removals: removed, directories: directories, pid: getpid())
            throw failure
        }
        cleanUp(renames: renames, removals: removed, directories: directories, pid: getpid())
    }

    /// Puts back the first `count` renames and the removals made.
    static func rollBack(_ renames: [Rename], upTo count: Int, removals: [Removal]) {
        for item in renames[..<count] {
            if let backup = item.backup { rename(backup, item.final) } else { unlink(item.final) }
        }
        for item in removals { link(item.backup, item.path) }
    }

    /// Deletes the journals, then the backups.
    static func cleanUp(renames: [Rename], removals: [Removal], directories: [String], pid: pid_t) {
        for dir in directories { unlink(journalPath(in: dir, pid: pid)) }
        for item in renames { if let backup = item.backup { unlink(backup) } }
        for item in removals { unlink(item.backup) }
    }

    static func journalPath(in directory: String, pid: pid_t) -> String {
        (directory == "/" ? "" : directory) + "/" + OutputBatch.temporaryPrefix + "\(pid)" + journalSuffix
    }

    static func name(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed.split(separator: "/").last ?? trimmed)
    }

    // MARK: the journal

    /// Fields separated by NUL, which no path holds: the magic, then the directories, renames
    /// and removals, each a letter and its paths.
    static func encode(renames: [Rename], removals: [Removal], directories: [String]) -> [UInt8] {
        var fields = [magic]
        for dir in directories { fields += ["j", dir] }
        for item in renames { fields += ["r", item.temporary, item.final, item.backup ?? ""] }
        for item in removals { fields += ["d", item.path, item.backup] }
        fields.append("end")
        var bytes: [UInt8] = []
        for field in fields {
            bytes += Array(field.utf8)
            bytes.append(0)
        }
        return bytes
    }

    static func decode(_ bytes: [UInt8]) -> (renames: [Rename], removals: [Removal], directories: [String])? {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.first == magic, fields.count >= 3, fields[fields.count - 2] == "end" else { return nil }
        var renames: [Rename] = []
        var removals: [Removal] = []
        var directories: [String] = []
        // Every record lies whole between the magic and "end": a record cut short would take
        // "end" for one of its paths.
        let end = fields.count - 2
        var i = 1
        while i < end {
            switch fields[i] {
            case "j" where i + 1 < end:
                directories.append(fields[i + 1])
                i += 2
            case "r" where i + 3 < end:
                renames.append(Rename(temporary: fields[i + 1], final: fields[i + 2], backup: fields[i + 3].isEmpty ? nil : fields[i + 3]))
                i += 4
            case "d" where i + 2 < end:
                removals.append(Removal(path: fields[i + 1], backup: fields[i + 2]))
                i += 3
            default:
                return nil
            }
        }
        return (renames, removals, directories)
    }

    // MARK: leftovers of a killed commit

    /// Finishes (or, before its commit point, drops) every commit left in `directory` by a
    /// process that is gone. Run before anything in the directory is read or written.
    static func resolveLeftovers(in directory: String) {
        guard let dir = opendir(directory.isEmpty ? "." : directory) else { return }
        var journals: [(name: String, pid: pid_t)] = []
        while let entry = readdir(dir) {
            // Read the name through a pointer, up to its NUL: a dirent is only d_reclen bytes
            // long, so copying the whole d_name array reads past it (AddressSanitizer).
            let name = String(cString: UnsafeRawPointer(entry)
                .advanced(by: MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0)
                .assumingMemoryBound(to: CChar.self))
            guard name.hasPrefix(OutputBatch.temporaryPrefix), name.hasSuffix(journalSuffix),
                  let pid = pid_t(name.dropFirst(OutputBatch.temporaryPrefix.count).dropLast(journalSuffix.count)),
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            journals.append((name, pid))
        }
        closedir(dir)
        for journal in journals {
            let path = (directory == "/" ? "" : directory) + "/" + journal.name
            guard let bytes = try? InputFile.contents(path, limit: 1 << 26, resolvingCommits: false) else { continue }
            guard let (renames, removals, directories) = decode(bytes) else {
                unlink(path)
                continue
            }
            let complete = directories.allSatisfy { access(journalPath(in: $0, pid: journal.pid), F_OK) == 0 }
            if complete {
                // Past the commit point: finish it.
                for item in renames { rename(item.temporary, item.final) }
                for item in removals { unlink(item.path) }
            } else {
                // Before it (nothing renamed), or after the last rename (journals being deleted).
                for item in renames { unlink(item.temporary) }
            }
            cleanUp(renames: renames, removals: removals, directories: directories, pid: journal.pid)
        }
    }
}
