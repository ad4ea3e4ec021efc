import XCTest
@testable import ScrollSimEngine

/// Idle-time prefetch and where it is decided (`LazyStack+Prefetch.swift`).
final class LazyStackPrefetchTests: XCTestCase {
    func card(initMs: Double = 0.3, bodyMs: Double, layoutMs: Double) -> ViewTypeSpec {
        Fixtures.cell("card", height: .absolute(.uniform(min: 220, max: 380)),
                      costs: ViewTypeSpec.Costs(initMs: initMs, bodyMs: bodyMs, layoutMs: layoutMs, renderMs: 0.08, appearMs: 0.05))
    }

    let flings = [Fixtures.fling(at: 0.3, 5000), Fixtures.fling(at: 2.5, 7000), Fixtures.fling(at: 5, -6000)]

    func run(_ type: ViewTypeSpec, prefetch: PrefetchConfig, script: [ScriptEvent]? = nil) -> SimulationResult {
        Simulation.run(Fixtures.config(count: 3000, types: [type], spacing: 8, duration: 8, script: script ?? flings, prefetch: prefetch))
    }

    /// A list that never scrolls: every view prefetch built is still waiting to be shown when
    /// the run ends, so all of them are counted as pending (not waste), each holding its build
    /// (init 0.3 + body 0.2 + layout 0.2 = 0.7 ms, under a millisecond, which a generated mutant
    /// that counted only builds over 1 ms left out), and the count is the last frame's
    /// `prefetched` column.
    func testViewsPrefetchedAndNeverShownArePendingAtTheEnd() throws {
        let cheap = card(bodyMs: 0.2, layoutMs: 0.2)
        let result = run(cheap, prefetch: PrefetchConfig(policy: .chunked), script: [])
        let prefetch = result.summary.totals.prefetch
        XCTAssertGreaterThan(prefetch.builds, 0)
        XCTAssertEqual(prefetch.pendingAtEnd, prefetch.builds)
        XCTAssertEqual(prefetch.pendingAtEnd, result.frames.prefetched[result.frames.count - 1])
        XCTAssertEqual(prefetch.pendingAtEndMs, Double(prefetch.pendingAtEnd) * 0.7, accuracy: 1e-9)
        XCTAssertEqual(prefetch.neverAppeared, 0)
        XCTAssertEqual(prefetch.wastedMs, 0)
    }

    /// Cells costing most of a frame: prefetch builds them ahead of need, so the frames that
    /// show them build (almost) nothing cold.
    func testPrefetchBuildsHeavyCellsAheadOfTheFramesThatShowThem() throws {
        let heavy = card(bodyMs: 3.2, layoutMs: 4.0)   // 7.5 ms to build
        let off = run(heavy, prefetch: PrefetchConfig(enabled: false))
        let on = run(heavy, prefetch: PrefetchConfig(policy: .chunked))
        XCTAssertGreaterThan(off.summary.droppedFrames, 10)
        XCTAssertGreaterThan(off.summary.totals.work.coldBuilds, 20)
        XCTAssertLessThan(on.summary.totals.work.coldBuilds * 5, off.summary.totals.work.coldBuilds)
        XCTAssertGreaterThan(on.summary.totals.prefetch.builds, 0)
        XCTAssertEqual(off.summary.totals.prefetch.builds, 0)
        XCTAssertEqual(off.summary.totals.prefetch.spentMs, 0)
    }

    /// The deadline policy starts a unit only if its type's running average for that unit fits
    /// the idle time: cards of init 0.3, body 1 and layout 1 ms, no jitter, each unit far below
    /// a frame's idle time, are prefetched without a frame prefetch made late.
    func testDeadlinePolicyUsesTheRunningAverage() throws {
        let modest = card(bodyMs: 1, layoutMs: 1)
        let result = run(modest, prefetch: PrefetchConfig(policy: .deadline))
        XCTAssertGreaterThan(result.summary.totals.prefetch.builds, 10)
        XCTAssertEqual(result.summary.prefetchOverrunFrames, 0)
        // A row's units may span frames, never run backwards: each finish is in its start's
        // frame or a later one.
        let starts = result.events.filter { $0.kind == .prefetchStart }
        let finishes = result.events.filter { $0.kind == .prefetchFinish }
        XCTAssertGreaterThanOrEqual(starts.count, finishes.count)
        for f in finishes {
            let s = try XCTUnwrap(starts.last { $0.row == f.row && $0.frame <= f.frame })
            XCTAssertLessThanOrEqual(s.frame, f.frame)
        }
    }

