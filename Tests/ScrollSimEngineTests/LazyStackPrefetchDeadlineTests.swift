import Testing
@testable import ScrollSimEngine

/// The `deadline` prefetch policy (Android's GapWorker): a unit of a row's build (init, body,
/// layout) is run ahead of need only if its type's running average for that unit fits the idle
/// time left, or, whatever it costs, if the very next frame will show the row (every unit left
/// is forced).
@Suite struct LazyStackPrefetchDeadlineTests {
    /// Rows are 100 pt tall. Rows 0…8 fill the 852 pt viewport and cost 0.1 ms to build; rows 9
    /// on cost 7 ms (one init unit; body and layout cost nothing). Overhead 0.5 ms, no input
    /// cost, margin 1 ms, B = 1000/120 = 8.3333 ms. A drag at 1200 pt/s moves the content
    /// 1200 · B / 1000 = 10 pt a frame.
    ///
    ///     frame 0: required work 0.5 + 9 · 0.1 = 1.4 ms; idle 8.3333 − 1.4 − 1 = 5.9333 ms.
    ///              The heavy type never ran an init, so row 9's is tried (7 ms; the start is
    ///              logged +7, the row's whole cost, it went by the rule); its init average is
    ///              now 7 ms. No idle time is left for its body (0 ms, never run).
    ///     frame 1: row 9's body and layout (0 ms each) are tried and done.
    ///     later:   required work 0.5 ms; idle 8.3333 − 0.5 − 1 = 6.8333 ms < 7, so no heavy init
    ///              ever fits by its average (every init costs 7: the average stays 7).
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
        #expect(result.summary.totals.work.coldBuilds == 9)
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

