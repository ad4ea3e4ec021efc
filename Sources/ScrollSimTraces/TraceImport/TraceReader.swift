import ScrollSimKit
/// Reads a measured trace into a `TraceReading`, recognising its format by content — the first
/// bytes and the root element or keys — never by the file's name:
///
/// | First bytes | Root | Format |
/// |---|---|---|
/// | `1F 8B` | gzip: the decompressed text is recognised in turn | (any of these) |
/// | `<` | `<trace-query-result>` or `<trace-toc>` | `xctrace` (`xcrun xctrace export`) |
/// | `[` | an array of events | `chromeJSON` |
/// | `[` | an array of objects whose first key is `resourceSpans` | `otlpJSON` (an array of requests) |
/// | `{` | `traceEvents` key | `chromeJSON` |
/// | `{` | `resourceSpans` key, one object or one a line (JSON Lines) | `otlpJSON` |
/// | anything else | the header `type,phase,ms` | `csv` |
///
/// Binary files — zip, zstd, a Perfetto or OTLP protobuf — are refused with the command that
/// gives a readable file (`TraceBinaryFormat`).
///
/// The file is read once, in 1 MiB chunks, and never held whole: the intervals read are what
/// the memory holds. A UTF-8 byte-order mark is skipped; UTF-16 or UTF-32 text is refused.
/// The SHA-256 is of every byte of the file, computed in the same pass. Content after the
/// trace's end (other than whitespace) is an error.
///
/// Every failure is a `ScrollSimError` naming the file and the line:column (with the event's index
/// where there is one); the CLI prints it and exits with status 2. Events left out (an
/// unfinished slice…) and damage repaired (a trailing comma…) are in the reading's `leftOut`
/// and `warnings`, located the same way.
public enum TraceReader {
    /// - Throws: `ScrollSimError`.
    public static func read(path: String, limits: TraceLimits = .default) throws -> TraceReading {
        let input = try TraceInput(path: path, limits: limits)
        try recogniseBinary(input)
        try skipByteOrderMark(input)
        try input.skipWhitespace()
        var accumulator = TraceAccumulator(limits: limits)
        var notes = TraceReadNotes()
        var reading: TraceReading
        switch try input.peek() {
        case nil:
            throw ScrollSimError(file: path, location: .whole, message: "the file is empty: no trace in it")
        case UInt8(ascii: "<"):
            var reader = XctraceTraceReader(input: input, accumulator: accumulator)
            try reader.read()
            reading = reader.reading(file: path)
            accumulator = reader.accumulator
        case UInt8(ascii: "["):
            (reading, accumulator, notes) = try readJSONArray(input, accumulator)
        case UInt8(ascii: "{"):
            (reading, accumulator, notes) = try readJSONObjects(input, accumulator)
        default:
            var reader = CSVTraceReader(input: input, accumulator: accumulator)
            try reader.read()
            accumulator = reader.accumulator
            reading = TraceReading(format: .csv, file: path, sha256: "", tables: ["csv (type, phase, \(reader.unit?.symbol ?? "ms"))"])
        }
        reading.sha256 = try input.finish()
        reading.intervals = accumulator.intervals
        reading.hitches = accumulator.hitches
        reading.frames = accumulator.frames
        reading.spanNs = reading.format == .csv ? nil : accumulator.span
        (reading.leftOut, reading.warnings) = notes.located(in: input)
        if input.isGzip { reading.tables.insert("gzip", at: 0) }
        return reading
    }

    /// Refuses a binary file with the command that makes it readable, or starts reading a gzip
    /// file through zlib (and then looks at what it decompresses to).
    private static func recogniseBinary(_ input: TraceInput) throws {
        let head = try input.lookahead(TraceBinaryFormat.headBytes)
        switch TraceBinaryFormat.recognise(head, size: input.isGzip ? nil : input.size, path: input.path) {
        case nil:
            return
        case .gzip?:
            guard !input.isGzip else {
                throw ScrollSimError(file: input.path, location: .whole, message: "gzip inside gzip: decompress it once (gzip -d) and pass the result")
            }
            try input.decompressGzip()
            try recogniseBinary(input)
        case .refused(let reason)?:
            throw input.isGzip ? ScrollSimError(file: input.path, location: .whole, message: "gzip-compressed " + reason) : input.error(at: 0, reason)
        }
    }

    private static func skipByteOrderMark(_ input: TraceInput) throws {
        switch try input.peek() {
        case 0xEF:
            input.skip()
            guard try input.next() == 0xBB, try input.next() == 0xBF else { throw input.error(at: 0, "not UTF-8 text (a broken byte-order mark)") }
        case 0xFE, 0xFF, 0x00:
            throw input.error(at: 0, "UTF-16 or UTF-32 text: traces must be UTF-8 (xctrace, Perfetto and OTLP exporters write UTF-8)")
        default:
            return
        }
    }

    static let otlpTable = "resourceSpans.scopeSpans.spans (name, startTimeUnixNano, endTimeUnixNano, attributes)"

