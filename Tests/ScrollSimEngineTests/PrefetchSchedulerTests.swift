import Testing
@testable import ScrollSimEngine

/// `PrefetchScheduler`: direction, idle time, and GapWorker's running average (old·3/4 + new/4).
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

    @Test func deadlineUsesTheRunningAverage() {
        var p = PrefetchScheduler(config: PrefetchConfig(policy: .deadline), typeCount: 2)
        #expect(p.fitsDeadline(type: 0, idleMs: 0), "an unmeasured type is always tried")
        p.recordBuild(type: 0, costMs: 4)
        #expect(p.averageBuildMs(type: 0) == 4)
        p.recordBuild(type: 0, costMs: 8)
        #expect(p.averageBuildMs(type: 0) == 5)          // 4·3/4 + 8/4
        p.recordBuild(type: 0, costMs: 1)
        #expect(p.averageBuildMs(type: 0) == 4)          // 5·3/4 + 1/4
        #expect(p.fitsDeadline(type: 0, idleMs: 4))
        #expect(!p.fitsDeadline(type: 0, idleMs: 3.99))
        #expect(p.averageBuildMs(type: 1) == nil)
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
