import CSHA256
import Foundation

/// SHA-256 (FIPS 180-4) over bytes fed in pieces, for the provenance of an imported trace: the
/// digest of the file as read, computed in the same pass that parses it, equal to what
/// `sha256sum` prints for the same bytes.
///
/// ScrollSim computes it itself rather than linking a crypto library for one checksum: OpenSSL's
/// libcrypto (Debian's libssl-dev to build, libssl3 to run) was a system package every user
/// installed for this digest alone. The digest is provenance, not security, and the algorithm is
/// short and fixed. This class pads and buffers; the compression function is `CSHA256`'s C, which
/// uses the CPU's SHA extensions where it has them (x86-64 SHA-NI: about 1 GB/s of CPU here,
/// against 200 MB/s portable — at 200 MB/s the digest cost as much as parsing the trace). The
/// tests check both paths against the FIPS 180-4 examples, each other on random lengths, a
/// million-byte message fed in uneven pieces and `sha256sum`'s digests of trace files.
package final class SHA256 {
    private var state: [UInt32] = [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19]
    /// The bytes of an unfinished 64-byte block, and how many of them are in use.
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    /// Every byte fed so far.
    private var length: UInt64 = 0
    /// Portable C only, for the tests that compare the two paths.
    private let portable: Bool

    package init(portable: Bool = false) {
        self.portable = portable
    }

    /// Whether this machine's CPU has the SHA extensions the compression uses.
    package static var accelerated: Bool { scrollsim_sha256_accelerated() != 0 }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if pendingCount > 0 {
            let take = min(64 - pendingCount, bytes.count)
            for i in 0..<take { pending[pendingCount + i] = base.load(fromByteOffset: i, as: UInt8.self) }
            pendingCount += take
            offset = take
            if pendingCount < 64 { return }
            pending.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
            pendingCount = 0
        }
        let whole = (bytes.count - offset) / 64
        if whole > 0 {
            compress(base + offset, blocks: whole)
            offset += whole * 64
        }
        let rest = bytes.count - offset
        for i in 0..<rest { pending[i] = base.load(fromByteOffset: offset + i, as: UInt8.self) }
        pendingCount = rest
    }

    /// The digest's 32 bytes, big-endian words as FIPS 180-4 writes them; call it (or
    /// `finish()`) once.
    package func digest() -> [UInt8] {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        let used = (pendingCount + 1) % 64
        tail += [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let saved = length
        tail.withUnsafeBytes { update($0) }
        length = saved
        return state.flatMap { word in stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }

    /// The digest as 64 lowercase hex digits; call it (or `digest()`) once.
    package func finish() -> String {
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest() {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The digest of `bytes` in one step.
    static func hex(_ bytes: [UInt8], portable: Bool = false) -> String {
        let hasher = SHA256(portable: portable)
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    /// Folds `blocks` whole 64-byte blocks at `data` into the state.
    private func compress(_ data: UnsafeRawPointer, blocks: Int) {
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        state.withUnsafeMutableBufferPointer { words in
            if portable {
                scrollsim_sha256_blocks_portable(words.baseAddress!, bytes, blocks)
            } else {
                scrollsim_sha256_blocks(words.baseAddress!, bytes, blocks)
            }
        }
    }
}

/// SHA-256 for the other modules: a page's Content-Security-Policy hash of its own script.
public enum SHA256Digest {
    /// The digest of `text`'s UTF-8 bytes in base64 (RFC 4648, with padding), as a
    /// Content-Security-Policy `'sha256-…'` source writes it.
    public static func base64(_ text: String) -> String {
        let hasher = SHA256()
        Array(text.utf8).withUnsafeBytes { hasher.update($0) }
        return Data(hasher.digest()).base64EncodedString()
    }
}
