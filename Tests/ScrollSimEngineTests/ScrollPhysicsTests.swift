import XCTest
@testable import ScrollSimEngine

final class ScrollPhysicsTests: XCTestCase {
    func testFlingProjectedDistanceFormula() throws {
        let curve = FlingCurve(startMs: 0, origin: 0, velocity: 3000, rate: DecelerationRate.normal)
        XCTAssertEqual(curve.projectedDistance, 3000 / (1000 * log(1 / 0.998)), accuracy: 1e-9)
        XCTAssertEqual(curve.projectedDistance, 1498.5, accuracy: 0.1)
        // At rest the content has travelled all but the last half point per second's worth.
        XCTAssertEqual(curve.offset(atMs: curve.durationMs + 1), curve.projectedDistance, accuracy: 0.5)
        XCTAssertTrue(curve.isFinished(atMs: curve.durationMs))
        XCTAssertEqual(curve.velocity(atMs: 0), 3000)
        XCTAssertEqual(curve.velocity(atMs: 100), 3000 * pow(0.998, 100), accuracy: 1e-9)
    }

    /// A frame's position and speed come from one `pow` (`motion(atMs:)`); they must be the
    /// documented formulas' values to the last bit, before the start, in flight, at the stop
    /// and after it (reports are compared byte for byte).
    func testMotionIsTheFormulasToTheLastBit() throws {
        for (velocity, rate) in [(3000.0, DecelerationRate.normal), (-9000, DecelerationRate.fast), (0.3, DecelerationRate.normal)] {
            let curve = FlingCurve(startMs: 100, origin: 250, velocity: velocity, rate: rate)
            let speed = abs(velocity)
            let duration = speed > 0.5 ? log(0.5 / speed) / log(rate) : 0
            XCTAssertEqual(curve.durationMs, duration)
            for t in [0, 100, 100.5, 1000 / 120.0 + 100, 900, 100 + duration, 100 + duration + 8.3, 1e6] {
                let elapsed = min(max(0, t - 100), duration)
                let offset = 250 + velocity * (pow(rate, elapsed) - 1) / (1000 * log(rate))
                let speedNow = max(0, t - 100) < duration ? velocity * pow(rate, max(0, t - 100)) : 0
                let motion = curve.motion(atMs: t)
                XCTAssertEqual(motion.offset, offset, "offset at \(t) ms, v0 \(velocity)")
                XCTAssertEqual(motion.velocity, speedNow, "velocity at \(t) ms, v0 \(velocity)")
                XCTAssertEqual(curve.offset(atMs: t), offset)
                XCTAssertEqual(curve.velocity(atMs: t), speedNow)
            }
        }
    }

    func testFastDecelerationStopsSooner() throws {
        let normal = FlingCurve(startMs: 0, origin: 0, velocity: 3000, rate: DecelerationRate.normal)
        let fast = FlingCurve(startMs: 0, origin: 0, velocity: 3000, rate: DecelerationRate.fast)
        XCTAssertEqual(fast.projectedDistance, 3000 / (1000 * log(1 / 0.99)), accuracy: 1e-9)
        XCTAssertLessThan(fast.projectedDistance, normal.projectedDistance / 5)
    }

    /// Acceptance: a fling of 3,000 pt/s from rest on a long list travels ≈ 1498.5 pt (within 1%).
    func testFlingThroughTheSimulationTravelsTheProjectedDistance() throws {
        let config = Fixtures.config(count: 10_000, spacing: 8, duration: 8, script: [Fixtures.fling(3000)])
        let result = Simulation.run(config)
        let travelled = try XCTUnwrap(result.frames.offset.last)
        XCTAssertEqual(travelled, 1498.5, accuracy: 1498.5 * 0.01)
        XCTAssertEqual(result.summary.totals.scrolling.offsetCorrections, 0, "fixed heights need no corrections")
    }

    func testNegativeFlingStopsAtTheTopEdgeExactly() throws {
        let config = Fixtures.config(count: 1000, duration: 4, script: [Fixtures.fling(3000), Fixtures.fling(at: 1.5, -9000)])
        let result = Simulation.run(config)
        XCTAssertEqual(try XCTUnwrap(result.frames.offset.last), 0)
        XCTAssertEqual(try XCTUnwrap(result.frames.offset.min()), 0)
    }

