import Testing
@testable import ScrollSimEngine

/// The debug builds' invariant checks (`LazyStack.checkInvariants`) stop on a stack whose state
/// is wrong, the rows at the edges of a range included.
@Suite struct LazyStackInvariantsTests {
    /// A stack after its first frame, its visible range checked.
    static func launched() -> LazyStack {
        var simulation = Simulation(config: Fixtures.config(count: 100, duration: 0.1))
        simulation.step()
        return simulation.stack
    }

    #if DEBUG
    /// The check passes on the stack as played; with the last row of the visible range made a
    /// row still being prefetched, it stops the process. Found by a generated mutant that
    /// checked the range without its last row (`..<` for `...`).
    @Test func theVisibleRangesLastRowIsChecked() async {
        let stack = Self.launched()
        #expect(stack.lastVisible > stack.firstVisible)
        stack.checkInvariants(frame: 1)
        await #expect(processExitsWith: .failure) {
            var broken = LazyStackInvariantsTests.launched()
            _ = broken.states.setPhase(broken.lastVisible, .prefetching)
            broken.checkInvariants(frame: 1)
        }
    }
    #endif
}
