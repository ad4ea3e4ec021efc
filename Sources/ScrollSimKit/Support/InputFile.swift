#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an input file (a scenario, a data file, a report, a thresholds file) in plain words.
///
/// Before anything is read the path is checked: it must name a regular file (a directory, a
/// FIFO, a device or a socket is refused saying what it is, and a FIFO is never opened, so a
/// read never blocks), no larger than the limit given. Failures are one short reason — "no such
/// file", "is a directory, not a file", "not a regular file (a FIFO)", "permission denied",
/// "is 25,165,824 bytes, over the limit of 8,388,608" — never an error domain or code. Each is
/// a `ScrollSimError` placed in the path (`FILE: cannot read the file: REASON`, or
/// `FILE: is N bytes, over the limit …`); `ScrollSimError.reason` gives the reason alone.
public enum InputFile {
    /// The bytes of the regular file at `path`, which may hold at most `limit` bytes.
    /// - Parameter limitName: how the limit is named in the refusal (`"file-bytes"`), so the
    ///   user knows what to raise.
    /// - Throws: `ScrollSimError` in the file named by `path` (`""` for an empty path):
    ///   `unreadable(reason)`, or the limit passed.
    /// - Parameter inspect: looks at each chunk as it is read and may refuse the file by
    ///   throwing, before the rest is read (`DataFileScan`).
    /// - Parameter resolvingCommits: first finish a commit a killed command left in the file's
    ///   directory (`OutputCommit`), so what is read is all old or all new.
    public static func contents(_ path: String, limit: Int, limitName: String? = nil, resolvingCommits: Bool = true,
                                inspect: ((UnsafeRawBufferPointer) throws -> Void)? = nil) throws -> [UInt8] {
        do {
            return try readFile(path, limit: limit, limitName: limitName, resolvingCommits: resolvingCommits, inspect: inspect)
        } catch let error as ScrollSimError {
            throw error.placed(in: .file(path.isEmpty ? "\"\"" : path))
        }
    }

    static func readFile(_ path: String, limit: Int, limitName: String?, resolvingCommits: Bool,
                         inspect: ((UnsafeRawBufferPointer) throws -> Void)?) throws -> [UInt8] {
        guard !path.isEmpty else { throw ScrollSimError.unreadable("the path is empty") }
        if resolvingCommits { OutputCommit.resolveLeftovers(in: OutputBatch.directory(of: path)) }
        var info = stat()
        guard stat(path, &info) == 0 else { throw ScrollSimError.unreadable(reason(errno)) }
        try checkRegular(info)
        if Int(info.st_size) > limit {
            throw overLimit(Int(info.st_size), limit, limitName)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw ScrollSimError.unreadable(reason(errno)) }
        defer { close(descriptor) }
        // The path may have been replaced between stat and open: check what was opened.
        guard fstat(descriptor, &info) == 0 else { throw ScrollSimError.unreadable(reason(errno)) }
        try checkRegular(info)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(Int(info.st_size), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ScrollSimError.unreadable(reason(errno))
            }
            if count == 0 { break }
            try chunk.withUnsafeBytes { try inspect?(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            bytes.append(contentsOf: chunk[0..<count])
            // A file that grew while being read is held to the same limit.
            if bytes.count > limit { throw overLimit(bytes.count, limit, limitName) }
        }
        return bytes
    }

    static func overLimit(_ size: Int, _ limit: Int, _ name: String?) -> ScrollSimError {
        var reason = "is \(ScenarioLimits.grouped(size)) bytes, over the limit of \(ScenarioLimits.grouped(limit)) bytes"
        if let name { reason += " (raise it with --limit \(name)=N)" }
        return ScrollSimError(reason)
    }

    package static func checkRegular(_ info: stat) throws {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw ScrollSimError.unreadable("is a directory, not a file")
        case S_IFIFO: throw ScrollSimError.unreadable("not a regular file (a FIFO)")
        case S_IFCHR: throw ScrollSimError.unreadable("not a regular file (a character device)")
        case S_IFBLK: throw ScrollSimError.unreadable("not a regular file (a block device)")
        case S_IFSOCK: throw ScrollSimError.unreadable("not a regular file (a socket)")
        default: throw ScrollSimError.unreadable("not a regular file")
        }
    }

    /// A POSIX error number in plain words.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "a directory on the path is a file"
        case EISDIR: return "is a directory, not a file"
        case ENAMETOOLONG: return "the path or one of its names is too long"
        case ELOOP: return "too many levels of symbolic links (a link that leads back to itself?)"
        case ENOSPC: return "no space left on the device"
        case EROFS: return "the file system is read-only"
        case EDQUOT: return "the disk quota is exhausted"
        case EEXIST: return "already exists"
        case EIO: return "an input/output error"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
