import XCTest
@testable import ScrollSimEngine

/// Async content and placeholders (`LazyStack+AsyncContent.swift`), and relayout after appear.
final class LazyStackAsyncContentTests: XCTestCase {
    func run(_ async: ViewTypeSpec.AsyncContent?, relayout: Double? = nil, script: [ScriptEvent]? = nil) -> SimulationResult {
        var type = Fixtures.cell("diagram", height: .absolute(.uniform(min: 220, max: 380)),
                                 memory: ViewTypeSpec.Memory(view: 1000, state: 500, content: 200_000, data: 64))
        type.asyncContent = async
        type.relayoutAfterAppear = relayout
        let flings = script ?? [Fixtures.fling(at: 0.3, 5000), Fixtures.fling(at: 2.5, 7000), Fixtures.fling(at: 5, -6000)]
        return Simulation.run(Fixtures.config(count: 3000, types: [type], spacing: 8, duration: 8, script: flings))
    }

    func testALoaderStartedInInitLeavesFewerBlankFramesThanOnAppear() throws {
        let initStart = run(.init(latencyMs: 250, start: .initializer))
        let onAppear = run(.init(latencyMs: 250, start: .onAppear))
        let task = run(.init(latencyMs: 250, start: .task))
        XCTAssertLessThan(initStart.summary.totals.blankArea.frames * 3, onAppear.summary.totals.blankArea.frames)
        XCTAssertLessThan(initStart.summary.totals.blankArea.frames * 3, task.summary.totals.blankArea.frames)
        XCTAssertGreaterThan(initStart.summary.totals.blankArea.fractionMax, 0)
        // Loads started in init begin before the view appears.
        let loads = Dictionary(initStart.events.filter { $0.kind == .loadStart }.map { ($0.row, $0.frame) }, uniquingKeysWith: min)
        let early = initStart.events.filter { event in
            event.kind == .appear && (loads[event.row].map { $0 < event.frame } ?? false)
        }
        XCTAssertGreaterThan(early.count, 5)
    }

    /// The data layer keeps loaded content until a row is twice the image prefetch distance
    /// away, the edge included. Rows of 100 pt, `imagePrefetchPt` 200, stack prefetch off: at
    /// offset 2,000 the window reaches 3,052, so rows 18…30 load (row 30's top is 3,000) and are
    /// cached though never built. Back at 1,748 the drop line below is 1,748 + 852 + 2 × 200 =
    /// 3,000: row 30's top is on it and its content is kept; at 1,747 it is 1 pt past and is
    /// dropped. Found by a generated mutant that dropped content on the line and passed every test.
    func testCachedContentIsKeptUpToTwiceThePrefetchDistanceBelow() throws {
        func cachedRow30(afterReturningTo offset: Double) -> Bool {
            var type = Fixtures.cell("photo", height: .absolute(.fixed(100)),
                                     memory: ViewTypeSpec.Memory(view: 1000, state: 500, content: 10_000, data: 64))
            type.asyncContent = .init(latencyMs: 50, start: .initializer)
            let jumps = [2000, offset].enumerated().map { i, y in
                ScriptEvent(at: 0.1 + 0.3 * Double(i), action: .scrollTo(ScrollTarget(destination: .offset(y), anchor: .top, animationDuration: nil)))
            }
            var config = Fixtures.config(count: 100, types: [type], duration: 0.6, script: jumps, prefetch: PrefetchConfig(enabled: false))
            config.stack.imagePrefetchPt = 200
            var simulation = Simulation(config: config)
            for _ in 0..<70 { simulation.step() }
            XCTAssertEqual(simulation.stack.offset, offset)
            XCTAssertEqual(simulation.stack.index.y(of: 30), 3000)
            XCTAssertEqual(simulation.stack.states.phase[30], .absent, "row 30 is never built")
            // The cache holds each cached row's content, 10,000 bytes, in the stack's memory
            // (a generated mutant subtracted content as it arrived).
            XCTAssertFalse(simulation.stack.imageCacheRows.isEmpty)
            XCTAssertEqual(simulation.stack.imageCacheBytes, 10_000 * simulation.stack.imageCacheRows.count)
            return simulation.stack.states.marks[30].contains(.imageCached)
        }
        XCTAssertTrue(cachedRow30(afterReturningTo: 1748))
        XCTAssertFalse(cachedRow30(afterReturningTo: 1747))
    }

