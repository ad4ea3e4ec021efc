import Foundation

/// Writes reports and other outputs atomically: a failed write never leaves a partial file.
public enum OutputWriter {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `text` to `path` through a temporary file in the same directory, then renames it.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: FileErrors.reason(error))
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw Failure(path: path, reason: FileErrors.reason(error))
        }
    }

    /// Makes sure a directory exists and can be written, before any work is done.
    public static func prepareDirectory(_ path: String) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Failure(path: path, reason: "exists and is not a directory") }
        } else {
            do {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw Failure(path: path, reason: FileErrors.reason(error))
            }
        }
        guard manager.isWritableFile(atPath: path) else { throw Failure(path: path, reason: "permission denied") }
    }
}
