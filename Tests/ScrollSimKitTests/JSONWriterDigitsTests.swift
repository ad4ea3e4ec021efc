import Foundation
import Testing
@testable import ScrollSimKit

/// The report's number format against C's `printf` (an independent formatter): `%.Nf`, then
/// trailing zeros and a bare point dropped, and `-0` written `0`. Values are k / 10^N, so
/// neither formatter meets a rounding tie.
@Suite struct JSONWriterDigitsTests {
    static func reference(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    @Test(arguments: 0...6)
    func numbersMatchPrintf(decimals: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(decimals)
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        for i in 0..<5_000 {
            // xorshift: units up to about 10^12, half of them negative, some small.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let magnitude = i % 3 == 0 ? state % 1_000 : state % 1_000_000_000_000
            let units = i % 2 == 0 ? Double(magnitude) : -Double(magnitude)
            let value = units / scale
            #expect(JSONWriter.text(value, decimals: decimals) == Self.reference(value, decimals: decimals), "\(value) at \(decimals) decimals")
        }
    }

    @Test func digitsArePaddedToTheirWidth() {
        var out = [UInt8](repeating: 0, count: 12)
        out.withUnsafeMutableBufferPointer { p in
            var at = JSONWriter.writeDigits(42, width: 4, to: p.baseAddress!)
            at += JSONWriter.writeDigits(0, width: 1, to: p.baseAddress! + at)
            at += JSONWriter.writeDigits(1_234_567, width: 2, to: p.baseAddress! + at)
            #expect(at == 12)
        }
        #expect(String(decoding: out, as: UTF8.self) == "004201234567")
        #expect(JSONWriter.text(0.0005, decimals: 4) == "0.0005")
        #expect(JSONWriter.text(2.5, decimals: 4) == "2.5")
        #expect(JSONWriter.text(-0.00001, decimals: 4) == "0")
    }
}
