import Testing
@testable import ScrollSimEngine

/// A grid row costs what its cells cost: each phase of the row is the sum of its cells' (found by
/// a generated mutant: a grid row's init summed with the wrong sign passed every engine test;
/// only the exact gate saw it).
@Suite struct GridCellCostsTests {
    /// Five cells in two columns, alternating a light type (init 0.1, body 0.2, layout 0.3,
    /// render 0.04, appear 0.05 ms) and a heavy one (1, 2, 3, 0.4, 0.5 ms): rows {0, 1}, {2, 3},
    /// {4}, all on screen at launch (three 100 pt rows in an 852 pt viewport), so frame 0 builds,
    /// lays out, shows and renders every cell — three light and two heavy:
    ///
    ///     init    3 × 0.1  + 2 × 1   = 2.3 ms      body    3 × 0.2  + 2 × 2   = 4.6 ms
    ///     layout  3 × 0.3  + 2 × 3   = 6.9 ms      appear  3 × 0.05 + 2 × 0.5 = 1.15 ms
    ///     render  3 × 0.04 + 2 × 0.4 = 0.92 ms
    @Test func aGridRowsPhasesAreItsCellsSummed() {
        let light = Oracle.type("light", initMs: 0.1, bodyMs: 0.2, layoutMs: 0.3, renderMs: 0.04, appearMs: 0.05)
        let heavy = Oracle.type("heavy", initMs: 1, bodyMs: 2, layoutMs: 3, renderMs: 0.4, appearMs: 0.5)
        var config = Oracle.config(count: 5, types: [light, heavy],
                                   items: Oracle.items(heights: Array(repeating: 100, count: 5), types: [0, 1, 0, 1, 0]), duration: 0.05)
        config.stack.kind = .lazyVGrid
        config.stack.grid = StackConfig.GridConfig(columns: .fixed(2), spacing: 0)
        let result = Simulation.run(config)
        let expected: [(PhaseWork.Phase, Double)] = [(.initialize, 2.3), (.body, 4.6), (.layout, 6.9), (.appear, 1.15), (.render, 0.92)]
        for (phase, ms) in expected {
            #expect(abs(result.frames.work(phase)[0] - ms) < 1e-9, "\(phase): \(result.frames.work(phase)[0]) ms in frame 0, expected \(ms)")
        }
    }
}
