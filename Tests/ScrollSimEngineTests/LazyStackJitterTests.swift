import Testing
@testable import ScrollSimEngine

/// A cost's jitter draws from the stack's seeded stream only when there is jitter to draw: a
/// fixed cost (jitter 0) and a zero cost take no number, so the jittered costs after them are
/// the ones they would be without them. Ensembles compare two scenarios run by run on the same
/// seeds (common random numbers): a type made fixed in one of them must not shift every other
/// type's draws. Found by a generated mutant that drew for a jitter of 0 too, which changed no
/// cost on its own and so passed every test.
@Suite struct LazyStackJitterTests {
    @Test func aFixedCostTakesNoDraw() {
        var drawnAround = Fixtures.launchedStack(count: 10)
        var plain = drawnAround
        #expect(drawnAround.jittered(1.5, jitter: 0) == 1.5)
        #expect(drawnAround.jittered(0, jitter: 0.3) == 0)
        let next = drawnAround.jittered(1, jitter: 0.5)
        #expect(next == plain.jittered(1, jitter: 0.5))
        #expect(next != 1 && abs(next - 1) <= 0.5, "a jitter of 0.5 draws within 1 ± 0.5")
    }
}
