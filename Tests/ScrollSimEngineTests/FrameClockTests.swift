import Testing
@testable import ScrollSimEngine

/// Hand-computed frame accounting at 120 Hz: B = 8.333… ms. A frame commits on the main thread
/// (⌈W/B⌉ intervals), then the render server renders it (⌈S/B⌉ intervals, at least one); on
/// time it is presented two ticks after its commit started.
@Suite struct FrameClockTests {
    let budget = 1000.0 / 120

    @Test(arguments: [
        (0.0, 1, 0),
        (5.0, 1, 0),
        (1000.0 / 120, 1, 0),        // exactly the budget is on time
        (8.34, 2, 1),
        (16.6, 2, 1),
        (2 * 1000.0 / 120, 2, 1),    // exactly two budgets: two ticks
        (25.0, 3, 2),                // 25 / 8.333 = 3.0000…01 → within tolerance of 3
        (25.01, 4, 3),
        (960.59, 116, 115),
    ])
    func commitOverrunsDropTheirExtraTicks(work: Double, ticks: Int, dropped: Int) {
        var clock = FrameClock(refreshRate: 120)
        let timing = clock.finishFrame(commitMs: work)
        #expect(timing.commitTicks == ticks)
        #expect(timing.droppedFrames == dropped)
        #expect(timing.commitDropped == dropped)
        #expect(timing.renderDropped == 0)
        #expect(abs(timing.hitchMs - Double(dropped) * budget) < 1e-9)
        #expect(clock.tick == ticks, "the next commit starts after this one")
    }

    @Test func theClockAdvancesByTheTicksACommitOccupied() {
        var clock = FrameClock(refreshRate: 120)
        #expect(clock.nowMs == 0)
        _ = clock.finishFrame(commitMs: 3)
        #expect(clock.tick == 1)
        _ = clock.finishFrame(commitMs: 20)   // 3 ticks
        #expect(clock.tick == 4)
        #expect(abs(clock.nowMs - 4 * budget) < 1e-9)
    }

    @Test func otherRefreshRates() {
        var clock = FrameClock(refreshRate: 60)
        let timing = clock.finishFrame(commitMs: 20)
        #expect(timing.commitTicks == 2)
        #expect(abs(timing.hitchMs - 1000.0 / 60) < 1e-9)
    }

    /// A render-server overrun is a render hitch, and the main thread waits for the server.
    @Test func aSlowRenderServerDropsAFrameAndHoldsTheMainThread() {
        var clock = FrameClock(refreshRate: 120)
        // Frame 0: commit [0, 1), render 12 ms = 2 intervals [1, 3), presented at 3 instead of 2.
        let f0 = clock.finishFrame(commitMs: 3, renderServerMs: 12)
        #expect(f0.droppedFrames == 1)
        #expect(f0.commitDropped == 0)
        #expect(f0.renderDropped == 1)
        #expect(clock.tick == 1, "the next commit starts once the server has started this frame")
        // Frame 1: commit [1, 2); the server is busy until 3, renders [3, 4), presented at 4:
        // right after frame 0 (3), so on time; the main thread lost an interval waiting.
        let f1 = clock.finishFrame(commitMs: 3, renderServerMs: 3)
        #expect(f1.droppedFrames == 0)
        #expect(f1.ticks == 2)
        #expect(clock.tick == 3)
        // Frame 2: commit [3, 4), render [4, 5), presented at 5.
        let f2 = clock.finishFrame(commitMs: 3, renderServerMs: 3)
        #expect(f2.droppedFrames == 0)
        #expect(clock.tick == 4)
    }

    @Test func bothStagesLateSplitTheHitch() {
        var clock = FrameClock(refreshRate: 120)
        // Commit 20 ms = 3 intervals [0, 3), render 10 ms = 2 intervals [3, 5): presented at 5
        // instead of 2, so 3 dropped: 2 by the commit, 1 by the server.
        let timing = clock.finishFrame(commitMs: 20, renderServerMs: 10)
        #expect(timing.droppedFrames == 3)
        #expect(timing.commitDropped == 2)
        #expect(timing.renderDropped == 1)
    }

    @Test func aCommitOverrunHiddenBehindTheServerIsNoHitch() {
        var clock = FrameClock(refreshRate: 120)
        // Frame 0: render 20 ms = 3 intervals [1, 4): presented at 4 (2 dropped, render).
        let f0 = clock.finishFrame(commitMs: 3, renderServerMs: 20)
        #expect(f0.renderDropped == 2)
        // Frame 1: commit 12 ms = 2 intervals [1, 3); the server is free at 4, renders [4, 5):
        // presented at 5, right after frame 0. The commit overran, but no frame was lost to it.
        let f1 = clock.finishFrame(commitMs: 12, renderServerMs: 1)
        #expect(f1.droppedFrames == 0)
        #expect(f1.commitDropped == 0)
    }

    /// A run whose frames cost a known amount: every frame 10 ms of overhead, the list at rest.
    @Test func aRestingRunCountsItsDropsApartFromScrolling() {
        // Each frame occupies 2 ticks (1 dropped). A 1 s run holds 60 frames. Frame 0 is the
        // launch (the first screen is complete at its end); the other 59 rest.
        var config = Fixtures.config(count: 100, duration: 1, overheadMs: 10)
        config.stack.prefetch.enabled = false
        config.device.inputMs = 0
        config.content.types[0].costs = ViewTypeSpec.Costs(initMs: 0, bodyMs: 0, layoutMs: 0, renderMs: 0, appearMs: 0)
        let result = Simulation.run(config)
        #expect(result.summary.frames == 60)
        #expect(result.summary.launch.frames == 1)
        #expect(result.summary.launch.droppedFrames == 1)
        #expect(result.summary.otherDroppedFrames == 59)
        #expect(result.summary.droppedFrames == 0, "nothing scrolled")
        #expect(result.summary.hitchTimeMs == 0)
        #expect(result.summary.hitchRatio == 0)
        #expect(abs(result.frames.timeMs[1] - 2 * budget) < 1e-9)
    }
}