    /// A view configured in onAppear throws away the body and layout that prefetch ran on it
    /// unconfigured, however cheap: cards of init 0.1, body 0.2 and layout 0.2 ms (a build of
    /// 0.5 ms, no jitter) dragged down. Each row prefetch built that is configured on appearing
    /// wastes 0.4 ms; the rest of the waste is what the views released unseen carry on their
    /// `release` events. Found by a generated mutant that counted only what prefetch spent past
    /// 1 ms, and so left every configure out.
    func testAConfigureOnAppearWastesTheBodyAndLayoutOfACheapPrefetch() throws {
        var type = Fixtures.cell("card", height: .absolute(.fixed(120)),
                                 costs: ViewTypeSpec.Costs(initMs: 0.1, bodyMs: 0.2, layoutMs: 0.2, renderMs: 0.02, appearMs: 0.01))
        type.configure = .onAppear
        let drag = ScriptEvent(at: 0.2, action: .drag(velocity: 1200, duration: 2.5, flingOnRelease: false))
        let result = Simulation.run(Fixtures.config(count: 500, types: [type], duration: 3, script: [drag]))
        var prefetched: Set<Int32> = [], configured = 0, released = 0.0
        for event in result.events {
            switch event.kind {
            case .prefetchFinish: prefetched.insert(event.row)
            case .release:
                prefetched.remove(event.row)
                released += event.value
            case .relayout where event.value == 0 && prefetched.remove(event.row) != nil: configured += 1
            default: break
            }
        }
        XCTAssertGreaterThan(configured, 10)
        XCTAssertEqual(result.summary.totals.prefetch.wastedMs, 0.4 * Double(configured) + released, accuracy: 1e-9)
        // Each update run on appearing (a configure, or the relayout after it; one `relayout`
        // event each) evaluates the body again, on top of each build's one, cold or prefetched.
        // Only the scenario-pair suites asserted the count; they took 400 s to see it subtracted.
        let updates = result.events.filter { $0.kind == .relayout }.count
        XCTAssertGreaterThan(updates, configured)
        XCTAssertEqual(result.summary.totals.work.bodyEvaluations, result.summary.totals.work.coldBuilds + result.summary.totals.prefetch.builds + updates)
    }

    func testAReversedFlingLeavesPrefetchedViewsThatNeverAppear() throws {
        let type = card(bodyMs: 1, layoutMs: 1.5)
        let reverse = [Fixtures.fling(at: 0.3, 4000), Fixtures.fling(at: 0.9, -4000)]
        let result = run(type, prefetch: PrefetchConfig(distance: 2), script: reverse)
        XCTAssertGreaterThan(result.summary.totals.prefetch.neverAppeared, 0)
        XCTAssertGreaterThan(result.summary.totals.prefetch.wastedMs, 0)
        // Every never-shown view's work is counted: released ones carry it on their event.
        let releasedWaste = result.events.filter { $0.kind == .release }.map(\.value).reduce(0, +)
        XCTAssertLessThanOrEqual(releasedWaste, result.summary.totals.prefetch.wastedMs + 1e-9)
        // Those views never fired onAppear.
        let appeared = Set(result.events.filter { $0.kind == .appear }.map(\.row))
        let unseen = result.events.filter { $0.kind == .release && $0.value > 0 }.map(\.row)
        for row in unseen { XCTAssertFalse(appeared.contains(row), "row \(row) appeared") }
    }

    func testPrefetchedViewsAreBuiltBeforeTheyAppearInTheScrollDirection() throws {
        let type = card(bodyMs: 1, layoutMs: 1)
        let result = run(type, prefetch: PrefetchConfig(distance: 1), script: [Fixtures.fling(at: 0.2, 3000)])
        let finished = Dictionary(result.events.filter { $0.kind == .prefetchFinish }.map { ($0.row, $0.frame) }, uniquingKeysWith: min)
        let appeared = result.events.filter { $0.kind == .appear && finished[$0.row] != nil }
        XCTAssertGreaterThan(appeared.count, 3)
        for event in appeared { XCTAssertLessThan(try XCTUnwrap(finished[event.row]), event.frame) }
    }

    func testPrefetchOffBuildsEverythingColdInFrame() throws {
        let result = run(card(bodyMs: 1, layoutMs: 1), prefetch: PrefetchConfig(enabled: false))
        XCTAssertEqual(result.summary.totals.work.coldBuilds, result.summary.totals.work.bodyEvaluations)
        XCTAssertEqual(result.frames.prefetched.max(), 0)
    }

    /// configure: onAppear against configure: init.
    func testConfiguringInOnAppearCostsLayoutPassesAndWastedPrefetch() throws {
        var onAppear = card(bodyMs: 1.8, layoutMs: 2.6)
        onAppear.configure = .onAppear
        let bad = run(onAppear, prefetch: PrefetchConfig())
        let good = run(card(bodyMs: 1.8, layoutMs: 2.6), prefetch: PrefetchConfig())
        XCTAssertGreaterThan(bad.summary.totals.work.layoutPasses, good.summary.totals.work.layoutPasses * 2)
        XCTAssertGreaterThan(bad.summary.totals.prefetch.wastedMs, good.summary.totals.prefetch.wastedMs * 2)
        XCTAssertGreaterThan(bad.summary.peakResidentViews, good.summary.peakResidentViews, "more views fit the window")
        XCTAssertGreaterThan(bad.summary.droppedFrames, good.summary.droppedFrames)
    }
}
