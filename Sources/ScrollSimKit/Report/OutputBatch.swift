#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a set of output files all or nothing: reports, pages, traces, baselines.
///
/// Each file is first written in full to a temporary file in its destination directory, named
/// `.scrollsim-PID-N.tmp` (recognisable, and short whatever the final name); `commit()` renames
/// them all into place and then makes any removals staged, all or nothing (`OutputCommit`). On
/// any error before the commit —
/// a write that fails, a full disk, a path that turns out to be a directory — `abort()` (also
/// run when the batch is dropped uncommitted) deletes every temporary file and every directory
/// the batch created, so nothing new is left behind. A run killed mid-write leaves only its
/// temporary files; the next batch that writes into that directory removes those whose
/// process is gone.
///
/// ```swift
/// let batch = OutputBatch()
/// try batch.stage(reportText, to: "Reports/latest/feed.json")
/// try batch.stage(pageText, to: "Reports/html/feed.html")
/// try batch.commit()
/// ```
public final class OutputBatch {
    private var staged: [(temporary: String, final: String)] = []
    private var removals: [String] = []
    /// Directories this batch created, outermost first.
    private(set) var created: [String] = []
    private var swept = Set<String>()
    private var counter = 0
    private var finished = false
    /// What the batch may write and delete (`OutputGuard`): every staged file is claimed, every
    /// removal checked, before anything is written.
    private var outputGuard: OutputGuard
    /// Folders locked until the commit or the abort (`lock(_:)`).
    private var locks: [FolderLock] = []

    /// The prefix and suffix of temporary files.
    public static let temporaryPrefix = ".scrollsim-"
    public static let temporarySuffix = ".tmp"

    /// - Parameter guarding: the command's inputs (`OutputGuard.read(_:)`); a batch never
    ///   writes or deletes one of them, nor writes one file twice.
    public init(guarding: OutputGuard = OutputGuard()) {
        outputGuard = guarding
    }

    deinit {
        if !finished { abort() }
    }

    // MARK: checks before any work

