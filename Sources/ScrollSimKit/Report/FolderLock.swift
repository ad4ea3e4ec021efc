#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a folder of outputs, held from reading what the folder holds to the
/// commit, so commands writing one folder at once take turns: four `run --html` into one folder
/// each list the others' pages in the index instead of the last one's index winning.
///
/// The lock is `flock(2)` on the folder itself (a directory can be locked like a file on Linux
/// and macOS), so nothing is added to the folder. A folder that does not exist yet is locked
/// through its nearest existing ancestor; once locked, the nearest existing ancestor is looked
/// up again, and if another command created the folder meanwhile the lock moves to it. The
/// lock is released by `release()`, at the latest when the process ends.
///
/// A command waits for the lock at most `timeoutSeconds` (60 s: far longer than a command
/// holds it, from reading the folder to its commit), then gives up with a message naming the
/// folder (exit status 2) instead of waiting forever behind a process that hangs, or one that
/// locked the folder for its own reasons (`flock` on a directory is open to any program).
public final class FolderLock {
    private var descriptor: Int32 = -1

    /// How long a command waits for another's lock on a folder.
    public static let timeoutSeconds = 60.0

    /// Waits until `folder` (or the nearest existing ancestor) is locked, at most `timeout`
    /// seconds (polled, `LOCK_NB`, every 1 ms at first, then up to every 50 ms).
    /// - Throws: `ScrollSimError.unwritable` when no ancestor can be opened, or when the lock
    ///   is still held by another after `timeout`.
    public init(_ folder: String, timeout: Double = FolderLock.timeoutSeconds) throws {
        let deadline = FolderLock.monotonicSeconds() + timeout
        while true {
            let target = FolderLock.nearestExisting(folder)
            let fd = open(target, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw ScrollSimError.unwritable(folder, "cannot lock \(target): \(InputFile.reason(errno))") }
            var pauseMicroseconds: UInt32 = 1000
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let error = errno
                if error == EINTR { continue }
                guard error == EWOULDBLOCK || error == EAGAIN else {
                    close(fd)
                    throw ScrollSimError.unwritable(folder, "cannot lock \(target): \(InputFile.reason(error))")
                }
                guard FolderLock.monotonicSeconds() < deadline else {
                    close(fd)
                    throw ScrollSimError.unwritable(folder, "another process has held the lock on \(target) for \(MessageText.number(timeout)) s (another scrollsim writing this folder, or a program that locked it); nothing was written: wait for it to finish, or give another folder")
                }
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 50_000)
            }
            if FolderLock.nearestExisting(folder) == target {
                descriptor = fd
                return
            }
            close(fd)
        }
    }

    deinit { release() }

    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Seconds on the monotonic clock.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `folder`, or its nearest ancestor that exists as a directory.
    static func nearestExisting(_ folder: String) -> String {
        var current = folder.isEmpty ? "." : folder
        while true {
            var info = stat()
            if stat(current, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return current }
            let parent = OutputBatch.directory(of: current)
            if parent == current { return current }
            current = parent
        }
    }
}
