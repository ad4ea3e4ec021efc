import ScrollSimKit
/// A strict JSON parser over bytes that lie contiguously in memory: the part of a trace's
/// buffer that `TraceInput.parseInPlace` hands it. It is the grammar of `TraceJSONScanner` —
/// RFC 8259 with no comments, trailing commas, `NaN` or leading zeros; strings UTF-8, `\u`
/// surrogates paired; nesting and the length of one string or number bounded by
/// `TraceLimits` — for one value at a time, and it copies nothing it only compares or skips:
/// `stringToken()` gives a string's bytes where they lie, with whether they need decoding.
///
/// When the bytes end before the value does and they are not the end of the file (`final`
/// false), it stops with `Stop.needMore`; the caller reads more and parses again from the
/// start. Every other failure is `Stop.invalid` with its offset in `bytes` and the reason.
struct TraceJSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether `bytes` run to the end of the file.
    let final: Bool
    let limits: TraceLimits
    var index = 0

    enum Stop: Error {
        case needMore
        case invalid(at: Int, String)
    }

    /// A string as found: its content's range in `bytes` (between the quotes), and whether it
    /// is plain — without escapes, so its bytes are its text.
    struct StringToken {
        var range: Range<Int>
        var plain: Bool
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, limits: TraceLimits) {
        self.bytes = bytes
        self.final = final
        self.limits = limits
    }

    func invalid(_ at: Int, _ reason: String) -> Stop { .invalid(at: at, reason) }

    /// The bytes ran out: the end of the file (`reason`, located there) or more to read.
    func ranOut(_ reason: String) -> Stop { final ? .invalid(at: bytes.count, reason) : .needMore }

    @inline(__always) mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// The next byte after whitespace, not consumed; nil at the end of the file.
    mutating func peekSignificant() throws -> UInt8? {
        skipWhitespace()
        if index < bytes.count { return bytes[index] }
        if final { return nil }
        throw Stop.needMore
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard let found = try peekSignificant() else { throw invalid(index, "the file ends where \(what) was expected (truncated?)") }
        guard found == byte else { throw invalid(index, "expected \(what), found \(TraceJSONScanner.describe(found))") }
        index += 1
    }

    /// Calls `body` with each key of the object that comes next, positioned at its value;
    /// `body` must parse or skip the value (with the cursor it is given).
    mutating func forEachMember(depth: Int, _ body: (inout TraceJSONCursor, StringToken) throws -> Void) throws {
        guard depth <= limits.maximumDepth else { throw invalid(index, "nesting deeper than \(limits.maximumDepth) levels") }
        try expect(UInt8(ascii: "{"), "an object")
        if try peekSignificant() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw ranOut("the file ends inside an object (truncated?)") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw invalid(index, "expected a key in quotes, found \(TraceJSONScanner.describe(bytes[index]))") }
            let key = try stringToken()
            try expect(UInt8(ascii: ":"), "':' after the key")
            try body(&self, key)
            skipWhitespace()
            guard index < bytes.count else { throw ranOut("the file ends inside an object (truncated?)") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return
            default: throw invalid(index - 1, "expected ',' or '}' after a member, found \(TraceJSONScanner.describe(byte))")
            }
        }
    }

    /// Calls `body` with each element of the array that comes next, positioned at it.
    mutating func forEachElement(depth: Int, _ body: (inout TraceJSONCursor) throws -> Void) throws {
        guard depth <= limits.maximumDepth else { throw invalid(index, "nesting deeper than \(limits.maximumDepth) levels") }
        try expect(UInt8(ascii: "["), "an array")
        if try peekSignificant() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            try body(&self)
            skipWhitespace()
            guard index < bytes.count else { throw ranOut("the file ends inside an array (truncated?)") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return
            default: throw invalid(index - 1, "expected ',' or ']' after an element, found \(TraceJSONScanner.describe(byte))")
            }
        }
    }

    /// The next value as a small tree.
    mutating func value(depth: Int) throws -> TraceJSON {
        guard let byte = try peekSignificant() else { throw invalid(index, "the file ends where a value was expected (truncated?)") }
        switch byte {
        case UInt8(ascii: "{"):
            var members: [String: TraceJSON] = [:]
            try forEachMember(depth: depth + 1) { cursor, key in members[cursor.text(key)] = try cursor.value(depth: depth + 1) }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [TraceJSON] = []
            try forEachElement(depth: depth + 1) { cursor in elements.append(try cursor.value(depth: depth + 1)) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(text(try stringToken()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(text(try numberToken()))
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
            throw invalid(index, "expected a value, found \(TraceJSONScanner.describe(byte))")
        }
    }

    /// Skips the next value, checking it and building nothing.
    mutating func skipValue(depth: Int) throws {
        guard let byte = try peekSignificant() else { throw invalid(index, "the file ends where a value was expected (truncated?)") }
        switch byte {
        case UInt8(ascii: "{"): try forEachMember(depth: depth + 1) { cursor, _ in try cursor.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try forEachElement(depth: depth + 1) { cursor in try cursor.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try stringToken()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberToken()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw invalid(index, "expected a value, found \(TraceJSONScanner.describe(byte))")
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let start = index
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard index < bytes.count else { throw ranOut("not a JSON value (expected \(word))").located(at: start) }
            guard bytes[index] == expected else { throw invalid(start, "not a JSON value (expected \(word))") }
            index += 1
        }
    }

    /// A number (next, after whitespace), checked against JSON's grammar —
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` — in one pass: its bytes' range.
    mutating func numberToken() throws -> Range<Int> {
        skipWhitespace()
        let start = index
        let end = bytes.count
        @inline(__always) func isDigit(_ i: Int) -> Bool { i < end && bytes[i] &- 0x30 < 10 }
        var i = start
        if i < end, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let integer = i
        while isDigit(i) { i += 1 }
        var valid = i > integer && !(i - integer > 1 && bytes[integer] == 0x30)
        if valid, i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fraction = i
            while isDigit(i) { i += 1 }
            valid = i > fraction
        }
        if valid, i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            let exponent = i
            while isDigit(i) { i += 1 }
            valid = i > exponent
        }
        // What looks like more of the number after the grammar's end makes it invalid whole.
        while i < end, Self.isNumberByte(bytes[i]) {
            valid = false
            i += 1
        }
        guard i - start <= 400 else { throw invalid(start, "a number longer than 400 characters") }
        // A number that reaches the end of the bytes may go on in the next ones.
        if i == end && !final { throw Stop.needMore }
        index = i
        guard valid else { throw invalid(start, "'\(text(start..<i))' is not a JSON number") }
        return start..<i
    }

    @inline(__always) private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return true
        default: return false
        }
    }

    /// The string that comes next (after whitespace), checked — escapes valid, UTF-8, no
    /// control characters, at most `maximumTokenBytes` — and consumed.
    mutating func stringToken() throws -> StringToken {
        skipWhitespace()
        guard index < bytes.count else { throw ranOut("the file ends where a string was expected (truncated?)") }
        guard bytes[index] == UInt8(ascii: "\"") else { throw invalid(index, "expected a string, found \(TraceJSONScanner.describe(bytes[index]))") }
        let start = index
        index += 1
        var plain = true
        var high = false
        let limit = min(bytes.count, start + 1 + limits.maximumTokenBytes)
        while true {
            // The plain run, at memory speed.
            var i = index
            while i < limit {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                i += 1
            }
            index = i
            guard i < limit else {
                if limit < bytes.count || i - start - 1 >= limits.maximumTokenBytes {
                    throw invalid(start, "a string longer than \(limits.maximumTokenBytes) bytes")
                }
                throw ranOut("the file ends inside this string (truncated?)").located(at: start)
            }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let range = start + 1..<i
                if high, !Self.isUTF8(UnsafeBufferPointer(rebasing: bytes[range])) {
                    throw invalid(start, "this string is not UTF-8 text")
                }
                return StringToken(range: range, plain: plain)
            case UInt8(ascii: "\\"):
                plain = false
                try checkEscape(start: start)
            case 0x0A, 0x0D:
                throw invalid(start, "this string is not closed before the end of its line (a truncated file?)")
            case 0..<0x20:
                throw invalid(i, "a control character inside a string (write it as \\u00XX)")
            default:
                high = true
                index += 1
            }
        }
    }

    /// Checks the escape at `index` (a backslash) and moves past it.
    private mutating func checkEscape(start: Int) throws {
        let at = index
        index += 1
        guard index < bytes.count else { throw ranOut("the file ends inside an escape (truncated?)").located(at: at) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let scalar = try hex4(at)
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count || final else { throw Stop.needMore }
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw invalid(at, "an unpaired surrogate in a \\u escape")
                }
                index += 2
                let low = try hex4(at)
                guard (0xDC00..<0xE000).contains(low) else { throw invalid(at, "an unpaired surrogate in a \\u escape") }
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw invalid(at, "an unpaired surrogate in a \\u escape")
            }
        default:
            throw invalid(at, "an invalid escape '\\\(TraceJSONScanner.describe(byte))'")
        }
    }

    private mutating func hex4(_ at: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw ranOut("the file ends inside an escape (truncated?)").located(at: at) }
            let byte = bytes[index]
            index += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
            default: throw invalid(at, "a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// The next string, decoded.
    mutating func string() throws -> String {
        text(try stringToken())
    }

    /// A checked token's text: a string's with its escapes decoded, a number's as written.
    func text(_ token: StringToken) -> String {
        if token.plain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self) }
        var decoded: [UInt8] = []
        decode(token, into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Appends a checked string's bytes to `out`, its escapes decoded.
    func decode(_ token: StringToken, into out: inout [UInt8]) {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
        if token.plain {
            out.append(contentsOf: raw)
            return
        }
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            i += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            let escaped = raw[i]
            i += 1
            switch escaped {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                func hex(_ at: Int) -> UInt32 {
                    (0..<4).reduce(0) { value, k in
                        let digit = raw[at + k]
                        return value << 4 | UInt32(digit <= 0x39 ? digit - 0x30 : (digit | 0x20) - 0x61 + 10)
                    }
                }
                var scalar = hex(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(i + 2) - 0xDC00)
                    i += 6
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                out.append(escaped)
            }
        }
    }

    /// Whether `bytes` are UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8.ForwardParser()
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

extension TraceJSONCursor.Stop {
    /// The same stop, an invalid one placed at `offset` (a message about the string or escape
    /// that starts there rather than about the end of the bytes).
    func located(at offset: Int) -> TraceJSONCursor.Stop {
        if case .invalid(_, let reason) = self { return .invalid(at: offset, reason) }
        return self
    }
}
