import Testing
@testable import ScrollSimEngine

/// Each paging trigger at its edge, at rest, where the count of loads tells whether it fired.
/// Eight elements of 110 pt with 16 pt spacing in a 393 × 852 viewport, prefetch off: tops
/// 0, 126, …, 882. Rows 0…6 show (row 6 spans 756…866, row 7 starts at 882 > 852); row 7, the
/// last, never appears. A trigger that fires at launch brings a page 2 s later (loads = 1 in a
/// 3 s run); one that never fires loads nothing.
@Suite struct PaginationTriggerEdgeTests {
    func loads(_ trigger: PaginationConfig.Trigger) -> Int {
        var config = Oracle.config(count: 8, types: [Oracle.type(height: 110)], duration: 3, spacing: 16)
        config.content.pagination = PaginationConfig(pageSize: 8, latencyMs: 2000, total: 40, trigger: trigger)
        return Simulation.run(config).summary.totals.pagination.loads
    }

    /// itemsFromEnd(k) fires when one of the last k elements (indexes 8 − k … 7) appears: k = 2
    /// takes in row 6, which shows; k = 1 is row 7 alone, which does not.
    @Test func itemsFromEndCountsTheLastElementAsOne() {
        #expect(loads(.itemsFromEnd(1)) == 0)
        #expect(loads(.itemsFromEnd(2)) == 1)
        #expect(loads(.itemsFromEnd(8)) == 1)
    }

    /// The last item's onAppear: row 7 never shows, so nothing loads.
    @Test func theLastItemTriggerWaitsForTheLastItem() {
        #expect(loads(.lastItemAppear) == 0)
    }
}
