import Testing
@testable import ScrollSimEngine

/// `prefetch.neverAppeared` counts views prefetch built that were destroyed without appearing:
/// work prefetch spent for nothing. A view the layout built cold and never showed (a jump lands
/// on estimates, the rows built to settle it move off screen as they are measured) spent no
/// prefetch time and is not counted. With prefetch off the count is 0, however many such views
/// are destroyed. Found by a generated mutant that counted every never-shown view destroyed
/// (`spentMs >= 0`): the eviction tests all ran with prefetch on.
@Suite struct NeverAppearedTests {
    @Test func withoutPrefetchNoViewIsCountedAsNeverAppeared() {
        var shownNever = 0
        for seed in UInt64(1)...12 {
            let photo = Fixtures.cell("photo", height: .absolute(.uniform(min: 40, max: 600)))
            let script = [Oracle.scrollTo(at: 0.1, .element(700)), Oracle.scrollTo(at: 0.4, .bottom),
                          Oracle.scrollTo(at: 0.7, .element(300), anchor: .center), Fixtures.fling(at: 1.0, -6000),
                          Oracle.scrollTo(at: 1.6, .top)]
            var config = Fixtures.config(count: 1000, types: [photo], spacing: 4, duration: 2.5, script: script, seed: seed,
                                         prefetch: PrefetchConfig(enabled: false))
            config.stack.keepAlive = KeepAliveConfig(duration: .frames(2))
            let result = Simulation.run(config)
            #expect(result.summary.totals.prefetch.neverAppeared == 0, "seed \(seed)")
            let appeared = Set(result.events.filter { $0.kind == .appear }.map(\.row))
            let released = Set(result.events.filter { $0.kind == .release }.map(\.row))
            shownNever += Set(result.events.filter { $0.kind == .build }.map(\.row)).filter { !appeared.contains($0) && released.contains($0) }.count
        }
        // Not vacuous: some views were built cold, never shown and destroyed.
        #expect(shownNever > 0)
    }
}
