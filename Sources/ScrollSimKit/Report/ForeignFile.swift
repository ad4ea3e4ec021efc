#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file already in an output folder that ScrollSim did not write: never replaced.
///
/// A folder a command writes pages, reports or summaries into may hold the user's own files
/// under the same names (an `index.html` of a static site, a `summary.csv` of a spreadsheet).
/// Each file ScrollSim writes into a folder carries a marker of its own — a page the
/// `<meta name="generator" content="ScrollSim">` tag in its head, a sweep's files the
/// `sweep-plan.json` that lists them — and an existing file without it is refused with exit
/// status 2 before anything is written, as `rsync --delete` never touches what lies outside
/// its destination.
public enum ForeignFile {
    /// The bytes of a file's head that are read for its marker.
    public static let headBytes = 4096

    /// Throws when `path` is an existing regular file whose first `headBytes` do not satisfy
    /// `isScrollSims`; a missing file (nothing to lose) passes.
    /// - Parameter marker: what a file of ScrollSim's carries, for the message.
    public static func refuse(_ path: String, marker: String, isScrollSims: (String) -> Bool) throws {
        guard let head = head(path) else { return }
        guard !isScrollSims(head) else { return }
        throw refusal(path, marker: marker)
    }

    /// The message for a file ScrollSim did not write.
    public static func refusal(_ path: String, marker: String) -> ScrollSimError {
        ScrollSimError.unwritable(path, "the file is not one ScrollSim wrote (it has no \(marker)), and a command never replaces a file it did not write: move it away or give another folder")
    }

    /// The first `headBytes` of an existing regular file as text; nil when there is no such
    /// file. A file that exists but cannot be read gives "" (not ScrollSim's, as far as can be
    /// told).
    public static func head(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: headBytes)
        var count = 0
        while count < headBytes {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, headBytes - count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
}
