import Foundation

/// A strict JSON parser (RFC 8259) that says where a problem is, by line and column.
///
/// It accepts exactly JSON: no trailing commas, no comments, no `NaN` or `Infinity`, no
/// leading zeros or `+` signs, no control characters in strings, no unpaired surrogates in
/// `\u` escapes, and nothing after the value but whitespace. The text must be UTF-8: a UTF-8
/// byte-order mark is skipped; a UTF-16 or UTF-32 one, or bytes that are not UTF-8, are errors
/// that say so. A key repeated in one object is an error too (JSON leaves its meaning open,
/// and a configuration whose second `"duration"` silently wins is a trap); the parse goes on
/// past it, so every repeated key in a file is reported (`duplicates`), and `parse()` throws
/// the first.
///
/// Memory: the value tree itself (24 bytes per value, and a dictionary per object) plus, while
/// an array is being read, a scratch stack of its members; arrays are stored at their exact
/// size. An array of one-digit numbers needs about 12 bytes per input byte (a digit and its
/// comma are two bytes, one 24-byte value); a file made of tiny objects is the worst case, at
/// about 25 bytes per input byte for the whole validation (an 8.7 MB script of 300,000 events
/// needs 225 MB). Reports and typical scenarios need a few times their size. Callers bound the
/// input (`ScenarioLimits.fileBytes`, `Report.maximumFileBytes`). Nesting is limited to
/// `maximumDepth` levels.
///
/// Lines count line feeds; columns count Unicode scalars from 1, so a column is what an
/// editor shows for text without tabs.
public struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 128
    /// The most repeated keys recorded (the parse goes on, counting no more).
    public static let maximumDuplicates = 100

    /// The value, and every repeated key found, in the order found.
    public struct Result {
        public var value: JSONValue
        public var duplicates: [ScrollSimError.Problem]
    }

    /// Parses `bytes` as one JSON document.
    /// - Throws: `ScrollSimError` (`syntax`: a bare problem at its line and column) at the first
    ///   syntax error (not at a repeated key: see `Result.duplicates`).
    /// - Complexity: O(n) in the length of the text.
    public static func parseAllowingDuplicates(_ bytes: [UInt8]) throws -> Result {
        try bytes.withUnsafeBufferPointer { try parseAllowingDuplicates($0) }
    }

    /// Parses the bytes of a buffer (a line of a larger text, say) as one JSON document.
    public static func parseAllowingDuplicates(_ buffer: UnsafeBufferPointer<UInt8>) throws -> Result {
        var parser = Parser(buffer)
        let value = try parser.document()
        return Result(value: value, duplicates: parser.duplicates.flatMap { parser.error(at: $0.offset, $0.detail).problems })
    }

    /// Parses `bytes` as one JSON document; a repeated key is an error.
    /// - Throws: `ScrollSimError` at the first syntax error or repeated key, whichever
    ///   comes first in the text.
    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        let result = try parseAllowingDuplicates(bytes)
        if let first = result.duplicates.first { throw ScrollSimError(first) }
        return result.value
    }

    /// Parses `bytes` as `parse(_:)` does, except that the members of the top-level object
    /// named in `skipping` are checked and left out: their text is scanned as strictly as the
    /// rest (the same syntax errors at the same line and column, repeated keys inside them
    /// too) but no value is built for it. A reader that needs a report's summary and not its
    /// frames and events reads it so, at a small part of the cost and the memory.
    /// - Throws: `ScrollSimError` as `parse(_:)`, with the same error for the same text.
    /// - Complexity: O(n) in the length of the text; memory for the members kept only.
    public static func parse(_ bytes: [UInt8], skipping: Set<String>) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer)
            parser.skipping = skipping
            let value = try parser.document()
            if let first = parser.duplicates.first { throw parser.error(at: first.offset, first.detail) }
            return value
        }
    }

    /// Parses `bytes` as one JSON document (a repeated key is an error) and says where every
    /// object member's key and value (and every array item) lie in the text, innermost first:
    /// what an edit that must
    /// leave everything else byte for byte as it was needs (`ScenarioTextEdit`).
    /// - Throws: `ScrollSimError` as `parse`.
    public static func parseWithSpans(_ bytes: [UInt8]) throws -> (value: JSONValue, spans: [JSONSpan]) {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer)
            parser.spans = []
            let value = try parser.document()
            if let first = parser.duplicates.first { throw parser.error(at: first.offset, first.detail) }
            return (value, parser.spans ?? [])
        }
    }

    /// The line and column (1-based; columns in Unicode scalars) of a byte offset into UTF-8 text.
    public static func lineAndColumn(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = max(0, min(offset, bytes.count))
        var line = 1
        var column = 1
        var i = 0
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Not a UTF-8 continuation byte: a new scalar (or a stray byte) starts here.
                column += 1
            }
            i += 1
        }
        return (line, column)
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        var depth = 0
        var duplicates: [(offset: Int, detail: String)] = []
        /// Members of the arrays being read, innermost last: copied out at each array's end.
        var scratch: [JSONValue] = []
        /// Keys of the objects being read, innermost last, each with where it was written: a
        /// repeated key is found by comparing the key with its object's keys so far, cheaper
        /// than hashing it twice for the handful of keys most objects have (`SeenKeys`).
        var keys: [(key: String, offset: Int)] = []
        /// Where object members lie, when asked for (`parseWithSpans`); nil otherwise.
        var spans: [JSONSpan]?
        /// The key path of the value being read, while spans are recorded.
        var path: [JSONSpan.Component] = []
        /// Members of the top-level object that are checked but not kept (`parse(_:skipping:)`).
        var skipping: Set<String> = []

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func error(at offset: Int, _ detail: String) -> ScrollSimError {
            let (line, column) = JSONParser.lineAndColumn(ofByte: offset, in: bytes)
            return .syntax(line: line, column: column, detail)
        }

        func fail(_ detail: String) -> ScrollSimError { error(at: i, detail) }

        mutating func document() throws -> JSONValue {
            try byteOrderMark()
            skipWhitespace()
            guard i < bytes.count else {
                throw error(at: 0, "the file is empty")
            }
            let value = try self.value()
            skipWhitespace()
            if i < bytes.count {
                if bytes[i] == UInt8(ascii: ",") {
                    throw fail("a comma after the last value: remove it")
                }
                if bytes[i] == UInt8(ascii: "/") { throw fail(commentMessage) }
                throw fail("unexpected \(describe(at: i)) after the end of the JSON value")
            }
            return value
        }

        mutating func byteOrderMark() throws {
            let b = bytes
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF {
                i = 3
                return
            }
            if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF {
                throw error(at: 0, "the file is UTF-32 (big-endian byte-order mark); save it as UTF-8")
            }
            if b.count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 {
                throw error(at: 0, "the file is UTF-32 (little-endian byte-order mark); save it as UTF-8")
            }
            if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF {
                throw error(at: 0, "the file is UTF-16 (big-endian byte-order mark); save it as UTF-8")
            }
            if b.count >= 2, b[0] == 0xFF, b[1] == 0xFE {
                throw error(at: 0, "the file is UTF-16 (little-endian byte-order mark); save it as UTF-8")
            }
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x0A, 0x0D, 0x09: i += 1
                default: return
                }
            }
        }

        var commentMessage: String { "comments are not allowed in JSON" }

        /// What is at `offset`, for a message: a character in quotes, or a byte in hex.
        func describe(at offset: Int) -> String {
            guard offset < bytes.count else { return "end of the file" }
            let byte = bytes[offset]
            if byte == 0 { return "byte 0x00 (is the file UTF-16? save it as UTF-8)" }
            if byte < 0x20 || byte == 0x7F { return "control character U+\(hex(UInt32(byte), 4))" }
            if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
            if let (scalar, _) = decodeScalar(at: offset) { return "'\(Character(scalar))'" }
            return "byte 0x\(hex(UInt32(byte), 2)), which is not UTF-8"
        }

        func hex(_ value: UInt32, _ width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }

        mutating func value() throws -> JSONValue {
            guard i < bytes.count else { throw fail("unexpected end of the file: expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            case UInt8(ascii: "/"): throw fail(commentMessage)
            case UInt8(ascii: "'"): throw fail("strings are written in double quotes (\"), not single quotes")
            case UInt8(ascii: "+"): throw fail("a number cannot start with '+'")
            case UInt8(ascii: "."): throw fail("a number needs a digit before the '.'")
            default:
                if startsWord("NaN") || startsWord("Infinity") {
                    throw fail("NaN and Infinity are not JSON numbers")
                }
                throw fail("expected a value, found \(describe(at: i))")
            }
        }

        func startsWord(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count else { return false }
            for k in 0..<w.count where bytes[i + k] != w[k] { return false }
            return true
        }

        mutating func literal(_ word: String, _ value: JSONValue) throws -> JSONValue {
            guard startsWord(word) else { throw fail("expected a value, found \(describe(at: i))") }
            i += word.utf8.count
            return value
        }

        mutating func enter() throws {
            depth += 1
            if depth > JSONParser.maximumDepth {
                throw fail("arrays and objects nested more than \(JSONParser.maximumDepth) deep")
            }
        }

        /// An object; checked and not built when `building` is false (`skipValue`).
        mutating func object(building: Bool = true) throws -> JSONValue {
            try enter()
            i += 1
            var members: [String: JSONValue] = [:]
            var seen = SeenKeys(base: keys.count)
            defer { keys.removeSubrange(seen.base...) }
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard i < bytes.count else { throw fail("unexpected end of the file inside an object: expected a key") }
                guard bytes[i] == UInt8(ascii: "\"") else {
                    if bytes[i] == UInt8(ascii: "}") { throw fail("a comma before '}': remove it (trailing commas are not JSON)") }
                    if bytes[i] == UInt8(ascii: "/") { throw fail(commentMessage) }
                    if bytes[i] == UInt8(ascii: "'") { throw fail("keys are written in double quotes (\"), not single quotes") }
                    throw fail("expected a key in double quotes, found \(describe(at: i))")
                }
                let keyOffset = i
                let key = try string()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after the key \"\(key)\", found \(describe(at: i))")
                }
                i += 1
                skipWhitespace()
                let valueStart = i
                if spans != nil { path.append(.key(key)) }
                let kept = building && !(depth == 1 && !skipping.isEmpty && skipping.contains(key))
                let member: JSONValue
                if kept {
                    member = try value()
                } else {
                    try skipValue()
                    member = .null
                }
                if spans != nil {
                    path.removeLast()
                    spans?.append(JSONSpan(path: path + [.key(key)], key: keyOffset..<valueStart, value: valueStart..<i))
                }
                if let first = seen.firstOffset(of: key, recording: keyOffset, in: &keys) {
                    if duplicates.count < JSONParser.maximumDuplicates {
                        let (line, column) = JSONParser.lineAndColumn(ofByte: first, in: bytes)
                        duplicates.append((keyOffset, "duplicate key \"\(key)\" (first at \(line):\(column)); give each key once"))
                    }
                } else if kept {
                    members[key] = member
                }
                skipWhitespace()
                guard i < bytes.count else { throw fail("unexpected end of the file inside an object: expected ',' or '}'") }
                switch bytes[i] {
                case UInt8(ascii: ","):
                    i += 1
                case UInt8(ascii: "}"):
                    i += 1
                    depth -= 1
                    return .object(members)
                case UInt8(ascii: "/"):
                    throw fail(commentMessage)
                default:
                    throw fail("expected ',' or '}' after a value in an object, found \(describe(at: i))")
                }
            }
        }

        /// An array; checked and not built when `building` is false (`skipValue`).
        mutating func array(building: Bool = true) throws -> JSONValue {
            try enter()
            i += 1
            let base = scratch.count
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return .array([])
            }
            while true {
                skipWhitespace()
                guard i < bytes.count else { throw fail("unexpected end of the file inside an array: expected a value") }
                if bytes[i] == UInt8(ascii: "]") { throw fail("a comma before ']': remove it (trailing commas are not JSON)") }
                let itemStart = i
                if spans != nil { path.append(.index(scratch.count - base)) }
                if building {
                    scratch.append(try value())
                } else {
                    try skipValue()
                }
                if spans != nil {
                    spans?.append(JSONSpan(path: path, key: itemStart..<itemStart, value: itemStart..<i))
                    path.removeLast()
                }
                skipWhitespace()
                guard i < bytes.count else { throw fail("unexpected end of the file inside an array: expected ',' or ']'") }
                switch bytes[i] {
                case UInt8(ascii: ","):
                    i += 1
                case UInt8(ascii: "]"):
                    i += 1
                    depth -= 1
                    let items = Array(scratch[base...])
                    scratch.removeSubrange(base...)
                    return .array(items)
                case UInt8(ascii: "/"):
                    throw fail(commentMessage)
                default:
                    throw fail("expected ',' or ']' after a value in an array, found \(describe(at: i))")
                }
            }
        }

        /// Decodes the UTF-8 scalar at `offset` (strictly: no overlong forms, no surrogates,
        /// nothing above U+10FFFF), with its length in bytes.
        func decodeScalar(at offset: Int) -> (Unicode.Scalar, Int)? {
            let b0 = bytes[offset]
            let length: Int
            var value: UInt32
            switch b0 {
            case 0x00...0x7F: return (Unicode.Scalar(b0), 1)
            case 0xC2...0xDF: length = 2; value = UInt32(b0 & 0x1F)
            case 0xE0...0xEF: length = 3; value = UInt32(b0 & 0x0F)
            case 0xF0...0xF4: length = 4; value = UInt32(b0 & 0x07)
            default: return nil
            }
            guard offset + length <= bytes.count else { return nil }
            for k in 1..<length {
                let b = bytes[offset + k]
                guard b & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(b & 0x3F)
            }
            let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, length)
        }

        mutating func string() throws -> String {
            i += 1
            let start = i
            // Fast path: no escapes — the bytes are the string, once checked.
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                    i += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                try checkStringByte()
            }
            guard i < bytes.count else { throw error(at: start - 1, "a string that never ends: a closing '\"' is missing") }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self).unicodeScalars)
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    i += 1
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\\") {
                    scalars.append(try escape())
                    continue
                }
                let before = i
                try checkStringByte()
                if let (scalar, _) = decodeScalar(at: before) { scalars.append(scalar) }
            }
            throw error(at: start - 1, "a string that never ends: a closing '\"' is missing")
        }

        /// Checks the (unescaped) byte at `i` in a string and moves past its scalar.
        mutating func checkStringByte() throws {
            let byte = bytes[i]
            if byte < 0x20 {
                if byte == 0x0A { throw fail("a line break inside a string: write \\n, or close the string") }
                throw fail("control character U+\(hex(UInt32(byte), 4)) inside a string: write it as \\u\(hex(UInt32(byte), 4))")
            }
            if byte < 0x80 {
                i += 1
                return
            }
            guard let (_, length) = decodeScalar(at: i) else {
                throw fail("byte 0x\(hex(UInt32(byte), 2)) is not UTF-8: save the file as UTF-8")
            }
            i += length
        }

        mutating func escape() throws -> Unicode.Scalar {
            let at = i
            i += 1
            guard i < bytes.count else { throw fail("unexpected end of the file in an escape") }
            let c = bytes[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let high = try hex4(escapeAt: at)
                if (0xDC00...0xDFFF).contains(high) {
                    throw error(at: at, "\\u\(hex(high, 4)) is half of a surrogate pair without its first half")
                }
                if (0xD800...0xDBFF).contains(high) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error(at: at, "\\u\(hex(high, 4)) is half of a surrogate pair without its second half")
                    }
                    let second = i
                    i += 2
                    let low = try hex4(escapeAt: second)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error(at: at, "\\u\(hex(high, 4)) is half of a surrogate pair without its second half")
                    }
                    let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    // A valid pair always gives a scalar in U+10000...U+10FFFF.
                    return Unicode.Scalar(value) ?? "\u{FFFD}"
                }
                return Unicode.Scalar(high) ?? "\u{FFFD}"
            default:
                throw error(at: at, "invalid escape \\\(describeEscaped(c)): JSON escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
            }
        }

        func describeEscaped(_ c: UInt8) -> String {
            (0x21..<0x7F).contains(c) ? String(Character(Unicode.Scalar(c))) : "(byte 0x\(hex(UInt32(c), 2)))"
        }

        mutating func hex4(escapeAt at: Int) throws -> UInt32 {
            guard i + 4 <= bytes.count else { throw error(at: at, "a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: throw error(at: at, "a \\u escape needs four hex digits")
                }
                value = value << 4 | UInt32(digit)
                i += 1
            }
            return value
        }

        /// Checks the value at `i` as `value()` does, and moves past it without building it:
        /// the same errors, from the same code, but no strings, numbers or containers made.
        mutating func skipValue() throws {
            guard i < bytes.count else { throw fail("unexpected end of the file: expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "{"): _ = try object(building: false)
            case UInt8(ascii: "["):
                if !skipPlainArray() { _ = try array(building: false) }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let end = plainNumberEnd(i) {
                    i = end
                } else {
                    _ = try number(building: false)
                }
            default: _ = try value()   // a literal (nothing to build), or the error value() gives
            }
        }

        /// Where the number at `k` ends, when it has the plain form `-?(0|[1-9][0-9]*)(.[0-9]+)?`
        /// with fewer than 300 integral digits and no exponent (every number a report writes);
        /// nil for anything else, which `number()` reads (and refuses, if it must).
        @inline(__always)
        func plainNumberEnd(_ start: Int) -> Int? {
            let n = bytes.count
            var k = start
            if k < n, bytes[k] == UInt8(ascii: "-") { k += 1 }
            let integral = k
            guard k < n, bytes[k] &- 0x30 < 10 else { return nil }
            if bytes[k] == UInt8(ascii: "0") {
                k += 1
            } else {
                while k < n, bytes[k] &- 0x30 < 10 { k += 1 }
                guard k - integral < 300 else { return nil }
            }
            if k < n, bytes[k] == UInt8(ascii: ".") {
                k += 1
                guard k < n, bytes[k] &- 0x30 < 10 else { return nil }
                while k < n, bytes[k] &- 0x30 < 10 { k += 1 }
            }
            if k < n, bytes[k] | 0x20 == UInt8(ascii: "e") || bytes[k] &- 0x30 < 10 { return nil }
            return k
        }

        /// Moves past the array at `i` when it is of the plain form a report's columns have —
        /// one line, no spaces, of plain numbers (`plainNumberEnd`), printable ASCII strings
        /// without escapes, and `null` — and says whether it did. Anything else (whitespace,
        /// nesting, escapes, UTF-8, an error) leaves `i` where it was, for `array()` to read
        /// from the start: this path accepts only valid JSON, so every error is `array()`'s.
        mutating func skipPlainArray() -> Bool {
            guard depth < JSONParser.maximumDepth else { return false }
            let n = bytes.count
            var k = i + 1
            guard k < n else { return false }
            if bytes[k] == UInt8(ascii: "]") {
                i = k + 1
                return true
            }
            // The last member's text: a member that repeats it byte for byte up to a delimiter
            // is that same valid text, and is stepped over without being read again (nine in
            // ten of a report's column values repeat the one before).
            var last = 0
            var lastCount = 0
            let base = bytes.baseAddress!
            while k < n {
                // A run of a one-byte member (`0,0,0,0,`, the commonest run) four at a time.
                if lastCount == 1 {
                    let run = UInt64(bytes[last]) &* 0x0001_0001_0001_0001 | 0x2C00_2C00_2C00_2C00
                    while k + 8 <= n, UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)) == run { k += 8 }
                }
                if lastCount > 0, k + lastCount < n, sameBytes(k, last, lastCount),
                   bytes[k + lastCount] == UInt8(ascii: ",") || bytes[k + lastCount] == UInt8(ascii: "]") {
                    k += lastCount
                    if bytes[k] == UInt8(ascii: "]") {
                        i = k + 1
                        return true
                    }
                    k += 1
                    continue
                }
                let member = k
                let c = bytes[k]
                if c == UInt8(ascii: "\"") {
                    k += 1
                    while k < n, bytes[k] >= 0x20, bytes[k] < 0x80, bytes[k] != UInt8(ascii: "\""), bytes[k] != UInt8(ascii: "\\") { k += 1 }
                    guard k < n, bytes[k] == UInt8(ascii: "\"") else { return false }
                    k += 1
                } else if c == UInt8(ascii: "n") {
                    guard k + 4 <= n, bytes[k + 1] == UInt8(ascii: "u"), bytes[k + 2] == UInt8(ascii: "l"), bytes[k + 3] == UInt8(ascii: "l") else { return false }
                    k += 4
                } else {
                    guard let end = plainNumberEnd(k) else { return false }
                    k = end
                }
                guard k < n else { return false }
                last = member
                lastCount = k - member
                if bytes[k] == UInt8(ascii: ",") {
                    k += 1
                } else if bytes[k] == UInt8(ascii: "]") {
                    i = k + 1
                    return true
                } else {
                    return false
                }
            }
            return false
        }

        /// Whether the `count` bytes at `a` are those at `b` (`a` + `count` within the text).
        @inline(__always)
        func sameBytes(_ a: Int, _ b: Int, _ count: Int) -> Bool {
            let base = bytes.baseAddress!
            if count <= 8 && a + 8 <= bytes.count {
                // One word each, the bytes past `count` masked off.
                let mask: UInt64 = count == 8 ? ~0 : (1 << (UInt64(count) * 8)) - 1
                let x = UInt64(littleEndian: UnsafeRawPointer(base + a).loadUnaligned(as: UInt64.self))
                let y = UInt64(littleEndian: UnsafeRawPointer(base + b).loadUnaligned(as: UInt64.self))
                return (x ^ y) & mask == 0
            }
            if count <= 16 && a + 16 <= bytes.count {
                let mask: UInt64 = count == 16 ? ~0 : (1 << (UInt64(count - 8) * 8)) - 1
                let x = UInt64(littleEndian: UnsafeRawPointer(base + a + 8).loadUnaligned(as: UInt64.self))
                let y = UInt64(littleEndian: UnsafeRawPointer(base + b + 8).loadUnaligned(as: UInt64.self))
                return UnsafeRawPointer(base + a).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(base + b).loadUnaligned(as: UInt64.self)
                    && (x ^ y) & mask == 0
            }
            return memcmp(base + a, base + b, count) == 0
        }

        /// Checks a string as `string()` does, and moves past it.
        mutating func skipString() throws {
            i += 1
            let start = i
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    i += 1
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    _ = try escape()
                    continue
                }
                if byte >= 0x20, byte < 0x80 {
                    i += 1
                    continue
                }
                try checkStringByte()
            }
            throw error(at: start - 1, "a string that never ends: a closing '\"' is missing")
        }

        /// A number; when `building` is false its value is not computed unless it might be too
        /// large for a double (an exponent, or hundreds of digits), which is an error either way.
        mutating func number(building: Bool = true) throws -> Double {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func isDigit(_ k: Int) -> Bool { k < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k]) }
            guard isDigit(i) else {
                if startsWord("Infinity") { throw error(at: start, "NaN and Infinity are not JSON numbers") }
                throw error(at: start, "a '-' must be followed by digits")
            }
            if bytes[i] == UInt8(ascii: "0") && isDigit(i + 1) {
                throw error(at: start, "a number cannot start with 0 followed by digits (leading zeros are not JSON)")
            }
            var integral: UInt64 = 0
            var digits = 0
            while isDigit(i) {
                if digits < 18 { integral = integral * 10 + UInt64(bytes[i] - UInt8(ascii: "0")) }
                digits += 1
                i += 1
            }
            var simple = digits <= 15
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { throw error(at: start, "a number needs a digit after the '.'") }
                while isDigit(i) { i += 1 }
                simple = false
            }
            var exponent = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                exponent = true
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard isDigit(i) else { throw error(at: start, "a number needs digits after its exponent 'e'") }
                while isDigit(i) { i += 1 }
                simple = false
            }
            if simple {
                let value = Double(integral)
                return bytes[start] == UInt8(ascii: "-") ? -value : value
            }
            if !building, digits < 300, !exponent { return 0 }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw error(at: start, "\(text) is too large for a number (the largest is about 1.8e308)")
            }
            return value
        }
    }
}

/// Where an object member or array item lies in JSON text (`JSONParser.parseWithSpans`):
/// byte offsets.
public struct JSONSpan: Equatable, Sendable {
    public enum Component: Equatable, Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The member's key path from the document's root (its own key last).
    public var path: [Component]
    /// From the key's opening quote to the first byte of the value (the key, the colon and
    /// the whitespace around it); empty, at the value, for an array item.
    public var key: Range<Int>
    /// The value's bytes, from its first to its last (a closing brace or bracket included).
    public var value: Range<Int>
}