    /// A JSON array at the root: trace events, or OTLP requests when its first element's first
    /// key is `resourceSpans`.
    private static func readJSONArray(_ input: TraceInput, _ accumulator: TraceAccumulator) throws -> (TraceReading, TraceAccumulator, TraceReadNotes) {
        let scanner = TraceJSONScanner(input)
        let head = try input.lookahead(64).filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if head.starts(with: Array(#"[{"resourceSpans""#.utf8)) {
            var otlp = OTLPTraceReader(scanner: scanner, accumulator: accumulator)
            var unused = ChromeTraceReader(scanner: scanner, accumulator: accumulator)
            var requests = 0
            try scanner.forEachElement(depth: 1) { _ in
                requests += 1
                _ = try readRequest(scanner, depth: 2, otlp: &otlp, chrome: &unused, traceEvents: false)
            }
            let reading = TraceReading(format: .otlpJSON, file: input.path, sha256: "", tables: [otlpTable, "an array of \(requests) request\(requests == 1 ? "" : "s")"],
                                       device: otlp.device, os: otlp.os)
            return (reading, otlp.accumulator, TraceReadNotes())
        }
        var chrome = ChromeTraceReader(scanner: scanner, accumulator: accumulator)
        try chrome.readEvents(depth: 1)
        try chrome.finish()
        let reading = TraceReading(format: .chromeJSON, file: input.path, sha256: "", tables: chrome.tables, scrollStartNs: chrome.scrollStartNs)
        return (reading, chrome.accumulator, chrome.notes)
    }

    /// One JSON object at the root — trace-event JSON or an OTLP request — or several, one after
    /// the other (OTLP JSON Lines: the OpenTelemetry collector's file exporter writes one
    /// `ExportTraceServiceRequest` a line).
    private static func readJSONObjects(_ input: TraceInput, _ accumulator: TraceAccumulator) throws -> (TraceReading, TraceAccumulator, TraceReadNotes) {
        let scanner = TraceJSONScanner(input)
        var chrome = ChromeTraceReader(scanner: scanner, accumulator: accumulator)
        var otlp = OTLPTraceReader(scanner: scanner, accumulator: accumulator)
        var format: TraceFormat?
        var objects = 0
        repeat {
            let offset = input.offset
            let found = try readRequest(scanner, depth: 1, otlp: &otlp, chrome: &chrome, traceEvents: objects == 0)
            objects += 1
            if let found {
                if format == nil, objects > 1, found == .chromeJSON {
                    throw input.error(at: offset, "trace-event JSON after other objects: only OTLP requests are read one a line (JSON Lines)")
                }
                format = format ?? found
            }
            try input.skipWhitespace()
        } while try format != .chromeJSON && input.peek() == UInt8(ascii: "{")
        switch format {
        case .chromeJSON?:
            try chrome.finish()
            var tables = chrome.tables
            if let unit = chrome.displayTimeUnit { tables.append("displayTimeUnit \(unit) (display only: ts and dur stay µs)") }
            return (TraceReading(format: .chromeJSON, file: input.path, sha256: "", tables: tables, scrollStartNs: chrome.scrollStartNs), chrome.accumulator, chrome.notes)
        case .otlpJSON?:
            var tables = [otlpTable]
            if objects > 1 { tables.append("JSON Lines: \(objects) requests") }
            return (TraceReading(format: .otlpJSON, file: input.path, sha256: "", tables: tables, device: otlp.device, os: otlp.os), otlp.accumulator, TraceReadNotes())
        default:
            throw ScrollSimError(file: input.path, location: .whole, message: "a JSON object with neither \"traceEvents\" (trace-event JSON) nor \"resourceSpans\" (OTLP JSON): not a trace ScrollSim reads")
        }
    }

    /// One root object: its `traceEvents` read by `chrome` (when `traceEvents`: only a first
    /// object may be trace-event JSON), its `resourceSpans` by `otlp`; other keys (`displayTimeUnit`,
    /// `otherData`, `metadata`…) skipped. The file may end inside a trace-event object once its
    /// events are read (a file cut short: `ChromeTraceReader` warns).
    /// - Returns: the format the object holds, nil for neither.
    private static func readRequest(_ scanner: TraceJSONScanner, depth: Int, otlp: inout OTLPTraceReader, chrome: inout ChromeTraceReader, traceEvents: Bool) throws -> TraceFormat? {
        let input = scanner.input
        var format: TraceFormat?
        var cutShort = false
        try scanner.forEachMember(depth: depth, acceptsEndOfFile: {
            cutShort = format == .chromeJSON
            return cutShort
        }) { key in
            let offset = input.offset
            switch key {
            case "traceEvents", "resourceSpans":
                let found: TraceFormat = key == "traceEvents" ? .chromeJSON : .otlpJSON
                if let format {
                    throw input.error(at: offset, format == found ? "a second \"\(key)\": the trace's events are in one array" : "\"\(key)\" in a file that already has \(format == .chromeJSON ? "\"traceEvents\"" : "\"resourceSpans\""): one trace, one format")
                }
                format = found
                if found == .chromeJSON {
                    guard traceEvents else { throw input.error(at: offset, "\"traceEvents\" in an OTLP request: one trace, one format") }
                    try chrome.readEvents(depth: depth + 1)
                } else {
                    try otlp.readResourceSpans(depth: depth + 1)
                }
            case "displayTimeUnit" where traceEvents:
                let value = try scanner.value(depth: depth)
                guard let unit = value.string, ["ms", "ns"].contains(unit) else {
                    throw input.error(at: offset, "\"displayTimeUnit\" is \(value.json); the format allows \"ms\" or \"ns\"")
                }
                chrome.displayTimeUnit = unit
            default:
                try scanner.skipValue(depth: depth)
            }
        }
        if cutShort, !chrome.unclosed {
            chrome.notes.warn(at: input.offset, "the file ends before the trace object's closing '}': read as a trace cut short")
        }
        return format
    }
}
