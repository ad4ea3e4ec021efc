import XCTest
@testable import ScrollSimKit

final class JSONWriterTests: XCTestCase {
    func format(_ value: Double, _ decimals: Int = 4) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendNumber(value, decimals: decimals, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func testNumbersHaveOneFixedForm() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (2, "2"), (-0.5, "-0.5"), (1000.0 / 120, "8.3333"), (1e-9, "0"),
            (123456789, "123456789"), (0.00005, "0.0001"), (-2.50004, "-2.5"), (.nan, "null"), (.infinity, "null"),
        ]
        for (value, text) in cases { XCTAssertEqual(format(value), text, "\(value)") }
    }

    func testKeysAreSortedAndOutputIsStable() {
        let value: JSONValue = .object(["b": .array([.number(1), .number(2)]), "a": .object(["z": .string("q\"\n"), "y": .bool(true)]), "c": .null])
        let text = JSONWriter().string(value)
        XCTAssertEqual(text, "{\n  \"a\": {\n    \"y\": true,\n    \"z\": \"q\\\"\\n\"\n  },\n  \"b\": [1,2],\n  \"c\": null\n}\n")
        XCTAssertEqual(try JSONValue.parse(Data(text.utf8)), value)
    }

    func testHugeNumbersAreWrittenNotTrapped() {
        XCTAssertEqual(format(1e20), "1e+20")
        XCTAssertEqual(format(1e12), "1000000000000", "integral beyond the decimals' range, below Int64's")
        XCTAssertEqual(format(-9.3e18), "-9.3e+18")
    }

    func testParsingKeepsBooleansApartFromNumbers() throws {
        let value = try JSONValue.parse(Data("[true, false, 1, 0, 1.5, -2, null, \"x\", {\"a\": [1]}]".utf8))
        XCTAssertEqual(value, .array([.bool(true), .bool(false), .number(1), .number(0), .number(1.5), .number(-2), .null, .string("x"), .object(["a": .array([.number(1)])])]))
    }

    func testReportSchemaMustBeExactlyOne() {
        for schema in [1.5, 1e300] {
            let root: JSONValue = .object(["schema": .number(schema), "scenario": .object(["name": .string("x")]), "summary": .object([:])])
            XCTAssertThrowsError(try Report(path: "r.json", root: root))
        }
    }
}

extension JSONWriterTests {
    /// An object written member by member is the object written whole.
    func testMembersWrittenApartAreTheObjectWrittenWhole() {
        let writer = JSONWriter()
        let object: [String: JSONValue] = ["b": .array([.number(1), .object(["x": .number(0.123456)])]), "a": .object(["z": .string("q"), "y": .bool(true)]), "c": .null, "d": .object([:])]
        XCTAssertEqual(writer.string(members: object.mapValues { writer.member($0) }), writer.string(.object(object)))
        XCTAssertEqual(writer.string(members: [:]), writer.string(.object([:])))
    }
}
