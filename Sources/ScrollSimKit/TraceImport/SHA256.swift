#if canImport(CommonCrypto)
import CommonCrypto
#elseif canImport(CCrypto)
import CCrypto
#endif

/// SHA-256 over bytes fed in pieces, for the provenance of an imported trace (the digest of
/// the file as read, computed in the same pass that parses it).
///
/// The hashing is the platform's: OpenSSL's libcrypto on Linux (the `CCrypto` system library,
/// Debian package `libssl-dev`) and CommonCrypto on Apple platforms; ScrollSim has no hash of
/// its own.
final class SHA256 {
    #if canImport(CommonCrypto)
    private var context = CC_SHA256_CTX()
    #else
    private var context: OpaquePointer?
    #endif

    /// Fails only when libcrypto cannot make a context (out of memory).
    init?() {
        #if canImport(CommonCrypto)
        CC_SHA256_Init(&context)
        #else
        guard let context = scrollsim_sha256_new() else { return nil }
        self.context = context
        #endif
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        #if canImport(CommonCrypto)
        var offset = 0
        while offset < bytes.count {
            let count = min(bytes.count - offset, Int(Int32.max))
            CC_SHA256_Update(&context, base + offset, CC_LONG(count))
            offset += count
        }
        #else
        _ = scrollsim_sha256_update(context, base, bytes.count)
        #endif
    }

    /// The digest as 64 lowercase hex digits; call it once.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        #if canImport(CommonCrypto)
        CC_SHA256_Final(&digest, &context)
        #else
        _ = scrollsim_sha256_final(context, &digest)
        scrollsim_sha256_free(context)
        context = nil
        #endif
        let hex = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    deinit {
        #if !canImport(CommonCrypto)
        if let context { scrollsim_sha256_free(context) }
        #endif
    }

    /// The digest of `bytes` in one step.
    static func hex(_ bytes: [UInt8]) -> String? {
        guard let hasher = SHA256() else { return nil }
        bytes.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }
}

/// SHA-256 for the other modules: a page's Content-Security-Policy hash of its own script.
public enum SHA256Digest {
    /// The digest of `text`'s UTF-8 bytes in base64 (RFC 4648, with padding), as a
    /// Content-Security-Policy `'sha256-…'` source writes it; nil only when the platform's
    /// hashing cannot start (out of memory).
    public static func base64(_ text: String) -> String? {
        guard let hex = SHA256.hex(Array(text.utf8)) else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i..<min(i + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | (Int($1.element) << (16 - 8 * $1.offset)) }
            for k in 0..<4 {
                out.append(k <= chunk.count ? alphabet[(value >> (18 - 6 * k)) & 63] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
