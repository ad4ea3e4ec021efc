import XCTest
@testable import ScrollSimEngine

/// Keep-alive, delayed release and view state (`LazyStack+Eviction.swift`).
final class LazyStackEvictionTests: XCTestCase {
    func stateScenario(_ location: ViewTypeSpec.StateLocation) -> SimulationResult {
        var type = Fixtures.cell(height: .absolute(.fixed(200)))
        type.stateLocation = location
        let script = [
            ScriptEvent(at: 0.1, action: .tap(element: 1)),
            ScriptEvent(at: 0.2, action: .tap(element: 2)),
            Fixtures.fling(at: 0.5, 6000),
            Fixtures.fling(at: 3.5, -9000),
        ]
        return Simulation.run(Fixtures.config(count: 500, types: [type], duration: 6, script: script,
                                              keepAlive: KeepAliveConfig(duration: .milliseconds(500), maxViews: 64)))
    }

    func testViewStateIsLostAfterReleaseButLiftedStateIsNot() throws {
        let view = stateScenario(.view)
        XCTAssertEqual(view.summary.totals.memory.stateLossEvents, 2)
        XCTAssertEqual(view.events.filter { $0.kind == .stateLoss }.map(\.element), [2, 1])
        XCTAssertEqual(stateScenario(.parent).summary.totals.memory.stateLossEvents, 0)
        XCTAssertEqual(stateScenario(.model).summary.totals.memory.stateLossEvents, 0)
    }

    func testReturningWithinKeepAliveKeepsStateAndIsCheap() throws {
        var type = Fixtures.cell(height: .absolute(.fixed(200)))
        type.stateLocation = .view
        let script = [ScriptEvent(at: 0.1, action: .tap(element: 1)), ScriptEvent(at: 0.2, action: .drag(velocity: 3000, duration: 0.2, flingOnRelease: false)),
                      ScriptEvent(at: 0.45, action: .drag(velocity: -3000, duration: 0.2, flingOnRelease: false))]
        let result = Simulation.run(Fixtures.config(count: 500, types: [type], duration: 1.5, script: script,
                                                    keepAlive: KeepAliveConfig(duration: .milliseconds(2000), maxViews: 64)))
        XCTAssertEqual(result.summary.totals.memory.stateLossEvents, 0)
        XCTAssertEqual(result.summary.totals.memory.releases, 0)
        // Element 1 appeared twice but was built once.
        XCTAssertEqual(result.events.filter { $0.kind == .appear && $0.element == 1 }.count, 2)
        XCTAssertEqual(result.events.filter { $0.kind == .build && $0.element == 1 }.count, 1)
    }

    /// Memory never grows with the distance scrolled through uniform items.
    func testMemoryIsFlatOverALongFling() throws {
        let script = (0..<12).map { Fixtures.fling(at: 0.2 + Double($0), 9000) }
        let result = Simulation.run(Fixtures.config(count: 100_000, types: [Fixtures.cell(height: .absolute(.fixed(150)))], duration: 12, script: script))
        let memory = result.frames.memoryBytes
        let half = memory.count / 2
        let early = try XCTUnwrap(memory[120..<half].max())
        let late = try XCTUnwrap(memory[half...].max())
        XCTAssertLessThanOrEqual(late, early)
        XCTAssertGreaterThan(try XCTUnwrap(result.frames.offset.last), 40_000)
    }

    func testMemoryFallsWhenKeepAliveExpires() throws {
        let script = [Fixtures.fling(at: 0.2, 5000)]
        let result = Simulation.run(Fixtures.config(count: 2000, duration: 4, script: script,
                                                    keepAlive: KeepAliveConfig(duration: .milliseconds(500), maxViews: 1000)))
        let releases = result.events.filter { $0.kind == .release }
        XCTAssertFalse(releases.isEmpty)
        // In the frame of each release, memory is lower than the frame before.
        let frame = Int(try XCTUnwrap(releases.last).frame)
        XCTAssertLessThan(result.frames.memoryBytes[frame], result.frames.memoryBytes[frame - 1])
        // Released views were offscreen for at least the keep-alive.
        let disappeared = Dictionary(result.events.filter { $0.kind == .disappear }.map { ($0.row, $0.frame) }, uniquingKeysWith: max)
        for release in releases {
            guard let left = disappeared[release.row] else { continue }
            XCTAssertGreaterThanOrEqual(result.frames.timeMs[Int(release.frame)] - result.frames.timeMs[Int(left)], 500 - 1e-6)
        }
    }
}
