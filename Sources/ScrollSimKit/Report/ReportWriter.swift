import Foundation

/// Writes outputs atomically: a failed write never leaves a partial file (`OutputBatch` of one
/// file). Commands that write several files stage them all in one `OutputBatch`. A failure is a
/// `ScrollSimError.unwritable(path, reason)`: `cannot write PATH: REASON`.
public enum OutputWriter {
    /// Writes `text` to `path` through a temporary file in the same directory, then renames it.
    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws {
        try write([UInt8](data), to: path)
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let batch = OutputBatch()
        try batch.stage(bytes, to: path)
        try batch.commit()
    }

    /// Writes every file or none (`OutputBatch`).
    public static func writeAll(_ files: [(path: String, text: String)]) throws {
        let batch = OutputBatch()
        for file in files { try batch.stage(file.text, to: file.path) }
        try batch.commit()
    }

    /// Makes sure a directory exists, or can be created, and can be written, before any work
    /// is done. Nothing is created.
    public static func prepareDirectory(_ path: String) throws {
        try OutputBatch.checkDirectory(path)
    }
}
