import ScrollSimKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ids an xctrace export refers to (`ref="N"`), found by a first, fast pass over the bytes
/// (no parsing: a byte scan at memory speed), so the reading pass keeps only the values that
/// will be reused. Without it every value defined by `id` would have to be kept to the end of
/// the file — every row's unique start time and duration, hundreds of megabytes for a 1 GB
/// export — since any later row may refer to any of them.
///
/// The scan over-approximates on purpose (any `ref` followed by `=` and a quoted number counts,
/// `xref="3"` included): keeping a value that is never reused costs a few bytes; dropping one
/// that is would make a correct export fail.
struct XctraceReferenceScan {
    /// One bit per id up to the largest referred to.
    private var bits: [UInt64] = []
    /// Ids too large for the bit set (above 2^28), kept individually.
    private var large: Set<Int> = []

    func contains(_ id: Int) -> Bool {
        guard id >= 0 else { return false }
        if id >> 6 < bits.count { return bits[id >> 6] & (1 << UInt64(id & 63)) != 0 }
        return large.contains(id)
    }

    private mutating func insert(_ id: Int) {
        if id >= 1 << 28 {
            large.insert(id)
            return
        }
        if id >> 6 >= bits.count { bits.append(contentsOf: repeatElement(0, count: (id >> 6) + 1 - bits.count)) }
        bits[id >> 6] |= 1 << UInt64(id & 63)
    }

    /// Scans the file at `path`; nil when it cannot be opened again (the reading pass then
    /// keeps every value).
    static func scan(path: String) -> XctraceReferenceScan? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var scan = XctraceReferenceScan()
        let capacity = 1 << 20
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        // The state across chunks: how much of `ref` + `=` + quote has been seen, then the digits.
        var matched = 0
        var number = 0
        let r = UInt8(ascii: "r"), e = UInt8(ascii: "e"), f = UInt8(ascii: "f"), equals = UInt8(ascii: "=")
        while true {
            let count = read(descriptor, buffer, capacity)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? scan : nil }
            for i in 0..<count {
                let byte = buffer[i]
                switch matched {
                case 0: matched = byte == r ? 1 : 0
                case 1: matched = byte == e ? 2 : (byte == r ? 1 : 0)
                case 2: matched = byte == f ? 3 : (byte == r ? 1 : 0)
                case 3: // after "ref": spaces, then '='
                    if byte == equals { matched = 4 } else if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { matched = byte == r ? 1 : 0 }
                case 4: // after '=': spaces, then a quote
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        matched = 5
                        number = 0
                    } else if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                        matched = byte == r ? 1 : 0
                    }
                default: // digits
                    if byte >= 0x30 && byte <= 0x39, number < 1 << 40 {
                        number = number * 10 + Int(byte - 0x30)
                    } else {
                        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { scan.insert(number) }
                        matched = byte == r ? 1 : 0
                    }
                }
            }
        }
    }
}
