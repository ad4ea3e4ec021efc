import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The forms traces come in besides one JSON document: OTLP JSON Lines (the OpenTelemetry
/// collector's file exporter) and an array of OTLP requests, gzip read through zlib, and the
/// binary forms refused with the command that gives a readable file.
@Suite struct TraceFormatsInTheWildTests {
    /// otlp-lines.jsonl, three requests a line as the collector's file exporter writes them:
    /// line 1, resource first (Feed on an iPhone16,1, iOS 17.5), body of PostCell 0.18 ms and
    /// of PhotoCell 0.25 ms; line 2, its spans before its resource (a body of PostCell,
    /// 0.12 ms, which gets the resource's attributes all the same); line 3, an empty request.
    @Test func otlpJSONLinesAreReadLineByLine() throws {
        let reading = try TraceReader.read(path: TraceFiles.fixture("otlp-lines.jsonl"))
        #expect(reading.format == .otlpJSON)
        #expect(reading.intervals.map(\.durationNs) == [180_000, 250_000, 120_000])
        #expect(reading.intervals.map { $0.attributes["view.name"] } == ["PostCell", "PhotoCell", "PostCell"])
        #expect(reading.intervals.map { $0.attributes["resource.service.name"] } == ["Feed", "Feed", "Feed"])
        #expect(reading.intervals[2].attributes["resource.device.model.identifier"] == "iPhone16,1")
        #expect(reading.device == "iPhone16,1" && reading.os == "iOS 17.5")
        #expect(reading.tables == [TraceReader.otlpTable, "JSON Lines: 3 requests"])
        #expect(reading.spanNs == 1_717_000_000_000_000_000...1_717_000_000_020_120_000)
    }

    /// The same requests as a JSON array read the same intervals.
    @Test func anArrayOfOTLPRequestsIsRead() throws {
        let lines = try String(contentsOfFile: TraceFiles.fixture("otlp-lines.jsonl"), encoding: .utf8).split(separator: "\n")
        let reading = try TraceFiles.read("[\n" + lines.joined(separator: ",\n") + "\n]\n")
        #expect(reading.format == .otlpJSON)
        #expect(reading.intervals == (try TraceReader.read(path: TraceFiles.fixture("otlp-lines.jsonl"))).intervals)
        #expect(reading.tables == [TraceReader.otlpTable, "an array of 3 requests"])
    }

    /// One trace, one format: trace events after OTLP lines are refused (line 2, at the events).
    @Test func jsonLinesAreOTLPOnly() throws {
        let refusal = try TraceFiles.refusal("{\"resourceSpans\":[]}\n{\"traceEvents\":[]}\n")
        #expect(refusal == #"FILE:2:16: "traceEvents" in an OTLP request: one trace, one format"#)
        #expect(try TraceFiles.refusal("{\"traceEvents\":[]}\n{\"resourceSpans\":[]}\n") == "FILE:2:1: unexpected content after the end of the trace")
    }

    /// gzip is decompressed as it is read: the same intervals and notes as the text, the digest
    /// of the compressed file (`sha256sum devtools-unfinished.json.gz`), and "gzip" in the
    /// tables. Two members one after the other (`cat a.gz b.gz`) read as their texts joined.
    @Test func gzipIsReadThroughZlib() throws {
        let plain = try TraceReader.read(path: TraceFiles.fixture("devtools-unfinished.json"))
        let gzip = try TraceReader.read(path: TraceFiles.fixture("devtools-unfinished.json.gz"))
        #expect(gzip.intervals == plain.intervals)
        #expect(gzip.leftOut == plain.leftOut)
        #expect(gzip.sha256 == "ba59113b6ee7d45822ad177365aad0d74b7b42c740962834eaf50f74f2f395f3")
        #expect(gzip.tables == ["gzip"] + plain.tables)
        let lines = try TraceReader.read(path: TraceFiles.fixture("otlp-lines.jsonl"))
        let members = try TraceReader.read(path: TraceFiles.fixture("otlp-lines-two-members.jsonl.gz"))
        #expect(members.intervals == lines.intervals)
        #expect(members.sha256 == "c2c4afdd94958a3fa1cf56d8da484d08a754272694e275f5cb557fe9f8b23137")
    }

    /// A gzip file cut short, and an error inside gzip'd text (located in the decompressed
    /// text, and said so).
    @Test func damagedGzipIsRefused() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TraceFiles.fixture("devtools-unfinished.json.gz"))))
        #expect(try TraceFiles.refusal(Array(bytes.prefix(200))).hasPrefix("FILE: the gzip stream stops before its end (a truncated file?), after "))
        // Python's gzip at level 9, mtime 0, of "[{]": an object without a key.
        let broken: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0xFF, 0x8B, 0xAE, 0x8E, 0x05, 0x00, 0x37, 0x95, 0xB9, 0x46, 0x03, 0x00, 0x00, 0x00]
        #expect(try TraceFiles.refusal(broken) == "FILE:1:3: expected a key in quotes, found ']' (line and column of the decompressed text)")
    }

    /// Binary files are recognised by their first bytes and refused with the command that gives
    /// a readable file, the file named in it.
    @Test func binaryFormsAreRefusedWithTheCommandToRun() throws {
        #expect(try TraceFiles.refusal([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]) ==
            "FILE:1:1: a zip archive, not a trace: list it with unzip -l FILE, extract the trace with unzip -p FILE NAME > trace.json, and pass that")
        #expect(try TraceFiles.refusal([0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x04, 0x21, 0x00]) ==
            "FILE:1:1: zstd-compressed (the OpenTelemetry collector's file exporter writes so with compression: zstd): decompress it first — zstd -d FILE -o trace.json — and pass trace.json")
        // A Perfetto trace: packet (tag 0A, 11 bytes) { timestamp (8) 1000, trusted_packet_sequence_id (10) 1,
        // track_event (11) { type (9) 1, track_uuid (11) 2 } }.
        let perfetto: [UInt8] = [0x0A, 0x0B, 0x40, 0xE8, 0x07, 0x50, 0x01, 0x5A, 0x04, 0x48, 0x01, 0x58, 0x02]
        #expect(try TraceFiles.refusal(perfetto) ==
            "FILE:1:1: a Perfetto protobuf trace (.pftrace, .perfetto-trace): convert it to trace-event JSON with Perfetto's converter — trace_processor convert json FILE trace.json (with the older traceconv: traceconv json FILE trace.json) — and pass trace.json")
        // An ExportTraceServiceRequest: resource_spans (26 bytes) { resource (24) { attributes (22)
        // { key (12) "service.name", value (6) { string_value (4) "Feed" } } } }: 28 bytes.
        let request: [UInt8] = [0x0A, 0x1A, 0x0A, 0x18, 0x0A, 0x16, 0x0A, 0x0C] + Array("service.name".utf8) + [0x12, 0x06, 0x0A, 0x04] + Array("Feed".utf8)
        let refusal = try TraceFiles.refusal(request)
        #expect(refusal.hasPrefix("FILE:1:1: OTLP protobuf (an ExportTraceServiceRequest; as an OTLP/HTTP or gRPC exporter sends it): ScrollSim reads OTLP JSON"), "\(refusal)")
        // The collector's file exporter with format: proto: a 4-byte big-endian length first.
        let framed = try TraceFiles.refusal([0x00, 0x00, 0x00, UInt8(request.count)] + request)
        #expect(framed.contains("the OpenTelemetry collector's file exporter with format: proto writes it so"), "\(framed)")
        #expect(try TraceFiles.refusal([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]).hasPrefix("FILE:1:1: binary data, not a trace ScrollSim reads"))
    }

    /// Text that starts with a line feed is text, not a protobuf whose first byte is 0A.
    @Test func aLeadingLineFeedIsText() throws {
        #expect(try TraceFiles.read("\n[{\"ph\":\"X\",\"ts\":1,\"dur\":1,\"name\":\"a\"}]").intervals.count == 1)
    }
}
