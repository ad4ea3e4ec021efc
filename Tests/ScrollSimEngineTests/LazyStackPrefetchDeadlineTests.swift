import Testing
@testable import ScrollSimEngine

/// The `deadline` prefetch policy (Android's GapWorker): a row is built whole ahead of need only
/// if its type's running-average build cost fits the idle time left, or, whatever it costs, if
/// the very next frame will show it (forced).
@Suite struct LazyStackPrefetchDeadlineTests {
    /// Rows are 100 pt tall. Rows 0…8 fill the 852 pt viewport and cost 0.1 ms to build; rows 9
    /// on cost 7 ms (one init unit; body and layout cost nothing). Overhead 0.5 ms, no input
    /// cost, margin 1 ms, B = 1000/120 = 8.3333 ms. A drag at 1200 pt/s moves the content
    /// 1200 · B / 1000 = 10 pt a frame.
    ///
    ///     frame 0: required work 0.5 + 9 · 0.1 = 1.4 ms; idle 8.3333 − 1.4 − 1 = 5.9333 ms.
    ///              Row 9's type was never measured, so it is tried: built whole (7 ms, logged
    ///              +7, it went by the rule); the type's average is now 7 ms.
    ///     later:   required work 0.5 ms; idle 8.3333 − 0.5 − 1 = 6.8333 ms < 7, so no heavy row
    ///              ever fits by its average (every build costs 7: the average stays 7).
    ///              The row after the last visible one starts at or below the viewport's bottom;
    ///              while the drag lasts, the next frame's viewport (10 pt further) reaches it in
    ///              the frame before it shows: that frame builds it whole anyway (forced, logged
    ///              −7), and the next frame shows it without building anything.
    ///     at rest: the velocity is 0, the next frame shows what this one shows: nothing is
    ///              needed, nothing fits, nothing is prefetched.
    func run() -> SimulationResult {
        let light = Oracle.type("light", initMs: 0.1)
        let heavy = Oracle.type("heavy", initMs: 7)
        let count = 60
        let types = (0..<count).map { $0 < 9 ? 0 : 1 }
        return Simulation.run(Oracle.config(
            count: count, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: count), types: types),
            duration: 1.5, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1),
            script: [Oracle.drag(at: 0.1, 1200, for: 0.8)]
        ))
    }

    @Test func aRowTheNextFrameShowsIsBuiltAheadEvenWhenItsAverageDoesNotFit() throws {
        let result = run()
        // Only the first screen is built inside a frame.
        #expect(result.summary.totals.coldBuilds == 9)
        let starts = result.events.filter { $0.kind == .prefetchStart }
        let first = try #require(starts.first)
        #expect(first.row == 9 && first.frame == 0 && abs(first.value - 7) < 1e-9, "row 9 tried in frame 0 by the rule: \(first)")
        // 0.8 s at 1200 pt/s is about 960 pt: rows 9 to at least 17 come into view.
        let forced = starts.dropFirst()
        #expect(forced.count >= 8, "\(forced.count) forced builds")
        for start in forced {
            #expect(abs(start.value - -7) < 1e-9, "row \(start.row) forced at its full cost: \(start)")
            let appeared = result.events.first { $0.kind == .appear && $0.row == start.row }
            #expect(appeared?.frame == start.frame + 1, "row \(start.row) built in frame \(start.frame), shown in frame \(appeared.map { "\($0.frame)" } ?? "none")")
        }
        // Once the drag has ended (0.9 s, frame 108), nothing more is prefetched.
        #expect(starts.allSatisfy { $0.frame <= 108 }, "prefetch after the drag: \(starts.filter { $0.frame > 108 })")
        #expect(result.summary.droppedFrames == 0)
    }
}
