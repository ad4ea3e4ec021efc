import ScrollSimKit
/// Reads OpenTelemetry spans in the OTLP/JSON encoding (what an OTLP/HTTP exporter posts and
/// the collector's file exporter writes): `resourceSpans[].scopeSpans[].spans[]`.
///
/// A span is an interval named by its `name`, from `startTimeUnixNano` to `endTimeUnixNano`.
/// Per the OTLP JSON encoding, 64-bit integers are decimal strings (`"1700000000000000000"`);
/// numbers are accepted too. Both must be whole nanoseconds; an end before the start is
/// refused. Attributes (`[{"key": …, "value": {"stringValue" | "intValue" | "doubleValue" |
/// "boolValue" | "arrayValue" | "kvlistValue" | "bytesValue": …}}]`) become the interval's,
/// by key; the resource's become `resource.KEY` on each of its spans, and its
/// `device.model.identifier` and `os.name` + `os.version` (semantic conventions) fill the
/// reading's device and OS (the first resource that says). The older name
/// `instrumentationLibrarySpans` (OTLP before 0.15) is read like `scopeSpans`.
struct OTLPTraceReader {
    let scanner: TraceJSONScanner
    var accumulator: TraceAccumulator
    var device: String?
    var os: String?

    init(scanner: TraceJSONScanner, accumulator: TraceAccumulator) {
        self.scanner = scanner
        self.accumulator = accumulator
    }

    /// Reads the `resourceSpans` array (next in the input). Each span becomes an interval as it
    /// is read; a resource that follows its spans in the object is merged into their
    /// attributes afterwards (the span's own attributes win).
    mutating func readResourceSpans(depth: Int) throws {
        try scanner.forEachElement(depth: depth) { _ in
            var resource: [String: String]?
            let first = accumulator.intervals.count
            var beforeResource = first
            try scanner.forEachMember(depth: depth + 1) { key in
                switch key {
                case "resource":
                    let value = try scanner.value(depth: depth + 1)
                    var shared: [String: String] = [:]
                    for (key, value) in Self.attributes(value["attributes"]) { shared["resource." + key] = value }
                    resource = shared
                    beforeResource = accumulator.intervals.count
                    if device == nil, let model = shared["resource.device.model.identifier"] { device = model }
                    if os == nil, let version = shared["resource.os.version"] {
                        os = shared["resource.os.name"].map { "\($0) \(version)" } ?? version
                    }
                case "scopeSpans", "instrumentationLibrarySpans":
                    try scanner.forEachElement(depth: depth + 2) { _ in
                        try scanner.forEachMember(depth: depth + 3) { key in
                            guard key == "spans" else { return try scanner.skipValue(depth: depth + 3) }
                            try scanner.forEachElement(depth: depth + 4) { _ in
                                try scanner.input.skipWhitespace()
                                let offset = scanner.input.offset
                                let index: Int
                                do { index = try accumulator.countEvent() } catch let refusal as TraceAccumulator.Refusal {
                                    throw scanner.input.error(at: offset, "span \(accumulator.events + 1): \(refusal.reason)")
                                }
                                let span = try scanner.value(depth: depth + 5)
                                do {
                                    try read(span, resource: resource ?? [:])
                                } catch let refusal as TraceAccumulator.Refusal {
                                    throw scanner.input.error(at: offset, "span \(index): \(refusal.reason)")
                                }
                            }
                        }
                    }
                default:
                    try scanner.skipValue(depth: depth + 1)
                }
            }
            // A resource read after some of its spans: merged into theirs now.
            if let resource, !resource.isEmpty {
                for index in first..<beforeResource {
                    accumulator.intervals[index].attributes.merge(resource) { own, _ in own }
                }
            }
        }
    }

    private mutating func read(_ span: TraceJSON, resource: [String: String]) throws {
        guard case .object = span else { throw TraceAccumulator.Refusal(reason: "a span is an object, found \(span.kindDescription)") }
        let start = try Self.nanoseconds(span, "startTimeUnixNano")
        let end = try Self.nanoseconds(span, "endTimeUnixNano")
        let (duration, overflow) = end.subtractingReportingOverflow(start)
        guard !overflow else { throw TraceAccumulator.Refusal(reason: "its duration overflows 64-bit nanoseconds") }
        guard duration >= 0 else { throw TraceAccumulator.Refusal(reason: "ends (\(end) ns) before it starts (\(start) ns): a negative duration") }
        var attributes = resource
        for (key, value) in Self.attributes(span["attributes"]) { attributes[key] = value }
        try accumulator.add(TraceInterval(name: span["name"]?.string ?? "", attributes: attributes, startNs: start, durationNs: duration))
    }

    /// A `fixed64` time: a decimal string or a number, whole nanoseconds.
    static func nanoseconds(_ span: TraceJSON, _ key: String) throws -> Int64 {
        guard let value = span[key] else { throw TraceAccumulator.Refusal(reason: "has no \"\(key)\"") }
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: throw TraceAccumulator.Refusal(reason: "\"\(key)\" must be nanoseconds as a decimal string, found \(value.kindDescription)")
        }
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            throw TraceAccumulator.Refusal(reason: "\"\(key)\" is \(value.json), not whole nanoseconds since the epoch (OTLP times are unsigned integers in ns)")
        }
        do {
            return try TraceTime.nanoseconds(text, unit: .nanoseconds)
        } catch {
            throw TraceAccumulator.Refusal(reason: "\"\(key)\" \(text) overflows 64-bit nanoseconds")
        }
    }

    /// `[{"key": …, "value": AnyValue}]` as text by key (a missing or odd list gives none).
    static func attributes(_ list: TraceJSON?) -> [String: String] {
        guard case .array(let entries)? = list else { return [:] }
        var attributes: [String: String] = [:]
        for entry in entries {
            guard let key = entry["key"]?.string else { continue }
            attributes[key] = entry["value"].map(anyValue) ?? ""
        }
        return attributes
    }

    /// An AnyValue as text: the one field it holds.
    static func anyValue(_ value: TraceJSON) -> String {
        if let string = value["stringValue"]?.string { return string }
        for key in ["intValue", "doubleValue", "boolValue", "bytesValue"] {
            if let field = value[key] { return field.text }
        }
        if case .array(let values)? = value["arrayValue"]?["values"] {
            return "[" + values.map(anyValue).joined(separator: ",") + "]"
        }
        if let list = value["kvlistValue"]?["values"] {
            return "{" + attributes(list).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
        }
        return ""
    }
}
