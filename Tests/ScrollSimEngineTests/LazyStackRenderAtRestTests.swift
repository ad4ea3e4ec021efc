import Testing
@testable import ScrollSimEngine

/// A frame that commits nothing renders nothing new: Core Animation re-renders only what
/// changed, so a still screen costs the render server nothing, whatever its effects.
@Suite struct LazyStackRenderAtRestTests {
    /// Cards of 200 pt with three live effects (0.5 + 3 × 1 = 3.5 ms of render server each):
    /// 852 / 200 → 5 cards on screen, 17.5 ms a frame, two vsync intervals over the 8.33 ms
    /// budget whenever they are rendered.
    func run(_ script: [ScriptEvent]) -> SimulationResult {
        var card = Fixtures.cell("card", height: .absolute(.fixed(200)))
        card.rendering = ViewTypeSpec.Rendering(serverMs: 0.5, effects: 3, effectMs: 1.0)
        return Simulation.run(Fixtures.config(count: 100, types: [card], duration: 2, script: script))
    }

    /// 2 s of a still screen: only the first frame (the launch) renders — 17.5 ms on the render
    /// server, two vsync intervals late, so 240 − 2 = 238 frames — and the other 237 frames
    /// commit nothing, charge no render work and drop nothing.
    @Test func aStillScreenRendersOnlyItsFirstFrame() {
        let result = run([])
        let f = result.frames
        #expect(f.count == 238)
        #expect(abs(f.renderServerMs[0] - 5 * 3.5) < 1e-9)
        #expect(f.renderServerMs.dropFirst().allSatisfy { $0 == 0 })
        #expect(f.phaseMs[.render].dropFirst().allSatisfy { $0 == 0 })
        #expect(result.summary.otherDroppedFrames == 0)
    }

    /// While the content moves every frame is committed and rendered: during a 0.5 s drag each
    /// frame renders 5–6 cards (17.5–21 ms, three vsync intervals), so its 60 intervals hold
    /// about 20 frames, every one rendered; from 0.1 s after the drag the screen rests again.
    @Test func aMovingScreenRendersEveryFrame() {
        let result = run([ScriptEvent(at: 1, action: .drag(velocity: 600, duration: 0.5, flingOnRelease: false))])
        let f = result.frames
        let moving = f.timeMs.indices.filter { f.timeMs[$0] > 1000 && f.timeMs[$0] < 1490 }
        #expect(moving.count >= 19)
        #expect(moving.allSatisfy { f.renderServerMs[$0] > 8.34 })
        #expect(f.timeMs.indices.filter { f.timeMs[$0] >= 1600 }.allSatisfy { f.renderServerMs[$0] == 0 })
    }
}
