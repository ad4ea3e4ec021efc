@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Edits leave every other byte as it was.
@Suite struct ScenarioTextEditTests {
    @Test func valuesAreReplacedAndMembersAddedInPlace() throws {
        let text = "{\n  \"name\": \"x\",\n  \"t\": {\n    \"bodyMs\":   0.1,\n    \"b\": [1, 2]\n  }\n}\n"
        var edit = try ScenarioTextEdit(bytes: Array(text.utf8))
        edit.set("bodyMs", in: [.key("t")], to: "{\"lognormal\": {\"p50\": 0.2, \"p95\": 0.5}}")
        edit.set("layoutMs", in: [.key("t")], to: "0.3")
        edit.set("costs", in: [], to: "{\n  \"a\": 1\n}")
        let expected = "{\n  \"name\": \"x\",\n  \"t\": {\n    \"bodyMs\":   {\"lognormal\": {\"p50\": 0.2, \"p95\": 0.5}},\n    \"b\": [1, 2],\n    \"layoutMs\": 0.3\n  },\n  \"costs\": {\n    \"a\": 1\n  }\n}\n"
        #expect(String(decoding: edit.result(), as: UTF8.self) == expected)
    }

    @Test func anObjectOnOneLineStaysOnOneLine() throws {
        var edit = try ScenarioTextEdit(bytes: Array(#"{"types": [{"name": "a", "bodyMs": 1}]}"#.utf8))
        edit.set("initMs", in: [.key("types"), .index(0)], to: "2")
        #expect(String(decoding: edit.result(), as: UTF8.self) == #"{"types": [{"name": "a", "bodyMs": 1, "initMs": 2}]}"#)
        // The root's last member right after its brace, at the file's second byte: the brace,
        // not a line's start, precedes it.
        var root = try ScenarioTextEdit(bytes: Array(#"{"a": 1}"#.utf8))
        root.set("b", in: [], to: "2")
        #expect(String(decoding: root.result(), as: UTF8.self) == #"{"a": 1, "b": 2}"#)
    }

    /// A member added to an empty object goes inside its braces: for the root, the braces
    /// after a byte order mark and leading whitespace (spaces, tabs, returns, newlines), which
    /// stay as they were; for a nested object, its own braces.
    @Test func aMemberOfAnEmptyObjectGoesInsideItsBraces() throws {
        let text = "\u{FEFF} \t\r\n{}\n"
        var root = try ScenarioTextEdit(bytes: Array(text.utf8))
        root.set("a", in: [], to: "1")
        #expect(String(decoding: root.result(), as: UTF8.self) == "\u{FEFF} \t\r\n{\"a\": 1}\n")
        var nested = try ScenarioTextEdit(bytes: Array(#"  {"t": {}, "u": {"v": 2}}"#.utf8))
        nested.set("w", in: [.key("t")], to: "3")
        #expect(String(decoding: nested.result(), as: UTF8.self) == #"  {"t": {"w": 3}, "u": {"v": 2}}"#)
    }

    /// A member added to an object indented with tabs goes on its own line at the last
    /// member's tabs. Found by a generated mutant that looked for the tab one byte after the
    /// one it stood on, and so set the member after a comma on the same line.
    @Test func aMemberIsAddedAtTheTabsOfTheLastOne() throws {
        var edit = try ScenarioTextEdit(bytes: Array("{\n\t\"t\": {\n\t\t\"a\": 1\n\t}\n}\n".utf8))
        edit.set("b", in: [.key("t")], to: "2")
        #expect(String(decoding: edit.result(), as: UTF8.self) == "{\n\t\"t\": {\n\t\t\"a\": 1,\n\t\t\"b\": 2\n\t}\n}\n")
    }

    @Test func spansAreByteRanges() throws {
        // "é" is two bytes: the value 1 starts at byte 8.
        let (_, spans) = try JSONParser.parseWithSpans(Array(#"{"é": 1}"#.utf8))
        #expect(spans == [JSONSpan(path: [.key("é")], key: 1..<7, value: 7..<8)])
    }
}
