import Foundation
@testable import ScrollSimKit
import Testing

/// ScrollSim's own SHA-256 (TraceImport/SHA256.swift) against the examples of FIPS 180-4 and
/// NIST's test vectors, and fed in pieces that straddle its 64-byte blocks.
@Suite struct SHA256Tests {
    @Test func theStandardsExamples() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // 56 bytes: the padding no longer fits the block, so a second block is all padding.
        #expect(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // 112 bytes, two blocks of message.
        #expect(SHA256.hex(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8))
            == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    /// A million "a" (NIST's long message), fed in pieces of 1, 63, 64, 65 and 1000 bytes in
    /// turn, so that pieces end inside, at and across block boundaries.
    @Test func aMillionBytesInUnevenPieces() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let hasher = SHA256()
        let sizes = [1, 63, 64, 65, 1000]
        var offset = 0, turn = 0
        message.withUnsafeBytes { bytes in
            while offset < bytes.count {
                let count = min(sizes[turn % sizes.count], bytes.count - offset)
                hasher.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                offset += count
                turn += 1
            }
        }
        #expect(hasher.finish() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.hex(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// 55, 56, 63 and 64 bytes: the lengths where the padding changes shape (from `printf` of
    /// that many "a" piped to `sha256sum`).
    @Test func thePaddingsEdges() {
        let digests = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
        ]
        for (count, digest) in digests {
            #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: count)) == digest, "\(count) bytes")
        }
    }

    /// The two compression paths — the CPU's SHA extensions where this machine has them, and
    /// portable C — give the same digests: the standard's examples, and 500 messages of random
    /// bytes and lengths (0 to 700, so every padding shape and up to eleven blocks), fed whole
    /// and in pieces of random sizes.
    @Test func theAcceleratedAndThePortablePathsAgree() {
        #expect(SHA256.hex(Array("abc".utf8), portable: true) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), portable: true)
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let message = (0..<Int.random(in: 0...700, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let portable = SHA256.hex(message, portable: true)
            #expect(SHA256.hex(message) == portable, "\(message.count) bytes")
            let pieces = SHA256()
            var offset = 0
            message.withUnsafeBytes { bytes in
                while offset < bytes.count {
                    let count = min(Int.random(in: 1...130, using: &rng), bytes.count - offset)
                    pieces.update(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                    offset += count
                }
            }
            #expect(pieces.finish() == portable, "\(message.count) bytes in pieces")
        }
        print("SHA256Tests: this machine's CPU \(SHA256.accelerated ? "has" : "has no") SHA extensions; the accelerated path was \(SHA256.accelerated ? "" : "not ")compared")
    }
}
