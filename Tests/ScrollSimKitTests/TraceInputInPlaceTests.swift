@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// Values parsed in place in the input's 1 MiB buffer: an event that straddles two chunks is
/// kept whole and parsed again (never half), one larger than the buffer grows it up to
/// `TraceLimits.maximumEventBytes`, and places are counted back as lines and columns.
@Suite struct TraceInputInPlaceTests {
    /// 3,000 events of 1,000 to 2,999 bytes (about 6 MB, so some 5 chunk boundaries fall inside
    /// events and inside their strings and numbers): event i has ts i, dur i + 1 and a pad of
    /// 1,000 + (i × 7 mod 2,000) bytes. Every one must come back with its own figures.
    @Test func eventsAcrossChunkBoundariesAreReadWhole() throws {
        var text = "{\"traceEvents\":[\n"
        for i in 0..<3_000 {
            let pad = String(repeating: "x", count: 1_000 + (i * 7) % 2_000)
            text += "{\"args\":{\"pad\":\"\(pad)\",\"i\":\(i)},\"cat\":\"c\",\"dur\":\(i + 1),\"name\":\"e\(i % 5)\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":\(i)}" + (i < 2_999 ? ",\n" : "\n")
        }
        text += "]}\n"
        #expect(text.utf8.count > 5 << 20)
        let reading = try TraceFiles.read(text)
        #expect(reading.intervals.count == 3_000)
        for (i, interval) in reading.intervals.enumerated() {
            #expect(interval.startNs == Int64(i) * 1_000 && interval.durationNs == Int64(i + 1) * 1_000 && interval.name == "e\(i % 5)", "event \(i)")
            #expect(interval.attributes["args.i"] == "\(i)" && interval.attributes["args.pad"]?.utf8.count == 1_000 + (i * 7) % 2_000, "event \(i)")
        }
    }

    /// One event of three 700,000-byte strings (2.1 MB, twice the buffer) is read: the buffer
    /// grows. With `maximumEventBytes` at 1 MiB it is refused, naming the event's start.
    @Test func anEventLargerThanTheBufferGrowsIt() throws {
        let big = String(repeating: "y", count: 700_000)
        let text = "[{\"ph\":\"X\",\"ts\":1,\"dur\":2,\"name\":\"big\",\"args\":{\"a\":\"\(big)\",\"b\":\"\(big)\",\"c\":\"\(big)\"}}]"
        let reading = try TraceFiles.read(text)
        #expect(reading.intervals.count == 1 && reading.intervals[0].attributes["args.c"]?.utf8.count == 700_000)
        let refusal = try TraceFiles.refusal(text, limits: TraceLimits(maximumEventBytes: 1 << 20))
        #expect(refusal == "FILE:1:2: one event longer than 1 MiB (TraceLimits.maximumEventBytes): not a trace a recorder writes", "\(refusal)")
    }

    /// Offsets 0, 3, 4, 9 and 10 of "ab\ncd\n\nefg" (lines "ab", "cd", "", "efg"; 10 bytes):
    /// 1:1, 2:1 (the first byte after the line feed at 2), 2:2, 4:3 (the g) and 4:4 (the end
    /// of the file); given in any order, each comes back in its place.
    @Test func offsetsBecomeLinesAndColumnsInOnePass() throws {
        let path = try TraceFiles.write("ab\ncd\n\nefg")
        let places = TraceInput.linesAndColumns(of: [9, 0, 4, 3, 10], inFile: path, gzip: false)
        #expect(places.map { "\($0.line):\($0.column)" } == ["4:3", "1:1", "2:2", "2:1", "4:4"])
    }
}
