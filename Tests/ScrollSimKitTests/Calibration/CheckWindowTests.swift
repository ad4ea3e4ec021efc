@testable import ScrollSimTraces
import Testing

/// The model check's window (`CheckWindow`): which instants of each side it holds, to the
/// nanosecond, on ModelCheckTests' hand-worked trace and run.
@Suite struct CheckWindowTests {
    static let ms = ModelCheckTests.ms

    /// A trace's clock is its span; without one (CSV rows) it runs from the earliest start of its
    /// intervals, hitches and frames to their latest end, whatever order they were read in.
    @Test func aTraceWithoutASpanRunsFromItsEarliestStartToItsLatestEnd() {
        let rows = [TraceInterval(name: "post.body", startNs: 50 * Self.ms, durationNs: 4 * Self.ms),
                    TraceInterval(name: "post.body", startNs: 20 * Self.ms, durationNs: 2 * Self.ms)]
        var reading = TraceReading(format: .csv, file: "rows.csv", sha256: "", intervals: rows,
                                   hitches: [TraceHitch(startNs: 30 * Self.ms, durationNs: 40 * Self.ms)],
                                   frames: [TraceFrame(startNs: 10 * Self.ms, durationNs: 8 * Self.ms)])
        #expect([reading.originNs, reading.endNs] == [10 * Self.ms, 70 * Self.ms])
        reading.spanNs = 0...(100 * Self.ms)
        #expect([reading.originNs, reading.endNs] == [0, 100 * Self.ms])
        let empty = TraceReading(format: .csv, file: "empty.csv", sha256: "")
        #expect([empty.originNs, empty.endNs] == [0, 0])
    }

    /// Aligned at the first scrolls, 1,000 ms in the trace and 300 ms in the run, for the
    /// shorter side's 800 ms (the run ends at 1,100): the trace's side is [1,000, 1,800) ms and
    /// the run's [300, 1,100) ms, each closed at its start and open at its end, as `--window`
    /// holds intervals.
    @Test func eachSideHoldsItsStartAndNotItsEnd() {
        let window = CheckWindow(measured: ModelCheckTests.trace, predicted: ModelCheckTests.run, window: nil)
        #expect([window.measuredStartNs, window.predictedStartNs, window.lengthNs] == [1000 * Self.ms, 300 * Self.ms, 800 * Self.ms])
        #expect(window.fromFirstScroll)
        for (side, start) in [(false, 1000 * Self.ms), (true, 300 * Self.ms)] {
            let end = start + 800 * Self.ms
            #expect(window.contains(start, predicted: side))
            #expect(!window.contains(start - 1, predicted: side))
            #expect(window.contains(end - 1, predicted: side))
            #expect(!window.contains(end, predicted: side))
        }
        // Each side's start is not the other's.
        #expect(!window.contains(300 * Self.ms, predicted: false))
        #expect(window.contains(1000 * Self.ms, predicted: true))
    }

    /// A trace that marks no first scroll, given `--window` from 0.5 s, is taken to start
    /// scrolling there, however soon: its side starts at 500 ms and the run's at its first
    /// scroll (300 ms), for the run's remaining 800 ms. Found by a generated mutant that took
    /// only starts past 1 s for a first scroll.
    @Test func aWindowStartingUnderOneSecondIsTheFirstScroll() {
        var unmarked = ModelCheckTests.trace
        unmarked.firstScrollNs = nil
        let window = CheckWindow(measured: unmarked, predicted: ModelCheckTests.run, window: CalibrationWindow(startSeconds: 0.5))
        #expect([window.measuredStartNs, window.predictedStartNs, window.lengthNs] == [500 * Self.ms, 300 * Self.ms, 800 * Self.ms])
        #expect(window.fromFirstScroll)
        // From 0 is no start at all: the two are aligned at their starts, the launch in both.
        let fromZero = CheckWindow(measured: unmarked, predicted: ModelCheckTests.run, window: CalibrationWindow(startSeconds: 0))
        #expect([fromZero.measuredStartNs, fromZero.predictedStartNs] == [0, 0] && !fromZero.fromFirstScroll)
    }

    /// Seconds become nanoseconds rounded to the nearest, and a time of 9.2e18 ns or more (near
    /// what Int64 holds; an open `--window` ends at +∞) becomes Int64.max / 2, far past any
    /// trace yet safe to add to. A window open at its end (from 1 s) reads as one closed where
    /// the trace ends (2 s): the same start, the same length.
    @Test func anOpenEndIsFarButSafe() {
        #expect(CheckWindow.ns(1.5) == 1_500_000_000)
        #expect(CheckWindow.ns(0.000_000_000_6) == 1)
        #expect(CheckWindow.ns(.infinity) == Int64.max / 2)
        #expect(CheckWindow.ns(1e10) == Int64.max / 2)
        // The cap takes its own edge: 9.2e9 s is 9.2e18 ns, capped (one below it is not).
        #expect(CheckWindow.ns(9.2e9) == Int64.max / 2)
        #expect(CheckWindow.ns(9.19e9) > 9_000_000_000_000_000_000)
        let open = CheckWindow(measured: ModelCheckTests.trace, predicted: ModelCheckTests.run, window: CalibrationWindow(startSeconds: 1))
        let closed = CheckWindow(measured: ModelCheckTests.trace, predicted: ModelCheckTests.run, window: CalibrationWindow(startSeconds: 1, endSeconds: 2))
        #expect(open.measuredStartNs == closed.measuredStartNs && open.lengthNs == closed.lengthNs && open.lengthNs > 0)
    }
}
