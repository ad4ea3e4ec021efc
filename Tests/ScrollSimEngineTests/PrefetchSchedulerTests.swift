import Testing
@testable import ScrollSimEngine

/// `PrefetchScheduler`: direction, idle time, and GapWorker's running averages (old·3/4 + new/4),
/// one per view type and build unit.
@Suite struct PrefetchSchedulerTests {
    @Test func theDirectionFollowsTheLastNonZeroVelocity() {
        var p = PrefetchScheduler(config: PrefetchConfig(), typeCount: 1)
        #expect(p.direction == 1)
        p.follow(velocity: -300)
        #expect(p.direction == -1)
        p.follow(velocity: 0)
        #expect(p.direction == -1)
        p.follow(velocity: 20)
        #expect(p.direction == 1)
    }

    @Test func idleTimeLeavesTheMargin() {
        let p = PrefetchScheduler(config: PrefetchConfig(marginMs: 1.5), typeCount: 1)
        // 8 ms budget − 3 ms of work − 1.5 ms margin.
        #expect(p.idleMs(budgetMs: 8, workMs: 3) == 3.5)
    }

    @Test func deadlineUsesEachUnitsRunningAverage() {
        var p = PrefetchScheduler(config: PrefetchConfig(policy: .deadline), typeCount: 2)
        #expect(p.fitsDeadline(type: 0, unit: .body, idleMs: 0.5), "a unit never run is tried while idle time remains")
        #expect(!p.fitsDeadline(type: 0, unit: .body, idleMs: 0))
        p.record(type: 0, unit: .body, costMs: 4)
        #expect(p.averageMs(type: 0, unit: .body) == 4)
        p.record(type: 0, unit: .body, costMs: 8)
        #expect(p.averageMs(type: 0, unit: .body) == 5)          // 4·3/4 + 8/4
        p.record(type: 0, unit: .body, costMs: 1)
        #expect(p.averageMs(type: 0, unit: .body) == 4)          // 5·3/4 + 1/4
        #expect(p.fitsDeadline(type: 0, unit: .body, idleMs: 4))
        #expect(!p.fitsDeadline(type: 0, unit: .body, idleMs: 3.99))
        // Each unit and each type keeps its own average.
        #expect(p.averageMs(type: 0, unit: .initialize) == nil)
        #expect(p.averageMs(type: 0, unit: .layout) == nil)
        #expect(p.averageMs(type: 1, unit: .body) == nil)
        p.record(type: 0, unit: .layout, costMs: 2)
        #expect(p.fitsDeadline(type: 0, unit: .layout, idleMs: 2) && !p.fitsDeadline(type: 0, unit: .body, idleMs: 2))
    }

    @Test func theWindowSaysWhatIsKept() {
        var p = PrefetchScheduler(config: PrefetchConfig(), typeCount: 1)
        p.setWindow(LazyStack.RowSpan(first: 10, last: 14))
        #expect(p.keeps(10) && p.keeps(14))
        #expect(!p.keeps(9) && !p.keeps(15))
        p.setWindow(.empty)
        #expect(!p.keeps(0))
    }
}
