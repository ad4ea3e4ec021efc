import Foundation
@testable import ScrollSimKit
import Testing

/// Limits are checked before any work, name the keys, the product and the limit, and can be
/// raised. Every figure below is worked out by hand in its comment.
@Suite struct ScenarioLimitsTests {
    static func scenario(count: Int, children: Int = 1, kind: String = "lazyVStack", duration: Double = 1, refreshRate: Double = 120,
                         sections: String = "", extra: String = "") -> String {
        """
        {"schema": 1, "name": "l", "duration": \(JSONWriter.text(duration)), "device": {"refreshRate": \(JSONWriter.text(refreshRate))},
         "stack": {"kind": "\(kind)"},
         "content": {"count": \(count), \(sections)"types": [{"name": "cell", "children": \(children), "height": {"fixed": 10}\(extra)}]}}
        """
    }

    func problems(_ text: String, limits: ScenarioLimits = .standard) -> [String] {
        do {
            _ = try ScenarioLoader.decode(Data(text.utf8), file: "l.json", limits: limits)
            return []
        } catch let error as ScrollSimError {
            return error.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func rowsAreElementsTimesTheWidestTypePlusHeaders() {
        // 200,000 × 64 = 12,800,000 rows > 10,000,000.
        #expect(problems(Self.scenario(count: 200_000, children: 64)) == [
            "l.json: content.count: 200,000 elements × 64 children (content.types[0].children) = 12,800,000 rows, over the limit of 10,000,000 rows (raise it with --limit rows=N)",
        ])
        // 9,000,000 elements in sections of 5: 1,800,000 headers; 10,800,000 rows.
        #expect(problems(Self.scenario(count: 9_000_000, sections: #""sections": {"every": 5, "header": {"height": {"fixed": 20}}}, "#)) == [
            "l.json: content.count: 9,000,000 elements × 1 child + 1,800,000 section headers = 10,800,000 rows, over the limit of 10,000,000 rows (raise it with --limit rows=N)",
        ])
        var raised = ScenarioLimits.standard
        raised.rows = 12_800_000
        #expect(problems(Self.scenario(count: 200_000, children: 64), limits: raised) == [])
    }

    @Test func eagerStacksHaveALimitOfTheirOwn() {
        // 100,001 rows in a vStack: one over 100,000; a lazy stack of as many is fine.
        #expect(problems(Self.scenario(count: 100_001, kind: "vStack")) == [
            "l.json: stack.kind: an eager vStack builds every row in its first frame: 100,001 elements × 1 child = 100,001 rows, over the limit of 100,000 rows (raise it with --limit eager-rows=N)",
        ])
        #expect(problems(Self.scenario(count: 100_000, kind: "vStack")) == [])
        #expect(problems(Self.scenario(count: 100_001)) == [])
    }

    @Test func framesAreDurationTimesRefreshRatePlusOne() {
        // 3600 s × 480 Hz = 1,728,000 ticks, plus the frame at t = 0: 1,728,001.
        #expect(problems(Self.scenario(count: 10, duration: 3600, refreshRate: 480)) == [
            "l.json: duration: 3600 s × 480 Hz (device.refreshRate) = 1,728,001 frames, over the limit of 500,000 frames (raise it with --limit frames=N)",
        ])
        // 3600 s × 120 Hz + 1 = 432,001 frames: within.
        #expect(problems(Self.scenario(count: 10, duration: 3600)) == [])
    }

    @Test func nestedItemsAreRowsTimesItems() {
        // 1,000 elements × 2 children = 2,000 rows, × 100,000 items = 200,000,000 > 100,000,000.
        let row = #", "row": {"count": 100000, "itemWidth": 100, "types": [{"name": "i", "height": {"fixed": 5}}]}"#
        #expect(problems(Self.scenario(count: 1000, children: 2, extra: row)) == [
            "l.json: content.types[0].row.count: 2,000 rows of content.types[0] × 100,000 items = 200,000,000 nested items, over the limit of 100,000,000 nested items (raise it with --limit nested-items=N)",
        ])
    }

    @Test func modeledBytesAreCheckedExactlyAndNeverWrap() {
        // 10,000,000 × 10^12 = 10^19 > Int.max (≈ 9.2 × 10^18): refused, not wrapped.
        #expect(problems(Self.scenario(count: 10_000_000, extra: #", "memory": {"data": 1000000000000}"#)) == [
            "l.json: content.types[0].memory.data: 10,000,000 elements × 1,000,000,000,000 bytes = more than 9.2 × 10^18 bytes of data, over the limit of 1,000,000,000,000,000 modeled bytes (raise it with --limit modeled-bytes=N)",
        ])
        // 1,000 elements × 64 children = 64,000 rows, each 3 × 10^12 bytes: 1.92 × 10^17,
        // plus 1,000 × 64 bytes of data = 192,000,000,000,064,000.
        let views = #", "memory": {"view": 1000000000000, "state": 1000000000000, "content": 1000000000000}"#
        #expect(problems(Self.scenario(count: 1000, children: 64, extra: views)) == [
            "l.json: content.types[0].memory: 64,000 rows × 3,000,000,000,000 bytes a view (memory.view + state + content) + 64,000 bytes of data = 192,000,000,000,064,000 bytes with every row resident, over the limit of 1,000,000,000,000,000 modeled bytes (raise it with --limit modeled-bytes=N)",
        ])
        var raised = ScenarioLimits.standard
        raised.modeledBytes = 192_000_000_000_064_000
        #expect(problems(Self.scenario(count: 1000, children: 64, extra: views), limits: raised) == [])
    }

    @Test func limitsAreSetByName() throws {
        var limits = ScenarioLimits.standard
        try limits.set("rows=20_000_000")
        #expect(limits.rows == 20_000_000)
        #expect(throws: ScrollSimError("--limit: unknown limit 'row' (did you mean 'rows'?); limits: file-bytes, rows, eager-rows, frames, nested-items, columns, resident-rows, layout-rows, data-rows, data-bytes, data-line-bytes, modeled-bytes")) {
            try limits.set("row=5")
        }
        #expect(throws: ScrollSimError.argument("--limit rows", expected: "a whole number from 1 to 2,000,000,000", found: "'3000000000'")) {
            try limits.set("rows=3000000000")
        }
        #expect(throws: ScrollSimError.argument("--limit rows", expected: "a whole number from 1 to 2,000,000,000", found: "'many'")) {
            try limits.set("rows=many")
        }
        #expect(throws: (any Error).self) { try limits.set("rows") }
    }

    @Test func theFileSizeIsCheckedBeforeReading() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.json").path
        // 1,001 bytes against a limit of 1,000.
        try Data(repeating: 0x20, count: 1001).write(to: URL(fileURLWithPath: file))
        var limits = ScenarioLimits.standard
        limits.fileBytes = 1000
        #expect(throws: ScrollSimError(file: file, location: .whole, message: "is 1,001 bytes, over the limit of 1,000 bytes (raise it with --limit file-bytes=N)")) {
            try ScenarioLoader.load(path: file, limits: limits)
        }
    }

    @Test func dataFilesAreLimitedInBytesAndRecords() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Eleven records of 14 bytes each ({"height": 1} is 13, and a line feed): 154 bytes.
        try String(repeating: "{\"height\": 1}\n", count: 11).write(to: directory.appendingPathComponent("d.jsonl"), atomically: true, encoding: .utf8)
        let text = #"{"schema": 1, "name": "d", "duration": 1, "content": {"data": "d.jsonl", "types": [{"name": "c", "height": {"fixed": 1}}]}}"#
        var limits = ScenarioLimits.standard
        limits.dataRows = 10
        #expect(throws: ScrollSimError(file: "d.json", location: .keyPath("content.data"), message: "\"d.jsonl\" has more than 10 records (line 11), over the limit (raise it with --limit data-rows=N)")) {
            try ScenarioLoader.decode(Data(text.utf8), file: "d.json", directory: directory, limits: limits)
        }
        limits = .standard
        limits.dataBytes = 100
        #expect(throws: ScrollSimError(file: "d.json", location: .keyPath("content.data"), message: "\"d.jsonl\" is 154 bytes, over the limit of 100 bytes (raise it with --limit data-bytes=N)")) {
            try ScenarioLoader.decode(Data(text.utf8), file: "d.json", directory: directory, limits: limits)
        }
        #expect(try ScenarioLoader.decode(Data(text.utf8), file: "d.json", directory: directory).config.content.count == 11)
    }
}