    /// After a rotation the rows beyond the viewport hold heights laid out at the old width. A
    /// re-layout is one unit, and `deadline` starts it only if the type's layout average fits the
    /// idle time left. Rows of 100 pt whose only cost is a 7 ms layout; overhead 0.5 ms, margin
    /// 1 ms.
    ///
    ///     frame 0: rows 0…8 built cold: 9 layout passes, work 0.5 + 9 · 7 = 63.5 ms; no idle.
    ///              The type's averages: init 0, body 0, layout 7 ms.
    ///     frame 1: idle 8.3333 − 0.5 − 1 = 6.8333 ms; row 9's init and body (average 0) run, at
    ///              no cost; its layout's average, 7 ms, does not fit: not started. Nothing is
    ///              needed at rest, so no layout is prefetched.
    ///     rotation to 852 × 393 (at 0.1 s): rows 0…3 show and are laid out again inside the
    ///              frame: 4 · 7 = 28 ms of layout, passes 13. The window is rows 4…7 (tops 400…700
    ///              below 393 + 393 pt), each needing a 7 ms re-layout that never fits 6.8333 ms:
    ///              none is started, in any frame after.
    @Test func aReLayoutThatDoesNotFitTheIdleTimeIsNotStarted() throws {
        let row = Oracle.type(layoutMs: 7)
        let result = Simulation.run(Oracle.config(
            count: 60, types: [row], duration: 0.3,
            prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1),
            script: [ScriptEvent(at: 0.1, action: .rotate(Size(width: 852, height: 393)))]
        ))
        let rotation = try #require(result.events.first { $0.kind == .rotate }).frame
        let layout = result.frames.phaseMs[.layout]
        let prefetch = result.frames.phaseMs[.prefetch]
        #expect(abs(layout[0] - 63) < 1e-9)
        #expect(abs(layout[Int(rotation)] - 28) < 1e-9, "rotation frame \(rotation)")
        for frame in prefetch.indices {
            #expect(prefetch[frame] == 0, "frame \(frame): \(prefetch[frame]) ms of prefetch")
        }
        #expect(result.summary.totals.work.layoutPasses == 13)
    }

    /// A view prefetch has started holds its bytes (CostAndMemory): the run above with every
    /// view holding 1,000 B and no data. Frame 0 shows rows 0…8 and runs row 9's init only (its
    /// body waits for frame 1): 9 visible + 1 prefetching = 10 views, 10,000 B (9,000 when a
    /// view in flight held nothing). In every frame memory is 1,000 B per resident view.
    @Test func aViewBeingPrefetchedHoldsItsBytes() {
        let light = Oracle.type("light", initMs: 0.1, view: 1000)
        let heavy = Oracle.type("heavy", initMs: 7, view: 1000)
        let count = 60
        let types = (0..<count).map { $0 < 9 ? 0 : 1 }
        let result = Simulation.run(Oracle.config(
            count: count, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: count), types: types),
            duration: 1.5, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1),
            script: [Oracle.drag(at: 0.1, 1200, for: 0.8)]
        ))
        #expect(result.events.contains { $0.kind == .prefetchStart && $0.row == 9 && $0.frame == 0 })
        #expect(result.events.contains { $0.kind == .prefetchFinish && $0.row == 9 && $0.frame == 1 })
        #expect(result.frames.visible[0] == 9 && result.frames.prefetched[0] == 1)
        #expect(result.frames.memoryBytes[0] == 10_000)
        for k in 0..<result.frames.count {
            let views = result.frames.visible[k] + result.frames.prefetched[k] + result.frames.cached[k]
            #expect(result.frames.memoryBytes[k] == 1000 * views, "frame \(k)")
        }
    }

    /// A re-layout that does not fit stops the frame's prefetch: later rows wait, even ones that
    /// would fit. Rows of 100 pt costing only their layout: 3 ms, but row 5 (and every ninth
    /// row after it) 5 ms. The run at rest prefetches ahead until the rotation (at 0.1 s); in
    /// the frame after it (idle 6.8333 ms) the window is rows 4…7, all laid out at the old
    /// width: row 4's 3 ms fits (3.8333 left), row 5's 5 ms does not, and prefetch stops there
    /// (row 6's 3 ms would fit): 3 ms of prefetch. Found by a generated mutant that walked on
    /// past a re-layout that did not fit.
    @Test func aReLayoutThatDoesNotFitStopsTheFramesPrefetch() throws {
        let light = Oracle.type("light", layoutMs: 3)
        let heavy = Oracle.type("heavy", layoutMs: 5)
        let count = 60
        let result = Simulation.run(Oracle.config(
            count: count, types: [light, heavy], items: Oracle.items(heights: Array(repeating: 100, count: count), types: (0..<count).map { $0 % 9 == 5 ? 1 : 0 }),
            duration: 0.2, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1),
            script: [ScriptEvent(at: 0.1, action: .rotate(Size(width: 852, height: 393)))]
        ))
        let rotation = Int(try #require(result.events.first { $0.kind == .rotate }).frame)
        let prefetch = result.frames.phaseMs[.prefetch]
        #expect(abs(prefetch[rotation + 1] - 3) < 1e-9, "frame \(rotation + 1): \(prefetch[rotation + 1]) ms of prefetch")
        #expect(abs(prefetch[rotation + 2] - 5) < 1e-9, "frame \(rotation + 2): row 5's re-layout, then row 6's 3 ms does not fit 1.8333")
        // Every build lays its row out once; the rotation lays rows 0…3 out again in its frame,
        // and prefetch rows 4 and 5 at least: each a layout pass.
        let work = result.summary.totals.work
        #expect(work.layoutPasses >= work.coldBuilds + result.summary.totals.prefetch.builds + 4 + 2, "\(work.layoutPasses) passes")
    }

    /// An element of two children is evaluated once: its second child's view builds with no
    /// init or body, only a layout, and those empty units are not folded into the type's
    /// averages. Elements of init 2, body 1 and layout 1 ms (no jitter) dragged under
    /// `deadline`: every unit averaged is a real one, so the averages stay 2, 1 and 1 ms. Found
    /// by a generated mutant that took an evaluated child's empty init and body for work (and
    /// its layout for none), which pulled the init and body averages toward 0.
    @Test func anEvaluatedChildsEmptyUnitsAreNotAveraged() throws {
        var type = Fixtures.cell("step", height: .absolute(.fixed(100)),
                                 costs: ViewTypeSpec.Costs(initMs: 2, bodyMs: 1, layoutMs: 1, renderMs: 0.02, appearMs: 0.01))
        type.children = .count(2)
        let drag = Oracle.drag(at: 0.1, 1500, for: 1)
        var simulation = Simulation(config: Fixtures.config(count: 300, types: [type], duration: 1.2, script: [drag],
                                                            prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1)))
        while !simulation.isFinished { simulation.step() }
        let averages = simulation.stack.prefetcher
        #expect(averages.averageMs(type: 0, unit: .initialize) == 2)
        #expect(averages.averageMs(type: 0, unit: .body) == 1)
        #expect(averages.averageMs(type: 0, unit: .layout) == 1)
        #expect(simulation.finish().summary.totals.prefetch.builds > 10)
    }
}
