import Testing
@testable import ScrollSimEngine

/// When pages arrive, how long the user waits for each, and what the last page brings, worked
/// out by hand for a list nobody scrolls. Items of 110 pt, 16 pt apart, in a 393 × 852 viewport
/// with prefetch off: tops 0, 126, 252, …; the spinner row (44 pt) sits one spacing below the
/// last item. A 2 s repository at 120 Hz is 240 frames.
@Suite struct PaginationTimingTests {
    func run(count: Int, pageSize: Int, total: Int, duration: Double) -> SimulationResult {
        var config = Oracle.config(count: count, types: [Oracle.type(height: 110)], duration: duration, spacing: 16)
        config.content.pagination = PaginationConfig(pageSize: pageSize, latencyMs: 2000, total: total, trigger: .lastItemAppear)
        return Simulation.run(config)
    }

    /// Three items in pages of 2, for 5 s (600 frames). A load starts in the last item's
    /// onAppear, during a frame's layout; the loading flag it sets is a state change, so the
    /// spinner is drawn from the next frame on (as SwiftUI shows an `if isLoading` view in the
    /// update after the one that set the flag).
    /// - frame 0: the last item (row 2, 252…362) appears: load 1 starts; the spinner row
    ///   (378…422) shows from frame 1.
    /// - frame 240 (2 s): page 1 arrives as the frame starts: items 3 and 4 (tops 378, 504).
    ///   Item 4 is the last and appears: load 2 starts; the spinner, now at 630, shows from
    ///   frame 241.
    /// - frame 480 (4 s): page 2 arrives: items 5 and 6 (tops 630, 756). Item 6 appears (756 is
    ///   above 852): load 3 starts, due at frame 720, after the run; the spinner, at 882, is
    ///   below the screen.
    /// So two loads, appends on frames 240 and 480, the spinner on screen in frames 1…239 and
    /// 241…479 (478 frames), and each wait 239 frames, 2000 − 8.333 = 1,991.67 ms, timed from
    /// its own spinner: the second is not timed from the first spinner (3,991.67 ms).
    @Test func pagesArriveWhenTheirLatencyEndsAndEachWaitIsTimedFromItsOwnSpinner() {
        let result = run(count: 3, pageSize: 2, total: 40, duration: 5)
        let appends = result.events.filter { $0.kind == .append }
        #expect(appends.map(\.frame) == [240, 480])
        #expect(appends.map(\.value) == [2, 2])
        let p = result.summary.totals.pagination
        #expect(p.loads == 2)
        #expect(p.waitingFrames == 478)
        #expect(abs(p.timeToContentMs - (2000 - 1000.0 / 120)) < 1e-6)
        #expect(p.duplicateTriggers == 0)
    }

    /// Five items, 9 in all, pages of 8: the last item (row 4, 504…614) appears at frame 0, and
    /// the page that arrives at frame 240 brings the 4 that are left, not 8. Nothing more loads:
    /// the content is 9 × 110 + 8 × 16 = 1,118 pt and has no spinner row after it.
    @Test func theLastPageBringsOnlyWhatIsLeft() {
        let result = run(count: 5, pageSize: 8, total: 9, duration: 3)
        let appends = result.events.filter { $0.kind == .append }
        #expect(appends.map(\.frame) == [240])
        #expect(appends.map(\.value) == [4])
        #expect(result.summary.totals.pagination.loads == 1)
        #expect(abs((result.frames.trueHeight.last ?? 0) - 1_118) < 1e-9)
    }
}
