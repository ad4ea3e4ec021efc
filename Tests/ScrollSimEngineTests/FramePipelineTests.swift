import Testing
@testable import ScrollSimEngine

/// The frame pipeline as a device runs it: launch apart from scrolling, prefetch in whole units,
/// the render server's stage, eager stacks on rotation, and edges that move under a fling.
/// Expected figures are worked out by hand in the comments (B = 1000/120 ms).
@Suite struct FramePipelineTests {
    let budget = 1000.0 / 120

    func costs(init i: Double = 0.05, body: Double = 0.1, layout: Double = 0.1, render: Double = 0.02, appear: Double = 0.01) -> ViewTypeSpec.Costs {
        ViewTypeSpec.Costs(initMs: i, bodyMs: body, layoutMs: layout, renderMs: render, appearMs: appear)
    }

    /// A frame held for a second commit (cells measuring themselves with a GeometryReader) is
    /// not a prefetch overrun when its work, prefetch included, fits one interval.
    @Test func aSecondCommitIsNotAPrefetchOverrun() {
        // 1 ms of prefetch and 2 ms of body: 3 ms < B, one interval with or without prefetch.
        // The second commit makes the frame take two ticks; prefetch did not.
        var accounting = FrameAccounting()
        var work = PhaseWork()
        work.prefetch = 1
        work.body = 2
        let timing = FrameTiming(startTick: 10, commitTicks: 2, renderTicks: 1, nextTick: 12, commitDropped: 1, renderDropped: 0, budgetMs: budget)
        let (_, overrun) = accounting.record(timing, work: work, moving: true, firstScreenComplete: true)
        #expect(overrun == 0)
        #expect(accounting.prefetchOverrunFrames == 0)
    }

    // MARK: Launch

    /// A first screen costing about 57 ms, then smooth scrolling: the launch drops frames, the
    /// scroll none, and the hitch ratio (the scroll's) is 0.
    @Test func launchIsReportedApartFromScrolling() {
        // 100 pt rows, no spacing, an 852 pt viewport: rows 0...8 are visible at launch (row 8
        // starts at 800). Each costs 0.25 to build, 6 to appear and 0.02 to render: 6.27 ms;
        // nine of them and 0.5 ms of overhead make 56.93 ms = 6.83 B → 7 intervals, 6 dropped.
        let cell = Fixtures.cell(costs: costs(appear: 6))
        let drag = ScriptEvent(at: 0.5, action: .drag(velocity: 1000, duration: 2, flingOnRelease: false))
        let result = Simulation.run(Fixtures.config(count: 500, types: [cell], duration: 3, script: [drag]))
        #expect(abs(result.frames.workMs[0] - 56.93) < 1e-9)
        #expect(result.summary.launch.frames == 1)
        #expect(result.summary.launch.droppedFrames == 6)
        #expect(abs(result.summary.launch.workMs - 56.93) < 1e-9)
        // Scrolling at 1000 pt/s shows a new row every 100 ms; its appear costs 6.27 + 0.5 +
        // 0.05 input ≈ 6.9 ms, within the budget.
        #expect(result.summary.droppedFrames == 0)
        #expect(result.summary.hitchRatio == 0)
        #expect(result.summary.movingSeconds > 1.9)
    }

    /// A list shorter than its viewport cannot scroll: a fling on it is no scroll interaction.
    @Test func contentThatCannotMoveIsNotScrollTime() {
        let result = Simulation.run(Fixtures.config(count: 3, duration: 1, script: [Fixtures.fling(at: 0.1, 5000)]))
        #expect(result.summary.movingSeconds == 0)
        #expect(result.summary.hitchRatio == 0)
        #expect(result.frames.interval.allSatisfy { $0 != .scroll })
    }

    // MARK: Prefetch in whole units

    func heavyBody(_ prefetch: PrefetchConfig) -> SimulationResult {
        let card = Fixtures.cell("card", height: .absolute(.fixed(300)), costs: costs(init: 0.3, body: 12, layout: 0.2, render: 0.08, appear: 0.05))
        let flings = [Fixtures.fling(at: 0.3, 5000), Fixtures.fling(at: 2.5, 7000)]
        return Simulation.run(Fixtures.config(count: 500, types: [card], spacing: 8, duration: 5, script: flings, prefetch: prefetch))
    }

    /// A 12 ms body cannot be paused: whoever evaluates it, in a frame or ahead of one, that
    /// frame is late.
    @Test(arguments: [PrefetchConfig(enabled: false), PrefetchConfig(policy: .chunked), PrefetchConfig(policy: .deadline)])
    func aTwelveMillisecondBodyDropsFramesWhateverPrefetchDoes(prefetch: PrefetchConfig) {
        let result = heavyBody(prefetch)
        #expect(result.summary.droppedFrames > 5)
    }

