import ScrollSimKit
/// Bytes read from a trace as text: UTF-8 or nothing.
enum TraceText {
    /// The text of `bytes`, or nil when they are not UTF-8. ASCII — nearly every byte of a
    /// trace — takes a fast path that checks each byte once and copies; the rest is validated
    /// by the standard library.
    @inline(__always) static func decode(_ bytes: [UInt8]) -> String? {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }
}
