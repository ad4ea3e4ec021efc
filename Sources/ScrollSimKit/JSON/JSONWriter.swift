/// Writes JSON deterministically: keys sorted, numbers in one fixed format, no trailing spaces.
///
/// The same value always gives the same bytes, on every platform — the basis of byte-identical
/// reports. Numbers are written with at most `decimals` digits after the point, trailing zeros
/// removed (`8.3333`, `2`, `-0.5`); integral values have no point; -0 is written as 0.
/// Objects put one key per line and arrays of scalars on one line, so reports diff well.
public struct JSONWriter: Sendable {
    public var decimals: Int

    public init(decimals: Int = 4) {
        precondition((0...9).contains(decimals), "decimals \(decimals) outside 0...9")
        self.decimals = decimals
    }

    public func string(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)
        write(value, indent: 0, into: &bytes)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A member's value as it is written inside a top-level object, for `string(members:)`.
    public func member(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        write(value, indent: 1, into: &bytes)
        return bytes
    }

    /// A top-level object from members written apart with `member(_:)`: the same bytes as
    /// `string(.object(…))` of the same values. A member measured after the others are written
    /// (how long writing them took) can join them without writing them again.
    public func string(members: [String: [UInt8]]) -> String {
        guard !members.isEmpty else { return "{}\n" }
        var bytes: [UInt8] = [0x7B]
        bytes.reserveCapacity(members.values.reduce(64) { $0 + $1.count + 16 })
        for (i, key) in members.keys.sorted().enumerated() {
            if i > 0 { bytes.append(0x2C) }
            newline(1, into: &bytes)
            JSONWriter.appendString(key, into: &bytes)
            bytes.append(contentsOf: [0x3A, 0x20])
            bytes.append(contentsOf: members[key]!)
        }
        newline(0, into: &bytes)
        bytes.append(0x7D)
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
        case .number(let n): JSONWriter.appendNumber(n, decimals: decimals, into: &out)
        case .string(let s): JSONWriter.appendString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: [0x5B, 0x5D])
                return
            }
            let scalars = items.allSatisfy { item in
                switch item {
                case .array, .object: return false
                default: return true
                }
            }
            out.append(0x5B)
            if scalars {
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(0x2C) }
                    write(item, indent: indent, into: &out)
                }
            } else {
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(0x2C) }
                    newline(indent + 1, into: &out)
                    write(item, indent: indent + 1, into: &out)
                }
                newline(indent, into: &out)
            }
            out.append(0x5D)
        case .object(let object):
            if object.isEmpty {
                out.append(contentsOf: [0x7B, 0x7D])
                return
            }
            out.append(0x7B)
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out.append(0x2C) }
                newline(indent + 1, into: &out)
                JSONWriter.appendString(key, into: &out)
                out.append(contentsOf: [0x3A, 0x20])
                write(object[key]!, indent: indent + 1, into: &out)
            }
            newline(indent, into: &out)
            out.append(0x7D)
        }
    }

    private func newline(_ indent: Int, into out: inout [UInt8]) {
        out.append(0x0A)
        for _ in 0..<(indent * 2) { out.append(0x20) }
    }

    /// A number in the fixed format, as text.
    public static func text(_ value: Double, decimals: Int = 4) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, decimals: decimals, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a number in the fixed format. Non-finite numbers have no JSON form: null.
    public static func appendNumber(_ value: Double, decimals: Int, into out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumNumberBytes) { buffer in
            let count = writeNumber(value, decimals: decimals, to: buffer.baseAddress!)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The most bytes `writeNumber` writes (`-2.2250738585072014e-308` is 24).
    static let maximumNumberBytes = 32

    /// Writes a number in the fixed format at `p`, which has room for `maximumNumberBytes`, and
    /// returns how many bytes it wrote. No intermediate string: a report writes millions of
    /// numbers. Inlined, a constant `decimals` makes its divisions multiplications.
    @inline(__always)
    static func writeNumber(_ value: Double, decimals: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        // Whole numbers (counts, flags, indexes, and the many zeros of a report's columns) are
        // their digits: no scaling, rounding or fraction. Below 2^40 the general path below
        // writes the same digits: a whole number times 10^decimals is exact below 9 × 10^15
        // (< 2^53), and above it `writeLarge` writes the whole number. NaN and the infinities
        // fail the comparison.
        if value.magnitude < 0x1p40 {
            let whole = Int64(value)
            if Double(whole) == value {
                if whole == 0 {
                    p[0] = 0x30
                    return 1
                }
                if whole < 0 {
                    p[0] = 0x2D
                    return 1 + writeDigits(UInt64(-whole), to: p + 1)
                }
                return writeDigits(UInt64(whole), to: p)
            }
        }
        guard value.isFinite else { return write("null", to: p) }
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(value) * scale
        guard magnitude < 9.0e15 else { return writeLarge(value, to: p) }
        let units = roundedHalfAway(magnitude)
        guard units < 9_000_000_000_000_000 else { return writeLarge(value, to: p) }
        if units == 0 {
            p[0] = 0x30
            return 1
        }
        var count = 0
        if value < 0 {
            p[0] = 0x2D
            count = 1
        }
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        count += writeDigits(units / divisor, to: p + count)
        var fraction = units % divisor
        guard fraction > 0 else { return count }
        // Trailing zeros dropped: 2.5000 is written 2.5.
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        p[count] = 0x2E
        writeDigits(fraction, width: places, to: p + count + 1)
        return count + 1 + places
    }

    /// `magnitude.rounded()` (half away from zero) as an integer, for 0 ≤ `magnitude` < 2⁵³,
    /// without the libm call `rounded()` makes on this target (7 % of writing a report): the
    /// truncation is exact, and so is `magnitude` minus it (the fraction's bits).
    /// The conversions go through `Int64`, one instruction each way on x86-64 (`UInt64`'s take
    /// a dozen, and were the hottest instructions of writing a report's frames).
    @inline(__always)
    static func roundedHalfAway(_ magnitude: Double) -> UInt64 {
        let whole = Int64(magnitude)
        return UInt64(magnitude - Double(whole) >= 0.5 ? whole + 1 : whole)
    }

    /// Too large for the decimals: the integral part while it fits an Int64, then Swift's
    /// shortest round-trip form, which is the same on every platform (`1e+20`).
    @inline(never)
    private static func writeLarge(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        abs(value) < 9.0e18 ? write(String(Int64(value.rounded())), to: p) : write(value.description, to: p)
    }

    private static func write(_ text: String, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        for unit in text.utf8 {
            p[count] = unit
            count += 1
        }
        return count
    }

    /// The decimal digits of `value`, zero-padded on the left to `width`, written at `p`;
    /// returns how many bytes. The length is found by comparisons and the digits are written two
    /// at a time: a report writes some thirty numbers a frame, and a division per digit, twice,
    /// was most of writing one.
    @inline(__always)
    @discardableResult
    static func writeDigits(_ value: UInt64, width: Int = 1, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while value >= bound {
            count += 1
            if count == 20 { break }   // 10¹⁹ ≤ value: 20 digits, the most a UInt64 has
            bound &*= 10
        }
        let length = max(count, width)
        var remaining = value
        var index = length - 1
        while remaining >= 100 {
            let pair = remaining % 100
            remaining /= 100
            p[index] = UInt8(truncatingIfNeeded: 48 + pair % 10)
            p[index - 1] = UInt8(truncatingIfNeeded: 48 + pair / 10)
            index -= 2
        }
        p[index] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
        index -= 1
        if remaining >= 10 {
            p[index] = UInt8(truncatingIfNeeded: 48 + remaining / 10)
            index -= 1
        }
        while index >= 0 {
            p[index] = 0x30
            index -= 1
        }
        return length
    }

    /// Appends `string` quoted, with `"`, `\` and control characters escaped (UTF-8 kept).
    public static func appendString(_ string: String, into out: inout [UInt8]) {
        // Most strings a report writes (keys, names, ids) need no escape: their bytes go in at
        // once rather than one append (and one uniqueness check) a byte.
        let plain = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else { return false }
            out.append(0x22)
            out.append(contentsOf: utf8)
            out.append(0x22)
            return true
        }
        if plain == true { return }
        out.append(0x22)
        for unit in string.utf8 {
            switch unit {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: out.append(contentsOf: [0x5C, 0x72])
            case 0x09: out.append(contentsOf: [0x5C, 0x74])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(unit >> 4)], hex[Int(unit & 0xF)]])
            default: out.append(unit)
            }
        }
        out.append(0x22)
    }
}
