import Testing
@testable import ScrollSimEngine

/// Paging: a loader with latency, triggers deduplicated while a load is in flight, a spinner at
/// the end, and what each trigger costs the user in waiting.
@Suite struct PaginationTests {
    /// 150 items of 110 pt in pages of 8 with a 2 s repository, read at 300 pt/s from the top.
    func feed(_ trigger: PaginationConfig.Trigger, initial: Int = 8) -> SimulationResult {
        let item = Fixtures.cell("item", height: .absolute(.fixed(110)))
        var config = Fixtures.config(count: initial, types: [item], spacing: 16, duration: 75,
                                     script: [ScriptEvent(at: 0.5, action: .drag(velocity: 300, duration: 74, flingOnRelease: false))])
        config.content.pagination = PaginationConfig(pageSize: 8, latencyMs: 2000, total: 150, trigger: trigger)
        return Simulation.run(config)
    }

    @Test func theLoaderStopsAtTheTotalAndNeverLoadsTwiceAtOnce() {
        let result = feed(.lastItemAppear)
        let p = result.summary.pagination
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
        #expect(prefetch.summary.pagination.loads == onAppear.summary.pagination.loads)
        #expect(onAppear.summary.pagination.waitingFrames > 0)
        #expect(prefetch.summary.pagination.waitingFrames < onAppear.summary.pagination.waitingFrames)
        #expect(prefetch.summary.pagination.timeToContentMs < onAppear.summary.pagination.timeToContentMs)
    }

    /// An empty list loads its first page at once, with the spinner showing meanwhile.
    @Test func anEmptyListLoadsItsFirstPage() {
        let result = feed(.lastItemAppear, initial: 0)
        #expect(result.summary.pagination.waitingFrames >= 239, "2 s at 120 Hz with nothing but the spinner")
        #expect(result.summary.pagination.loads == 19)
    }

    /// Triggers while a load is in flight are suppressed and counted: the item-from-end trigger
    /// fires on every onAppear near the end.
    @Test func triggersWhileLoadingAreDuplicates() {
        let result = feed(.itemsFromEnd(4))
        #expect(result.summary.pagination.duplicateTriggers > 0)
        #expect(result.summary.pagination.loads == 18)
    }
}
