import Testing
@testable import ScrollSimEngine

/// The direction of offset corrections, checked by positions on screen, not by the jump
/// detector (which subtracts the same correction it applied, so a correction of the wrong sign
/// would not show there).
///
/// After a rotation the rows above the viewport keep heights measured at the old width. Dragging
/// back up, each such row is measured again as it enters at the top, which moves every row below
/// it in content coordinates; the stack shifts the offset by the same amount, so on screen the
/// rows already visible move by exactly what the finger moved them, and nothing else:
///
///     screenY(row) = index.y(of: row) − offset
///     screenY after − screenY before = −(finger's offset change) = −v · Δt
@Suite struct LazyStackCorrectionDirectionTests {
    @Test func rowsOnScreenMoveOnlyWithTheFingerWhileHeightsAboveThemChange() throws {
        // Text rows whose heights depend on the width; prefetch off, so only rows entering the
        // viewport are measured, inside the frame's layout (never after it is drawn).
        let step = Fixtures.cell("step", height: .text(.init(chars: .uniform(min: 40, max: 900), lineHeight: 20, base: 120)))
        let v = -1200.0
        var config = Fixtures.config(count: 300, types: [step], spacing: 8, duration: 4, script: [
            ScriptEvent(at: 0.1, action: .drag(velocity: 3000, duration: 1, flingOnRelease: false)),
            ScriptEvent(at: 1.5, action: .rotate(Size(width: 852, height: 393))),
            ScriptEvent(at: 2.0, action: .drag(velocity: v, duration: 2, flingOnRelease: false)),
        ], prefetch: PrefetchConfig(enabled: false))
        config.device.inputMs = 0
        var simulation = Simulation(config: config)
        // Play to the first frame of the upward drag (its finger delta is 0), and one more.
        var previousStart = 0.0
        while simulation.clock.nowMs < 2000 + 2 * Oracle.budget {
            previousStart = simulation.clock.nowMs
            simulation.step()
        }

        var checkedFrames: [Int] = []
        while !simulation.isFinished {
            let stack = simulation.stack
            try #require(stack.lastVisible >= stack.firstVisible)
            let before = stack.firstVisible...stack.lastVisible
            let screenBefore = Dictionary(uniqueKeysWithValues: before.map { ($0, stack.index.y(of: $0) - stack.offset) })
            let start = simulation.clock.nowMs
            let frame = simulation.frameIndex
            simulation.step()
            let fingerDelta = v * (start - previousStart) / 1000
            previousStart = start
            let after = simulation.stack
            try #require(after.lastVisible >= after.firstVisible)
            // At the top edge the clamp, not the finger, has the last word (rows above have
            // shrunk at the new width, so the content runs out before the drag ends).
            if after.offset == 0 { break }
            let both = before.clamped(to: after.firstVisible...after.lastVisible)
            #expect(!both.isEmpty, "frame \(frame): no row visible in both frames")
            for row in both {
                let moved = (after.index.y(of: row) - after.offset) - (screenBefore[row] ?? .nan)
                #expect(abs(moved - -fingerDelta) < 1e-6,
                        "frame \(frame): row \(row) moved \(moved) pt on screen; the finger moved the content \(-fingerDelta) pt")
            }
            checkedFrames.append(frame)
        }
        let result = simulation.finish()
        // The check is only worth something if heights above the visible rows did change.
        let corrections = checkedFrames.map { result.frames.corrections[$0] }.reduce(0, +)
        let correctedPoints = checkedFrames.map { result.frames.correctionPx[$0] }.reduce(0, +)
        #expect(checkedFrames.count > 150)
        #expect(corrections >= 5, "rows re-measured above the viewport should have been corrected for")
        #expect(correctedPoints > 500)
        #expect(result.summary.totals.scrolling.visibleJumps == 0)
    }
}