    /// Checks that `path` can be written as a file: it is not empty, not an existing
    /// directory, FIFO, device or socket (only a regular file is ever replaced), its names fit
    /// the file system, and its directory exists (or can be created
    /// under a writable one). Nothing is created.
    /// - Throws: `ScrollSimError.unwritable` naming the path and the reason in plain words.
    public static func checkFile(_ path: String) throws {
        guard !path.isEmpty else { throw ScrollSimError.unwritable(path, "the path is empty; give a file name") }
        try checkNames(path)
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw ScrollSimError.unwritable(path, "it is a directory")
            // Renaming a file over a FIFO, a device or a socket would replace it (as root,
            // `-o /dev/null` would leave a regular file in /dev): outputs are regular files.
            case S_IFIFO: throw ScrollSimError.unwritable(path, "it is a FIFO (named pipe), not a regular file; outputs are written to regular files only")
            case S_IFCHR, S_IFBLK: throw ScrollSimError.unwritable(path, "it is a device, not a regular file; outputs are written to regular files only")
            case S_IFSOCK: throw ScrollSimError.unwritable(path, "it is a socket, not a regular file; outputs are written to regular files only")
            default: throw ScrollSimError.unwritable(path, "it is not a regular file; outputs are written to regular files only")
            }
        }
        try checkDirectory(directory(of: path), for: path)
    }

    /// Checks that `path` is, or can be created as, a writable directory. Nothing is created.
    public static func checkDirectory(_ path: String) throws {
        guard !path.isEmpty else { throw ScrollSimError.unwritable(path, "the path is empty; give a directory") }
        try checkNames(path)
        try checkDirectory(path, for: path)
    }

    static func checkNames(_ path: String) throws {
        if path.utf8.count >= 4096 { throw ScrollSimError.unwritable(path, "the path is too long") }
        for name in path.split(separator: "/") where name.utf8.count > 255 {
            throw ScrollSimError.unwritable(path, "the name \"\(name.prefix(40))…\" is longer than 255 bytes")
        }
    }

    /// The nearest existing ancestor of `directory` (itself included) must be a writable
    /// directory, and nothing on the way a file.
    /// - Parameter access: access(2), a value so that a test run as root (whom the system lets
    ///   write anywhere) can refuse a folder.
    static func checkDirectory(_ directory: String, for path: String, access: (String, Int32) -> Int32 = OutputBatch.systemAccess) throws {
        var current = directory
        while true {
            var info = stat()
            if stat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw ScrollSimError.unwritable(path, current == path ? "exists and is not a directory" : "\(current) is a file, not a directory")
                }
                guard access(current, W_OK | X_OK) == 0 else {
                    throw ScrollSimError.unwritable(path, current == directory ? "permission denied" : "cannot create it: \(InputFile.reason(errno)) in \(current)")
                }
                return
            }
            // Missing, or a file further up the path (ENOTDIR): look at the parent.
            guard errno == ENOENT || errno == ENOTDIR else { throw ScrollSimError.unwritable(path, InputFile.reason(errno)) }
            let parent = OutputBatch.directory(of: current)
            if parent == current { return }
            current = parent
        }
    }

    /// mkdir(2) itself.
    static func systemMakeDirectory(_ path: String, _ mode: mode_t) -> Int32 {
        mkdir(path, mode)
    }

    /// access(2) itself.
    static func systemAccess(_ path: String, _ mode: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.access(path, mode)
        #else
        Darwin.access(path, mode)
        #endif
    }

    /// The directory part of a path ("." for a bare name).
    static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    // MARK: staging

    /// Locks `folder` (`FolderLock`) until the batch is committed or aborted: call it before
    /// reading what the folder holds (its pages, for an index), so a command writing the same
    /// folder at once waits and then reads this one's files.
    public func lock(_ folder: String) throws {
        locks.append(try FolderLock(folder))
    }

    public func stage(_ text: String, to path: String) throws {
        try stage(Array(text.utf8), to: path)
    }

    /// This process's `counter`th temporary file in `directory`, recognisable by its name
    /// (`.scrollsim-PID-N.tmp`): beside its output, so the rename into place stays on one file
    /// system.
    static func temporary(in directory: String, _ counter: Int) -> String {
        (directory == "/" ? "" : directory) + "/" + temporaryPrefix + "\(getpid())-\(counter)" + temporarySuffix
    }

    /// Writes `bytes` to a temporary file beside `path`.
    /// - Throws: `ScrollSimError.unwritable`; the batch is aborted (nothing it wrote is left).
    public func stage(_ bytes: [UInt8], to path: String) throws {
        precondition(!finished, "stage after the batch was committed or aborted")
        do {
            try OutputBatch.checkFile(path)
            try outputGuard.claim(path)
            let directory = OutputBatch.directory(of: path)
            try makeDirectory(directory, for: path)
            sweep(directory)
            counter += 1
            let temporary = OutputBatch.temporary(in: directory, counter)
            staged.append((temporary, path))
            try OutputBatch.writeFile(bytes, to: temporary, for: path)
        } catch {
            abort()
            throw error
        }
    }

    /// Removes `path` at the commit (a baseline report whose scenario is gone).
    /// - Throws: `ScrollSimError.unwritable` when `path` is an input or a file the batch writes
    ///   (`OutputGuard.checkRemoval(_:)`); the batch is aborted.
    public func stageRemoval(_ path: String) throws {
        do {
            try outputGuard.checkRemoval(path)
        } catch {
            abort()
            throw error
        }
        removals.append(path)
    }

    /// Renames every staged file into place, then makes the removals.
    /// - Throws: `ScrollSimError.unwritable` for the first that fails; staged files not yet renamed
    ///   are deleted.
    /// All or nothing, the commit step included (`OutputCommit`): on an error every file is
    /// put back as it was; killed between two renames, the next command that reads or writes
    /// there finishes the commit.
    public func commit() throws {
        precondition(!finished, "commit after the batch was committed or aborted")
        defer {
            finished = true
            staged = []
            for directory in created.reversed() { rmdir(directory) }
            releaseLocks()
        }
        guard !staged.isEmpty || !removals.isEmpty else { return }
        try OutputCommit.run(staged, removals: removals) { directory in
            self.counter += 1
            return OutputBatch.temporary(in: directory, self.counter)
        }
        // Kept: they hold the outputs now.
        created = []
    }

    /// Deletes every temporary file and every directory the batch created.
    public func abort() {
        finished = true
        for item in staged { unlink(item.temporary) }
        staged = []
        for directory in created.reversed() { rmdir(directory) }
        created = []
        releaseLocks()
    }

    private func releaseLocks() {
        for lock in locks.reversed() { lock.release() }
        locks = []
    }

    // MARK: files

    /// Makes `directory` and the folders above it that are missing, remembering the ones it
    /// made (an abort removes those, and only those).
    /// - Parameter make: mkdir(2), a value so that a test can fail it as a full disk, a
    ///   read-only mount or another process that made the folder first would.
    func makeDirectory(_ directory: String, for path: String, make: (String, mode_t) -> Int32 = OutputBatch.systemMakeDirectory) throws {
        var missing: [String] = []
        var current = directory
        var info = stat()
        while stat(current, &info) != 0 {
            missing.append(current)
            let parent = OutputBatch.directory(of: current)
            if parent == current { break }
            current = parent
        }
        for dir in missing.reversed() {
            if make(dir, 0o777) == 0 {
                created.append(dir)
            } else if errno != EEXIST {
                throw ScrollSimError.unwritable(path, "cannot create \(dir): \(InputFile.reason(errno))")
            }
            // EEXIST: another process made it since the stat; it is theirs, and an abort keeps it.
        }
    }

    /// Writes `bytes` to the new file `temporary` and syncs it; on any failure the file is
    /// deleted and the first error is thrown, named for `path`. `calls` are the system calls
    /// (a test passes ones that fail).
    static func writeFile(_ bytes: [UInt8], to temporary: String, for path: String, calls: FileWriteCalls = .system) throws {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw ScrollSimError.unwritable(path, InputFile.reason(errno)) }
        var failure: Int32?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = calls.write(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil && calls.fsync(descriptor) != 0 && errno != EINVAL { failure = errno }
        if calls.close(descriptor) != 0 && failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw ScrollSimError.unwritable(path, failure == EFBIG ? "the file is too large for the file system or the process's file-size limit" : InputFile.reason(failure))
        }
    }

    /// Removes temporary files left in `directory` by batches whose process is gone (killed
    /// mid-write), once per directory per batch.
    func sweep(_ directory: String) {
        guard swept.insert(directory).inserted else { return }
        // A commit a killed command left here is finished first: its temporary files are
        // the new outputs.
        OutputCommit.resolveLeftovers(in: directory)
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = OutputBatch.owner(ofTemporary: name), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(name) }
        }
        for name in stale { unlink((directory == "/" ? "" : directory) + "/" + name) }
    }

    /// The process id in a temporary file's name (`.scrollsim-PID-N.tmp`), or nil if the name
    /// is not one.
    static func owner(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix(temporaryPrefix), name.hasSuffix(temporarySuffix) else { return nil }
        let middle = name.dropFirst(temporaryPrefix.count).dropLast(temporarySuffix.count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, Int(parts[1]) != nil else { return nil }
        return pid
    }
}
