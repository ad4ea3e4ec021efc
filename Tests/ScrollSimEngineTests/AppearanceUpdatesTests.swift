import Testing
@testable import ScrollSimEngine

/// The updates an appearance sets off, counted row by row at launch (no scrolling, prefetch off,
/// so every row is built cold and shown once). A view configured in onAppear runs one configure
/// update the frame after it appears; one with the onGeometryChange anti-pattern runs one
/// relayout; one with both runs the configure, then the relayout, in the same pass; one with
/// neither runs none. Found by a generated mutant that negated "the relayout is not done yet"
/// after a configure: the relayouts moved from the views that had one to the views that had
/// none, and every test's counts, each taken from the run's own events, agreed with themselves.
@Suite struct AppearanceUpdatesTests {
    /// The rows that appeared, and each update's rows by kind (a `relayout` event's value is its
    /// kind: 0 configure, 1 relayout), in event order.
    static func updates(configure: ViewTypeSpec.Configure, relayout: Double?) -> (appeared: [Int32], configured: [Int32], relaidOut: [Int32]) {
        var type = Fixtures.cell("card", height: .absolute(.fixed(100)))
        type.configure = configure
        type.relayoutAfterAppear = relayout
        let result = Simulation.run(Fixtures.config(count: 40, types: [type], duration: 0.1, prefetch: PrefetchConfig(enabled: false)))
        let appeared = result.events.filter { $0.kind == .appear }.map(\.row)
        let updates = result.events.filter { $0.kind == .relayout }
        return (appeared, updates.filter { $0.value == 0 }.map(\.row), updates.filter { $0.value == 1 }.map(\.row))
    }

    @Test func aViewConfiguredInOnAppearIsConfiguredOnceAndNotRelaidOut() {
        let u = Self.updates(configure: .onAppear, relayout: nil)
        #expect(u.appeared.count >= 8)
        #expect(u.configured == u.appeared)
        #expect(u.relaidOut.isEmpty)
    }

    @Test func aViewWithBothIsConfiguredThenRelaidOutOnce() {
        let u = Self.updates(configure: .onAppear, relayout: 12)
        #expect(u.appeared.count >= 8)
        #expect(u.configured == u.appeared)
        #expect(u.relaidOut == u.appeared)
    }

    @Test func aViewWithTheAntiPatternOnlyIsRelaidOutOnce() {
        let u = Self.updates(configure: .initializer, relayout: 12)
        #expect(u.appeared.count >= 8)
        #expect(u.configured.isEmpty)
        #expect(u.relaidOut == u.appeared)
    }

    @Test func aViewWithNeitherRunsNoUpdate() {
        let u = Self.updates(configure: .initializer, relayout: nil)
        #expect(u.appeared.count >= 8)
        #expect(u.configured.isEmpty && u.relaidOut.isEmpty)
    }
}
