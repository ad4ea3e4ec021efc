@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Which intervals become samples, and how the rest are counted.
@Suite struct CalibrationSamplesTests {
    @Test func windowLaunchAndUnmappedAreCounted() {
        // Trace starts at 1 s (its span); scroll starts at 2 s; window 1.5 s…4 s after the start.
        let ms: Int64 = 1_000_000
        let reading = TraceReading(format: .otlpJSON, file: "t", sha256: "", intervals: [
            TraceInterval(name: "post.body", startNs: 1_200 * ms, durationNs: 2 * ms),   // 0.2 s: outside
            TraceInterval(name: "post.body", startNs: 2_600 * ms, durationNs: 3 * ms),   // 1.6 s: in, but before the scroll (launch)
            TraceInterval(name: "post.body", startNs: 3_000 * ms, durationNs: 4 * ms),   // 2.0 s: a sample
            TraceInterval(name: "decode", startNs: 3_100 * ms, durationNs: 5 * ms),      // unmapped
            TraceInterval(name: "decode", startNs: 3_200 * ms, durationNs: 6 * ms),      // unmapped
            TraceInterval(name: "onAppear", startNs: 3_300 * ms, durationNs: 20 * ms),   // unmapped, largest total
            TraceInterval(name: "post.body", startNs: 5_000 * ms, durationNs: 7 * ms),   // 4.0 s: outside (end excluded)
        ], scrollStartNs: 2_800 * ms, spanNs: (1_000 * ms)...(6_000 * ms))
        let samples = CalibrationSamples.collect([reading], map: CalibrationMap(), window: CalibrationWindow(startSeconds: 1.5, endSeconds: 4), types: ["post"])
        #expect(samples.samples == [CostTarget(type: "post", phase: .body): [4]])
        #expect(samples.outsideWindow == 2)
        #expect(samples.launch == 1)
        #expect(samples.unmapped == [.init(name: "onAppear", count: 1, totalMs: 20), .init(name: "decode", count: 2, totalMs: 11)])
        #expect(samples.unmappedCount == 3)
    }
}
