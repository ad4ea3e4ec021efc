#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one place that decides what a command may write or delete: never one of its inputs,
/// never a file directly inside a directory it read inputs from, and never one file for two
/// outputs.
///
/// Paths are compared by their real paths — symbolic links followed, `.` and `..` resolved,
/// relative paths taken from the working directory — so `--out link` where `link` points at
/// a scenario directory is caught as surely as `--out Scenarios`. A path that does not exist
/// yet is resolved as far as it exists, and the rest is appended by name.
///
/// A command registers what it reads (`read(_:)`), then every path it means to write is
/// claimed (`claim(_:as:)`) — up front, before any work, and again by `OutputBatch` when the
/// file is staged — and every file it means to delete is checked (`checkRemoval(_:)`). A
/// refusal is an `ScrollSimError.unwritable` naming both paths (exit status 2), and nothing has
/// been written.
///
/// A careful Unix tool does the same: `cp a a` and `sort -o` refuse or guard an output that is
/// an input (POSIX `cp`: "source_file and target are the same file"), and `rsync --delete`
/// deletes only inside the destination it was given.
public struct OutputGuard: Sendable {
    /// Input files by real path, with the path as given.
    private var files: [String: String] = [:]
    /// Directories inputs were read from (given as directories), by real path.
    private var directories: [String: String] = [:]
    /// Outputs claimed so far, by real path: the path as given and what it is.
    private var claimed: [String: (path: String, role: String)] = [:]

    public init() {}

    /// An input: a file, or a directory whose files are inputs (a scenario directory, a
    /// shard's directory). Paths that do not exist are ignored (there is nothing to protect).
    public mutating func read(_ path: String) {
        guard !path.isEmpty else { return }
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let real = OutputGuard.resolved(path)
        if info.st_mode & S_IFMT == S_IFDIR {
            if directories[real] == nil { directories[real] = path }
        } else if files[real] == nil {
            files[real] = path
        }
    }

    /// Registers every path in `paths` as an input.
    public mutating func read(_ paths: [String]) {
        for path in paths { read(path) }
    }

    /// Checks that `path` may be written: it is not an input, not directly inside a directory
    /// inputs were read from, and no other output of this command claimed it.
    /// - Parameter role: what the file is, for the message ("the report of feed").
    /// - Throws: `ScrollSimError.unwritable` naming `path` and the path it collides with.
    public mutating func claim(_ path: String, as role: String = "another output") throws {
        let real = OutputGuard.resolved(path)
        try checkNotInput(path, real: real, verb: "write")
        if let other = claimed[real] {
            throw ScrollSimError.unwritable(path, "\(role) would be written to the same file as \(other.role) (\(other.path)); give them different paths")
        }
        claimed[real] = (path, role)
    }

    /// Checks that `path` may be written as a directory of outputs: it is not an input file
    /// and not a directory inputs were read from.
    public func checkDirectory(_ path: String) throws {
        let real = OutputGuard.resolved(path)
        if let input = files[real] {
            throw ScrollSimError.unwritable(path, "it is the input \(input); outputs never replace an input")
        }
        if let input = directories[real] {
            throw ScrollSimError.unwritable(path, "it is the input directory \(input); write outputs to another directory")
        }
    }

    /// Checks that `path` may be deleted: it is not an input, not directly inside a directory
    /// inputs were read from, and not an output of this command.
    public func checkRemoval(_ path: String) throws {
        let real = OutputGuard.resolved(path)
        try checkNotInput(path, real: real, verb: "delete")
        if let other = claimed[real] {
            throw ScrollSimError.unwritable(path, "cannot delete it: it is \(other.role) \(other.path)")
        }
    }

    private func checkNotInput(_ path: String, real: String, verb: String) throws {
        if let input = files[real] {
            throw ScrollSimError.unwritable(path, "it is the input \(input); a command never \(verb == "write" ? "overwrites" : "deletes") its input")
        }
        if let input = directories[real] {
            throw ScrollSimError.unwritable(path, "it is the input directory \(input)")
        }
        if let input = directories[OutputGuard.parent(of: real)] {
            throw ScrollSimError.unwritable(path, "it is inside the input directory \(input); \(verb == "write" ? "write outputs to another directory" : "a command never deletes files among its inputs")")
        }
    }

    // MARK: real paths

    /// The real path of `path`: absolute, symbolic links followed and `.`/`..` resolved for
    /// the part that exists; the part that does not exist is appended by name (`..` in it
    /// drops the name before).
    public static func resolved(_ path: String) -> String {
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                components = cwd.split(separator: "/")
            }
        }
        var current = "/" + components.joined(separator: "/")
        var exists = true
        for name in path.split(separator: "/") where name != "." {
            if name == ".." {
                current = parent(of: current)
                continue
            }
            let candidate = (current == "/" ? "" : current) + "/" + name
            if exists, let real = realPath(candidate) {
                current = real
            } else {
                // A dangling link or a missing name: from here on, names only.
                exists = false
                current = candidate
            }
        }
        return current
    }

    static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    static func parent(of real: String) -> String {
        guard let slash = real.lastIndex(of: "/"), slash != real.startIndex else { return "/" }
        return String(real[..<slash])
    }
}
