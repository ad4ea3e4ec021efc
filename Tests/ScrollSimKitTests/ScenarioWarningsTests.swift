import Foundation
@testable import ScrollSimKit
import Testing

/// Every problem of a file is reported at once; implausible values are warnings (the file still
/// decodes), silenced per key path with `silence`.
@Suite struct ScenarioWarningsTests {
    static func scenario(type: String = "", budgets: String = "{}", silence: String = "[]") -> String {
        """
        {"schema": 1, "name": "w", "duration": 1, "budgets": \(budgets), "silence": \(silence),
         "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 10}\(type)}]}}
        """
    }

    func decode(_ text: String) throws -> Scenario {
        try ScenarioLoader.decode(Data(text.utf8), file: "w.json")
    }

    @Test func aFileWithThreeMistakesGetsThreeMessages() {
        let text = """
        {"schema": 1, "name": "w", "duration": -1,
         "stack": {"kind": "lazy"},
         "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 10}, "bodyMs": "slow"}]}}
        """
        #expect(throws: ScrollSimError(problems: [
            .init(file: "w.json", location: .keyPath("duration"), message: "-1 is outside 0.001...3600"),
            .init(file: "w.json", location: .keyPath("stack.kind"), message: "\"lazy\" is not one of \"vStack\", \"lazyVStack\", \"lazyVGrid\", \"pairedRows\", \"masonryLayout\", \"masonryColumns\""),
            .init(file: "w.json", location: .keyPath("content.types[0].bodyMs"), message: "expected a number in 0...60000 or a cost distribution, found a string"),
        ])) { try decode(text) }
    }

    @Test func problemsPastTheLimitAreCounted() throws {
        let types = (0..<25).map { #"{"name": "t\#($0)", "height": {"fixed": -1}}"# }.joined(separator: ", ")
        let text = #"{"schema": 1, "name": "w", "duration": 1, "content": {"count": 1, "types": [\#(types)]}}"#
        let error = try #require(throws: ScrollSimError.self) { try decode(text) }
        // 25 problems: the first 20 kept, then one line for the other 5.
        #expect(error.problems.count == 21)
        #expect(error.problems.last?.message == "5 more problems not shown (the first 20 are above)")
    }

    @Test func implausibleValuesWarnAndStillDecode() throws {
        let s = try decode(Self.scenario(type: #", "bodyMs": 1500, "asyncContent": {"latencyMs": 0.3, "start": "task"}"#,
                                         budgets: #"{"peakMemoryBytes": "2 TiB"}"#))
        #expect(s.warnings.map(\.description) == [
            "w.json: content.types[0].bodyMs: 1500 ms is over 1 s for one view; costs are in milliseconds",
            "w.json: content.types[0].asyncContent.latencyMs: 0.3 ms is under 1 ms; latencies are in milliseconds (0.3 s would be 300)",
            // 2 TiB = 2,199,023,255,552 bytes.
            "w.json: budgets.peakMemoryBytes: 2.00 TiB is over 1 TB; memory budgets are in bytes (or a string such as \"200 MiB\")",
        ])
        #expect(s.config.content.types[0].costs.bodyMs == 1500)
    }

    @Test func silenceQuietsAKeyPathOrEveryIndex() throws {
        let type = #", "bodyMs": 1500, "layoutMs": 2000"#
        let exact = try decode(Self.scenario(type: type, silence: #"["content.types[0].bodyMs"]"#))
        #expect(exact.warnings.map(\.keyPath) == ["content.types[0].layoutMs"])
        let any = try decode(Self.scenario(type: type, silence: #"["content.types[*].bodyMs", "content.types[*].layoutMs"]"#))
        #expect(any.warnings == [])
        let other = try decode(Self.scenario(type: type, silence: #"["content.types[1].bodyMs"]"#))
        #expect(other.warnings.count == 2, "index 1 does not silence index 0")
    }

    @Test func silenceNamesKeysThatCanWarn() {
        #expect(throws: ScrollSimError(file: "w.json", location: .keyPath("silence[0]"), message: "\"content.types[0].bodyMS\" names no key that can warn (did you mean \"content.types[].bodyMs\"?); warnings come from costs over 1 s, latencies under 1 ms, memory budgets over 1 TB, former budget names and frame-work budgets the view types' costs rule out")) {
            try decode(Self.scenario(silence: #"["content.types[0].bodyMS"]"#))
        }
    }

    /// `silence` and `$schema` change nothing the simulation sees: the content hash is the same.
    @Test func silenceAndSchemaLocationDoNotChangeTheContentHash() throws {
        let plain = try decode(Self.scenario())
        let annotated = try decode(Self.scenario(silence: #"["content.types[*].bodyMs"]"#).replacingOccurrences(of: "{\"schema\": 1,", with: "{\"$schema\": \"scenario.schema.json\", \"schema\": 1,"))
        #expect(plain.contentHash == annotated.contentHash)
    }
}