    func testFirstFrameIsBlankUntilContentArrives() throws {
        let result = run(.init(latencyMs: 100, start: .initializer), script: [])
        XCTAssertGreaterThan(result.frames.blankFraction[0], 0.95, "the viewport is placeholders but for the spacing")
        XCTAssertEqual(result.frames.blankFraction[13], 0, "100 ms later every visible load has arrived")
    }

    /// `.task` is cancelled when the view disappears; an onAppear load runs on until the view
    /// itself is released.
    func testTaskLoadsAreCancelledWhenTheViewDisappears() throws {
        func cancelsCoincide(with kind: SimulationEvent.Kind, in result: SimulationResult) -> Bool {
            let cancels = result.events.filter { $0.kind == .loadCancel }
            let marks = Set(result.events.filter { $0.kind == kind }.map { "\($0.row)@\($0.frame)" })
            return !cancels.isEmpty && cancels.allSatisfy { marks.contains("\($0.row)@\($0.frame)") }
        }
        let task = run(.init(latencyMs: 2000, start: .task), script: [Fixtures.fling(at: 0.2, 6000)])
        let onAppear = run(.init(latencyMs: 2000, start: .onAppear), script: [Fixtures.fling(at: 0.2, 6000)])
        XCTAssertTrue(cancelsCoincide(with: .disappear, in: task))
        XCTAssertTrue(cancelsCoincide(with: .release, in: onAppear))
        XCTAssertFalse(cancelsCoincide(with: .disappear, in: onAppear))
    }

    func testContentMemoryIsHeldOnlyOnceLoaded() throws {
        let result = run(.init(latencyMs: 500, start: .initializer), script: [])
        XCTAssertLessThan(result.frames.memoryBytes[0], try XCTUnwrap(result.frames.memoryBytes.last))
    }

    func testAnUnsizedPlaceholderMakesVisibleContentJump() throws {
        let unsized = run(.init(latencyMs: 250, start: .initializer, placeholderSized: false, placeholderHeight: 60))
        let sized = run(.init(latencyMs: 250, start: .initializer, placeholderSized: true))
        XCTAssertGreaterThan(unsized.summary.totals.scrolling.visibleJumps, 0)
        XCTAssertEqual(sized.summary.totals.scrolling.visibleJumps, 0)
    }

    /// An unsized placeholder lays its row out at the placeholder's height until the content
    /// arrives, then at the row's own: the 852 pt viewport shows ceil(852 / 60) = 15 placeholders
    /// of 60 pt at the first frame, and ceil(852 / 300) = 3 rows of 300 pt once their loads (100 ms,
    /// started in init) are in. (A generated mutant that swapped the two, `loadState == .loaded`,
    /// still made content jump, so the jump test above let it through.)
    func testAnUnsizedPlaceholderLaysItsRowOutUntilTheContentArrives() throws {
        var type = Fixtures.cell("photo", height: .absolute(.fixed(300)))
        type.asyncContent = .init(latencyMs: 100, start: .initializer, placeholderSized: false, placeholderHeight: 60)
        let result = Simulation.run(Fixtures.config(count: 100, types: [type], duration: 0.5))
        XCTAssertEqual(result.frames.visible[0], 15)
        XCTAssertEqual(result.frames.visible[result.frames.count - 1], 3)
    }

    func testRelayoutAfterAppearJumpsWhereACustomLayoutDoesNot() throws {
        let geometry = run(nil, relayout: 40)
        let layout = run(nil)
        XCTAssertGreaterThan(geometry.summary.totals.scrolling.visibleJumps, 0)
        XCTAssertGreaterThan(geometry.summary.totals.work.layoutPasses, layout.summary.totals.work.layoutPasses)
        XCTAssertEqual(layout.summary.totals.scrolling.visibleJumps, 0)
        // Each relayout moves what is below it by 40 pt; several at launch add up.
        XCTAssertEqual(geometry.summary.totals.scrolling.maxJumpPx.truncatingRemainder(dividingBy: 40), 0, accuracy: 1e-6)
    }
}
