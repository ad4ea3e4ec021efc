import Testing
@testable import ScrollSimEngine

/// A pinned header above the visible range is still drawn: every frame that commits pays its
/// render cost on the main thread and its compositing on the render server, on top of the rows
/// in range. Headers cost 0.37 ms to render and 0.2 ms on the server, photos 0.1 and 0.05 (no
/// jitter), so a frame's figures say which rows were drawn. Found by generated mutants that
/// drew no pinned header when it was row 0 (`pinnedHeader > 0`), and that subtracted its
/// server time: the pinned-header tests checked where it sits, not what drawing it costs.
@Suite struct PinnedHeaderRenderTests {
    @Test func aPinnedHeaderAboveTheRangeIsDrawnEveryCommittedFrame() {
        var header = Fixtures.cell("header", height: .absolute(.fixed(44)),
                                   costs: ViewTypeSpec.Costs(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: 0.37, appearMs: 0.01))
        header.rendering = ViewTypeSpec.Rendering(serverMs: 0.2)
        var photo = Fixtures.cell("photo", height: .absolute(.fixed(150)),
                                  costs: ViewTypeSpec.Costs(initMs: 0.05, bodyMs: 0.1, layoutMs: 0.1, renderMs: 0.1, appearMs: 0.01))
        photo.rendering = ViewTypeSpec.Rendering(serverMs: 0.05)
        let drag = Oracle.drag(at: 0.05, 600, for: 1.5)
        let config = Fixtures.config(count: 200, types: [photo], spacing: 4, duration: 1.6, script: [drag],
                                     sections: SectionsConfig(every: 5, header: header), pinnedHeaders: true)
        var simulation = Simulation(config: config)
        var expected: [(frame: Int, render: Double, server: Double, pinned: Int)] = []
        var frame = 0
        while !simulation.isFinished {
            simulation.step()
            let stack = simulation.stack
            if stack.pinnedHeader >= 0 && stack.pinnedHeader < stack.firstVisible {
                var render = 0.37, server = 0.2
                for row in stack.firstVisible...stack.lastVisible {
                    let isHeader = stack.rows.isHeader(row)
                    render += isHeader ? 0.37 : 0.1
                    server += isHeader ? 0.2 : 0.05
                }
                expected.append((frame, render, server, stack.pinnedHeader))
            }
            frame += 1
        }
        let frames = simulation.finish().frames
        let render = frames.phaseMs[.render]
        var checked = 0
        for e in expected where render[e.frame] > 0 {
            #expect(abs(render[e.frame] - e.render) < 1e-9, "frame \(e.frame), header \(e.pinned): \(render[e.frame]) ms, not \(e.render)")
            #expect(abs(frames.renderServerMs[e.frame] - e.server) < 1e-9, "frame \(e.frame), header \(e.pinned): server \(frames.renderServerMs[e.frame]) ms, not \(e.server)")
            checked += 1
        }
        #expect(checked > 30)
        #expect(expected.contains { $0.pinned == 0 }, "header 0, the first row, is pinned above the range")
    }
}
