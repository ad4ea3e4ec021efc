import Foundation
import Testing
import ScrollSimEngine

/// Whole runs of small configurations against figures worked out by hand: where the content is
/// during a drag and a fling, what one heavy frame drops, and what the hitch ratio divides by.
@Suite struct SimulationOracleTests {
    let B = Oracle.budget

    /// 100 rows of 100 pt (10,000 pt of content), rows costing nothing, 0.5 ms of overhead:
    /// every frame is on time, so frame k starts at k·B.
    func lightList(duration: Double, script: [ScriptEvent]) -> SimulationResult {
        Simulation.run(Oracle.config(count: 100, duration: duration, script: script))
    }

    /// A drag moves the content at the finger's constant velocity: 1200 pt/s for 0.5 s from
    /// t = 0, so x(t) = 1.2 pt/ms · t. Frame k starts at t = k · 8.3333 ms, so x = 1.2 · k · 1000/120
    /// = 10·k pt, until the release at t = 500 ms (frame 60, x = 600); then it stays at 600.
    @Test func dragOffsetsAreTenPointsAFrame() throws {
        let result = lightList(duration: 1, script: [Oracle.drag(at: 0, 1200, for: 0.5)])
        #expect(result.frames.count == 120)
        #expect(result.summary.droppedFrames == 0)
        for k in 0..<120 {
            #expect(abs(result.frames.timeMs[k] - Double(k) * 1000 / 120) < 1e-9, "frame \(k) time")
            let expected = k <= 60 ? 10 * Double(k) : 600
            #expect(abs(result.frames.offset[k] - expected) < 1e-6, "frame \(k): offset \(result.frames.offset[k]), expected \(expected)")
        }
    }

    /// A fling of v0 = 3000 pt/s at d = 0.998/ms from rest at t = 0:
    ///
    ///     x(t) = v0 · (d^t − 1) / (1000 · ln d), t in ms
    ///     ln 0.998 = −0.0020020027, so 1000 · ln d = −2.0020027
    ///     frame 12, t = 100 ms:   0.998^100  = e^−0.20020027 = 0.8185668; x = 3000 · 0.1814332 / 2.0020027 = 271.88
    ///     frame 60, t = 500 ms:   0.998^500  = e^−1.0010013  = 0.3675113; x = 3000 · 0.6324887 / 2.0020027 = 947.78
    ///     frame 120, t = 1000 ms: 0.998^1000 = e^−2.0020027  = 0.1350645; x = 3000 · 0.8649355 / 2.0020027 = 1296.11
    ///
    /// It stops once the speed v0·d^t falls below 0.5 pt/s: t_stop = ln(0.5/3000) / ln 0.998
    /// = −8.6995 / −0.0020020 = 4345.4 ms (frame 522 is the first at or after it), where
    /// x = (v0 − 0.5) / (1000 · ln(1/d)) = 2999.5 / 2.0020027 = 1498.25.
    @Test func flingOffsetsFollowTheDecayFormula() throws {
        let result = lightList(duration: 6, script: [Fixtures.fling(at: 0, 3000)])
        func x(_ t: Double) -> Double { 3000 * (pow(0.998, t) - 1) / (1000 * log(0.998)) }
        // The hand figures above, to the precision written there.
        #expect(abs(x(100) - 271.88) < 0.01)
        #expect(abs(x(500) - 947.78) < 0.01)
        #expect(abs(x(1000) - 1296.11) < 0.01)
        for (frame, t) in [(12, 100.0), (60, 500.0), (120, 1000.0)] {
            #expect(abs(result.frames.offset[frame] - x(t)) < 1e-6, "frame \(frame)")
        }
        for k in 0..<522 {
            #expect(abs(result.frames.offset[k] - x(Double(k) * 1000 / 120)) < 1e-6, "frame \(k)")
        }
        let rest = 2999.5 / (1000 * log(1 / 0.998))
        #expect(abs(rest - 1498.25) < 0.01)
        for k in 522..<result.frames.count {
            #expect(abs(result.frames.offset[k] - rest) < 1e-6, "frame \(k) after the fling stopped")
        }
        // Frame 0 is the launch; the fling is active through frame 522, in which it stops.
        #expect(result.frames.interval[0] == .launch)
        #expect(result.frames.interval[521] == .scroll && result.frames.interval[522] == .scroll && result.frames.interval[523] == .rest)
    }

