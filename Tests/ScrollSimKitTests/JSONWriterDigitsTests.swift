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

    /// Digits written two at a time against Swift's own decimal text, left-padded: every power
    /// of ten and its neighbours up to `UInt64.max` (20 digits), and 20,000 seeded values of
    /// every length, at widths 1 to 22.
    @Test func digitsAreStringsDigits() {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        for _ in 0..<20_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            values.append(state >> (state % 64))
        }
        var out = [UInt8](repeating: 0, count: 32)
        for (i, value) in values.enumerated() {
            let width = 1 + i % 22
            let count = out.withUnsafeMutableBufferPointer { JSONWriter.writeDigits(value, width: width, to: $0.baseAddress!) }
            let digits = String(value)
            let expected = String(repeating: "0", count: max(0, width - digits.count)) + digits
            #expect(String(decoding: out[..<count], as: UTF8.self) == expected, "\(value) at width \(width)")
        }
    }

    /// The writer's rounding without libm against `Double.rounded()` (half away from zero): the
    /// ties and the doubles just below them, where an `x + 0.5` shortcut goes wrong
    /// (0.49999999999999994 + 0.5 rounds up to 1), the largest values it takes, and 20,000
    /// seeded magnitudes of every size below 2^53.
    @Test func roundingWithoutLibmIsRounded() {
        var cases: [Double] = [0, 0.5, 1.5, 2.5, 0.49999999999999994, 1.4999999999999998, 2.4999999999999996,
                               4_503_599_627_370_495.5, 4_503_599_627_370_496, 8_999_999_999_999_999, 8_999_999_999_999_998.5]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<20_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            // A mantissa and an exponent that keep the value below 2^53.
            let value = Double(state >> 11) / Double(1 << 53) * Double(1 << Int(state % 53))
            cases.append(value)
            cases.append(value.rounded(.down) + 0.5)
        }
        for value in cases where value < 9.007_199_254_740_992e15 {
            #expect(JSONWriter.roundedHalfAway(value) == UInt64(value.rounded()), "\(value)")
        }
    }
}
