import Testing
@testable import ScrollSimEngine

/// The build costs a run records when asked (`Simulation.run(_:recordingCostDraws:)`, what the
/// trace writer turns into `build` and `prefetch` slices): each draw says whether a cold build in
/// the frame or prefetch drew it. A drag over cards, prefetch off then on: off, every draw is a
/// cold build's, three (init, body, layout) to each cold build of a card; on, prefetch draws some
/// and the cold builds' draws are still three to each. Found by a generated mutant that marked
/// every cold build's draws as prefetch: the trace's categories were checked only in scenarios
/// the slow suites run.
@Suite struct CostDrawRecordTests {
    static func run(prefetch: Bool) -> SimulationResult {
        let type = Fixtures.cell("card", height: .absolute(.fixed(120)),
                                 costs: ViewTypeSpec.Costs(initMs: 0.3, bodyMs: 0.5, layoutMs: 0.4, renderMs: 0.02, appearMs: 0.01))
        let drag = Oracle.drag(at: 0.1, 1500, for: 1)
        let config = Fixtures.config(count: 400, types: [type], duration: 1.2, script: [drag], prefetch: PrefetchConfig(enabled: prefetch))
        return Simulation.run(config, recordingCostDraws: true)
    }

    @Test func withoutPrefetchEveryDrawIsAColdBuilds() {
        let result = Self.run(prefetch: false)
        let cold = result.summary.totals.work.coldBuilds
        #expect(cold >= 15)
        #expect(result.costDraws.allSatisfy { !$0.prefetch })
        #expect(result.costDraws.count == 3 * cold)
    }

    @Test func withPrefetchTheColdBuildsDrawsAreStillTheirs() {
        let result = Self.run(prefetch: true)
        let cold = result.costDraws.filter { !$0.prefetch }
        let prefetched = result.costDraws.filter(\.prefetch)
        #expect(!prefetched.isEmpty)
        #expect(cold.count == 3 * result.summary.totals.work.coldBuilds)
        #expect(prefetched.filter { $0.phase == .layout }.count >= result.summary.totals.prefetch.builds)
    }
}
