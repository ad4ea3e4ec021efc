/// JSON text in `JSONWriter`'s format, written piece by piece straight into bytes, for output
/// too large to build as a `JSONValue` first: a report's frames and events (`ReportBuilder`).
///
/// Small pieces go into a fixed chunk that is copied to the output when full, so writing a
/// number checks for room once and stores its bytes; nothing is allocated per value. The caller
/// writes keys in sorted order and lays out objects as `JSONWriter` does: one key per line,
/// arrays of scalars on one line.
struct JSONStream: ~Copyable {
    private var bytes: [UInt8]
    private let chunk: UnsafeMutablePointer<UInt8>
    private var pending = 0
    private let decimals: Int
    static let chunkSize = 1 << 14

    /// - Parameter capacity: the bytes to reserve: a generous estimate costs address space, not
    ///   memory, since pages never written are never resident.
    init(reserving capacity: Int, writer: JSONWriter) {
        bytes = []
        bytes.reserveCapacity(capacity)
        chunk = .allocate(capacity: JSONStream.chunkSize)
        // Initialized once: `numbers` reads a word where a shorter text was just written.
        chunk.initialize(repeating: 0, count: JSONStream.chunkSize)
        decimals = writer.decimals
    }

    deinit { chunk.deallocate() }

    /// The text written.
    consuming func finish() -> [UInt8] {
        flush()
        return bytes
    }

    private mutating func flush() {
        bytes.append(contentsOf: UnsafeBufferPointer(start: chunk, count: pending))
        pending = 0
    }

