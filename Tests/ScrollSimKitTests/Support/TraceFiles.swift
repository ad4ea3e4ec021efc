import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces

/// Trace files for the reader tests: text or bytes written to a fresh temporary directory, and
/// the committed fixtures under `Fixtures/traces`.
enum TraceFiles {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/traces").path

    static func fixture(_ name: String) -> String { (fixtures as NSString).appendingPathComponent(name) }

    /// A new, empty temporary directory.
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-traces-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `bytes` to a file named `name` in a new temporary directory; its path.
    static func write(_ bytes: [UInt8], name: String = "trace") throws -> String {
        let path = (try directory() as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func write(_ text: String, name: String = "trace") throws -> String {
        try write(Array(text.utf8), name: name)
    }

    /// The reading of `text`, or the error's description.
    static func read(_ text: String, limits: TraceLimits = .default) throws -> TraceReading {
        try TraceReader.read(path: try write(text), limits: limits)
    }

    /// The message `TraceReader` refuses `bytes` with, the file's path replaced by `FILE`;
    /// "read" when it reads them.
    static func refusal(_ bytes: [UInt8], limits: TraceLimits = .default) throws -> String {
        let path = try write(bytes)
        do {
            _ = try TraceReader.read(path: path, limits: limits)
            return "read"
        } catch let error as ScrollSimError {
            return error.description.replacingOccurrences(of: path, with: "FILE")
        }
    }

    static func refusal(_ text: String, limits: TraceLimits = .default) throws -> String {
        try refusal(Array(text.utf8), limits: limits)
    }
}
