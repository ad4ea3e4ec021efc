import Testing
import ScrollSimEngine

/// View state lost with a released view, recorded when the element comes back.
@Suite struct LazyStackStateLossTests {
    /// 100 rows of 100 pt, prefetch off, keep-alive `keepAliveMs`. Element 2 (y 200…300) is
    /// tapped at 0.05 s; a drag of 3000 pt/s from 0.1 s to 0.6 s takes the offset to 1500, and
    /// one of −2900 pt/s from 1.0 s to 1.5 s brings it back to 50.
    ///
    ///     row 2 leaves the viewport at offset ≥ 300: t = 0.1 + 300/3000 = 0.2 s, frame 24
    ///     with a 200 ms keep-alive it is destroyed at t = 0.4 s, frame 48 (its @State with it)
    ///     back in view at offset < 300: 1500 − 2900·(t − 1) < 300 → t > 1.4138 s, frame 170
    ///     (t = 1416.7 ms, offset 291.7; frame 169 is at 315.8)
    func run(_ location: ViewTypeSpec.StateLocation, keepAliveMs: Double) -> SimulationResult {
        let row = Oracle.type(view: 1000, state: 200, stateLocation: location)
        return Simulation.run(Oracle.config(count: 100, types: [row], duration: 2,
                                            keepAlive: KeepAliveConfig(duration: .milliseconds(keepAliveMs), maxViews: 64),
                                            script: [
            ScriptEvent(at: 0.05, action: .tap(element: 2)),
            Oracle.drag(at: 0.1, 3000, for: 0.5),
            Oracle.drag(at: 1.0, -2900, for: 0.5),
        ]))
    }

    @Test func viewStateReleasedPastKeepAliveIsLostOnce() {
        let result = run(.view, keepAliveMs: 200)
        let releases = result.events.filter { $0.kind == .release && $0.element == 2 }
        #expect(releases.map(\.frame) == [48])
        let losses = result.events.filter { $0.kind == .stateLoss }
        #expect(losses.map(\.element) == [2])
        #expect(losses.map(\.frame) == [170])
        #expect(result.summary.totals.memory.stateLossEvents == 1)
        // Other elements were released too, but nobody tapped them: no loss.
        #expect(result.events.filter { $0.kind == .release }.count > 5)
    }

    @Test(arguments: [ViewTypeSpec.StateLocation.parent, .model])
    func liftedStateSurvivesTheRelease(location: ViewTypeSpec.StateLocation) {
        let result = run(location, keepAliveMs: 200)
        #expect(result.events.filter { $0.kind == .release && $0.element == 2 }.map(\.frame) == [48])
        #expect(result.summary.totals.memory.stateLossEvents == 0)
        #expect(!result.events.contains { $0.kind == .stateLoss })
    }

    /// Back within the keep-alive: row 2 is cached from 0.2 s to 1.417 s, 1.217 s, less than a
    /// 2 s keep-alive, so the view is never destroyed and nothing is lost.
    @Test func comingBackWithinTheKeepAliveLosesNothing() {
        let result = run(.view, keepAliveMs: 2000)
        #expect(!result.events.contains { $0.kind == .release && $0.element == 2 })
        #expect(result.summary.totals.memory.stateLossEvents == 0)
    }
}
