import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// `--trace-range START:END`: the frames that start in it, and nothing else.
@Suite struct TraceRangeTests {
    @Test(arguments: [
        ("9.5:12", 9500.0, 12000.0), ("5:", 5000, .infinity), (":10", 0, 10000), ("0:0.5", 0, 500),
    ])
    func parsesSeconds(argument: String, start: Double, end: Double) throws {
        let range = try TraceRange(argument: argument)
        #expect(range.startMs == start && range.endMs == end)
    }

    @Test(arguments: ["12", "a:b", "3:2", "-1:4", "1:2:3", "5:5"])
    func rejectsWhatIsNotARange(argument: String) {
        #expect(throws: ScrollSimError.self) { try TraceRange(argument: argument) }
    }

    /// The synthetic report's frames start every 8.3333 ms (nothing is late without spikes):
    /// 1.0–1.1 s holds the frames that start at 1,000.0 (frame 120) … 1,091.67 ms (frame 131),
    /// 12 frames; the fling at frame 500 (4.17 s) is outside it.
    @Test func traceHoldsOnlyTheFramesInTheRange() throws {
        let report = try ReportFixtures.synthetic(count: 1000)
        let text = try TraceWriter.trace(report, range: TraceRange(argument: "1:1.1"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let frames = events.filter { $0["cat"] as? String == "frame" }.compactMap { ($0["args"] as? [String: Any])?["frame"] as? Int }
        #expect(frames == Array(120...131))
        #expect(!events.contains { $0["cat"] as? String == "fling" })
        let whole = try TraceWriter.trace(report)
        #expect(whole.contains("\"cat\":\"fling\""))
    }

    /// The size estimate scales with the frames covered.
    @Test func estimateCoversTheRange() throws {
        let report = try ReportFixtures.synthetic(count: 1000)
        let whole = try TraceWriter.estimatedBytes(report)
        let part = try TraceWriter.estimatedBytes(report, range: TraceRange(argument: "1:1.1"))
        // 600 bytes of header, 450 per frame: 1,000 frames and 12 frames, and the one fling
        // (250 bytes) only in the whole run.
        #expect(whole == 600 + 1000 * 450 + 250)
        #expect(part == 600 + 12 * 450)
        let actual = try TraceWriter.trace(report).utf8.count
        #expect(Double(actual) > 0.5 * Double(whole) && Double(actual) < 2 * Double(whole), "estimate \(whole), actual \(actual)")
    }
}
