import Testing
@testable import ScrollSimEngine

/// The top-landing check measures where the first element sits when scrolling reaches the top
/// edge or the top edge stops a motion, and nowhere else: a fling that comes to rest mid-list,
/// or one the bottom edge stops, records no landing (an error taken there would be the whole
/// offset). Rows of 100 pt; a fling up from the middle reaches the top exactly. Found by
/// generated mutants that noted any stopped motion, or a stop at the bottom edge, as a stop at
/// the top, counted only arrivals that an edge stopped, and never forgot a stop once measured.
@Suite struct TopLandingTests {
    static func run(count: Int, script: [ScriptEvent]) -> ScrollingTotals {
        let row = Fixtures.cell("row", height: .absolute(.fixed(100)))
        return Simulation.run(Fixtures.config(count: count, types: [row], duration: 3, script: script)).summary.totals.scrolling
    }

    @Test func aFlingThatComesToRestMidListLandsNowhere() {
        let totals = Self.run(count: 2000, script: [Fixtures.fling(at: 0.1, 3000)])
        #expect(totals.topArrivals == 0)
        #expect(totals.topLandingErrorPx == 0)
    }

    @Test func aFlingTheBottomEdgeStopsLandsNowhere() {
        let totals = Self.run(count: 30, script: [Fixtures.fling(at: 0.1, 8000)])
        #expect(totals.topArrivals == 0)
        #expect(totals.topLandingErrorPx == 0)
    }

    @Test func aFlingUpToTheTopArrivesExactly() {
        let jump = Oracle.scrollTo(at: 0.05, .offset(1500))
        let totals = Self.run(count: 200, script: [jump, Fixtures.fling(at: 0.3, -9000)])
        #expect(totals.topArrivals == 1)
        #expect(totals.topLandingErrorPx == 0)
    }

    /// A jump to the top arrives there without any motion stopping on the edge, and counts as an
    /// arrival all the same; a drag away afterwards lands nowhere (the stop at the top is
    /// forgotten once measured).
    @Test func aJumpToTheTopArrivesAndWhatFollowsLandsNowhere() {
        let jumps = [1500.0, 0].enumerated().map { i, y in
            Oracle.scrollTo(at: 0.05 + 0.2 * Double(i), .offset(y))
        }
        let jumped = Self.run(count: 200, script: jumps)
        #expect(jumped.topArrivals == 1)
        let away = Self.run(count: 200, script: [Fixtures.fling(at: 0.05, -3000), Oracle.drag(at: 0.6, 1500, for: 0.5)])
        #expect(away.topLandingErrorPx == 0)
    }
}
