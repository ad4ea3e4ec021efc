import ScrollSimKit
/// Files that are not text, recognised by their first bytes — a magic number, or the structure
/// of a protobuf message — before any reader looks at them: gzip is read through
/// (`TraceInput.decompressGzip()`); the rest is refused with the command that turns it into a
/// file ScrollSim reads, rather than with a reader's complaint about bytes that are not text.
///
/// | First bytes | What | |
/// |---|---|---|
/// | `1F 8B` | gzip (RFC 1952) | read through zlib |
/// | `28 B5 2F FD` | zstd (RFC 8878) | refused: `zstd -d` |
/// | `50 4B 03 04` (`PK`) | a zip archive | refused: `unzip` |
/// | a 4-byte big-endian length, then `0A` | OTLP protobuf, length-prefixed as the OpenTelemetry collector's file exporter writes `format: proto` | refused: export OTLP JSON |
/// | `0A`, a varint length that fits the file, binary bytes | a protobuf `Trace` (Perfetto: `0A` is the tag of `Trace.packet`, the byte Perfetto's own trace processor sniffs) — or an OTLP `ExportTraceServiceRequest` when its resource names `service.name` or `telemetry.sdk` | refused: `trace_processor convert json`, or export OTLP JSON |
/// | other bytes below `09` or between `0E` and `1F` | binary data of another kind | refused |
enum TraceBinaryFormat: Equatable {
    case gzip
    /// Refused, with the reason and the command that gives a readable file.
    case refused(String)

    /// How many bytes `recognise` looks at.
    static let headBytes = 4096

    /// What the file `path`, whose first bytes are `head` (at most `headBytes`) and whose text
    /// is `size` bytes long (nil when unknown: decompressed), is; nil for text. The commands in
    /// the messages name `path`.
    static func recognise(_ head: [UInt8], size: Int?, path: String) -> TraceBinaryFormat? {
        let file = path.contains(" ") || path.contains("'") ? "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'" : path
        func starts(_ magic: [UInt8]) -> Bool { head.count >= magic.count && Array(head.prefix(magic.count)) == magic }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) {
            return .refused("zstd-compressed (the OpenTelemetry collector's file exporter writes so with compression: zstd): decompress it first — zstd -d \(file) -o trace.json — and pass trace.json")
        }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
            return .refused("a zip archive, not a trace: list it with unzip -l \(file), extract the trace with unzip -p \(file) NAME > trace.json, and pass that")
        }
        let binary = head.contains { $0 < 0x09 || ($0 > 0x0D && $0 < 0x20) || $0 == 0x0B || $0 == 0x0C }
        guard binary else { return nil }
        if head.count >= 5, head[4] == 0x0A {
            let length = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            if length > 0, size.map({ 4 + length <= $0 }) ?? true, isMessageStart(head, at: 4) {
                return .refused(otlpProtobuf("the OpenTelemetry collector's file exporter with format: proto writes it so, each request after its 4-byte length"))
            }
        }
        if head.first == 0x0A, isMessageStart(head, at: 0) {
            if contains(head, "service.name") || contains(head, "telemetry.sdk") {
                return .refused(otlpProtobuf("as an OTLP/HTTP or gRPC exporter sends it"))
            }
            return .refused("a Perfetto protobuf trace (.pftrace, .perfetto-trace): convert it to trace-event JSON with Perfetto's converter — trace_processor convert json \(file) trace.json (with the older traceconv: traceconv json \(file) trace.json) — and pass trace.json")
        }
        if head.count >= 4, head.enumerated().filter({ $0.element == 0 }).count * 3 >= head.count {
            return .refused("UTF-16 or UTF-32 text: traces must be UTF-8 (xctrace, Perfetto and OTLP exporters write UTF-8)")
        }
        return .refused("binary data, not a trace ScrollSim reads (an xctrace export, trace-event JSON, OTLP JSON or a type,phase,ms CSV, any of them gzip-compressed): an Instruments .trace is exported with xcrun xctrace export, a Perfetto trace converted with trace_processor convert json")
    }

    private static func otlpProtobuf(_ how: String) -> String {
        "OTLP protobuf (an ExportTraceServiceRequest; \(how)): ScrollSim reads OTLP JSON — set the collector's file exporter to format: json (its default), or an SDK's exporter to OTEL_EXPORTER_OTLP_PROTOCOL=http/json, and pass the file that writes"
    }

    /// Whether a length-delimited protobuf field starts at `at`: tag `0A` (field 1, wire type
    /// 2), a varint length, and a first inner field with a valid wire type.
    private static func isMessageStart(_ head: [UInt8], at start: Int) -> Bool {
        var i = start + 1
        var length = 0
        var shift = 0
        while i < head.count, shift < 35 {
            length |= Int(head[i] & 0x7F) << shift
            shift += 7
            i += 1
            if head[i - 1] & 0x80 == 0 { break }
        }
        guard length > 0, i < head.count else { return false }
        let tag = head[i]
        return tag >> 3 > 0 && [0, 1, 2, 5].contains(tag & 0x07)
    }

    private static func contains(_ head: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard head.count >= needle.count else { return false }
        return (0...(head.count - needle.count)).contains { start in head[start..<start + needle.count].elementsEqual(needle) }
    }
}