    @inline(__always)
    private mutating func reserve(_ count: Int) {
        if pending + count > JSONStream.chunkSize { flush() }
    }

    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        reserve(1)
        chunk[pending] = byte
        pending += 1
    }

    mutating func text(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        chunk.advanced(by: pending).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        pending += text.utf8CodeUnitCount
    }

    /// Bytes already in JSON form (a quoted, escaped string).
    mutating func bytes(_ text: [UInt8]) {
        if text.count > JSONStream.chunkSize / 4 {
            flush()
            bytes.append(contentsOf: text)
            return
        }
        reserve(text.count)
        text.withUnsafeBufferPointer { chunk.advanced(by: pending).update(from: $0.baseAddress!, count: $0.count) }
        pending += text.count
    }

    /// A string, quoted and escaped as `JSONWriter` does.
    mutating func string(_ string: String) {
        byte(0x22)
        for unit in string.utf8 {
            reserve(6)
            switch unit {
            case 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0..<0x20:
                var escaped: [UInt8] = []
                JSONWriter.appendString(String(decoding: [unit], as: UTF8.self), into: &escaped)
                for b in escaped.dropFirst().dropLast() {
                    chunk[pending] = b
                    pending += 1
                }
            default:
                chunk[pending] = unit
                pending += 1
            }
        }
        byte(0x22)
    }

    /// A number in the fixed format.
    @inline(__always)
    mutating func number(_ value: Double) {
        reserve(JSONWriter.maximumNumberBytes)
        // A constant number of decimals (the reports' 4) turns the formatter's divisions into
        // multiplications.
        pending += decimals == 4
            ? JSONWriter.writeNumber(value, decimals: 4, to: chunk + pending)
            : JSONWriter.writeNumber(value, decimals: decimals, to: chunk + pending)
    }

    mutating func null() { text("null") }

    /// A new line indented by `indent` levels.
    mutating func newline(_ indent: Int) {
        reserve(1 + 2 * indent)
        chunk[pending] = 0x0A
        chunk.advanced(by: pending + 1).initialize(repeating: 0x20, count: 2 * indent)
        pending += 1 + 2 * indent
    }

    /// An object member's key, on its own line at `indent`: `"key": `.
    mutating func key(_ key: String, indent: Int) {
        newline(indent)
        string(key)
        text(": ")
    }

    /// A value written by `JSONWriter` (a small section of the output).
    mutating func value(_ value: JSONValue, indent: Int, writer: JSONWriter) {
        flush()
        writer.write(value, indent: indent, into: &bytes)
    }

    /// Bytes `JSONWriter.member(_:)` wrote.
    mutating func member(_ written: [UInt8]) {
        flush()
        bytes.append(contentsOf: written)
    }

    /// A one-line array of `count` values, `[1,2.5,"a",null]`, each written by `element`.
    mutating func array(count: Int, _ element: (Int, inout JSONStream) -> Void) {
        byte(0x5B)
        for i in 0..<count {
            if i > 0 { byte(0x2C) }
            element(i, &self)
        }
        byte(0x5D)
    }

    /// A one-line array of `count` numbers.
    ///
    /// A report's frame columns are runs: nine values in ten equal the one before them (a flag,
    /// a count, the memory held, the many zeros). A value whose bits equal the previous one's is
    /// written as a copy of the previous one's bytes (one 8-byte store when they fit) instead of
    /// being formatted again: the same bits, the same text. Room is checked once for a block
    /// of values rather than once a value.
    mutating func numbers(count: Int, _ value: (Int) -> Double) {
        // The last value formatted, and its text when it fits a word (length 0: none).
        var lastBits: UInt64 = 0
        var lastText: UInt64 = 0
        var lastLength = 0
        let decimals = decimals
        members(count: count, most: JSONWriter.maximumNumberBytes) { i, p in
            let v = value(i)
            if lastLength > 0 && v.bitPattern == lastBits {
                UnsafeMutableRawPointer(p).storeBytes(of: lastText, as: UInt64.self)
                return lastLength
            }
            let written = decimals == 4
                ? JSONWriter.writeNumber(v, decimals: 4, to: p)
                : JSONWriter.writeNumber(v, decimals: decimals, to: p)
            if written <= 8 {
                lastBits = v.bitPattern
                lastText = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                lastLength = written
            } else {
                lastLength = 0
            }
            return written
        }
    }

    /// A one-line array of `count` texts drawn from a few (an event's kind or type name):
    /// member `i` is `table`'s text `index(i)`, or `null` for nil. The texts are written from
    /// one buffer, with no per-member reference counting or room check.
    mutating func texts(count: Int, from table: TextTable, _ index: (Int) -> Int?) {
        table.bytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress
            members(count: count, most: table.longest) { i, p in
                guard let t = index(i) else {
                    p.update(from: JSONStream.nullText, count: 4)
                    return 4
                }
                let start = table.starts[t], length = table.starts[t + 1] - start
                p.update(from: base! + start, count: length)
                return length
            }
        }
    }

    /// A one-line array of `count` members, `[a,b,c]`: `member(i, p)` writes member `i` at `p`,
    /// where there is room for `most` bytes, and says how many it wrote. Room is checked once
    /// for a block of members, not once a member.
    @inline(__always)
    private mutating func members(count: Int, most: Int, _ member: (Int, UnsafeMutablePointer<UInt8>) -> Int) {
        byte(0x5B)
        let most = most + 1 // and its comma
        var i = 0
        while i < count {
            let room = (JSONStream.chunkSize - pending) / most
            guard room > 0 else {
                flush()
                continue
            }
            let end = Swift.min(count, i + room)
            var p = chunk + pending
            while i < end {
                if i > 0 {
                    p.pointee = 0x2C
                    p += 1
                }
                p += member(i, p)
                i += 1
            }
            pending = p - chunk
        }
        byte(0x5D)
    }

    private static let nullText: UnsafePointer<UInt8> = StaticString("null").utf8Start

    /// Texts already in JSON form (quoted and escaped), kept end to end in one buffer.
    struct TextTable {
        var bytes: [UInt8] = []
        /// Where each text starts in `bytes`, and one past the last.
        var starts: [Int] = [0]
        /// The longest text, at least `null`'s 4 bytes.
        var longest = 4

        /// The strings, quoted and escaped as `JSONWriter` writes them.
        init(_ strings: [String]) {
            for string in strings {
                let text = JSONStream.quoted(string)
                bytes += text
                starts.append(bytes.count)
                longest = Swift.max(longest, text.count)
            }
        }
    }

    /// `string` quoted and escaped, as `JSONWriter` writes it.
    static func quoted(_ string: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count + 2)
        JSONWriter.appendString(string, into: &out)
        return out
    }
}