    /// Element 0 is heavy (18 ms to initialize); the other 49 cost nothing. Frame 0 builds rows
    /// 0…8 (852 pt / 100 pt), so its work is 18 + 0.5 overhead = 18.5 ms:
    ///
    ///     ticks = ceil(18.5 / 8.3333) = ceil(2.22) = 3 → 2 frames dropped, hitch 2·B = 16.6667 ms
    ///     frame 1 starts at tick 3, t = 25 ms; later frames cost 0.5 ms and are on time
    ///     a 1 s run ends at tick 120: 1 + (120 − 3) = 118 frames
    func heavyFirstFrame(script: [ScriptEvent]) -> SimulationResult {
        let light = Oracle.type("light")
        let heavy = Oracle.type("heavy", initMs: 18)
        let types = (0..<50).map { $0 == 0 ? 1 : 0 }
        return Simulation.run(Oracle.config(count: 50, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: 50), types: types),
                                            duration: 1, script: script))
    }

    /// The heavy frame is the launch: its drops are launch drops, not scroll hitches.
    @Test func oneHeavyFrameDropsTheTicksItOccupies() {
        let result = heavyFirstFrame(script: [])
        #expect(abs(result.frames.workMs[0] - 18.5) < 1e-9)
        #expect(result.frames.dropped[0] == 2)
        #expect(result.frames.dropped.dropFirst().allSatisfy { $0 == 0 })
        #expect(result.summary.launch.frames == 1)
        #expect(result.summary.launch.droppedFrames == 2)
        #expect(abs(result.summary.launch.workMs - 18.5) < 1e-9)
        #expect(result.summary.droppedFrames == 0)
        #expect(result.summary.hitchTimeMs == 0)
        #expect(abs(result.frames.timeMs[1] - 25) < 1e-9)
        #expect(result.frames.count == 118)
        // Nothing scrolled: no scroll interaction, no ratio.
        #expect(result.summary.hitchRatio == 0)
        #expect(result.events.filter { $0.kind == .hitch }.map(\.value) == [2])
    }

    /// Element 12 is heavy (18 ms to initialize), the rest cost nothing; a drag of 1200 pt/s runs
    /// from t = 0 to t = 505 ms, then rest. Row 12's top is at 1200 pt, so it comes into view
    /// once the offset passes 1200 − 852 = 348 pt, at t > 290 ms:
    ///
    ///     tick 0: the launch (1 tick)
    ///     ticks 1…34 (t ≤ 283.3 ms, x ≤ 340): scrolling, 1 tick each (34 ticks)
    ///     tick 35 (t = 291.67, x = 350): row 12 is built in the frame: 18.5 ms = 3 ticks, 2 dropped
    ///     ticks 38…60 (t = 316.67 … 500 ms): still dragging (23 ticks)
    ///     tick 61 (508.33 ms): the drag ends in it (x goes to 606) (1 tick)
    ///     tick 62 on: at rest
    ///     scrolling = 34 + 3 + 23 + 1 = 61 ticks · 8.3333 ms = 508.333 ms
    ///     hitch ratio = 16.6667 ms / 0.508333 s = 32.787 ms/s (over the whole 1 s run: 16.667)
    @Test func hitchRatioDividesByMovingTimeOnly() {
        let light = Oracle.type("light")
        let heavy = Oracle.type("heavy", initMs: 18)
        let types = (0..<50).map { $0 == 12 ? 1 : 0 }
        let result = Simulation.run(Oracle.config(count: 50, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: 50), types: types),
                                                  duration: 1, script: [Oracle.drag(at: 0, 1200, for: 0.505)]))
        #expect(result.summary.launch.droppedFrames == 0)
        #expect(result.summary.droppedFrames == 2)
        #expect(result.frames.dropped[35] == 2)
        #expect(abs(result.summary.movingSeconds - 61 * B / 1000) < 1e-9)
        #expect(abs(result.summary.hitchRatio - (2 * B) / (61 * B / 1000)) < 1e-9)
        #expect(abs(result.summary.hitchRatio - 32.787) < 1e-3)
        #expect(abs(result.frames.offset[36] - 380) < 1e-9, "the frame after the heavy one starts at tick 38: 1.2 pt/ms · 316.67 ms")
        #expect(abs((result.frames.offset.last ?? 0) - 606) < 1e-9)
        let scrolling = result.frames.interval.filter { $0 == .scroll }.count
        #expect(scrolling == 34 + 1 + 23 + 1, "frames of the scroll interaction")
        #expect(result.frames.count == 118)
    }
}
