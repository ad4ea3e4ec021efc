import Foundation
import Testing
@testable import ScrollSimKit

/// What a report records of its scenario (`scenario.source`).
@Suite struct ScenarioSourceTests {
    typealias F = CompareFixtures

    static let scenario = """
    {"schema": 1, "name": "ids", "duration": 0.5, "description": "two rows from a data file",
     "content": {"data": "rows.jsonl", "types": [{"name": "row", "height": {"fixed": 80}, "bodyMs": 0.25}]},
     "budgets": {"droppedFrames": 0}}
    """

    /// The data file's hash is FNV-1a (64-bit) of its 24 bytes, worked out apart with a few lines
    /// of Python (offset basis 0xcbf29ce484222325, prime 0x100000001b3): 035ea89ad706dfbe.
    @Test func theSourceIsTheFileAsDecodedWithTheDataFileAsItsNameAndHash() throws {
        let directory = try F.temporaryDirectory()
        try "{\"id\": \"a\"}\n{\"id\": \"b\"}\n".write(toFile: (directory as NSString).appendingPathComponent("rows.jsonl"), atomically: true, encoding: .utf8)
        let file = (directory as NSString).appendingPathComponent("ids.json")
        try Self.scenario.write(toFile: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(path: file)
        var expected = try #require(try JSONParser.parse(Array(Self.scenario.utf8)).objectValue)
        var content = try #require(expected["content"]?.objectValue)
        content["data"] = .object(["file": .string("rows.jsonl"), "contentHash": .string("035ea89ad706dfbe")])
        expected["content"] = .object(content)
        #expect(scenario.source == .object(expected))

        // The report carries it under scenario.source, and reads it back.
        let report = try Report(path: "ids.json", root: Baseline.report(for: scenario))
        #expect(report.scenarioSource == .object(expected))

        // A changed data file shows as its hash in the diff.
        try "{\"id\": \"a\"}\n{\"id\": \"c\"}\n".write(toFile: (directory as NSString).appendingPathComponent("rows.jsonl"), atomically: true, encoding: .utf8)
        let changed = try ScenarioLoader.load(path: file)
        #expect(changed.contentHash != scenario.contentHash)
        let diff = ScenarioDiff.changes(from: try #require(scenario.source), to: try #require(changed.source))
        #expect(diff.map(\.path) == ["content.data.contentHash"])
        #expect(diff.first?.old == "035ea89ad706dfbe")
    }

    @Test func aReportWhoseSourceIsNotAnObjectIsCorrupt() throws {
        let root: JSONValue = .object([
            "schema": .number(1), "summary": .object([:]),
            "scenario": .object(["name": .string("x"), "contentHash": .string("1"), "source": .string("feed.json")]),
        ])
        #expect(throws: ScrollSimError(file: "x.json", message: "corrupt report: scenario.source: expected an object, found a string")) {
            try Report(path: "x.json", root: root).checked()
        }
    }
}
