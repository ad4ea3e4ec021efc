import Foundation
@testable import ScrollSimKit
import ScrollSimEngine
import Testing

/// A CSV cell is a number only as JSON writes one: hexadecimal floats, `inf`, `nan` and text
/// after a NUL (which `Double(String)` cuts at, reading "5\0garbage" as 5) are refused, with
/// the cell escaped in the message.
@Suite struct DataFileNumbersTests {
    @Test func cellsAreReadAsJSONNumbers() {
        #expect(DataFile.number("12.5") == 12.5)
        #expect(DataFile.number(" 1e3 ") == 1000)
        #expect(DataFile.number("-0") == 0)
        for cell in ["0x1p3", "5\u{0}garbage", "inf", "nan", "+5", "5.", ".5", "1_000", ""] {
            #expect(DataFile.number(cell) == nil, "\(cell.debugDescription)")
        }
    }

    @Test func aHexCellIsRefusedNamingItsLine() throws {
        let path = try DataFileLimitsTests.folder("height\n10\n0x1p3\n", name: "d.csv")
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("a hexadecimal height was accepted")
        } catch let error as ScrollSimError {
            #expect(error.problems.map(\.message) == ["d.csv:3: \"height\": \"0x1p3\" is not a number"])
        }
    }
}

/// The byte-by-byte reading of ASCII CSV lines must give what the character-by-character
/// reading and Foundation's trimming give: every ASCII character around a cell, and seeded
/// lines of quotes, doubled quotes, commas, spaces and tabs.
@Suite struct DataFileASCIITests {
    @Test func trimmingASCIIIsFoundationsForEveryASCIICharacter() {
        for byte in UInt8(0)..<0x80 {
            let c = String(UnicodeScalar(byte))
            for cell in [c + "12" + c, c + c + "a b" + c, c, c + c, "\t" + c + " 5 " + c + "\t"] {
                #expect(DataFile.trimmed(cell) == cell.trimmingCharacters(in: .whitespaces), "\(cell.debugDescription)")
            }
        }
        // Beyond ASCII, Foundation decides (a no-break space is white space there).
        #expect(DataFile.trimmed("\u{A0}7\u{3000}") == "7")
    }

    @Test func splittingASCIIBytesIsSplittingCharacters() {
        let alphabet: [UInt8] = Array("\",  \t\"\"ab1.".utf8)
        var random = SplitMix64(seed: 2026)
        for _ in 0..<3000 {
            let line = (0..<Int(random.next() % 24)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            let expected = DataFile.splitCSV(String(decoding: line, as: UTF8.self))
            let cells = line.withUnsafeBufferPointer { DataFile.splitCSV(ascii: $0) }
            #expect(cells == expected, "\(String(decoding: line, as: UTF8.self).debugDescription)")
        }
        #expect("a,\"b,\"\"c\"\"\", d".utf8.withContiguousStorageIfAvailable { DataFile.splitCSV(ascii: $0) } == ["a", "b,\"c\"", " d"])
    }
}
