import Testing
@testable import ScrollSimEngine

/// Views measured with a GeometryReader feed their sizes back into state while the list
/// scrolls: every frame that moves lays the visible rows out a second time (a layout pass each,
/// charged to layout) and commits a second transaction. Rows of 100 pt costing 0.4 ms of
/// layout, no jitter, dragged at 1,200 pt/s for a second: every frame that moves during the
/// drag lays out at least the 9 rows on screen again, and the run's layout passes exceed the
/// builds' by at least 9 per such frame. Found by a generated mutant that subtracted the second
/// passes from the count: only a masonry test used the reader, and it counted commits.
@Suite struct GeometryReaderFeedbackTests {
    @Test func everyMovingFrameLaysTheVisibleRowsOutAgain() {
        var type = Fixtures.cell("reader", height: .absolute(.fixed(100)),
                                 costs: ViewTypeSpec.Costs(initMs: 0.1, bodyMs: 0.2, layoutMs: 0.4, renderMs: 0.02, appearMs: 0.01))
        type.measureWithGeometryReader = true
        let drag = Oracle.drag(at: 0.1, 1200, for: 1)
        let result = Simulation.run(Fixtures.config(count: 400, types: [type], duration: 1.2, script: [drag]))
        let offset = result.frames.offset
        let layout = result.frames.phaseMs[.layout]
        // Frames during the drag (it ends at 1,100 ms) that moved: each takes two vsync
        // intervals, as the second transaction delays its commit, so about 60 of them.
        let movingFrames = (1..<result.frames.count).filter { offset[$0] > offset[$0 - 1] && result.frames.timeMs[$0] < 1100 }
        #expect(movingFrames.count > 50)
        for k in movingFrames {
            #expect(layout[k] >= 9 * 0.4 - 1e-9, "frame \(k): \(layout[k]) ms of layout")
        }
        let work = result.summary.totals.work
        #expect(work.layoutPasses >= work.coldBuilds + result.summary.totals.prefetch.builds + 9 * movingFrames.count,
                "\(work.layoutPasses) passes")
    }
}
