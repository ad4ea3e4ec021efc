/// Reads a measured trace into a `TraceReading`, recognising its format by content — the first
/// bytes that are not whitespace and the root element or keys — never by the file's name:
///
/// | First byte | Root | Format |
/// |---|---|---|
/// | `<` | `<trace-query-result>` or `<trace-toc>` | `xctrace` (`xcrun xctrace export`) |
/// | `[` | an array of events | `chromeJSON` |
/// | `{` | `traceEvents` key | `chromeJSON` |
/// | `{` | `resourceSpans` key | `otlpJSON` |
/// | anything else | the header `type,phase,ms` | `csv` |
///
/// The file is read once, in 1 MiB chunks, and never held whole: the intervals read are what
/// the memory holds. A UTF-8 byte-order mark is skipped; UTF-16 or UTF-32 text is refused.
/// The SHA-256 is of every byte of the file, computed in the same pass. Content after the
/// trace's end (other than whitespace) is an error.
///
/// Every failure is a `ScrollSimError` naming the file and the line:column (with the event's index
/// where there is one); the CLI prints it and exits with status 2.
public enum TraceReader {
    /// - Throws: `ScrollSimError`.
    public static func read(path: String, limits: TraceLimits = .default) throws -> TraceReading {
        let input = try TraceInput(path: path, limits: limits)
        try skipByteOrderMark(input)
        try input.skipWhitespace()
        var accumulator = TraceAccumulator(limits: limits)
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
            let scanner = TraceJSONScanner(input)
            var reader = ChromeTraceReader(scanner: scanner, accumulator: accumulator)
            try reader.readEvents(depth: 1)
            try reader.finish()
            accumulator = reader.accumulator
            reading = TraceReading(format: .chromeJSON, file: path, sha256: "", tables: ["traceEvents (X, B/E; ts, dur in µs)"], scrollStartNs: reader.scrollStartNs)
        case UInt8(ascii: "{"):
            (reading, accumulator) = try readJSONObject(input, accumulator)
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
        return reading
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

    /// A JSON object at the root: `traceEvents` makes it trace-event JSON, `resourceSpans`
    /// OTLP; other keys (`displayTimeUnit`, `otherData`, `metadata`…) are skipped.
    private static func readJSONObject(_ input: TraceInput, _ accumulator: TraceAccumulator) throws -> (TraceReading, TraceAccumulator) {
        let scanner = TraceJSONScanner(input)
        var chrome = ChromeTraceReader(scanner: scanner, accumulator: accumulator)
        var otlp = OTLPTraceReader(scanner: scanner, accumulator: accumulator)
        var format: TraceFormat?
        try scanner.forEachMember(depth: 1) { key in
            let offset = input.offset
            switch key {
            case "traceEvents", "resourceSpans":
                let found: TraceFormat = key == "traceEvents" ? .chromeJSON : .otlpJSON
                if let format {
                    throw input.error(at: offset, format == found ? "a second \"\(key)\": the trace's events are in one array" : "\"\(key)\" in a file that already has \(format == .chromeJSON ? "\"traceEvents\"" : "\"resourceSpans\""): one trace, one format")
                }
                format = found
                if found == .chromeJSON { try chrome.readEvents(depth: 2) } else { try otlp.readResourceSpans(depth: 2) }
            case "displayTimeUnit":
                let value = try scanner.value(depth: 1)
                guard let unit = value.string, ["ms", "ns"].contains(unit) else {
                    throw input.error(at: offset, "\"displayTimeUnit\" is \(value.json); the format allows \"ms\" or \"ns\"")
                }
                chrome.displayTimeUnit = unit
            default:
                try scanner.skipValue(depth: 1)
            }
        }
        switch format {
        case .chromeJSON?:
            try chrome.finish()
            var tables = ["traceEvents (X, B/E; ts, dur in µs)"]
            if let unit = chrome.displayTimeUnit { tables.append("displayTimeUnit \(unit) (display only: ts and dur stay µs)") }
            return (TraceReading(format: .chromeJSON, file: input.path, sha256: "", tables: tables, scrollStartNs: chrome.scrollStartNs), chrome.accumulator)
        case .otlpJSON?:
            return (TraceReading(format: .otlpJSON, file: input.path, sha256: "", tables: ["resourceSpans.scopeSpans.spans (name, startTimeUnixNano, endTimeUnixNano, attributes)"],
                                 device: otlp.device, os: otlp.os), otlp.accumulator)
        default:
            throw ScrollSimError(file: input.path, location: .whole, message: "a JSON object with neither \"traceEvents\" (trace-event JSON) nor \"resourceSpans\" (OTLP JSON): not a trace ScrollSim reads")
        }
    }
}
