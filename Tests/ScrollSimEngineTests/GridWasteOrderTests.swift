import Testing
@testable import ScrollSimEngine

/// A grid's waste (the height left under a row's shorter cells) is counted once per row, when
/// the row is first laid out, in whatever order rows are first laid out; the short last row
/// counts with the cells it has. Cells of fixed heights, 8 pt apart, in a `lazyVGrid` of fixed
/// columns. Found by a generated mutant that dropped the last row's figure when any full row
/// was laid out after it (a jump to the bottom, then back up): every grid test laid its rows
/// out top to bottom.
@Suite struct GridWasteOrderTests {
    static func config(columns: Int, heights: [Double], count: Int, script: [ScriptEvent]) -> SimulationConfig {
        var config = Oracle.config(count: count, items: Oracle.items(heights: heights), duration: 0.5, spacing: 8, script: script)
        config.stack.kind = .lazyVGrid
        config.stack.grid = StackConfig.GridConfig(columns: .fixed(columns), spacing: 8)
        return config
    }

    /// 89 cells in 3 columns: 30 rows, the last with two cells. Every cell is 100 pt but
    /// element 1 (80: row 0 wastes 20) and element 88 (60: the last row wastes 40). The launch
    /// lays rows 0…7 out, a jump to the bottom the last rows (29 among them), a jump back to
    /// 1,300 rows 12…19 for the first time: 20 + 40 = 60 in all.
    @Test func theLastRowCountsThoughFullRowsAreLaidOutAfterIt() {
        var heights = Array(repeating: 100.0, count: 89)
        heights[1] = 80
        heights[88] = 60
        let script = [Oracle.scrollTo(at: 0.05, .bottom), Oracle.scrollTo(at: 0.25, .offset(1300))]
        let result = Simulation.run(Self.config(columns: 3, heights: heights, count: 89, script: script))
        let laidOut = result.events.filter { $0.kind == .build }.map(\.row)
        #expect(laidOut.contains(29) && laidOut.contains(15))
        #expect(laidOut.firstIndex(of: 29)! < laidOut.firstIndex(of: 15)!, "row 29 is laid out before row 15")
        #expect(result.summary.totals.layout.gridWastePx == 60)
    }
}
