import Testing
@testable import ScrollSimKit

/// `ScenarioDiff` and `ScenarioChange` at their edges: a value exactly as long as the cut, one
/// character longer, and the kind word of each side that lacks a value.
@Suite struct ScenarioDiffEdgeTests {
    static func added(_ value: String) throws -> ScenarioChange {
        let changes = ScenarioDiff.changes(from: try JSONParser.parse(Array(#"{"a": 1}"#.utf8)),
                                           to: try JSONParser.parse(Array("{\"a\": 1, \"b\": \"\(value)\"}".utf8)))
        return try #require(changes.first)
    }

    /// 120 characters are shown whole; 121 are cut to 119 and "…" (120 in all).
    @Test func aValueAsLongAsTheCutIsShownWhole() throws {
        let exact = String(repeating: "x", count: ScenarioDiff.maximumValueLength)
        #expect(try Self.added(exact).new == exact)
        let over = try #require(try Self.added(exact + "y").new)
        #expect(over == String(repeating: "x", count: ScenarioDiff.maximumValueLength - 1) + "…")
    }

    /// A key only the current side has is added (absent → value), only the baseline's removed.
    @Test func theKindOfAChangeIsTheSideThatLacksIt() throws {
        let change = try Self.added("v")
        #expect(change.kind == "added" && change.old == nil && change.description == "b absent → v")
        let removed = try #require(ScenarioDiff.changes(from: try JSONParser.parse(Array(#"{"a": 1, "b": 2}"#.utf8)),
                                                        to: try JSONParser.parse(Array(#"{"a": 1}"#.utf8))).first)
        #expect(removed.kind == "removed" && removed.description == "b 2 → absent")
        #expect(ScenarioChange(path: "p", old: "1", new: "2").kind == "changed")
    }
}
