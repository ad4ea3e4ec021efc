import Testing
@testable import ScrollSimEngine

@Suite struct FrameContextTests {
    @Test func aFrameStartsFromItsOverhead() {
        var c = FrameContext(eventCapacity: 4)
        c.work.body = 3
        c.begin(frame: 7, nowMs: 58.3, overheadMs: 0.5)
        #expect(c.frame == 7)
        #expect(c.nowMs == 58.3)
        #expect(c.work.total == 0.5)
        c.events.record(.tap)
        #expect(c.events.events.last?.frame == 7)
    }

    @Test func thePeakCountsViewsAliveAtOnce() {
        var c = FrameContext(eventCapacity: 4)
        c.viewsChanged(by: 1)
        c.viewsChanged(by: 1)
        c.viewsChanged(by: -1)
        c.viewsChanged(by: 1)
        c.viewsChanged(by: 1)
        #expect(c.residentViews == 3)
        #expect(c.totals.memory.peakResidentViews == 3)
        c.viewsChanged(by: -3)
        #expect(c.totals.memory.peakResidentViews == 3)
    }
}
