import Testing
@testable import ScrollSimEngine

/// Work and builds attributed to view types, and events that name the type.
@Suite struct AttributionTests {
    /// Elements alternate a light type (0.1 ms builds) and a heavy one (init 12 ms); prefetch is
    /// off, so every build happens in the frame that shows the row. Frame 0 builds rows 0…8
    /// (100 pt each): four heavy (elements 1, 3, 5, 7) and five light.
    @Test func theHeavyTypeOwnsTheLateWork() throws {
        let light = Fixtures.cell("light", height: .absolute(.fixed(100)),
                                  costs: ViewTypeSpec.Costs(initMs: 0.1, bodyMs: 0, layoutMs: 0, renderMs: 0, appearMs: 0))
        let heavy = Fixtures.cell("heavy", height: .absolute(.fixed(100)),
                                  costs: ViewTypeSpec.Costs(initMs: 12, bodyMs: 0, layoutMs: 0, renderMs: 0, appearMs: 0))
        var config = Fixtures.config(count: 100, types: [light, heavy], duration: 2,
                                     script: [ScriptEvent(at: 0.2, action: .drag(velocity: 600, duration: 1.5, flingOnRelease: false))],
                                     prefetch: PrefetchConfig(enabled: false))
        config.content.items = (0..<100).map { ElementData(typeIndex: $0 % 2) }
        let result = Simulation.run(config)
        #expect(result.typeNames == ["light", "heavy"])
        let byType = result.summary.totals.byType
        #expect(byType.count == 2)
        // Frame 0: 5 light inits (0.5 ms) and 4 heavy ones (48 ms).
        #expect(abs(byType[1].work.initialize - 12 * Double(byType[1].coldBuilds)) < 1e-9)
        #expect(abs(byType[0].work.initialize - 0.1 * Double(byType[0].coldBuilds)) < 1e-9)
        #expect(byType[0].coldBuilds + byType[1].coldBuilds == result.summary.totals.work.coldBuilds)
        // Every heavy build makes its frame late (12 ms > 8.33 ms), so all of its work is late;
        // a light row is late work only when built in a frame with a heavy one.
        #expect(abs(byType[1].lateWorkMs - byType[1].work.total) < 1e-9)
        #expect(byType[1].lateWorkMs > 20 * byType[0].lateWorkMs)
        // Build events carry the type of the row they built.
        let builds = result.events.filter { $0.kind == .build }
        #expect(!builds.isEmpty)
        #expect(builds.allSatisfy { Int($0.type) == Int($0.element) % 2 })
        #expect(result.events.filter { $0.kind == .drag }.allSatisfy { $0.type == -1 })
    }

    @Test func rowsShownAgainFromTheCacheAreCountedByType() {
        let cell = Fixtures.cell("cell", height: .absolute(.fixed(100)))
        let script = [ScriptEvent(at: 0.1, action: .drag(velocity: 3000, duration: 0.3, flingOnRelease: false)),
                      ScriptEvent(at: 0.5, action: .drag(velocity: -3000, duration: 0.3, flingOnRelease: false))]
        let result = Simulation.run(Fixtures.config(count: 200, types: [cell], duration: 1, script: script,
                                                    keepAlive: KeepAliveConfig(duration: .milliseconds(5000), maxViews: 100)))
        // Down 900 pt and back within the keep-alive: the first screen's rows come back cached.
        #expect(result.summary.totals.byType[0].reusedFromCache >= 8)
    }

    /// Only a row shown again from the keep-alive cache counts, not every row shown. Rows of
    /// 100 pt on an 852-pt screen: the first screen is rows 0…8 (row 8 spans 800–900, partly
    /// shown). A jump to element 100 and one back to the top bring exactly those 9 back from the
    /// cache (kept 5 s, up to 100 views); the 18 first showings (rows 0…8, then 100…108) are
    /// builds, not reuse. With a keep-alive of 0 views nothing is kept, so nothing comes back.
    @Test func onlyRowsShownAgainFromTheCacheAreCounted() {
        let cell = Fixtures.cell("cell", height: .absolute(.fixed(100)))
        let script = [ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .element(100)))),
                      ScriptEvent(at: 0.3, action: .scrollTo(ScrollTarget(destination: .element(0))))]
        func reused(_ keepAlive: KeepAliveConfig) -> Int {
            Simulation.run(Fixtures.config(count: 200, types: [cell], duration: 0.5, script: script, keepAlive: keepAlive))
                .summary.totals.byType[0].reusedFromCache
        }
        #expect(reused(KeepAliveConfig(duration: .milliseconds(5000), maxViews: 100)) == 9)
        #expect(reused(KeepAliveConfig(duration: .milliseconds(5000), maxViews: 0)) == 0)
    }
}
