@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Slices still open when a trace was written — Chrome's `X` without `dur`, Perfetto's lone
/// `B` — and ends with nothing open (a trace that began inside a slice) are left out of the
/// intervals and counted by reason, with the first one's event number and line:column, as
/// catapult marks them `didNotFinish` and Perfetto drops them with a warning.
@Suite struct ChromeUnfinishedSliceTests {
    /// devtools-unfinished.json, a DevTools recording saved while tasks ran (one event a line,
    /// the events from line 2): event 1 a thread name, 2 an instant, 3–6 two RunTask X's (1000 µs
    /// for 120, 1500 for 95) each with a Layout X inside (1010 for 80, 1510 for 60), 7 a
    /// RunTask X at 2000 without dur (line 8), 8 a Layout B at 2005 on thread 7 (line 9) and 9
    /// one at 2010 on thread 9 (line 10), neither ended. Kept: the four complete X's; span
    /// 1000 µs to 1595 µs (the second RunTask's end).
    @Test func unfinishedSlicesAreLeftOutAndCounted() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("devtools-unfinished.json"))
        #expect(reading.intervals.map(\.name) == ["RunTask", "Layout", "RunTask", "Layout"])
        #expect(reading.intervals.map(\.startNs) == [1_000_000, 1_010_000, 1_500_000, 1_510_000])
        #expect(reading.intervals.map(\.durationNs) == [120_000, 80_000, 95_000, 60_000])
        #expect(reading.intervals[1].attributes == ["cat": "devtools.timeline", "args.data.type": "post"])
        #expect(reading.leftOut == [
            TraceLeftOut(reason: ChromeTraceReader.unfinishedComplete, count: 1, first: "event 7 at 8:1"),
            TraceLeftOut(reason: ChromeSlicePairing.unfinished, count: 2, first: "event 8 at 9:1"),
        ])
        #expect(reading.spanNs == 1_000_000...1_595_000)
        #expect(reading.warnings.isEmpty)
    }

    /// A ring buffer that wrapped: the trace begins with the E of a slice whose B was
    /// overwritten (event 1, line 1), then a whole B/E pair 5 → 9 µs. The E is left out; the
    /// pair is kept.
    @Test func anEndWithNothingOpenIsLeftOut() throws {
        let reading = try TraceFiles.read("""
        [{"ph":"E","pid":1,"tid":2,"ts":3},
        {"ph":"B","pid":1,"tid":2,"ts":5,"name":"post.body"},
        {"ph":"E","pid":1,"tid":2,"ts":9}]
        """)
        #expect(reading.intervals == [TraceInterval(name: "post.body", startNs: 5_000, durationNs: 4_000)])
        #expect(reading.leftOut == [TraceLeftOut(reason: ChromeSlicePairing.unopened, count: 1, first: "event 1 at 1:2")])
    }

    /// What the catalogue of bad input used to refuse: a B (post.body, 10 µs) whose E never
    /// comes while an inner pair (post.layout 12 → 15 µs) closes, and an E on a thread where
    /// nothing is open. An E closes the innermost open B, so post.layout is 3 µs and post.body
    /// is left out; the E on thread 2 is left out.
    @Test func beginWithoutEndAndEndWithoutBegin() throws {
        let reading = try TraceFiles.read("""
        {"traceEvents":[
        {"ph":"B","pid":1,"tid":1,"ts":10,"name":"post.body"},
        {"ph":"B","pid":1,"tid":1,"ts":12,"name":"post.layout"},
        {"ph":"E","pid":1,"tid":1,"ts":15},
        {"ph":"E","pid":1,"tid":2,"ts":15}
        ]}
        """)
        #expect(reading.intervals == [TraceInterval(name: "post.layout", startNs: 12_000, durationNs: 3_000)])
        // Thread 1 is paired first (threads in the order they appear).
        #expect(reading.leftOut == [
            TraceLeftOut(reason: ChromeSlicePairing.unfinished, count: 1, first: "event 1 at 2:1"),
            TraceLeftOut(reason: ChromeSlicePairing.unopened, count: 1, first: "event 4 at 5:1"),
        ])
    }

    /// An X with a negative or textual `dur` is still refused: that is damage, not a slice
    /// still open.
    @Test func aDamagedDurationIsStillRefused() throws {
        #expect(try TraceFiles.refusal(#"[{"ph":"X","ts":1,"dur":-3,"name":"a"}]"#) == #"FILE:1:2: event 1: "dur" is negative: -3 µs"#)
        #expect(try TraceFiles.refusal(#"[{"ph":"X","ts":1,"dur":null,"name":"a"}]"#)
            == #"FILE:1:2: event 1: "dur" must be a number of microseconds, found null null: trace-event times are µs, never a unit written in text"#)
    }
}
