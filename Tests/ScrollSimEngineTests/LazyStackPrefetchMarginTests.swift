import Testing
import ScrollSimEngine

/// `prefetch.marginMs`: prefetch spends idle = budget − work − margin, never the margin.
@Suite struct LazyStackPrefetchMarginTests {
    /// Rows 0…8 fill the 852 pt viewport (100 pt each) and cost 0.1 ms to build; rows 9 on cost
    /// 20 ms, so prefetch works on row 9 in chunks (the `chunked` policy) for several frames.
    ///
    ///     frame 0: overhead 0.5 + 9 cold builds · 0.1 = 1.4 ms of required work
    ///              prefetch = 8.3333 − 1.4 − margin                 (margin 1: 5.9333; margin 3: 3.9333)
    ///     later frames (nothing moves): required work 0.5 ms
    ///              prefetch = 8.3333 − 0.5 − margin                 (margin 1: 6.8333; margin 3: 4.8333)
    ///     row 9 (20 ms) finishes when the chunks add up to 20:
    ///              margin 1: 5.9333 + 6.8333 + 6.8333 = 19.6 → frame 3 (0.4 ms, then row 10 starts)
    ///              margin 3: 3.9333 + 3 · 4.8333 = 18.433 → frame 4
    /// A frame's work is therefore budget − margin whenever prefetch has work left.
    func run(margin: Double) -> SimulationResult {
        let light = Oracle.type("light", initMs: 0.1)
        let heavy = Oracle.type("heavy", initMs: 20)
        let types = (0..<40).map { $0 < 9 ? 0 : 1 }
        return Simulation.run(Oracle.config(
            count: 40, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: 40), types: types),
            duration: 0.1, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .chunked, marginMs: margin)
        ))
    }

    let B = Oracle.budget

    @Test(arguments: [0.0, 1, 3])
    func prefetchStopsAtTheMargin(margin: Double) {
        let result = run(margin: margin)
        let prefetch = result.frames.phaseMs[PhaseWork.Phase.prefetch.rawValue]
        #expect(abs(prefetch[0] - (B - 1.4 - margin)) < 1e-9, "frame 0 prefetch \(prefetch[0]) ms")
        #expect(abs(prefetch[1] - (B - 0.5 - margin)) < 1e-9, "frame 1 prefetch \(prefetch[1]) ms")
        for (k, work) in result.frames.workMs.enumerated() {
            #expect(abs(work - (B - margin)) < 1e-9, "frame \(k) works \(work) ms: budget − margin is \(B - margin)")
        }
        #expect(result.summary.droppedFrames == 0)
    }

    @Test func aLargerMarginFinishesTheSameRowAFrameLater() {
        func finishFrame(_ margin: Double) -> Int32? {
            run(margin: margin).events.first { $0.kind == .prefetchFinish && $0.row == 9 }?.frame
        }
        #expect(finishFrame(1) == 3)
        #expect(finishFrame(3) == 4)
        // And what frame 3 spends on row 9: 20 − 19.6 = 0.4 ms with margin 1, the rest on row 10.
        let events = run(margin: 1).events.filter { $0.frame == 3 && $0.kind == .prefetchFinish }
        #expect(events.count == 1)
        #expect(abs((events.first?.value ?? 0) - 20) < 1e-9, "row 9's prefetch work in all")
    }
}
