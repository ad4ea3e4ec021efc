import XCTest
@testable import ScrollSimEngine

final class SmokeTests: XCTestCase {
    func testLazyFling() {
        let r = Simulation.run(Fixtures.config(count: 10000, duration: 3, script: [Fixtures.fling(6000)]))
        print(r.summary.frames, r.summary.droppedFrames, r.summary.peakResidentViews, r.summary.frameWorkMs, r.frames.offset.last!)
    }
    func testEager() {
        let r = Simulation.run(Fixtures.config(count: 10000, kind: .vStack, duration: 3, script: [Fixtures.fling(6000)]))
        print(r.summary.frames, r.summary.droppedFrames, r.summary.peakResidentViews, r.summary.frameWorkMs, r.frames.offset.last!)
    }
}
