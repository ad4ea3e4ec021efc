import Foundation
import ScrollSimEngine
import ScrollSimKit
import Testing

/// `JSONParser.parse(_:skipping:)`: the members it skips are checked as strictly as a whole
/// parse checks them (the same error, at the same line and column, for the same text), and
/// what it keeps is what a whole parse gives.
@Suite struct JSONParserSkippingTests {
    static let columns: Set<String> = ["frames", "events"]

    /// The whole parse with the skipped members taken out, or its error.
    static func whole(_ bytes: [UInt8]) -> Result<JSONValue, ScrollSimError> {
        Result {
            var value = try JSONParser.parse(bytes)
            if case .object(var object) = value {
                for key in columns { object[key] = nil }
                value = .object(object)
            }
            return value
        }.mapError { $0 as! ScrollSimError }
    }

    static func skipping(_ bytes: [UInt8]) -> Result<JSONValue, ScrollSimError> {
        Result { try JSONParser.parse(bytes, skipping: columns) }.mapError { $0 as! ScrollSimError }
    }

    static func baselineReports() throws -> [String] {
        let directory = ReportFixtures.packageRoot.appendingPathComponent("Reports/baseline").path
        return try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
    }

    @Test func everyShippedReportReadsAsTheWholeParseWithoutItsColumns() throws {
        let paths = try Self.baselineReports()
        #expect(paths.count >= 60)
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let kept = try JSONParser.parse(bytes, skipping: Self.columns)
            #expect(kept["frames"] == nil && kept["events"] == nil, "\(path)")
            #expect(Self.whole(bytes) == .success(kept), "\(path)")
        }
    }

    /// Hand-made faults inside a skipped member: each is the whole parse's error, word for word.
    @Test(arguments: [
        #"{"a": 1, "frames": {"x": [1, 2,]}}"#,
        #"{"a": 1, "frames": {"x": [1, 02]}}"#,
        #"{"a": 1, "frames": {"x": [1, 2.]}}"#,
        #"{"a": 1, "frames": {"x": [1, -]}}"#,
        #"{"a": 1, "frames": {"x": [1, 1e]}}"#,
        #"{"a": 1, "frames": {"x": [1, 1e999]}}"#,
        #"{"a": 1, "frames": {"x": [1, NaN]}}"#,
        #"{"a": 1, "frames": {"x": [1, +1]}}"#,
        #"{"a": 1, "frames": {"x": ["a\qb"]}}"#,
        #"{"a": 1, "frames": {"x": ["a\ud800"]}}"#,
        #"{"a": 1, "frames": {"x": ["a"#,
        "{\"a\": 1, \"frames\": {\"x\": [\"a\u{01}\"]}}",
        "{\"a\": 1, \"frames\": {\"x\": [\"a\nb\"]}}",
        #"{"a": 1, "frames": {"x": [1], "x": [2]}}"#,
        #"{"a": 1, "frames": {"x": [1]}, "frames": {}}"#,
        #"{"a": 1, "frames": {"x": [1] "y": 2}}"#,
        #"{"a": 1, "frames": {"x": [1], }}"#,
        #"{"a": 1, "frames": {x: 1}}"#,
        #"{"a": 1, "frames": {"x": tru}}"#,
        #"{"a": 1, "frames": {"x": [1, 2] // note"#,
        #"{"a": 1, "events": [1, 2"#,
        #"{"a": 1, "events": {"kind": ['appear']}}"#,
        #"{"a": 1, "events": {"value": [1.5, 2.25, 3.125e2, -0.5, 1E+2]}, "b": [1,]}"#,
        // A member that begins as the one before it and goes on (read again, not stepped over).
        #"{"a": 1, "frames": {"x": [1,1,1.]}}"#,
        #"{"a": 1, "frames": {"x": [0,0,01]}}"#,
        #"{"a": 1, "frames": {"x": [12,12,12"#,
        #"{"a": 1, "frames": {"x": [12,12,12 ]}, "b": [1,]}"#,
        #"{"a": 1, "frames": {"x": [null,null,nul]}}"#,
        #"{"a": 1, "frames": {"x": [null,null,nullx]}}"#,
        #"{"a": 1, "frames": {"x": ["ab","ab","ab\q"]}}"#,
        #"{"a": 1, "frames": {"x": ["ab","ab","ab]}}"#,
        #"{"a": 1, "frames": {"x": [-1.25,-1.25,-1.25.5]}}"#,
        #"{"a": 1, "frames": {"x": [123456789.125,123456789.125,123456789.125e]}}"#,
        #"{"a": 1, "frames": {"x": [1234567890.5,1234567890.5,1234567890.5.]}}"#,
        // Runs of a one-byte member, which are stepped over four at a time.
        #"{"a": 1, "frames": {"x": [0,0,0,0,0,0,0,0,0,01]}}"#,
        #"{"a": 1, "frames": {"x": [7,7,7,7,7,7,7,7,7,7,7.]}}"#,
        #"{"a": 1, "frames": {"x": [0,0,0,0,0,0,0,0,0,0,0,0"#,
        #"{"a": 1, "frames": {"x": [0,0,0,0,0,0,0,0,0,0,0,0,]}}"#,
    ])
    func aFaultInASkippedMemberIsTheWholeParsesError(_ text: String) {
        let bytes = Array(text.utf8)
        let whole = Self.whole(bytes)
        #expect(Self.skipping(bytes) == whole)
        if text.contains("1E+2") { return }
        guard case .failure = whole else {
            Issue.record("the case is not a fault: \(text)")
            return
        }
    }

    /// Runs of one text, and texts that begin as the one before them, are read as the whole
    /// parse reads them.
    @Test(arguments: [
        #"{"frames": {"x": [1,1,11,11,1,1e5,1]}, "b": 2}"#,
        #"{"frames": {"x": [0,0,0.5,0.5,0,-0,-0,null,null,"0","0","0a"]}, "b": 2}"#,
        #"{"frames": {"x": [123456789.125,123456789.125,123456789.1255,123456789.125]}, "b": 2}"#,
        #"{"frames": {"x": [],"y": [7],"z": [7,7]}, "b": 2}"#,
        #"{"frames": {"x": [0,0,0,0,0,0,0,0,0,0.5,0,0,0,0,0,0,0,0,0],"y": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}, "b": 2}"#,
    ])
    func repeatedMembersReadAsTheWholeParseReadsThem(_ text: String) throws {
        let bytes = Array(text.utf8)
        #expect(Self.skipping(bytes) == Self.whole(bytes))
        #expect(try Self.skipping(bytes).get()["b"] == .number(2))
    }

    @Test func skippedMembersMayNestDeeperThanTheLimitNoMoreThanKeptOnes() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        let bytes = Array("{\"frames\": \(deep)}".utf8)
        #expect(Self.skipping(bytes) == Self.whole(bytes))
        guard case .failure = Self.whole(bytes) else {
            Issue.record("nesting past the limit was accepted")
            return
        }
    }

    /// A shipped report with seeded random faults planted in its frames and events (a byte
    /// replaced, removed or doubled): whatever the whole parse says — an error at a line and
    /// column, or a value — the skipping parse says the same.
    @Test func seededFaultsInAShippedReportGiveTheSameAnswer() throws {
        let path = try #require(try Self.baselineReports().first { $0.hasSuffix("feed-fling.json") } ?? Self.baselineReports().first)
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let start = try #require(Self.range(of: "\"events\"", in: original))
        let end = try #require(Self.range(of: "\"harness\"", in: original) ?? Self.range(of: "\"scenario\"", in: original))
        #expect(start < end)
        var random = SplitMix64(seed: 0x5EED_45)
        func next() -> UInt64 { random.next() }
        let alphabet = Array("0123456789-+.eE,:[]{}\"\\ \nntfu/x".utf8) + [0x01, 0xC3, 0xFF]
        var failures = 0
        for _ in 0..<400 {
            var bytes = original
            let at = start + Int(next() % UInt64(end - start))
            switch next() % 3 {
            case 0: bytes[at] = alphabet[Int(next() % UInt64(alphabet.count))]
            case 1: bytes.remove(at: at)
            default: bytes.insert(bytes[at], at: at)
            }
            let whole = Self.whole(bytes)
            if case .failure = whole { failures += 1 }
            #expect(Self.skipping(bytes) == whole)
        }
        // Most faults break the text; the test is about errors, so most must be errors.
        #expect(failures > 200, "\(failures) of 400 mutations were errors")
    }

    static func range(of text: String, in bytes: [UInt8]) -> Int? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i] == needle[0] && Array(bytes[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
