@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Async slices — nestable `b`/`e` (Flutter's frames, `performance.measure`) and legacy `S`/`F`
/// — read as intervals, paired as catapult's importer pairs them: by category and id for
/// `b`/`e` (an `id2.local` within its process), by name and id for `S`/`F`.
@Suite struct ChromeAsyncSliceTests {
    /// perfetto-async.json, events 1–18 on lines 2–19 (µs):
    /// - events 3/4: Frame, id2.local 0x1 in process 4211, b 10000 → e 18333: 8333 µs, its e's
    ///   args (frame_number 1) merged; events 5/6: the same local id in process 4999, another
    ///   slice, b 10500 → e 12500: 2000 µs;
    /// - events 7–10: measure-scroll (id 0x2a) b 20000, measure-image b 20100, e 20400 (300 µs),
    ///   measure-scroll e 21000 (1000 µs); event 11: an e for 0x2a in another category: nothing
    ///   open there, left out; event 12: measure-late b 30000, never ended: left out;
    /// - events 13–16: ResourceLoad S 40000 (id 0x7), a T step (not read), a second S for the
    ///   same id (already open: left out), F 41000 on another thread: 1000 µs with the S's and
    ///   F's args; event 17: an F for id 0x8, nothing open: left out; event 18: a b without an
    ///   id: left out.
    @Test func asyncSlicesArePairedByCategoryOrNameAndID() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("perfetto-async.json"))
        #expect(reading.intervals == [
            TraceInterval(name: "Frame", attributes: ["cat": "Embedder", "args.frame_number": "1"], startNs: 10_000_000, durationNs: 8_333_000),
            TraceInterval(name: "Frame", attributes: ["cat": "Embedder"], startNs: 10_500_000, durationNs: 2_000_000),
            TraceInterval(name: "measure-scroll", attributes: ["cat": "blink.user_timing", "args.detail": "feed"], startNs: 20_000_000, durationNs: 1_000_000),
            TraceInterval(name: "measure-image", attributes: ["cat": "blink.user_timing"], startNs: 20_100_000, durationNs: 300_000),
            TraceInterval(name: "ResourceLoad", attributes: ["cat": "net", "args.url": "https://example.com/a.jpg", "args.status": "200"], startNs: 40_000_000, durationNs: 1_000_000),
        ])
        // Noted while reading (no id), then in time order while pairing, then what is still open.
        #expect(reading.leftOut == [
            TraceLeftOut(reason: ChromeTraceReader.withoutID, count: 1, first: "event 18 at 19:1"),
            TraceLeftOut(reason: ChromeAsyncPairing.unopened(UInt8(ascii: "e")), count: 1, first: "event 11 at 12:1"),
            TraceLeftOut(reason: ChromeAsyncPairing.reopened, count: 1, first: "event 15 at 16:1"),
            TraceLeftOut(reason: ChromeAsyncPairing.unopened(UInt8(ascii: "F")), count: 1, first: "event 17 at 18:1"),
            TraceLeftOut(reason: ChromeAsyncPairing.unfinished(UInt8(ascii: "b")), count: 1, first: "event 12 at 13:1"),
        ])
        #expect(reading.tables == ["traceEvents (X, B/E, async b/e and S/F; ts, dur in µs)"])
    }

    /// An `e` closes the innermost open `b` of its group with the same name; the `b`s opened
    /// after it are left unfinished (catapult pops them). Group 0x1: outer b 0, inner b 1,
    /// e outer at 5 closes outer (5 µs) and leaves inner; an `e` without a name closes the
    /// innermost: b 10, e 12 (2 µs). Shuffled in the file: they pair by time.
    @Test func anEndClosesTheInnermostBeginOfItsName() throws {
        let reading = try TraceFiles.read("""
        [{"ph":"e","cat":"c","id":1,"name":"outer","ts":5,"pid":1,"tid":1},
         {"ph":"b","cat":"c","id":1,"name":"inner","ts":1,"pid":1,"tid":1},
         {"ph":"b","cat":"c","id":1,"name":"outer","ts":0,"pid":1,"tid":1},
         {"ph":"e","cat":"c","id":1,"ts":12,"pid":1,"tid":1},
         {"ph":"b","cat":"c","id":1,"name":"next","ts":10,"pid":1,"tid":1}]
        """)
        #expect(reading.intervals.map(\.name) == ["outer", "next"])
        #expect(reading.intervals.map(\.durationNs) == [5_000, 2_000])
        #expect(reading.leftOut == [TraceLeftOut(reason: ChromeAsyncPairing.unfinished(UInt8(ascii: "b")), count: 1, first: "event 2 at 2:2")])
    }

    /// Async slices are mapped by name like any other: Flutter's Frame of 8.333 and 2 ms.
    @Test func asyncSlicesAreMappedLikeTheOthers() throws {
        var map = CalibrationMap()
        map.add(try CalibrationMap.rule("Frame[cat=Embedder]=feed.body", origin: "--map"))
        let samples = CalibrationSamples.collect([try TraceReader.read(path: TraceFiles.fixture("perfetto-async.json"))], map: map, window: nil, types: ["feed"])
        #expect(samples.samples[try #require(CostTarget("feed.body"))] == [8.333, 2])
        // The rest is listed as not covered: ResourceLoad 1 ms, measure-scroll 1 ms, measure-image 0.3 ms.
        #expect(samples.unmapped.map(\.name) == ["ResourceLoad", "measure-scroll", "measure-image"])
    }
}
