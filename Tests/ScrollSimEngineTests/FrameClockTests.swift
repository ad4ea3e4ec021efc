import XCTest
@testable import ScrollSimEngine

/// Hand-computed frame accounting (DESIGN §1) at 120 Hz: B = 8.333… ms.
final class FrameClockTests: XCTestCase {
    let budget = 1000.0 / 120

    func testTicksDroppedAndHitchForHandComputedWork() {
        // (work ms, ticks occupied, frames dropped)
        let cases: [(Double, Int, Int)] = [
            (0, 1, 0),
            (5, 1, 0),
            (1000.0 / 120, 1, 0),        // exactly the budget is on time
            (8.34, 2, 1),
            (16.6, 2, 1),
            (2 * 1000.0 / 120, 2, 1),    // exactly two budgets: two ticks
            (25, 3, 2),                  // 25 / 8.333 = 3.0000…01 → within tolerance of 3
            (25.01, 4, 3),
            (960.59, 116, 115),
        ]
        for (work, ticks, dropped) in cases {
            let timing = FrameTiming(workMs: work, budgetMs: budget)
            XCTAssertEqual(timing.ticks, ticks, "work \(work) ms")
            XCTAssertEqual(timing.droppedFrames, dropped, "work \(work) ms")
            XCTAssertEqual(timing.hitchMs, Double(dropped) * budget, accuracy: 1e-9, "work \(work) ms")
        }
    }

    func testClockAdvancesByTheTicksAFrameOccupied() {
        var clock = FrameClock(refreshRate: 120)
        XCTAssertEqual(clock.nowMs, 0)
        _ = clock.finishFrame(workMs: 3)
        XCTAssertEqual(clock.tick, 1)
        _ = clock.finishFrame(workMs: 20)   // 3 ticks
        XCTAssertEqual(clock.tick, 4)
        XCTAssertEqual(clock.nowMs, 4 * budget, accuracy: 1e-9)
    }

    func testOtherRefreshRates() {
        let timing = FrameTiming(workMs: 20, budgetMs: 1000.0 / 60)
        XCTAssertEqual(timing.ticks, 2)
        XCTAssertEqual(timing.hitchMs, 1000.0 / 60, accuracy: 1e-9)
    }

    /// A run whose frames cost a known amount: one 30 ms frame during a fling of known length.
    func testSimulationHitchAccountingAndRatio() {
        // Overhead 30 ms only on frame 0 is not expressible, so make every frame cost 10 ms:
        // each occupies 2 ticks (1 dropped, 8.333 ms hitch). A 1 s run holds 60 frames.
        var config = Fixtures.config(count: 100, duration: 1, overheadMs: 10)
        config.stack.prefetch.enabled = false
        config.device.inputMs = 0
        config.content.types[0].costs = ViewTypeSpec.Costs(initMs: 0, bodyMs: 0, layoutMs: 0, renderMs: 0, appearMs: 0)
        let result = Simulation.run(config)
        XCTAssertEqual(result.summary.frames, 60)
        XCTAssertEqual(result.summary.droppedFrames, 60)
        XCTAssertEqual(result.summary.hitchTimeMs, 60 * budget, accuracy: 1e-6)
        // Nothing moved: the ratio is over the whole run (1 s).
        XCTAssertEqual(result.summary.hitchRatio, 60 * budget / 1.0, accuracy: 1e-6)
        XCTAssertEqual(result.frames.timeMs[1], 2 * budget, accuracy: 1e-9)
    }
}
