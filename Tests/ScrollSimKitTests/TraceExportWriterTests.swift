import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The test helpers' exports read back exactly: what `TraceExportWriter` writes in each format,
/// `TraceReader` returns unchanged (names, attributes, integer nanoseconds), so round trips
/// through an export lose nothing but what the format cannot hold.
@Suite struct TraceExportWriterTests {
    /// Truth with repeated values (so the xctrace export uses refs), odd characters, a 19-digit
    /// start and a zero duration.
    static let intervals = [
        TraceInterval(name: "post.body", attributes: ["subsystem": "com.example.feed", "category": "PostCell", "message": "element 3 & <4>"], startNs: 1_204_511_250, durationNs: 152_417),
        TraceInterval(name: "photo.decode", attributes: ["subsystem": "com.example.feed", "category": "PhotoCell"], startNs: 1_204_700_001, durationNs: 1_203_333),
        TraceInterval(name: "post.body", attributes: ["subsystem": "com.example.feed", "category": "PostCell", "message": "element 3 & <4>"], startNs: 1_212_844_583, durationNs: 152_417),
        TraceInterval(name: "post.layout", attributes: ["subsystem": "com.example.feed", "category": "PostCell"], startNs: 1_700_000_000_000_000_123, durationNs: 0),
    ]
    static let hitches = [
        TraceHitch(startNs: 2_000_000_000, durationNs: 16_666_666, kind: "Expensive Commit"),
        TraceHitch(startNs: 3_250_000_000, durationNs: 8_333_333),
        TraceHitch(startNs: 4_100_000_000, durationNs: 16_666_666, kind: "Expensive Commit"),
    ]

    @Test func xctraceExportReadsBackExactly() throws {
        let text = TraceExportWriter.xctrace(intervals: Self.intervals, hitches: Self.hitches, device: ("iPhone 15 Pro", "iOS", "17.4 (21E219)"))
        // Values repeat, so the export must hold refs (the third row is refs only but its start).
        #expect(text.contains("<duration ref=\"2\"/>"))
        let reading = try TraceFiles.read(text)
        #expect(reading.format == .xctrace)
        #expect(reading.intervals == Self.intervals)
        #expect(reading.hitches == Self.hitches)
        #expect(reading.device == "iPhone 15 Pro")
        #expect(reading.os == "iOS 17.4 (21E219)")
    }

    @Test func otlpExportReadsBackExactly() throws {
        let withResource = Self.intervals.map { interval in
            var interval = interval
            interval.attributes["resource.device.model.identifier"] = "iPhone16,1"
            return interval
        }
        let reading = try TraceFiles.read(TraceExportWriter.otlp(intervals: withResource))
        #expect(reading.format == .otlpJSON)
        #expect(reading.intervals == withResource)
        #expect(reading.device == "iPhone16,1")
    }

    @Test func chromeTraceReadsBackExactly() throws {
        let events = Self.intervals.map { interval in
            TraceInterval(name: interval.name, attributes: ["cat": "build", "args.type": interval.attributes["category"] ?? "", "args.note": "a \"quoted\" note"],
                          startNs: interval.startNs, durationNs: interval.durationNs)
        }
        let reading = try TraceFiles.read(TraceExportWriter.chrome(intervals: events))
        #expect(reading.format == .chromeJSON)
        #expect(reading.intervals == events)
    }
}
