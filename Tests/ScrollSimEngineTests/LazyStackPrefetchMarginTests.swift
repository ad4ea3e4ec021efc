import Testing
@testable import ScrollSimEngine

/// `prefetch.marginMs`: prefetch starts a unit only while idle = budget − work − margin is
/// positive, and a unit, once started, runs to completion.
@Suite struct LazyStackPrefetchMarginTests {
    /// Rows 0…8 fill the 852 pt viewport (100 pt each) and cost 0.1 ms to build; rows 9 on are
    /// one 2 ms unit each (init; body and layout cost nothing). B = 8.3333 ms.
    ///
    ///     frame 0: required work = overhead 0.5 + 9 cold builds · 0.1 = 1.4 ms
    ///              idle = 8.3333 − 1.4 − margin   (margin 0: 6.9333, 1: 5.9333, 3: 3.9333)
    ///              2 ms units start while idle > 0: 4, 3, 2 of them → prefetch 8, 6, 4 ms
    ///              work 9.4 (late: the fourth unit started with 0.93 ms left), 7.4, 5.4 ms
    ///     frame 1: required work 0.5 ms; idle = 7.8333 − margin (7.8333, 6.8333, 4.8333)
    ///              the row left half done finishes with its two free units, then 2 ms units:
    ///              4, 4, 3 of them → prefetch 8, 8, 6 ms; work 8.5 (late), 8.5 (late), 6.5 ms
    func run(margin: Double) -> SimulationResult {
        let light = Oracle.type("light", initMs: 0.1)
        let heavy = Oracle.type("heavy", initMs: 2)
        let types = (0..<40).map { $0 < 9 ? 0 : 1 }
        return Simulation.run(Oracle.config(
            count: 40, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: 40), types: types),
            duration: 0.1, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .chunked, marginMs: margin)
        ))
    }

    @Test(arguments: [(0.0, 8.0, 8.0), (1, 6, 8), (3, 4, 6)])
    func prefetchStartsUnitsWhileIdleTimeBeyondTheMarginRemains(margin: Double, frame0: Double, frame1: Double) {
        let result = run(margin: margin)
        let prefetch = result.frames.phaseMs[.prefetch]
        #expect(abs(prefetch[0] - frame0) < 1e-9, "frame 0 prefetch \(prefetch[0]) ms")
        #expect(abs(prefetch[1] - frame1) < 1e-9, "frame 1 prefetch \(prefetch[1]) ms")
        #expect(abs(result.frames.workMs[0] - (1.4 + frame0)) < 1e-9)
        #expect(abs(result.frames.workMs[1] - (0.5 + frame1)) < 1e-9)
        // A frame is late exactly when its work passes the budget, and then only because of
        // the prefetch unit that started with too little idle time left.
        for k in 0..<2 {
            let late = result.frames.workMs[k] > Oracle.budget
            #expect((result.frames.dropped[k] > 0) == late, "frame \(k)")
            #expect((result.frames.prefetchOverrunMs[k] > 0) == late, "frame \(k)")
        }
    }

    @Test func aLargerMarginFinishesTheSameRowAFrameLater() {
        func finishFrame(_ margin: Double) -> Int32? {
            run(margin: margin).events.first { $0.kind == .prefetchFinish && $0.row == 10 }?.frame
        }
        // Row 10 is the second heavy row: frame 0 starts 4 or 3 units with margins 0 and 1, so
        // it finishes there; with margin 3 frame 0 starts only row 9 and row 10's init.
        #expect(finishFrame(0) == 0)
        #expect(finishFrame(1) == 0)
        #expect(finishFrame(3) == 1)
    }
}
