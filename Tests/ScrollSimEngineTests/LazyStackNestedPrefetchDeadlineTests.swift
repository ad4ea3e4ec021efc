import Testing
@testable import ScrollSimEngine

/// Nested items under the `deadline` policy: after prefetch finished the outer row, an item is
/// started only if its build fits the idle time *left* in the frame — not the frame's budget,
/// nor the idle time the frame began its prefetch with.
@Suite struct LazyStackNestedPrefetchDeadlineTests {
    /// Rows of 100 pt at rest in an 852 pt viewport: rows 0…8 show (cost nothing to build), row
    /// 9 holds a nested row of 160 pt items (8 pt apart: 393 pt hold 3) and costs 4 ms to
    /// init; the rows after it cost nothing. Overhead 0.5 ms, margin 1 ms, B = 8.3333 ms.
    ///
    ///     frame 0: required work 0.5 ms; idle 8.3333 − 0.5 − 1 = 6.8333 ms.
    ///              Row 9's init (never run: tried) costs 4 ms → idle left 2.8333 ms; its
    ///              body and layout cost 0; the row is finished, and its items are tried:
    ///              an item of `itemMs` starts only if itemMs ≤ the idle left.
    ///     later:   at rest; row 9's prefetch is done, so its items are not tried again.
    ///
    /// Items of 2 ms: the first fits 2.8333 (idle left 0.8333), the second does not — one item,
    /// 4 + 2 = 6 ms of prefetch. Items of 3 ms: none fits 2.8333 (though 3 ms fits the frame's
    /// 8.3333 and the 6.8333 prefetch began with) — no item, 4 ms of prefetch.
    func run(itemMs: Double) -> SimulationResult {
        let light = Oracle.type("light")
        var showcase = Oracle.type("showcase", initMs: 4)
        showcase.row = NestedRowSpec(count: 10, itemWidth: 160, spacing: 8, height: 100,
                                     itemTypes: [Oracle.type("item", initMs: itemMs)])
        let count = 30
        let types = (0..<count).map { $0 == 9 ? 1 : 0 }
        return Simulation.run(Oracle.config(
            count: count, types: [light, showcase], items: Oracle.items(heights: Array(repeating: 100, count: count), types: types),
            duration: 0.1, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1)
        ))
    }

    @Test func anItemThatFitsTheIdleTimeLeftIsPrefetched() throws {
        let result = run(itemMs: 2)
        let nested = result.events.filter { $0.kind == .nestedBuild }
        #expect(nested.count == 1)
        let event = try #require(nested.first)
        #expect(event.frame == 0 && event.row == 9 && event.value == 1, "\(event)")
        #expect(abs(result.summary.totals.prefetch.spentMs - 6) < 1e-9, "\(result.summary.totals.prefetch.spentMs)")
        #expect(result.summary.totals.work.nestedItemsBuilt == 1)
    }

    @Test func anItemThatFitsOnlyTheWholeFrameIsNotStarted() {
        let result = run(itemMs: 3)
        #expect(result.events.filter { $0.kind == .nestedBuild }.isEmpty)
        #expect(abs(result.summary.totals.prefetch.spentMs - 4) < 1e-9, "\(result.summary.totals.prefetch.spentMs)")
        #expect(result.summary.totals.work.nestedItemsBuilt == 0)
    }
}
