import Foundation
@testable import ScrollSimKit
import Testing

/// Input files in plain words: regular files only (a FIFO is refused without being opened, so
/// nothing blocks), a size limit checked before reading, no error domains.
@Suite struct InputFileTests {
    typealias Problem = ScrollSimError.Problem

    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-input-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func reason(_ path: String, limit: Int = 1 << 20) -> String {
        do {
            _ = try InputFile.contents(path, limit: limit)
            return "read"
        } catch let error as ScrollSimError {
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    @Test func filesThatAreNotRegularAreNamedForWhatTheyAre() throws {
        let dir = try Self.directory()
        #expect(reason(dir) == "is a directory, not a file")
        #expect(reason("/dev/null") == "not a regular file (a character device)")
        #expect(reason(dir + "/missing.json") == "no such file")
        #expect(reason("") == "the path is empty")
        let fifo = dir + "/pipe.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        // Opening a FIFO with no writer would block: it must be refused before that.
        #expect(reason(fifo) == "not a regular file (a FIFO)")
        let file = dir + "/file.json"
        try "{}".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(reason(file + "/x") == "a directory on the path is a file")
    }

    @Test func theLimitIsCheckedBeforeReading() throws {
        let file = try Self.directory() + "/f.json"
        try Data(repeating: 0x41, count: 10).write(to: URL(fileURLWithPath: file))
        #expect(reason(file, limit: 10) == "read")
        #expect(reason(file, limit: 9) == "is 10 bytes, over the limit of 9 bytes")
        #expect(throws: ScrollSimError(file: file, message: "is 10 bytes, over the limit of 9 bytes (raise it with --limit file-bytes=N)")) {
            try InputFile.contents(file, limit: 9, limitName: "file-bytes")
        }
    }

    @Test func scenarioMessagesSayWhatTheFileIs() throws {
        let dir = try Self.directory()
        let fifo = dir + "/pipe.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        // Every unreadable input reads FILE: cannot read the file: REASON (a scenario, a
        // thresholds file, a report alike).
        #expect(throws: ScrollSimError(Problem(source: .file(fifo), detail: .unreadable("not a regular file (a FIFO)")))) {
            try ScenarioLoader.load(path: fifo)
        }
        #expect(throws: ScrollSimError(Problem(source: .file("\"\""), detail: .unreadable("the path is empty")))) {
            try ScenarioLoader.load(path: "")
        }
        for load in [{ _ = try ScenarioLoader.load(path: fifo) }, { _ = try Thresholds.load(path: fifo) }, { _ = try Report.load(path: fifo) }] {
            #expect(throws: ScrollSimError.self) { try load() }
            do { try load() } catch { #expect("\(error)" == "\(fifo): cannot read the file: not a regular file (a FIFO)") }
        }
    }
}
