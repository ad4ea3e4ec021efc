/// A streaming JSON reader for trace files: it walks the document token by token from a
/// `TraceInput`, so a trace of ten million events is read in the memory of one event, never as
/// one tree (the kit's `JSONParser` builds the whole tree: about 25 bytes per input byte for
/// a file of small objects, 25 GB for a 1 GB trace).
///
/// It is strict JSON (RFC 8259), like `JSONParser`: no comments, trailing commas, `NaN` or
/// leading zeros; strings must be UTF-8, with `\u` surrogates paired. Numbers are kept as their
/// text (`TraceJSON.number`), so times convert to nanoseconds exactly (`TraceTime`). Nesting
/// and the length of one string or number are bounded by `TraceLimits`.
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
    /// skip the value.
    func forEachMember(depth: Int, _ body: (String) throws -> Void) throws {
        guard depth <= limits.maximumDepth else { throw error("nesting deeper than \(limits.maximumDepth) levels") }
        try expect(UInt8(ascii: "{"), "an object")
        if try peekSignificant() == UInt8(ascii: "}") {
            input.skip()
            return
        }
        while true {
            try input.skipWhitespace()
            guard try input.peek() == UInt8(ascii: "\"") else {
                if let byte = try input.peek() { throw error("expected a key in quotes, found \(Self.describe(byte))") }
                throw error("the file ends inside an object (truncated?)")
            }
            let key = try string()
            try expect(UInt8(ascii: ":"), "':' after the key")
            try body(key)
            try input.skipWhitespace()
            switch try input.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            case nil: throw error("the file ends inside an object (truncated?)")
            case let byte?: throw ScrollSimError(file: input.path, location: TraceInput.lineAndColumn(of: input.offset - 1, inFile: input.path),
                                             message: "expected ',' or '}' after a member, found \(Self.describe(byte))")
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
            switch try input.next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            case nil: throw error("the file ends inside an array (truncated?)")
            case let byte?: throw ScrollSimError(file: input.path, location: TraceInput.lineAndColumn(of: input.offset - 1, inFile: input.path),
                                             message: "expected ',' or ']' after an element, found \(Self.describe(byte))")
            }
        }
    }

    /// The next value as a small tree (for one event: its members, `args` and all).
    func value(depth: Int) throws -> TraceJSON {
        guard let byte = try peekSignificant() else { throw error("the file ends where a value was expected (truncated?)") }
        switch byte {
        case UInt8(ascii: "{"):
            var members: [String: TraceJSON] = [:]
            try forEachMember(depth: depth + 1) { key in members[key] = try value(depth: depth + 1) }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [TraceJSON] = []
            try forEachElement(depth: depth + 1) { _ in elements.append(try value(depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try number())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            throw error("expected a value, found \(Self.describe(byte))")
        }
    }

    /// Skips the next value, building nothing (for the parts of a trace not read).
    func skipValue(depth: Int) throws {
        guard let byte = try peekSignificant() else { throw error("the file ends where a value was expected (truncated?)") }
        switch byte {
        case UInt8(ascii: "{"): try forEachMember(depth: depth + 1) { _ in try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try forEachElement(depth: depth + 1) { _ in try skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        default: _ = try value(depth: depth)
        }
    }

    private func literal(_ word: StaticString) throws {
        let start = input.offset
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard try input.next() == expected else { throw input.error(at: start, "not a JSON value (expected \(word))") }
        }
    }

    /// A number's text, checked against JSON's grammar.
    func number() throws -> String {
        let start = input.offset
        var text: [UInt8] = []
        while let byte = try input.peek() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard text.count < 400 else { throw input.error(at: start, "a number longer than 400 characters") }
                text.append(byte)
                input.skip()
            default:
                return try checked(text, start)
            }
        }
        return try checked(text, start)
    }

    private func checked(_ text: [UInt8], _ start: Int) throws -> String {
        // -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
        var i = 0
        func digits() -> Int {
            let from = i
            while i < text.count, text[i] >= 0x30, text[i] <= 0x39 { i += 1 }
            return i - from
        }
        if i < text.count, text[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let intDigits = digits()
        var valid = intDigits > 0 && !(intDigits > 1 && text[intStart] == 0x30)
        if valid, i < text.count, text[i] == UInt8(ascii: ".") {
            i += 1
            valid = digits() > 0
        }
        if valid, i < text.count, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i += 1
            if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
            valid = digits() > 0
        }
        let string = String(decoding: text, as: UTF8.self)
        guard valid, i == text.count else { throw input.error(at: start, "'\(string)' is not a JSON number") }
        return string
    }

    /// A string (the opening quote next), its escapes decoded; the bytes must be UTF-8.
    func string() throws -> String {
        let start = input.offset
        try expect(UInt8(ascii: "\""), "a string")
        var bytes: [UInt8] = []
        while true {
            guard let byte = try input.next() else { throw input.error(at: start, "the file ends inside this string (truncated?)") }
            guard bytes.count < limits.maximumTokenBytes else {
                throw input.error(at: start, "a string longer than \(limits.maximumTokenBytes) bytes")
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = TraceText.decode(bytes) else {
                    throw input.error(at: start, "this string is not UTF-8 text")
                }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &bytes)
            case 0x0A, 0x0D:
                throw input.error(at: start, "this string is not closed before the end of its line (a truncated file?)")
            case 0..<0x20:
                throw input.error(at: input.offset - 1, "a control character inside a string (write it as \\u00XX)")
            default:
                bytes.append(byte)
            }
        }
    }

    private func escape(into bytes: inout [UInt8]) throws {
        let at = input.offset - 1
        guard let byte = try input.next() else { throw input.error(at: at, "the file ends inside an escape (truncated?)") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(at)
            if (0xD800..<0xDC00).contains(scalar) {
                guard try input.next() == UInt8(ascii: "\\"), try input.next() == UInt8(ascii: "u") else {
                    throw input.error(at: at, "an unpaired surrogate in a \\u escape")
                }
                let low = try hex4(at)
                guard (0xDC00..<0xE000).contains(low) else { throw input.error(at: at, "an unpaired surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw input.error(at: at, "an unpaired surrogate in a \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw input.error(at: at, "an invalid \\u escape") }
            bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            throw input.error(at: at, "an invalid escape '\\\(Self.describe(byte))'")
        }
    }

    private func hex4(_ at: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try input.next() else { throw input.error(at: at, "the file ends inside an escape (truncated?)") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw input.error(at: at, "a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// A byte for a message: the character, or its hex value when not printable ASCII.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }
}
