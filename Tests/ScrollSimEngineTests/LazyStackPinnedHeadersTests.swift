import XCTest
@testable import ScrollSimEngine

/// Pinned section headers (`LazyStack+PinnedHeaders.swift`).
final class LazyStackPinnedHeadersTests: XCTestCase {
    let headerHeight = 44.0

    func sectionedConfig(duration: Double = 6, script: [ScriptEvent]) -> SimulationConfig {
        let header = Fixtures.cell("header", height: .absolute(.fixed(headerHeight)))
        let photo = Fixtures.cell("photo", height: .absolute(.uniform(min: 120, max: 400)))
        return Fixtures.config(count: 300, types: [photo], spacing: 4, duration: duration, script: script,
                               sections: SectionsConfig(every: 5, header: header), pinnedHeaders: true)
    }

    /// The formula, computed by brute force over the header rows.
    func expectedPin(_ stack: LazyStack) -> (row: Int, y: Double)? {
        let offset = stack.offset
        var current: Int?
        var next: Int?
        for h in stack.rows.headerRows.map(Int.init) {
            if stack.index.y(of: h) <= offset { current = h } else if next == nil { next = h }
        }
        guard let header = current else { return nil }
        let natural = stack.index.y(of: header) - offset
        var y = max(0, natural)
        if let next { y = min(y, stack.index.y(of: next) - offset - headerHeight) }
        return (header, y)
    }

    func testPinnedHeaderFollowsTheFormulaAcrossSectionBoundaries() {
        // A slow drag crosses many section boundaries, so pushes happen frame by frame.
        let script = [ScriptEvent(at: 0.1, action: .drag(velocity: 2000, duration: 5, flingOnRelease: false))]
        var simulation = Simulation(config: sectionedConfig(script: script))
        var pushed = 0
        var headersSeen = Set<Int>()
        while !simulation.isFinished {
            simulation.step()
            let stack = simulation.stack
            guard let expected = expectedPin(stack) else {
                XCTAssertEqual(stack.pinnedHeader, -1)
                continue
            }
            XCTAssertEqual(stack.pinnedHeader, expected.row, "frame \(simulation.frameIndex)")
            XCTAssertEqual(stack.pinnedHeaderScreenY, expected.y, accuracy: 1e-9, "frame \(simulation.frameIndex)")
            XCTAssertEqual(stack.phase(of: expected.row), .visible, "a pinned header stays materialized")
            if expected.y < 0 { pushed += 1 }
            headersSeen.insert(expected.row)
        }
        XCTAssertGreaterThan(headersSeen.count, 5, "the drag crosses several sections")
        XCTAssertGreaterThan(pushed, 5, "the next header pushes the pinned one up")
    }

    func testPinnedHeaderIsNotEvictedWhileItsSectionScrollsPast() {
        let script = [ScriptEvent(at: 0.1, action: .drag(velocity: 600, duration: 0.8, flingOnRelease: false))]
        let result = Simulation.run(sectionedConfig(duration: 3, script: script))
        // Row 0 is the first header: still pinned at the end, never released.
        XCTAssertFalse(result.events.contains { $0.kind == .release && $0.row == 0 })
    }

    func testHeadersAreRowsBeforeEachSection() {
        let stack = LazyStack(config: StackConfig(), content: sectionedConfig(script: []).content, device: DeviceConfig(), seed: 1)
        XCTAssertEqual(stack.rows.headerRows.prefix(3).map(Int.init), [0, 6, 12])
        XCTAssertEqual(stack.rows.count, 300 + 60)
        XCTAssertEqual(stack.rows.headers(around: 7).current, 6)
        XCTAssertEqual(stack.rows.headers(around: 7).next, 12)
    }
}
