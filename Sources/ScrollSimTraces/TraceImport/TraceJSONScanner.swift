import ScrollSimKit
/// A streaming JSON reader for trace files: it walks the document's structure from a
/// `TraceInput`, so a trace of ten million events is read in the memory of one event, never as
/// one tree (the kit's `JSONParser` builds the whole tree: about 25 bytes per input byte for
/// a file of small objects, 25 GB for a 1 GB trace). The values themselves — a key, an event,
/// a span — are parsed in place in the input's buffer by `TraceJSONCursor`, which holds the
/// grammar.
///
/// It is strict JSON (RFC 8259), like `JSONParser`: no comments, trailing commas, `NaN` or
/// leading zeros; strings must be UTF-8, with `\u` surrogates paired. Numbers are kept as their
/// text (`TraceJSON.number`), so times convert to nanoseconds exactly (`TraceTime`). Nesting
/// and the length of one string or number are bounded by `TraceLimits`. The two leniencies of
/// real trace-event files (a trailing comma, an unclosed events array) are the readers', not
/// the scanner's (`ChromeTraceReader`).
struct TraceJSONScanner {
    let input: TraceInput
    let limits: TraceLimits

    init(_ input: TraceInput) {
        self.input = input
        self.limits = input.limits
    }

    func error(_ reason: String) -> ScrollSimError { input.error(at: input.offset, reason) }

    /// What the next byte is, after whitespace: `{`, `[`, `"`, … (nil at the end).
    func peekSignificant() throws -> UInt8? {
        try input.skipWhitespace()
        return try input.peek()
    }

    func expect(_ byte: UInt8, _ what: String) throws {
        try input.skipWhitespace()
        guard let found = try input.peek() else { throw error("the file ends where \(what) was expected (truncated?)") }
        guard found == byte else { throw error("expected \(what), found \(Self.describe(found))") }
        input.skip()
    }

    /// Calls `body` with each key of an object, positioned at its value; `body` must read or
    /// skip the value. When the file ends inside the object and `acceptsEndOfFile` says so,
    /// the object ends there instead of being an error.
    func forEachMember(depth: Int, acceptsEndOfFile: () -> Bool = { false }, _ body: (String) throws -> Void) throws {
        guard depth <= limits.maximumDepth else { throw error("nesting deeper than \(limits.maximumDepth) levels") }
        try expect(UInt8(ascii: "{"), "an object")
        if try peekSignificant() == UInt8(ascii: "}") {
            input.skip()
            return
        }
        while true {
            try input.skipWhitespace()
            guard let byte = try input.peek() else {
                if acceptsEndOfFile() { return }
                throw error("the file ends inside an object (truncated?)")
            }
            guard byte == UInt8(ascii: "\"") else { throw error("expected a key in quotes, found \(Self.describe(byte))") }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':' after the key")
            try body(key)
            try input.skipWhitespace()
            let offset = input.offset
            switch try input.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            case nil:
                if acceptsEndOfFile() { return }
                throw error("the file ends inside an object (truncated?)")
            case let byte?: throw input.error(at: offset, "expected ',' or '}' after a member, found \(Self.describe(byte))")
            }
        }
    }

    /// Calls `body` with the index of each element of an array, positioned at it; `body` must
    /// read or skip the element.
    func forEachElement(depth: Int, _ body: (Int) throws -> Void) throws {
        guard depth <= limits.maximumDepth else { throw error("nesting deeper than \(limits.maximumDepth) levels") }
        try expect(UInt8(ascii: "["), "an array")
        if try peekSignificant() == UInt8(ascii: "]") {
            input.skip()
            return
        }
        var index = 0
        while true {
            try body(index)
            index += 1
            try input.skipWhitespace()
            let offset = input.offset
            switch try input.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            case nil: throw error("the file ends inside an array (truncated?)")
            case let byte?: throw input.error(at: offset, "expected ',' or ']' after an element, found \(Self.describe(byte))")
            }
        }
    }

    /// The next value as a small tree (for one span: its members, attributes and all), parsed
    /// in place.
    func value(depth: Int) throws -> TraceJSON {
        try input.parseInPlace { try $0.value(depth: depth) }
    }

    /// Skips the next value, building nothing: in place when it ends within the bytes read,
    /// else member by member (a `stackFrames` dictionary of a hundred megabytes is never held).
    func skipValue(depth: Int) throws {
        if try input.parseInPlaceIfBuffered({ try $0.skipValue(depth: depth) }) != nil { return }
        switch try peekSignificant() {
        case UInt8(ascii: "{"): try forEachMember(depth: depth + 1) { _ in try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try forEachElement(depth: depth + 1) { _ in try skipValue(depth: depth + 1) }
        default: try input.parseInPlace { try $0.skipValue(depth: depth) }
        }
    }

    /// A string (the opening quote next), its escapes decoded; the bytes must be UTF-8.
    func string() throws -> String {
        try input.parseInPlace { try $0.string() }
    }

    /// A byte for a message: the character, or its hex value when not printable ASCII.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
