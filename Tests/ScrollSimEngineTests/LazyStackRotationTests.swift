import XCTest
@testable import ScrollSimEngine

/// Rotation, estimated heights and offset corrections (`LazyStack+Rotation.swift`,
/// `LazyStack+OffsetCorrection.swift`).
final class LazyStackRotationTests: XCTestCase {
    func origami(seed: UInt64, charsMax: Double = 900, script: [ScriptEvent]) -> SimulationConfig {
        let step = Fixtures.cell("step", height: .text(.init(chars: .uniform(min: 40, max: charsMax), lineHeight: 20, base: 120)))
        return Fixtures.config(count: 1500, types: [step], spacing: 8, duration: 14, script: script, seed: seed)
    }

    static let rotateAndReturn: [ScriptEvent] = [
        Fixtures.fling(at: 0.3, 6000), Fixtures.fling(at: 2, 6000),
        ScriptEvent(at: 4, action: .rotate(Size(width: 852, height: 393))),
        Fixtures.fling(at: 5, -8000), Fixtures.fling(at: 7, -8000), Fixtures.fling(at: 9, -8000), Fixtures.fling(at: 11, -8000),
    ]

    /// Acceptance: after a rotation and a fling back to the top, the report shows offset
    /// corrections, zero visible jumps, and contentOffset exactly 0 with element 0 at y = 0 —
    /// for many seeds of random heights.
    func testRotationThenBackToTopLandsExactlyForManySeeds() throws {
        var corrected = 0
        for seed in UInt64(1)...60 {
            var simulation = Simulation(config: origami(seed: seed, charsMax: 200 + Double(seed % 7) * 150, script: Self.rotateAndReturn))
            while !simulation.isFinished { simulation.step() }
            let stack = simulation.stack
            XCTAssertEqual(stack.offset, 0, "seed \(seed): contentOffset must be exactly 0 at the top")
            XCTAssertEqual(stack.firstVisible, 0, "seed \(seed)")
            XCTAssertEqual(stack.index.y(of: 0), 0, "seed \(seed)")
            let result = simulation.finish()
            XCTAssertEqual(result.summary.totals.scrolling.visibleJumps, 0, "seed \(seed): the engine's own corrections never jump")
            XCTAssertEqual(result.summary.totals.scrolling.topLandingErrorPx, 0, "seed \(seed)")
            XCTAssertGreaterThan(result.summary.totals.scrolling.topArrivals, 0, "seed \(seed) never reached the top")
            if result.summary.totals.scrolling.offsetCorrections > 0 { corrected += 1 }
        }
        XCTAssertGreaterThan(corrected, 55, "rotation makes the heights above stale: corrections expected")
    }

    func testWithoutRotationFixedHeightsNeedNoCorrection() throws {
        let cell = Fixtures.cell(height: .absolute(.fixed(150)))
        let script = Array(Self.rotateAndReturn.filter { if case .rotate = $0.action { return false } else { return true } })
        let result = Simulation.run(Fixtures.config(count: 1500, types: [cell], spacing: 8, duration: 14, script: script))
        XCTAssertEqual(result.summary.totals.scrolling.offsetCorrections, 0)
        XCTAssertEqual(result.frames.offset.last, 0)
    }

    /// A drag down, then a rotation to landscape at 3 s.
    static let dragThenRotate = [ScriptEvent(at: 0.2, action: .drag(velocity: 3000, duration: 1, flingOnRelease: false)),
                                 ScriptEvent(at: 3, action: .rotate(Size(width: 852, height: 393)))]

    /// Plays `config` to the frame that rotates at 3 s: the first visible row, its top on screen
    /// and the offset just before that frame, and the stack just after it; nil when no frame does.
    static func acrossTheRotation(_ config: SimulationConfig) -> (row: Int, screenY: Double, offset: Double, after: LazyStack)? {
        var simulation = Simulation(config: config)
        while !simulation.isFinished {
            if abs(simulation.clock.nowMs - 3000) < 8.4 && simulation.clock.nowMs >= 3000 - 1e-9 {
                let s = simulation.stack
                let before = (row: s.firstVisible, screenY: s.index.y(of: s.firstVisible) - s.offset, offset: s.offset)
                simulation.step()
                return (before.row, before.screenY, before.offset, simulation.stack)
            }
            simulation.step()
        }
        return nil
    }

    /// The anchored row keeps its top edge in place on screen across the rotation frame.
    func testRotationKeepsTheAnchorOnScreen() throws {
        let anchor = try XCTUnwrap(Self.acrossTheRotation(origami(seed: 3, script: Self.dragThenRotate)), "the rotation frame never came")
        let s = anchor.after
        XCTAssertEqual(s.index.y(of: anchor.row) - s.offset, anchor.screenY, accuracy: 1e-6)
        XCTAssertEqual(s.viewportSize.width, 852)
    }

    /// An eager stack (VStack) lays every row out again at the new width in the rotation frame,
    /// so the rows above the anchor move it: the scroll view moves the offset with it, and the
    /// anchored row's top edge stays in place on screen though the offset changed. Found by a
    /// generated mutant that dropped that move (the physics shifted only by 0).
    func testAnEagerStacksRotationMovesTheOffsetWithTheAnchor() throws {
        var config = origami(seed: 3, script: Self.dragThenRotate)
        config.content.count = 300
        config.stack.kind = .vStack
        let anchor = try XCTUnwrap(Self.acrossTheRotation(config), "the rotation frame never came")
        let s = anchor.after
        XCTAssertGreaterThan(anchor.offset, 1000)
        XCTAssertLessThan(s.offset, anchor.offset - 100, "wider rows of text are shorter: the anchor moved up")
        XCTAssertEqual(s.index.y(of: anchor.row) - s.offset, anchor.screenY, accuracy: 1e-6)
    }

    func testTrueAndEstimatedHeightsConvergeAsRowsAreMeasured() throws {
        let step = Fixtures.cell("step", height: .text(.init(chars: .uniform(min: 40, max: 900), lineHeight: 20, base: 120)))
        let result = Simulation.run(Fixtures.config(count: 200, types: [step], spacing: 8, duration: 10,
                                                    script: (0..<9).map { Fixtures.fling(at: Double($0) + 0.1, 9000) }))
        let firstError = abs(result.frames.estimatedHeight[0] - result.frames.trueHeight[0])
        let lastError = try abs(XCTUnwrap(result.frames.estimatedHeight.last) - XCTUnwrap(result.frames.trueHeight.last))
        XCTAssertGreaterThan(firstError, 0)
        XCTAssertLessThan(lastError, firstError)
        // The true height changes with the width only.
        XCTAssertEqual(Set(result.frames.trueHeight).count, 1)
    }

    func testRotationChangesTrueHeightForTextButNotFixedRows() throws {
        let text = Fixtures.cell("t", height: .text(.init(chars: .fixed(400), lineHeight: 20, base: 100)))
        let rotate = [ScriptEvent(at: 0.5, action: .rotate(Size(width: 852, height: 393)))]
        let r1 = Simulation.run(Fixtures.config(count: 100, types: [text], duration: 1, script: rotate))
        XCTAssertGreaterThan(try XCTUnwrap(r1.frames.trueHeight.first), try XCTUnwrap(r1.frames.trueHeight.last))
        let fixed = Fixtures.cell("f", height: .absolute(.fixed(100)))
        let r2 = Simulation.run(Fixtures.config(count: 100, types: [fixed], duration: 1, script: rotate))
        XCTAssertEqual(try XCTUnwrap(r2.frames.trueHeight.first), try XCTUnwrap(r2.frames.trueHeight.last))
    }
}
