import Testing
@testable import ScrollSimEngine

/// `ContentLoads`: loads are delivered when due, in the order they started.
@Suite struct ContentLoadsTests {
    @Test func dueLoadsComeOutInStartOrder() {
        var loads = ContentLoads(capacity: 4)
        loads.start(3, readyAtMs: 100)
        loads.start(5, readyAtMs: 50)
        loads.start(7, readyAtMs: 100)
        #expect(loads.popFirstDue(atMs: 49) == nil)
        #expect(loads.popFirstDue(atMs: 60) == 5)
        #expect(loads.popFirstDue(atMs: 60) == nil)
        #expect(loads.popFirstDue(atMs: 100) == 3)
        #expect(loads.popFirstDue(atMs: 100) == 7)
        #expect(loads.isEmpty)
    }

    @Test func aCancelledLoadNeverArrives() {
        var loads = ContentLoads(capacity: 4)
        loads.start(1, readyAtMs: 10)
        loads.start(2, readyAtMs: 10)
        loads.cancel(1)
        loads.cancel(9)
        #expect(loads.count == 1)
        #expect(loads.popFirstDue(atMs: 10) == 2)
    }
}