    @Test(arguments: [PrefetchConfig.Policy.chunked, .deadline])
    func noBodyIsSplitAcrossFrames(policy: PrefetchConfig.Policy) {
        let result = heavyBody(PrefetchConfig(policy: policy))
        // Units are 0.3 (init), 12 (body), 0.2 (layout). A frame whose prefetch ran part of a
        // body would hold prefetch work strictly between the small units' sums and 12.
        let prefetch = result.frames.phaseMs[.prefetch]
        #expect(prefetch.contains { $0 >= 12 }, "bodies were prefetched")
        for (frame, ms) in prefetch.enumerated() {
            #expect(ms <= 0.5 + 1e-9 || ms >= 12 - 1e-9, "frame \(frame) prefetched \(ms) ms: part of a body")
        }
    }

    /// prefetchOverrunFrames counts exactly the frames whose commit occupies more intervals with
    /// its prefetch work than without (computed here from the frame columns).
    @Test(arguments: [PrefetchConfig.Policy.chunked, .deadline])
    func prefetchOverrunsAreTheFramesPrefetchMadeLate(policy: PrefetchConfig.Policy) {
        let result = heavyBody(PrefetchConfig(policy: policy))
        let prefetch = result.frames.phaseMs[.prefetch]
        func intervals(_ ms: Double) -> Int { max(1, Int((ms / budget - 1e-9).rounded(.up))) }
        var expected = 0
        var expectedMs = 0.0
        for (work, p) in zip(result.frames.workMs, prefetch) where p > 0 {
            let without = intervals(work - p)
            if intervals(work) > without {
                expected += 1
                expectedMs += work - Double(without) * budget
            }
        }
        #expect(expected > 0)
        #expect(result.summary.prefetchOverrunFrames == expected)
        #expect(abs(result.summary.prefetchOverrunMs - expectedMs) < 1e-6)
        #expect(zip(result.frames.prefetchOverrunMs, prefetch).allSatisfy { overrun, p in overrun == 0 || p > 0 })
    }

    /// Chunked prefetch runs a row's units over several frames when the idle time runs out
    /// between them: init and body in one frame, layout in a later one.
    @Test func chunkedPrefetchSpreadsARowsUnitsOverFrames() {
        // Idle per frame = 8.333 − (0.5 overhead + 3 renders × 0.01 + 0.05 input) − 1 margin =
        // 6.75 ms. Units 0.5 and 6.5 use it up (7.0 > 6.75, within the 1 ms margin), so the
        // 2 ms layout waits for the next frame. A 0.2-viewport window (170 pt) holds one 308 pt
        // row at a time, so nothing else is started after that layout.
        let card = Fixtures.cell("card", height: .absolute(.fixed(300)), costs: costs(init: 0.5, body: 6.5, layout: 2, render: 0.01))
        let result = Simulation.run(Fixtures.config(count: 200, types: [card], spacing: 8, duration: 1.5,
                                                    script: [Fixtures.fling(at: 0.5, 2000)], prefetch: PrefetchConfig(distance: 0.2)))
        let starts = result.events.filter { $0.kind == .prefetchStart }
        let finishes = result.events.filter { $0.kind == .prefetchFinish }
        #expect(!starts.isEmpty)
        for start in starts {
            let finish = finishes.first { $0.row == start.row }
            #expect(finish.map { $0.frame > start.frame } == true, "row \(start.row): its layout should land in a later frame")
        }
        #expect(result.summary.prefetchOverrunFrames == 0)
    }

    // MARK: The render server

    func effectsCards(drawingGroup: Bool) -> SimulationResult {
        // Seven 130 pt cards are visible. Live, each costs the render server 0.1 + 5 × 0.25 =
        // 1.35 ms a frame: 9.45 ms for the screen, more than a frame — a render hitch every
        // frame. Rasterized (drawingGroup), each costs 0.1 ms a frame after one 1.35 ms frame.
        var card = Fixtures.cell("card", height: .absolute(.fixed(130)))
        card.rendering = ViewTypeSpec.Rendering(serverMs: 0.1, effects: 5, effectMs: 0.25, drawingGroup: drawingGroup)
        return Simulation.run(Fixtures.config(count: 400, types: [card], spacing: 0, duration: 3,
                                              script: [Fixtures.fling(at: 0.2, 3000)]))
    }

    @Test func overlappingEffectsHitchTheRenderServerAndDrawingGroupFixesIt() {
        let live = effectsCards(drawingGroup: false)
        let grouped = effectsCards(drawingGroup: true)
        #expect(live.summary.renderHitchTimeMs > 0)
        #expect(live.summary.commitHitchTimeMs == 0, "the main thread is light")
        #expect(abs(live.frames.renderServerMs[0] - 7 * 1.35) < 1e-9)
        #expect(grouped.summary.renderHitchTimeMs == 0)
        #expect(grouped.summary.droppedFrames == 0)
        // A grouped card's first frame draws it live, and rasterizes it; later frames composite
        // the raster (a generated mutant swapped the two, and no figure here said which came first).
        #expect(abs(grouped.frames.renderServerMs[0] - 7 * 1.35) < 1e-9)
        #expect(grouped.frames.renderServerMs.dropFirst().contains { abs($0 - 7 * 0.1) < 1e-9 })
    }

