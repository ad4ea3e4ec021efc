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
public final class FolderLock {
    private var descriptor: Int32 = -1

    /// Waits until `folder` (or the nearest existing ancestor) is locked.
    /// - Throws: `ScrollSimError.unwritable` when no ancestor can be opened.
    public init(_ folder: String) throws {
        while true {
            let target = FolderLock.nearestExisting(folder)
            let fd = open(target, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw ScrollSimError.unwritable(folder, "cannot lock \(target): \(InputFile.reason(errno))") }
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = InputFile.reason(errno)
                    close(fd)
                    throw ScrollSimError.unwritable(folder, "cannot lock \(target): \(reason)")
                }
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
