import Testing
@testable import ScrollSimEngine

/// Which row a visible jump names, worked by hand: the row that moved most on screen, the first
/// of them on a tie, headers included when they are not pinned. Photos of 145 pt, 10 pt
/// apart, a 44 pt header before every 5, a viewport 852 pt high: rows 0 (header, 0…44), 1…5
/// (photos at 54, 209, 364, 519, 674) and 6 (header at 829) show at launch. One photo grows
/// 12 pt the frame after it appears (`relayoutAfterAppear`), the rest do not; the launch anchor
/// holds the top, so every row below the grown one moves 12 pt down. Found by generated
/// mutants that named the last row of a tie and that left headers out of the judgement: the
/// jump tests counted jumps and their sizes, never the row.
@Suite struct VisibleJumpRowTests {
    static func jumps(growing element: Int) -> [SimulationEvent] {
        let photo = Fixtures.cell("photo", height: .absolute(.fixed(145)))
        var growing = photo
        growing.name = "growing"
        growing.relayoutAfterAppear = 12
        let header = Fixtures.cell("header", height: .absolute(.fixed(44)))
        var config = Fixtures.config(count: 100, types: [photo, growing], spacing: 10, duration: 0.1,
                                     prefetch: PrefetchConfig(enabled: false), sections: SectionsConfig(every: 5, header: header))
        config.content.items = (0..<100).map { ElementData(typeIndex: $0 == element ? 1 : 0) }
        return Simulation.run(config).events.filter { $0.kind == .visibleJump }
    }

    /// Element 0 (row 1) grows: rows 2…6 all move 12 pt; the jump names row 2, the first.
    @Test func aTieNamesTheFirstRowThatMoved() {
        let jumps = Self.jumps(growing: 0)
        #expect(jumps.count == 1)
        #expect(jumps.first?.row == 2)
        #expect(jumps.first.map { abs($0.value - 12) < 1e-9 } == true)
    }

    /// Element 4 (row 5) grows: only header 6 below it is on screen, and its move is the jump.
    @Test func anUnpinnedHeaderThatMovesIsAJump() {
        let jumps = Self.jumps(growing: 4)
        #expect(jumps.count == 1)
        #expect(jumps.first?.row == 6)
    }
}