    // MARK: Eager stacks on rotation

    @Test func anEagerStackLaysOutEveryChildOnRotationAndNeverCorrects() {
        let step = Fixtures.cell("step", height: .text(.init(chars: .uniform(min: 40, max: 900), lineHeight: 20, base: 120)),
                                 costs: costs(layout: 0.3))
        let script = [Fixtures.fling(at: 0.2, 6000), ScriptEvent(at: 2, action: .rotate(Size(width: 852, height: 393))),
                      Fixtures.fling(at: 3, -9000), Fixtures.fling(at: 4, -9000)]
        let result = Simulation.run(Fixtures.config(count: 300, types: [step], kind: .vStack, spacing: 8, duration: 6, script: script))
        let rotation = result.events.first { $0.kind == .rotate }
        let frame = Int(rotation?.frame ?? -1)
        // Every one of the 300 children is laid out again in the rotation frame: 300 × 0.3 ms.
        #expect(result.frames.phaseMs[.layout][frame] >= 300 * 0.3 - 1e-9)
        #expect(result.summary.totals.scrolling.offsetCorrections == 0)
        // Nothing is estimated: the stack's height is the true height after the rotation too.
        #expect(zip(result.frames.estimatedHeight, result.frames.trueHeight).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(result.frames.offset.last == 0)
    }

    /// After a rotation the content's true height is the one a run started at the new width
    /// has: text rows (heights that follow the width) in a lazy stack, 10 appended at 0.05 s and
    /// rotated at 0.1 s, end with the true height of the same run laid out at 852 pt from the
    /// start (the stack may sum the set-up's heights only at the set-up's width and row count).
    /// Only a grid's rotation was checked before, and none after an append.
    @Test func aRotationSumsTheTrueHeightAtTheNewWidth() {
        let step = Fixtures.cell("step", height: .text(.init(chars: .uniform(min: 40, max: 900), lineHeight: 20, base: 120)),
                                 costs: costs(layout: 0.3))
        let append = ScriptEvent(at: 0.05, action: .append(count: 10))
        let turn = ScriptEvent(at: 0.1, action: .rotate(Size(width: 852, height: 393)))
        let rotated = Simulation.run(Fixtures.config(count: 300, types: [step], spacing: 8, duration: 0.2, script: [append, turn]))
        var wide = Fixtures.config(count: 300, types: [step], spacing: 8, duration: 0.2, script: [append])
        wide.device.viewport = Size(width: 852, height: 393)
        let started = Simulation.run(wide)
        #expect(rotated.frames.trueHeight.first != rotated.frames.trueHeight.last, "text heights follow the width")
        #expect(started.frames.trueHeight.first != started.frames.trueHeight.last, "the append adds rows")
        #expect(rotated.frames.trueHeight.last == started.frames.trueHeight.last)
    }

    // MARK: Edges that move under a fling

    /// Two 600 pt rows above 198 rows of 100 pt. The list opens on element 150 (an instant
    /// scrollTo before the first frame), so the rows above are never built: the stack estimates
    /// them at 100 pt. A fast fling up (prefetch off, so nothing measures them ahead) reaches
    /// the estimated top at about 250 pt a frame. Clamping to that edge before layout would stop
    /// the fling at offset 0, then layout would measure rows 0 and 1 — 500 pt taller each than
    /// estimated — and correct the offset to about 497 pt, the fling dead with element 0 that far
    /// above the viewport. Edges are taken after layout, so the fling carries on to the real top.
    @Test func aFlingDoesNotDieOnAnEdgeThatLayoutMoved() {
        let tall = Fixtures.cell("tall", height: .absolute(.fixed(600)))
        let short = Fixtures.cell("short", height: .absolute(.fixed(100)))
        var config = Fixtures.config(count: 200, types: [tall, short], duration: 4, script: [
            ScriptEvent(at: 0, action: .scrollTo(ScrollTarget(destination: .element(150)))),
            Fixtures.fling(at: 0.3, -60_000),
        ], prefetch: PrefetchConfig(enabled: false))
        config.content.items = (0..<200).map { ElementData(typeIndex: $0 < 2 ? 0 : 1) }
        var simulation = Simulation(config: config)
        while !simulation.isFinished { simulation.step() }
        #expect(simulation.stack.offset == 0)
        #expect(simulation.stack.firstVisible == 0)
        #expect(simulation.stack.index.y(of: 0) == 0)
        let result = simulation.finish()
        #expect(result.summary.totals.scrolling.topArrivals > 0)
        #expect(result.summary.totals.scrolling.topLandingErrorPx == 0)
        #expect(result.summary.totals.scrolling.offsetCorrections >= 2, "rows 0 and 1 were taller than estimated")
    }
}
