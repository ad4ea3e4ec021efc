import Testing
@testable import ScrollSimEngine

/// `RowMap`'s arithmetic for the regular layouts, held to one rule: an element's first row is
/// the row holding it, its children's rows start there, and the row's first element is at or
/// before it by less than a row's width. A grid's callers read a row's cells through the table,
/// so nothing else reached the grouped `firstRow(ofElement:)` (seed 55 found its `/` made `*`
/// with no test reaching it).
struct RowMapTests {
    static func grouped(cellsPerRow: Int, elements: Int) -> RowMap {
        var map = RowMap(layout: .grouped)
        map.cellsPerRow = cellsPerRow
        map.elementTypes = Array(repeating: 0, count: elements)
        map.rowCapacity = (elements + cellsPerRow - 1) / cellsPerRow
        return map
    }

    /// Three cells a row, ten elements: rows 0 0 0 1 1 1 2 2 2 3, four rows, the last holding
    /// one live cell.
    @Test func aGridElementsFirstRowIsTheRowHoldingIt() {
        let map = Self.grouped(cellsPerRow: 3, elements: 10)
        #expect((0..<10).map { map.firstRow(ofElement: $0) } == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3])
        for e in 0..<10 {
            let row = map.firstRow(ofElement: e)
            #expect(map.firstChildRow(ofElement: e) == row && map.childRows(of: e) == row..<(row + 1))
            #expect(map.element(ofRow: row) <= e && e < map.element(ofRow: row) + 3)
        }
        #expect(map.rows(forLiveElements: 10) == 4 && map.rows(forLiveElements: 9) == 3)
    }

    /// One element a row: every mapping is the identity.
    @Test func aListElementIsItsOwnRow() {
        var map = RowMap(layout: .onePerElement)
        map.elementTypes = Array(repeating: 0, count: 5)
        map.rowCapacity = 5
        for e in 0..<5 {
            #expect(map.firstRow(ofElement: e) == e && map.element(ofRow: e) == e && map.childRows(of: e) == e..<(e + 1))
        }
    }
}
