@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The Trace Event Format does not require events in time order, so `B`/`E` events are paired
/// per thread after a stable sort by `ts` (as Perfetto and catapult do), never in file order.
@Suite struct ChromeTraceOrderTests {
    /// perfetto-sorted.json and perfetto-shuffled.json hold the same 14 events (a Perfetto JSON
    /// export of RecyclerView binds), the second in another order. Worked by hand from the
    /// sorted file, µs:
    /// - main thread 4211: bind B 1000, inflate B 1002, E 1012 (inflate 10), E 1040 (bind 40);
    ///   bind B 2000, inflate B 2005, E 2025 (inflate 20), E 2060 (bind 60); an X prefetch at
    ///   3000 for 15;
    /// - RenderThread 4260: bind B 1500, E 1530 (bind 30).
    /// In start order: bind 40, inflate 10, bind 30, bind 60, inflate 20, prefetch 15. Paired in
    /// file order the shuffled file would close inflate with the E at 1040 (inflate 38, bind 12:
    /// the "inner 0.01 ms read as 0.04 ms") and meet RenderThread's E before its B.
    @Test func aShuffledFileReadsAsTheSortedOne() throws {
        let sorted = try TraceReader.read(path: TraceFiles.fixture("perfetto-sorted.json"))
        let shuffled = try TraceReader.read(path: TraceFiles.fixture("perfetto-shuffled.json"))
        #expect(sorted.intervals.map(\.name) == ["RV OnBindView", "inflate", "RV OnBindView", "RV OnBindView", "inflate", "RV Prefetch"])
        #expect(sorted.intervals.map(\.startNs) == [1_000_000, 1_002_000, 1_500_000, 2_000_000, 2_005_000, 3_000_000])
        #expect(sorted.intervals.map(\.durationNs) == [40_000, 10_000, 30_000, 60_000, 20_000, 15_000])
        #expect(shuffled.intervals == sorted.intervals)
        #expect(shuffled.leftOut.isEmpty && sorted.leftOut.isEmpty)
        #expect(shuffled.spanNs == 1_000_000...3_015_000)
    }

    /// The samples and the fit: post.body gets the binds (0.04, 0.03, 0.06 ms), post.init the
    /// inflates (0.01, 0.02 ms). Three samples are quantiles (no lognormal under 8) with p50
    /// 0.04 and max 0.06; two give p50 0.015 (halfway) and max 0.02.
    @Test func aShuffledFileGivesTheSortedFilesFit() throws {
        var map = CalibrationMap()
        map.add(try CalibrationMap.rule("RV OnBindView=post.body", origin: "--map"))
        map.add(try CalibrationMap.rule("inflate=post.init", origin: "--map"))
        func collect(_ name: String) throws -> CalibrationSamples {
            CalibrationSamples.collect([try TraceReader.read(path: TraceFiles.fixture(name))], map: map, window: nil, types: ["post"])
        }
        let sorted = try collect("perfetto-sorted.json")
        let shuffled = try collect("perfetto-shuffled.json")
        let body = try #require(CostTarget("post.body")), initCost = try #require(CostTarget("post.init"))
        #expect(sorted.samples[body] == [0.04, 0.03, 0.06])
        #expect(sorted.samples[initCost] == [0.01, 0.02])
        #expect(shuffled == sorted)
        let fit = CostFit(samples: try #require(shuffled.samples[body]))
        #expect(fit == CostFit(samples: try #require(sorted.samples[body])))
        #expect(abs(fit.p50 - 0.04) < 1e-12 && fit.max == 0.06)
        #expect(abs(CostFit(samples: try #require(shuffled.samples[initCost])).p50 - 0.015) < 1e-12)
    }

    /// Events with the same `ts` keep their file order (the sort is stable): a zero-length slice
    /// `a` (B 10, E 10) then `b` (B 10, E 20), after `later` (B 30, E 35) which makes a sort
    /// necessary. A sort that put both B's at 10 first would give a 10 µs and b 0 µs.
    @Test func eventsAtTheSameTimeKeepTheirFileOrder() throws {
        let reading = try TraceFiles.read("""
        [{"ph":"B","pid":1,"tid":1,"ts":30,"name":"later"},{"ph":"E","pid":1,"tid":1,"ts":35},
         {"ph":"B","pid":1,"tid":1,"ts":10,"name":"a"},{"ph":"E","pid":1,"tid":1,"ts":10},
         {"ph":"B","pid":1,"tid":1,"ts":10,"name":"b"},{"ph":"E","pid":1,"tid":1,"ts":20}]
        """)
        // b (10, 10 µs) sorts before a (10, 0 µs): equal starts, the longer first.
        #expect(reading.intervals.map(\.name) == ["b", "a", "later"])
        #expect(reading.intervals.map(\.durationNs) == [10_000, 0, 5_000])
    }
}
