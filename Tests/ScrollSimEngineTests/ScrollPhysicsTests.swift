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
        XCTAssertEqual(result.summary.totals.offsetCorrections, 0, "fixed heights need no corrections")
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
