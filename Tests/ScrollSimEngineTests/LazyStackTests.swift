import XCTest
@testable import ScrollSimEngine

/// The eager and lazy stacks as a user expects them to differ.
final class LazyStackTests: XCTestCase {
    let modest = ViewTypeSpec.Costs(initMs: 0.03, bodyMs: 0.08, layoutMs: 0.12, renderMs: 0.02, appearMs: 0.01)

    func tenThousand(_ kind: StackConfig.Kind) -> SimulationResult {
        let types = [Fixtures.cell(height: .absolute(.uniform(min: 80, max: 320)), costs: modest)]
        return Simulation.run(Fixtures.config(count: 10_000, types: types, kind: kind, spacing: 8, duration: 6,
                                              script: [Fixtures.fling(at: 0.5, 8000), Fixtures.fling(at: 3, -6000)]))
    }

    func testEagerStackBuildsEverythingUpFrontAndHitches() throws {
        let result = tenThousand(.vStack)
        XCTAssertEqual(result.summary.peakResidentViews, 10_000)
        XCTAssertEqual(result.summary.totals.work.bodyEvaluations, 10_000)
        XCTAssertGreaterThan(result.frames.workMs[0], 2000, "launch frame builds 10,000 views")
        XCTAssertGreaterThan(result.summary.launch.droppedFrames, 200, "a launch hitch of hundreds of frames")
        XCTAssertEqual(result.summary.launch.frames, 1)
        XCTAssertGreaterThan(result.summary.peakMemoryBytes, 10_000 * 1500, "memory holds every view")
    }

    func testEagerStackFiresEveryOnAppearOnceAtLaunch() throws {
        let result = tenThousand(.vStack)
        let appears = result.events.filter { $0.kind == .appear }
        XCTAssertEqual(appears.count, 10_000)
        XCTAssertEqual(Set(appears.map(\.row)).count, 10_000)
        XCTAssertTrue(appears.allSatisfy { $0.frame == 0 })
    }

    func testLazyStackKeepsAScreenfulAndDropsNothing() throws {
        let result = tenThousand(.lazyVStack)
        XCTAssertEqual(result.summary.droppedFrames, 0)
        XCTAssertLessThan(result.summary.peakResidentViews, 150)
        XCTAssertLessThan(result.summary.peakMemoryBytes, 10_000 * 64 + 150 * 1500)
        XCTAssertLessThan(result.summary.totals.work.bodyEvaluations, 1000)
    }

    func testEagerMemoryGrowsWithCountLazyDoesNot() throws {
        func peak(_ kind: StackConfig.Kind, _ n: Int) -> Int {
            var config = Fixtures.config(count: n, kind: kind, duration: 1)
            config.content.types[0].memory.data = 0
            return Simulation.run(config).summary.peakMemoryBytes
        }
        XCTAssertEqual(peak(.vStack, 4000), 2 * peak(.vStack, 2000))
        XCTAssertEqual(peak(.lazyVStack, 4000), peak(.lazyVStack, 2000))
    }

    func testVisibleRowsAppearOnceAndFirstFrameShowsAScreenful() throws {
        var simulation = Simulation(config: Fixtures.config(count: 100, duration: 0.1))
        simulation.step()
        // 852 pt viewport, 100 pt rows, no spacing: rows 0...8 intersect it.
        XCTAssertEqual(simulation.stack.firstVisible, 0)
        XCTAssertEqual(simulation.stack.lastVisible, 8)
        XCTAssertEqual(simulation.stack.visibleCount, 9)
        let appears = simulation.events.events.filter { $0.kind == .appear }.count
        XCTAssertEqual(appears, 9)
    }

    func testKeepAliveExpiryReleasesViewsAndMemoryFalls() throws {
        let config = Fixtures.config(count: 2000, duration: 4, script: [Fixtures.fling(at: 0.2, 4000)],
                                     keepAlive: KeepAliveConfig(duration: .milliseconds(300), maxViews: 1000))
        let result = Simulation.run(config)
        XCTAssertGreaterThan(result.summary.totals.memory.releases, 0)
        let memory = result.frames.memoryBytes
        // Memory falls at some frame while the fling runs (views released after 300 ms).
        let falls = zip(memory, memory.dropFirst()).filter { $0.1 < $0.0 }.count
        XCTAssertGreaterThan(falls, 0)
        // At rest, once the keep-alive has run out, only the screenful and the prefetch window remain.
        XCTAssertEqual(try XCTUnwrap(result.frames.cached.last), 0)
    }

    func testSameConfigurationGivesIdenticalRuns() throws {
        let types = [Fixtures.cell(height: .text(.init(chars: .uniform(min: 50, max: 600), lineHeight: 20, base: 100)),
                                   costs: ViewTypeSpec.Costs(initMs: 0.2, bodyMs: 0.5, layoutMs: 0.5, renderMs: 0.05, appearMs: 0.05, jitter: 0.3))]
        let config = Fixtures.config(count: 5000, types: types, duration: 5,
                                     script: [Fixtures.fling(at: 0.2, 7000), Fixtures.fling(at: 2, -5000),
                                              ScriptEvent(at: 3, action: .rotate(Size(width: 852, height: 393)))])
        let a = Simulation.run(config)
        let b = Simulation.run(config)
        XCTAssertEqual(a.frames, b.frames)
        XCTAssertEqual(a.events, b.events)
        XCTAssertEqual(a.summary, b.summary)
    }

    func testEmptyContentRuns() throws {
        let result = Simulation.run(Fixtures.config(count: 0, duration: 0.5, script: [Fixtures.fling(1000)]))
        XCTAssertEqual(result.summary.droppedFrames, 0)
        XCTAssertEqual(result.frames.visible.max(), 0)
    }

    func testPerFrameCostDoesNotGrowWithListSize() throws {
        // The modeled work of the same fling is the same for 1,000 and 100,000 rows of one height.
        func work(_ n: Int) -> Double {
            Simulation.run(Fixtures.config(count: n, duration: 2, script: [Fixtures.fling(at: 0.1, 5000)])).summary.frameWorkMs.mean
        }
        XCTAssertEqual(work(1000), work(100_000), accuracy: 1e-9)
    }
}
