import Testing
@testable import ScrollSimEngine

/// The debug builds' invariant checks (`LazyStack.checkInvariants`) stop on a stack whose state
/// is wrong, the rows at the edges of a range included.
@Suite struct LazyStackInvariantsTests {
    #if DEBUG
    /// The check passes on the stack as played; with the last row of the visible range made a
    /// row still being prefetched, it stops the process. Found by a generated mutant that
    /// checked the range without its last row (`..<` for `...`).
    @Test func theVisibleRangesLastRowIsChecked() async {
        let stack = Fixtures.launchedStack(count: 100)
        #expect(stack.lastVisible > stack.firstVisible)
        stack.checkInvariants(frame: 1)
        await #expect(processExitsWith: .failure) {
            var broken = Fixtures.launchedStack(count: 100)
            _ = broken.states.setPhase(broken.lastVisible, .prefetching)
            broken.checkInvariants(frame: 1)
        }
    }
    #endif
}