    func testFlingStopsAtTheBottomEdge() throws {
        let config = Fixtures.config(count: 20, duration: 3, script: [Fixtures.fling(9000)])
        let result = Simulation.run(config)
        let bottom = 20 * 100 - 852.0
        XCTAssertEqual(try XCTUnwrap(result.frames.offset.last), bottom, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(try XCTUnwrap(result.frames.offset.max()), bottom + 1e-9)
    }

    func testDragMovesAtTheFingerVelocityThenStopsOrFlings() throws {
        var physics = ScrollPhysics()
        physics.beginDrag(atMs: 0, velocity: 1000, durationMs: 500, flingOnRelease: false)
        physics.advance(toMs: 250, animationTarget: 0); physics.clamp(to: 0...10_000)
        XCTAssertEqual(physics.offset, 250, accuracy: 1e-9)
        physics.advance(toMs: 1000, animationTarget: 0); physics.clamp(to: 0...10_000)
        XCTAssertEqual(physics.offset, 500, accuracy: 1e-9)
        XCTAssertFalse(physics.isMoving)

        var flinging = ScrollPhysics()
        flinging.beginDrag(atMs: 0, velocity: 1000, durationMs: 500, flingOnRelease: true)
        flinging.advance(toMs: 600, animationTarget: 0); flinging.clamp(to: 0...10_000)
        XCTAssertTrue(flinging.isMoving)
        XCTAssertGreaterThan(flinging.offset, 500)
    }

    /// A drag at 1,000 pt/s against an edge at 100 for 400 ms: clamped at 100 from 100 ms on.
    /// When the edge moves to 10,000 at 400 ms, the content goes on from 100 at the finger's
    /// speed — 50 pt more by 450 ms — not from 400 (the 300 pt held back past the edge).
    func testADragHeldAtAnEdgeDoesNotBankItsTravel() throws {
        var physics = ScrollPhysics()
        physics.beginDrag(atMs: 0, velocity: 1000, durationMs: 1000, flingOnRelease: false)
        for t in stride(from: 50.0, through: 400, by: 50) {
            physics.advance(toMs: t, animationTarget: 0); physics.clamp(to: 0...100)
        }
        XCTAssertEqual(physics.offset, 100, accuracy: 1e-9)
        physics.advance(toMs: 450, animationTarget: 0); physics.clamp(to: 0...10_000)
        XCTAssertEqual(physics.offset, 150, accuracy: 1e-9)
    }

    /// The same through the whole simulation: 8 items of 110 pt + 16 (992 pt, so the edge is at
    /// 992 − 852 = 140) dragged at 300 pt/s from 0.1 s for 3 s, 8 more items appended at 1.5 s.
    /// The content never moves more than the finger in a frame (300 / 120 = 2.5 pt), and it
    /// ends 300 × (3.1 − 1.5) = 480 pt past the old edge (give or take the frame the page lands).
    func testADragHeldAtTheEndFollowsTheFingerWhenAPageArrives() throws {
        let item = Fixtures.cell("item", height: .absolute(.fixed(110)))
        let config = Fixtures.config(count: 8, types: [item], spacing: 16, duration: 3.5, script: [
            ScriptEvent(at: 0.1, action: .drag(velocity: 300, duration: 3, flingOnRelease: false)),
            ScriptEvent(at: 1.5, action: .append(count: 8)),
        ])
        let offsets = Simulation.run(config).frames.offset
        let steps = zip(offsets.dropFirst(), offsets).map { abs($0 - $1) }
        XCTAssertLessThanOrEqual(try XCTUnwrap(steps.max()), 2.5 + 1e-6)
        XCTAssertEqual(try XCTUnwrap(offsets.last), 140 + 480, accuracy: 2.5 + 1e-6)
    }

    func testShiftMovesTheGestureWithTheContent() throws {
        var physics = ScrollPhysics()
        physics.beginFling(atMs: 0, velocity: 2000, rate: DecelerationRate.normal)
        physics.advance(toMs: 100, animationTarget: 0); physics.clamp(to: 0...100_000)
        let before = physics.offset
        physics.shift(by: 40)
        physics.advance(toMs: 100, animationTarget: 0); physics.clamp(to: 0...100_000)
        XCTAssertEqual(physics.offset, before + 40, accuracy: 1e-9)
    }

    func testEaseInOutEndsAndMidpoint() throws {
        XCTAssertEqual(ScrollPhysics.easeInOut(0), 0)
        XCTAssertEqual(ScrollPhysics.easeInOut(1), 1)
        XCTAssertEqual(ScrollPhysics.easeInOut(0.5), 0.5)
    }
}
