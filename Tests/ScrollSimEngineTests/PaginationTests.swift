import Testing
@testable import ScrollSimEngine

/// Paging: a loader with latency, triggers deduplicated while a load is in flight, a spinner at
/// the end, and what each trigger costs the user in waiting.
@Suite struct PaginationTests {
    /// 150 items of 110 pt in pages of 8 with a 2 s repository, read at 300 pt/s from the top.
    /// A page is 8 × 126 = 1,008 pt, 3.4 s of reading; its trigger fires when its last item
    /// appears, about 2.9 s after it arrived, so the next one arrives about 4.9 s after it and
    /// the reader waits at the spinner in between (a finger held at the end gains nothing):
    /// 18 pages take about 90 s, read in 110.
    func feed(_ trigger: PaginationConfig.Trigger, initial: Int = 8) -> SimulationResult {
        let item = Fixtures.cell("item", height: .absolute(.fixed(110)))
        var config = Fixtures.config(count: initial, types: [item], spacing: 16, duration: 110,
                                     script: [ScriptEvent(at: 0.5, action: .drag(velocity: 300, duration: 109, flingOnRelease: false))])
        config.content.pagination = PaginationConfig(pageSize: 8, latencyMs: 2000, total: 150, trigger: trigger)
        return Simulation.run(config)
    }

    @Test func theLoaderStopsAtTheTotalAndNeverLoadsTwiceAtOnce() {
        let result = feed(.lastItemAppear)
        let p = result.summary.totals.pagination
        // 8 loaded, 142 to go in pages of 8: 18 loads (the last one brings 6).
        #expect(p.loads == 18)
        #expect(abs((result.frames.trueHeight.last ?? 0) - (150 * 110 + 149 * 16)) < 1e-9)
        #expect(result.events.filter { $0.kind == .append }.map(\.value).reduce(0, +) == 142)
    }

    /// Triggering from prefetch starts each load a prefetch window earlier than the last item's
    /// onAppear, so the user waits at the spinner for fewer frames, with the same loads.
    @Test func aPrefetchTriggerLeavesTheUserWaitingLess() {
        let onAppear = feed(.lastItemAppear)
        let prefetch = feed(.prefetch)
        #expect(prefetch.summary.totals.pagination.loads == onAppear.summary.totals.pagination.loads)
        #expect(onAppear.summary.totals.pagination.waitingFrames > 0)
        #expect(prefetch.summary.totals.pagination.waitingFrames < onAppear.summary.totals.pagination.waitingFrames)
        #expect(prefetch.summary.totals.pagination.timeToContentMs < onAppear.summary.totals.pagination.timeToContentMs)
    }

    /// An empty list loads its first page at once, with the spinner showing meanwhile.
    @Test func anEmptyListLoadsItsFirstPage() {
        let result = feed(.lastItemAppear, initial: 0)
        #expect(result.summary.totals.pagination.waitingFrames >= 239, "2 s at 120 Hz with nothing but the spinner")
        #expect(result.summary.totals.pagination.loads == 19)
    }

    /// Triggers while a load is in flight are suppressed and counted: the item-from-end trigger
    /// fires on every onAppear near the end.
    @Test func triggersWhileLoadingAreDuplicates() {
        let result = feed(.itemsFromEnd(4))
        #expect(result.summary.totals.pagination.duplicateTriggers > 0)
        #expect(result.summary.totals.pagination.loads == 18)
    }

    /// A load counts when its page arrives. Hand-worked, 8 items of 110 pt + 16 pt spacing in an
    /// 852 pt viewport, dragged at 300 pt/s from 0.5 s: item 7 (top 7 × 126 = 882) appears at
    /// offset 30 (0.6 s) and its page arrives at 2.6 s, the reader held at the end (offset 140,
    /// plus the spinner row) meanwhile. Item 15 (top 1,890) appears at offset 1,038, about
    /// 3 s of reading later (5.4–5.6 s), and its page arrives 2 s after that (7.4–7.6 s). A run
    /// ending at 6.5 s has that second load in flight: one page loaded, not two; at 8.5 s, two.
    @Test func aLoadStillInFlightWhenTheRunEndsIsNotCounted() {
        func run(_ duration: Double) -> SimulationResult {
            let item = Fixtures.cell("item", height: .absolute(.fixed(110)))
            var config = Fixtures.config(count: 8, types: [item], spacing: 16, duration: duration,
                                         script: [ScriptEvent(at: 0.5, action: .drag(velocity: 300, duration: duration, flingOnRelease: false))])
            config.content.pagination = PaginationConfig(pageSize: 8, latencyMs: 2000, total: 150, trigger: .lastItemAppear)
            return Simulation.run(config)
        }
        let inFlight = run(6.5)
        #expect(inFlight.summary.totals.pagination.loads == 1)
        #expect(inFlight.events.filter { $0.kind == .append }.count == 1)
        let arrived = run(8.5)
        #expect(arrived.summary.totals.pagination.loads == 2)
        #expect(arrived.events.filter { $0.kind == .append }.count == 2)
    }
}

/// Paging a grid: the last item of a row of cells is the row's last cell, so a trigger on the
/// last item's appearance fires when the row holding it appears, whatever the row's width.
@Suite struct GridPaginationTests {
    /// 8 items of 110 pt in a LazyVGrid of `columns` columns with 16 pt between rows, no
    /// scroll: with 2 columns the 4 rows (504 pt), with 4 the 2 rows, are all on the 852 pt
    /// screen, item 7 (the second or fourth cell of the last row) among them. Its onAppear
    /// starts a load at once, and the page of 8 arrives 2 s later: one load in a 3 s run.
    /// Reading the row's first cell as its last (item 6 or 4) would never fire it.
    @Test(arguments: [2, 4]) func theLastCellOfTheLastRowTriggersTheLoad(columns: Int) {
        let item = Fixtures.cell("item", height: .absolute(.fixed(110)))
        var config = Fixtures.config(count: 8, types: [item], kind: .lazyVGrid, spacing: 16, duration: 3)
        config.stack.grid = StackConfig.GridConfig(columns: .fixed(columns), spacing: 8)
        config.content.pagination = PaginationConfig(pageSize: 8, latencyMs: 2000, total: 40, trigger: .lastItemAppear)
        let result = Simulation.run(config)
        #expect(result.summary.totals.pagination.loads == 1)
        #expect(result.events.filter { $0.kind == .append }.map(\.value) == [8])
    }
}
