import Foundation

/// SHA-256 (FIPS 180-4) over bytes fed in pieces, for the provenance of an imported trace: the
/// digest of the file as read, computed in the same pass that parses it, equal to what
/// `sha256sum` prints for the same bytes.
///
/// ScrollSim computes it itself, in this one file, rather than linking a crypto library for one
/// checksum: OpenSSL's libcrypto (Debian's libssl-dev to build, libssl3 to run) was a system
/// package every user installed for this digest alone. The digest is provenance, not security,
/// and the algorithm is short and fixed; the tests check it against the FIPS 180-4 examples, a
/// million-byte message fed in uneven pieces and `sha256sum`'s digests of trace files.
final class SHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)
    /// The bytes of an unfinished 64-byte block, and how many of them are in use.
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    /// Every byte fed so far.
    private var length: UInt64 = 0
    /// The message schedule, kept to spare an allocation a block.
    private var schedule = [UInt32](repeating: 0, count: 64)

    init() {}

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if pendingCount > 0 {
            let take = min(64 - pendingCount, bytes.count)
            for i in 0..<take { pending[pendingCount + i] = base.load(fromByteOffset: i, as: UInt8.self) }
            pendingCount += take
            offset = take
            if pendingCount < 64 { return }
            pending.withUnsafeBytes { compress($0.baseAddress!) }
            pendingCount = 0
        }
        while bytes.count - offset >= 64 {
            compress(base + offset)
            offset += 64
        }
        let rest = bytes.count - offset
        for i in 0..<rest { pending[i] = base.load(fromByteOffset: offset + i, as: UInt8.self) }
        pendingCount = rest
    }

    /// The digest as 64 lowercase hex digits; call it once.
    func finish() -> String {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        let used = (pendingCount + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let saved = length
        tail.withUnsafeBytes { update($0) }
        length = saved
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for word in words {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(hex[Int((word >> UInt32(shift)) & 15)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of `bytes` in one step.
    static func hex(_ bytes: [UInt8]) -> String {
        let hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// Folds one 64-byte block into the state.
    private func compress(_ block: UnsafeRawPointer) {
        schedule.withUnsafeMutableBufferPointer { w in
            Self.k.withUnsafeBufferPointer { k in
                for i in 0..<16 {
                    w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                }
                for i in 16..<64 {
                    let s0 = Self.rotr(w[i - 15], 7) ^ Self.rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                    let s1 = Self.rotr(w[i - 2], 17) ^ Self.rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                    w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                }
                var (a, b, c, d, e, f, g, h) = state
                for i in 0..<64 {
                    let s1 = Self.rotr(e, 6) ^ Self.rotr(e, 11) ^ Self.rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = Self.rotr(a, 2) ^ Self.rotr(a, 13) ^ Self.rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g; g = f; f = e; e = d &+ t1
                    d = c; c = b; b = a; a = t1 &+ t2
                }
                state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
            }
        }
    }
}

/// SHA-256 for the other modules: a page's Content-Security-Policy hash of its own script.
public enum SHA256Digest {
    /// The digest of `text`'s UTF-8 bytes in base64 (RFC 4648, with padding), as a
    /// Content-Security-Policy `'sha256-…'` source writes it.
    public static func base64(_ text: String) -> String {
        let hex = Array(SHA256.hex(Array(text.utf8)).utf8)
        let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(nibble(hex[$0]) << 4 | nibble(hex[$0 + 1])) }
        return Data(bytes).base64EncodedString()
    }

    private static func nibble(_ digit: UInt8) -> UInt8 {
        digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
    }
}
