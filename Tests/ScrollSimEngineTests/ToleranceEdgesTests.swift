import Testing
@testable import ScrollSimEngine

/// The engine's tolerances at their edges, worked by hand. A time within a nanosecond of a
/// deadline has reached it, and idle time of a nanosecond or less is none
/// (`Tolerance.milliseconds`); a velocity within a thousandth of a point per second is no
/// movement (`Tolerance.points`).
/// Each check here puts a value exactly on the edge (the same double the code compares), then
/// one step past it, so that a comparison made strict, or loosened, is seen. Found by generated
/// mutants (`>=` → `>` in the keep-alive clock, `<=` → `<` in a load's arrival) that every test
/// let pass: their values were a whole millisecond or more from the edge.
@Suite struct ToleranceEdgesTests {
    let nanosecond = Tolerance.milliseconds

    /// A view kept for 500 ms expires once the clock is within a nanosecond of 500 ms, not a
    /// step before.
    @Test func aKeptViewExpiresWithinANanosecondOfItsTime() {
        let k = KeepAlive(config: KeepAliveConfig(duration: .milliseconds(500)))
        let edge = 500 - nanosecond
        #expect(k.hasExpired(sinceMs: 0, sinceFrame: 0, nowMs: edge, frame: 0))
        #expect(!k.hasExpired(sinceMs: 0, sinceFrame: 0, nowMs: edge.nextDown, frame: 0))
    }

    /// A load due at 100 ms arrives at any time within a nanosecond before it.
    @Test func aLoadArrivesWithinANanosecondOfItsTime() {
        var loads = ContentLoads(capacity: 2)
        loads.start(4, readyAtMs: 100 + nanosecond)
        #expect(loads.popFirstDue(atMs: 100.0.nextDown) == nil)
        #expect(loads.popFirstDue(atMs: 100) == 4)
    }

    /// A page due at 100 ms arrives within a nanosecond of it, and not a step before.
    @Test func aPageArrivesWithinANanosecondOfItsTime() {
        var paginator = Paginator(config: PaginationConfig(pageSize: 10, latencyMs: 100 + nanosecond, total: 30), initial: 10)
        paginator.trigger(atMs: 0)
        #expect(paginator.takeArrival(atMs: 100.0.nextDown) == nil)
        #expect(paginator.takeArrival(atMs: 100) == 10)
    }

    /// `chunked` starts a unit, or a nested item, only with more than a nanosecond of idle time.
    @Test func aNanosecondOfIdleTimeIsNone() {
        let scheduler = PrefetchScheduler(config: PrefetchConfig(), typeCount: 1)
        let chunked = PrefetchConfig.Policy.chunked
        #expect(!chunked.fits(.body, type: 0, idleMs: nanosecond, scheduler))
        #expect(chunked.fits(.body, type: 0, idleMs: nanosecond.nextUp, scheduler))
        #expect(!chunked.startsNestedItem(buildMs: 0, idleMs: nanosecond))
        #expect(chunked.startsNestedItem(buildMs: 100, idleMs: nanosecond.nextUp))
        // `deadline` tries a unit it has never run the same way, and a nested item whose
        // build just fits.
        #expect(!scheduler.fitsDeadline(type: 0, unit: .layout, idleMs: nanosecond))
        #expect(scheduler.fitsDeadline(type: 0, unit: .layout, idleMs: nanosecond.nextUp))
        let deadline = PrefetchConfig.Policy.deadline
        #expect(deadline.startsNestedItem(buildMs: 2.5, idleMs: 2.5))
        #expect(!deadline.startsNestedItem(buildMs: 2.5.nextUp, idleMs: 2.5))
    }

    /// A velocity within a thousandth of a point per second is a stop: prefetch keeps the last
    /// direction.
    @Test func aVelocityWithinTheToleranceKeepsTheDirection() {
        var scheduler = PrefetchScheduler(config: PrefetchConfig(), typeCount: 1)
        scheduler.follow(velocity: -Tolerance.points.nextUp)
        #expect(scheduler.direction == -1)
        scheduler.follow(velocity: Tolerance.points)
        #expect(scheduler.direction == -1)
        scheduler.follow(velocity: Tolerance.points.nextUp)
        #expect(scheduler.direction == 1)
        scheduler.follow(velocity: -Tolerance.points)
        #expect(scheduler.direction == 1)
    }

    /// `deadline` starts a unit whose running average equals the idle time left.
    @Test func aUnitWhoseAverageEqualsTheIdleTimeFits() {
        var scheduler = PrefetchScheduler(config: PrefetchConfig(policy: .deadline), typeCount: 1)
        scheduler.record(type: 0, unit: .body, costMs: 2)
        #expect(scheduler.fitsDeadline(type: 0, unit: .body, idleMs: 2))
        #expect(!scheduler.fitsDeadline(type: 0, unit: .body, idleMs: 2.0.nextDown))
    }

    /// Work within a nanosecond's share of a whole number of budgets fits them (`FrameTiming`).
    @Test func workWithinTheToleranceOfTwoBudgetsTakesTwoIntervals() {
        let budget = 8.0
        #expect(FrameTiming.intervals(2 * budget, budget) == 2)
        #expect(FrameTiming.intervals(2 * budget * (1 + nanosecond / 4), budget) == 2)
        #expect(FrameTiming.intervals(2 * budget * (1 + 4 * nanosecond), budget) == 3)
        #expect(FrameTiming.intervals(budget * (1 + nanosecond / 2), budget) == 1)
        #expect(FrameTiming.intervals(0, budget) == 1)
    }
}
