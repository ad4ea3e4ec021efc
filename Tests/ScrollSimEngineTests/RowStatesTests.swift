import Testing
@testable import ScrollSimEngine

/// `RowStates`: phases, the resident list and records, counts and the byte ledger.
@Suite struct RowStatesTests {
    @Test func viewsComeIntoExistenceAndGo() {
        var s = RowStates(count: 10, hasNestedRows: false, residentCapacity: 4)
        #expect(s.count(.absent) == 10)
        #expect(s.setPhase(5, .prefetching) == 1)
        #expect(s.setPhase(5, .ready) == 0)
        #expect(s.setPhase(7, .visible) == 1)
        #expect(s.setPhase(9, .cached) == 1)
        #expect(s.residents == [5, 7, 9])
        #expect(s.count(.absent) == 7)
        #expect(s.count(.ready) == 1)
        #expect(s.count(.visible) == 1)
        #expect(s.count(.cached) == 1)
        s.setBytes(5, 100)
        s.setBytes(7, 20)
        s.setBytes(9, 3)
        #expect(s.viewBytes == 123)
        // Destroying 5 moves the last resident (9) into its slot, with its record.
        #expect(s.setPhase(5, .absent) == -1)
        #expect(s.residents == [9, 7])
        #expect(s[9].bytes == 3)
        #expect(s.viewBytes == 23)
        s.check()
    }

    @Test func aNewLifeStartsFromAFreshRecord() {
        var s = RowStates(count: 3, hasNestedRows: false, residentCapacity: 4)
        _ = s.setPhase(1, .prefetching)
        s[1].prefetchSpentMs = 4
        s[1].configured = true
        s[1].loadState = .loaded
        _ = s.setPhase(1, .absent)
        _ = s.setPhase(1, .ready)
        #expect(s[1].prefetchSpentMs == 0)
        #expect(!s[1].configured)
        #expect(s[1].loadState == .none)
        #expect(s[1].bytes == 0)
    }

    @Test func marksOutliveTheView() {
        var s = RowStates(count: 3, hasNestedRows: true, residentCapacity: 4)
        _ = s.setPhase(2, .visible)
        s.marks[2].insert(.stateMutated)
        s.nestedClipCounted[2] = 4
        s.marks[2].insert(.measuredAtThisWidth)
        _ = s.setPhase(2, .absent)
        #expect(s.marks[2].contains(.stateMutated))
        #expect(s.nestedClipCounted[2] == 4)
        #expect(s.marks[2].contains(.measuredAtThisWidth))
        #expect(!s.marks[1].contains(.measuredAtThisWidth))
    }

    @Test func aWidthChangeForgetsEveryMeasurementButKeepsTheOtherMarks() {
        var s = RowStates(count: 3, hasNestedRows: false, residentCapacity: 4)
        s.marks[0] = [.measuredAtThisWidth, .stateMutated]
        s.marks[2] = [.measuredAtThisWidth]
        s.forgetWidths()
        #expect(s.marks[0] == [.stateMutated])
        #expect(s.marks[1].isEmpty)
        #expect(s.marks[2].isEmpty)
    }
}
