import Foundation
@testable import ScrollSimKit
import Testing

/// A data file is refused as soon as it crosses a limit, while it is read (`DataFileScan`):
/// the record after the `data-rows`-th, the byte after the `data-line-bytes`-th of a line —
/// and the message names the line and the `--limit` that raises it.
@Suite struct DataFileLimitsTests {
    static func folder(_ data: String, name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("data-limits-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try data.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        let scenario = """
        {"schema": 1, "name": "d", "duration": 1, "content": {"data": "\(name)", "types": [{"name": "cell", "height": {"fixed": 10}}]}}
        """
        try scenario.write(toFile: directory + "/d.json", atomically: true, encoding: .utf8)
        return directory + "/d.json"
    }

    func problems(_ path: String, limits: ScenarioLimits = .standard) -> [String] {
        do {
            _ = try ScenarioLoader.load(path: path, limits: limits)
            return []
        } catch let error as ScrollSimError {
            return error.problems.map(\.message)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func recordsPastTheLimitAreRefusedAtTheFirstOneOver() throws {
        // A header (line 1) and records on lines 2 to 6; with at most 2 records, line 4 holds the third.
        let path = try Self.folder("height\n10\n20\n30\n40\n50\n", name: "d.csv")
        var limits = ScenarioLimits.standard
        limits.dataRows = 2
        #expect(problems(path, limits: limits) == [
            "\"d.csv\" has more than 2 records (line 4), over the limit (raise it with --limit data-rows=N)",
        ])
        // Blank lines are not records: 2 records among blank lines are within.
        limits.dataRows = 2
        #expect(problems(try Self.folder("height\n\n10\n  \n20\n\n", name: "d.csv"), limits: limits) == [])
        // JSON Lines have no header: the third record is on line 3.
        #expect(problems(try Self.folder("{\"height\": 1}\n{\"height\": 2}\n{\"height\": 3}", name: "d.jsonl"), limits: limits) == [
            "\"d.jsonl\" has more than 2 records (line 3), over the limit (raise it with --limit data-rows=N)",
        ])
    }

    @Test func aLineLongerThanTheLimitIsRefusedWhileItIsRead() throws {
        // 65,537 bytes on line 2: one over the default 65,536.
        let path = try Self.folder("height\n" + String(repeating: "1", count: 65_537) + "\n", name: "d.csv")
        #expect(problems(path) == [
            "\"d.csv\" line 2 is longer than 65,536 bytes, over the limit for one record (raise it with --limit data-line-bytes=N)",
        ])
        // 65,536 bytes is within the limit (and then refused as a height out of range, not as a long line).
        let within = problems(try Self.folder("height\n" + String(repeating: "1", count: 65_536) + "\n", name: "d.csv"))
        #expect(within.count == 1 && !within[0].contains("longer than"), "\(within)")
    }

    @Test func aLinkThatLoopsSaysSo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory + "/a.json", withDestinationPath: directory + "/b.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/b.json", withDestinationPath: directory + "/a.json")
        #expect(throws: ScrollSimError.self) { try ScenarioLoader.expand([directory + "/a.json"]) }
        do {
            _ = try ScenarioLoader.expand([directory + "/a.json"])
        } catch let error as ScrollSimError {
            #expect(error.problems.map(\.message) == ["too many levels of symbolic links (a link that leads back to itself?)"])
        }
    }
}
