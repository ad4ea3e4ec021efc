import Testing
@testable import ScrollSimEngine

/// Prefetch spreads one heavy row's units over frames: the `deadline` policy (Android's
/// GapWorker, which estimates creating and binding apart) starts each unit — init, body, layout —
/// only if its type's running average for that unit fits the idle time left.
///
/// Rows of 100 pt costing init 1 + body 3 + layout 5 = 9 ms, more than a frame's idle time; the
/// viewport is 852 pt tall, so rows 0…8 show at launch (row 8 spans 800…900). Overhead 0.5 ms,
/// input 0.5 ms while the content moves, margin 1 ms, B = 1000/120 = 8.3333 ms; prefetch looks one
/// viewport ahead: rows whose top is above offset + 2 · 852.
///
///     frame 0: rows 0…8 built cold (9 · 9 = 81 ms): no idle time. Their units set the type's
///              averages: init 1, body 3, layout 5 (each build the same: the averages stay).
///     at rest: idle 8.3333 − 0.5 − 1 = 6.8333 ms.
///              frame 1: row 9 init 1 (5.8333 left), body 3 (2.8333): its layout, 5, does not fit.
///              frame 2: row 9 layout 5 (1.8333), row 10 init 1 (0.8333): its body does not fit.
///              frame 3: row 10 body 3 (3.8333): its layout does not fit.
///              and so on, 6 and 3 ms by turns: row k (k ≥ 10) starts in frame 2(k − 9) and is
///              done in frame 2(k − 9) + 2. The window at rest ends at row 17 (top 1700 < 1704):
///              row 17's layout runs in frame 18, then nothing is left to prefetch.
///     moving:  at 2400 pt/s (20 pt a frame, a new row in view every 5 frames) idle is
///              8.3333 − 0.5 − 0.5 − 1 = 6.3333 ms: the same pattern (init + body 4, then layout
///              + next init 6, then body 3 …) builds a row every 2 frames, ahead of the 5 the drag
///              takes to bring one in; a frame does at most 1 + 6 = 7 ms. No frame is late.
///
/// With prefetch off, each row the drag brings in is built inside the frame that shows it:
/// 1 + 9 = 10 ms > B, one dropped frame per row.
@Suite struct LazyStackPrefetchUnitsTests {
    static let row = Oracle.type(initMs: 1, bodyMs: 3, layoutMs: 5)

    func run(_ prefetch: PrefetchConfig, duration: Double, script: [ScriptEvent] = []) -> SimulationResult {
        Simulation.run(Oracle.config(count: 200, types: [Self.row], duration: duration, inputMs: 0.5, prefetch: prefetch, script: script))
    }

    static let deadline = PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1)

    @Test func aRowTooHeavyForOneFramesIdleTimeIsBuiltUnitByUnitOverFrames() {
        // Frame 0 takes ⌈81.5 / 8.3333⌉ = 10 vsync intervals; 0.3 s is 36: frames 0…26.
        let result = run(Self.deadline, duration: 0.3)
        let prefetch = result.frames.phaseMs[.prefetch]
        // Frame 1: init + body of row 9; then layout + next init, and body, by turns; frame 18:
        // row 17's layout alone; nothing after.
        var expected = [0.0, 4]
        for _ in 0..<8 { expected += [6, 3] }
        expected += [5] + Array(repeating: 0, count: 8)
        #expect(prefetch.count == expected.count)
        for (frame, ms) in expected.enumerated() where frame < prefetch.count {
            #expect(abs(prefetch[frame] - ms) < 1e-9, "frame \(frame): \(prefetch[frame]) ms of prefetch, expected \(ms)")
        }
        #expect(result.summary.totals.prefetch.builds == 9, "rows 9…17")
        #expect(result.summary.prefetchOverrunFrames == 0)
        let starts = result.events.filter { $0.kind == .prefetchStart }
        let startRows: [Int] = starts.map { Int($0.row) }
        #expect(startRows == Array(9...17))
        let startFrames: [Int] = starts.map { Int($0.frame) }
        let expectedStarts: [Int] = [1] + (10...17).map { row in 2 * (row - 9) }
        #expect(startFrames == expectedStarts, "row k ≥ 10 starts in frame 2(k − 9)")
        #expect(starts.allSatisfy { $0.value == 9 }, "every row started by the rule, none forced")
    }

    @Test func prefetchingUnitByUnitAvoidsTheDropsOfBuildingInTheFrame() {
        // Rest until the window is full (frame 18, at 27 intervals: 0.225 s), then drag 1 s at
        // 2400 pt/s from 0.3 s.
        let script = [Oracle.drag(at: 0.3, 2400, for: 1)]
        let spread = run(Self.deadline, duration: 1.5, script: script)
        let off = run(PrefetchConfig(enabled: false), duration: 1.5, script: script)
        #expect(spread.summary.totals.work.coldBuilds == 9, "only the first screen is built inside a frame")
        #expect(spread.summary.droppedFrames == 0)
        #expect(spread.summary.prefetchOverrunFrames == 0)
        let work = spread.frames.phaseMs
        for frame in 1..<spread.frames.count {
            let total = work.reduce(0) { $0 + $1[frame] }
            #expect(total <= 7 + 1e-9, "frame \(frame) does \(total) ms")
        }
        // Every row the drag brings in is built cold, one late frame each.
        let built = off.summary.totals.work.coldBuilds - 9
        #expect(built >= 23, "2400 pt of drag brings rows 9… into view: \(built)")
        #expect(off.summary.droppedFrames == built)
    }

    /// The SwiftUI-style `chunked` policy starts the next unit while any idle time remains: at
    /// rest, frame 1 runs row 9's init (5.8333 left), body (2.8333 left) and then its 5 ms layout
    /// anyway — 0.5 + 9 = 9.5 ms > B: the frame overruns.
    @Test func chunkedStartsALayoutBiggerThanTheIdleTimeLeft() {
        let result = run(PrefetchConfig(enabled: true, distance: 1, policy: .chunked, marginMs: 1), duration: 0.2)
        let prefetch = result.frames.phaseMs[.prefetch]
        #expect(abs(prefetch[1] - 9) < 1e-9)
        #expect(result.summary.prefetchOverrunFrames >= 1)
    }
}
