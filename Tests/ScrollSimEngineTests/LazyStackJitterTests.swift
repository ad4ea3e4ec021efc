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

    /// The same for the Layout masonry, which draws its builds' jitter from a stream of its own:
    /// a fixed type and a zero cost leave the next jittered cost as it would be without them.
    /// Found by a generated mutant of its `jittered` that drew for a jitter of 0.
    @Test func aFixedCostTakesNoDrawInTheLayoutMasonry() throws {
        var drawnAround = try MasonryAndGridTests.layoutMasonryAfterTwoFrames()
        var plain = drawnAround
        var fixed = Fixtures.cell(height: .absolute(.fixed(100)))
        fixed.costs.jitter = 0
        var jittery = fixed
        jittery.costs.jitter = 0.5
        #expect(drawnAround.jittered(1.5, fixed) == 1.5)
        #expect(drawnAround.jittered(0, jittery) == 0)
        let next = drawnAround.jittered(1, jittery)
        #expect(next == plain.jittered(1, jittery))
        #expect(next != 1 && abs(next - 1) <= 0.5, "a jitter of 0.5 draws within 1 ± 0.5")
    }
}
