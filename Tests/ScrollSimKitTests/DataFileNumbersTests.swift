import Foundation
@testable import ScrollSimKit
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
