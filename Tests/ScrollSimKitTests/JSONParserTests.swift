import Foundation
@testable import ScrollSimKit
import Testing

/// The strict JSON parser: exactly RFC 8259, every refusal at its line and column (counted by
/// hand in each case's comment), repeated keys all found.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// A refusal: one bare problem (no file yet) at a line and column.
    struct Syntax: Equatable {
        var line: Int
        var column: Int
        var detail: String

        init(line: Int, column: Int, detail: String) {
            self.line = line
            self.column = column
            self.detail = detail
        }

        init(_ problem: ScrollSimError.Problem) {
            guard problem.source == .none, case .text(let line, let column) = problem.location else {
                self.init(line: 0, column: 0, detail: "not a bare problem at a line and column: \(problem)")
                return
            }
            self.init(line: line, column: column, detail: problem.message)
        }
    }

    func failure(_ bytes: [UInt8]) -> Syntax? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch let error as ScrollSimError where error.problems.count == 1 {
            return Syntax(error.problems[0])
        } catch {
            return Syntax(line: 0, column: 0, detail: "not one problem: \(error)")
        }
    }

    func failure(_ text: String) -> Syntax? { failure(Array(text.utf8)) }

    /// Placed in a file, a syntax error reads FILE:LINE:COLUMN: detail (`[1,]`: the `]` after
    /// the comma is at column 4).
    @Test func aPlacedSyntaxErrorNamesFileLineAndColumn() {
        #expect(throws: ScrollSimError(file: "a.json", location: .text(line: 1, column: 4), message: "a comma before ']': remove it (trailing commas are not JSON)")) {
            try JSONParser.parse(Array("[1,]".utf8), file: "a.json")
        }
        do {
            _ = try JSONParser.parse(Array("[1,]".utf8), file: "a.json")
        } catch {
            #expect("\(error)" == "a.json:1:4: a comma before ']': remove it (trailing commas are not JSON)")
        }
    }

    @Test func valuesOfEveryKind() throws {
        let value = try parse(#"{"a": [1, -2.5, 3e2, 0, -0, 1E-2], "b": {"c": null, "d": true, "e": false}, "s": "x\"\\\/\n\t\u00e9\ud83d\ude00"}"#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5), .number(300), .number(0), .number(0), .number(0.01)]),
            "b": .object(["c": .null, "d": .bool(true), "e": .bool(false)]),
            "s": .string("x\"\\/\n\té😀"),
        ]))
        #expect(try parse(" 7 ") == .number(7))
        #expect(try parse("\"é😀\"") == .string("é😀"))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([:]))
        // 2^53 + 1 is not a double; 16 digits take the slow path and round to even: 2^53.
        #expect(try parse("9007199254740993") == .number(9_007_199_254_740_992))
        #expect(try parse("123456789012345") == .number(123_456_789_012_345))
    }

    @Test func aUTF8ByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    /// (text, line, column, words of the message). Columns count from 1 in Unicode scalars.
    static let refusals: [(String, Int, Int, String)] = [
        ("", 1, 1, "the file is empty"),
        ("  \n ", 1, 1, "the file is empty"),
        // `[1, 2,]`: the ']' is the 7th character.
        ("[1, 2,]", 1, 7, "a comma before ']'"),
        // `{"a": 1,}`: the '}' is the 9th.
        ("{\"a\": 1,}", 1, 9, "a comma before '}'"),
        ("{\"a\": 1}\n,", 2, 1, "a comma after the last value"),
        // Line 2 is `  // note`: the '/' is at column 3.
        ("{\n  // note\n  \"a\": 1}", 2, 3, "comments are not allowed"),
        ("[1 /* x */]", 1, 4, "comments are not allowed"),
        ("{'a': 1}", 1, 2, "double quotes"),
        ("[01]", 1, 2, "leading zeros"),
        ("[+1]", 1, 2, "cannot start with '+'"),
        ("[.5]", 1, 2, "a digit before the '.'"),
        ("[1.]", 1, 2, "a digit after the '.'"),
        ("[1e]", 1, 2, "after its exponent"),
        ("[-]", 1, 2, "'-' must be followed by digits"),
        ("[NaN]", 1, 2, "NaN and Infinity"),
        ("[-Infinity]", 1, 2, "NaN and Infinity"),
        ("[1e400]", 1, 2, "too large"),
        ("[True]", 1, 2, "expected a value, found 'T'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\""),
        ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("[1", 1, 3, "unexpected end of the file inside an array"),
        ("{\"a\": ", 1, 7, "expected a value"),
        ("\"abc", 1, 1, "a string that never ends"),
        ("\"a\nb\"", 1, 3, "a line break inside a string"),
        ("\"a\u{01}b\"", 1, 3, "control character U+0001"),
        ("\"\\x\"", 1, 2, "invalid escape \\x"),
        ("\"\\u12G4\"", 1, 2, "four hex digits"),
        ("\"\\ud800\"", 1, 2, "without its second half"),
        ("\"\\udc00\"", 1, 2, "without its first half"),
        ("[1] [2]", 1, 5, "after the end of the JSON value"),
        // `"é" "x"`: é is one column, so the second string starts at column 5.
        ("\"é\" \"x\"", 1, 5, "after the end of the JSON value"),
    ]

    @Test func refusalsNameTheirLineAndColumn() {
        for (text, line, column, words) in Self.refusals {
            let error = failure(text)
            #expect(error?.line == line && error?.column == column, "\(text.debugDescription): \(String(describing: error))")
            #expect(error?.detail.contains(words) == true, "\(text.debugDescription): \(String(describing: error)) lacks \(words)")
        }
    }

    @Test func textThatIsNotUTF8IsRefusedSayingSo() {
        // UTF-16 little-endian with its byte-order mark.
        #expect(failure([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]) == Syntax(line: 1, column: 1, detail: "the file is UTF-16 (little-endian byte-order mark); save it as UTF-8"))
        #expect(failure([0xFE, 0xFF, 0x00, 0x7B])?.detail.contains("UTF-16 (big-endian") == true)
        #expect(failure([0x00, 0x00, 0xFE, 0xFF])?.detail.contains("UTF-32 (big-endian") == true)
        #expect(failure([0xFF, 0xFE, 0x00, 0x00])?.detail.contains("UTF-32 (little-endian") == true)
        // UTF-16 without a mark: `{` then a NUL byte, the 2nd column.
        #expect(failure([0x7B, 0x00, 0x7D, 0x00]) == Syntax(line: 1, column: 2, detail: "expected a key in double quotes, found byte 0x00 (is the file UTF-16? save it as UTF-8)"))
        // Latin-1 é (0xE9) inside a string: `["caf` then 0xE9 at column 6.
        #expect(failure(Array("[\"caf".utf8) + [0xE9, 0x22, 0x5D]) == Syntax(line: 1, column: 6, detail: "byte 0xE9 is not UTF-8: save the file as UTF-8"))
        // An overlong '/' (C0 AF) and an encoded surrogate (ED A0 80) are not UTF-8 either.
        #expect(failure([0x22, 0xC0, 0xAF, 0x22])?.detail == "byte 0xC0 is not UTF-8: save the file as UTF-8")
        #expect(failure([0x22, 0xED, 0xA0, 0x80, 0x22])?.detail == "byte 0xED is not UTF-8: save the file as UTF-8")
        // Outside a string, a non-ASCII character is named.
        #expect(failure(Array("[1, é]".utf8)) == Syntax(line: 1, column: 5, detail: "expected a value, found 'é'"))
    }

    @Test func repeatedKeysAreAllFoundAndTheFirstThrown() throws {
        // Line 1 `{"a": 1,`; line 2 `"b": {"c": 1, "c": 2},` (second "c" at column 15);
        // line 3 `"a": 3}` (second "a" at column 1).
        let text = "{\"a\": 1,\n\"b\": {\"c\": 1, \"c\": 2},\n\"a\": 3}"
        let result = try JSONParser.parseAllowingDuplicates(Array(text.utf8))
        #expect(result.duplicates.map(Syntax.init) == [
            Syntax(line: 2, column: 15, detail: "duplicate key \"c\" (first at 2:7); give each key once"),
            Syntax(line: 3, column: 1, detail: "duplicate key \"a\" (first at 1:2); give each key once"),
        ])
        // The first occurrence is kept.
        #expect(result.value["a"] == .number(1))
        #expect(failure(text) == result.duplicates.first.map(Syntax.init))
    }

    /// A repeated key is found in an object of any size: up to 32 keys the parser compares a key
    /// with the object's earlier ones, past 32 it hashes them (`SeenKeys`), and a key repeated
    /// across that change, after it, in a nested object or in a skipped section is found all the
    /// same, with its first place. The expected columns come from searching the text itself.
    @Test(arguments: [3, 31, 32, 33, 40, 200]) func repeatedKeysAreFoundInObjectsOfAnySize(keys count: Int) throws {
        // {"k0":0,"k1":0,…,"k<count-1>":0,"k0":1,"inner":{"x":0,"x":1},"k<count-1>":2}
        let members = (0..<count).map { "\"k\($0)\":0" } + ["\"k0\":1", "\"inner\":{\"x\":0,\"x\":1}", "\"k\(count - 1)\":2"]
        let text = "{" + members.joined(separator: ",") + "}"
        func column(of needle: String, occurrence: Int) -> Int {
            var from = text.startIndex
            var found = text.startIndex
            for _ in 0...occurrence {
                let range = text.range(of: needle, range: from..<text.endIndex)!
                found = range.lowerBound
                from = range.upperBound
            }
            return text.distance(from: text.startIndex, to: found) + 1
        }
        let last = "\"k\(count - 1)\""
        let expected = [
            Syntax(line: 1, column: column(of: "\"k0\"", occurrence: 1), detail: "duplicate key \"k0\" (first at 1:\(column(of: "\"k0\"", occurrence: 0))); give each key once"),
            Syntax(line: 1, column: column(of: "\"x\"", occurrence: 1), detail: "duplicate key \"x\" (first at 1:\(column(of: "\"x\"", occurrence: 0))); give each key once"),
            Syntax(line: 1, column: column(of: last, occurrence: 1), detail: "duplicate key \"k\(count - 1)\" (first at 1:\(column(of: last, occurrence: 0))); give each key once"),
        ]
        let result = try JSONParser.parseAllowingDuplicates(Array(text.utf8))
        #expect(result.duplicates.map(Syntax.init) == expected)
        // The first occurrence is kept, and every distinct key is there once.
        #expect(result.value["k0"] == .number(0))
        #expect(result.value.objectValue?.count == count + 1)
        // The skipping reader refuses with the same first message, the repeat being in a skipped
        // section or in a kept one.
        for wrapped in ["{\"frames\":" + text + "}", "{\"frames\":[],\"summary\":" + text + "}"] {
            let skipping = #expect(throws: ScrollSimError.self) { try JSONParser.parse(Array(wrapped.utf8), skipping: ["frames"]) }
            let reading = #expect(throws: ScrollSimError.self) { try JSONParser.parse(Array(wrapped.utf8)) }
            #expect(skipping.map { "\($0)" } == reading.map { "\($0)" })
            #expect(reading.map { "\($0)" }?.contains("duplicate key \"k0\"") == true)
        }
        let unique = "{" + (0..<count).map { "\"k\($0)\":0" }.joined(separator: ",") + "}"
        #expect(try JSONParser.parse(Array(unique.utf8)).objectValue?.count == count)
    }

    @Test func nestingIsLimited() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        // The 129th '[' is the one too deep.
        #expect(failure(deep) == Syntax(line: 1, column: JSONParser.maximumDepth + 1, detail: "arrays and objects nested more than 128 deep"))
        let fine = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(failure(fine) == nil)
    }

    /// A large array of one-digit numbers parses (in linear time: a quadratic parser would
    /// not finish 200,000 values within the limit).
    @Test(.timeLimit(.minutes(1))) func largeArraysParse() throws {
        let count = 200_000
        let text = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
        let value = try parse(text)
        #expect(value.arrayValue?.count == count)
    }
}
