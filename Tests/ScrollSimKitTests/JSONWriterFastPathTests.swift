import Foundation
import ScrollSimEngine
import Testing
@testable import ScrollSimKit

/// The number writer's fast paths (whole numbers written as their digits, the rounding through
/// `Int64`) write exactly what the writer wrote before them: the former writer is kept here as
/// the reference, and both write seeded random doubles of every kind — whole numbers up to and
/// past 2^40, fractions, ties, negative zero, subnormals, huge and tiny exponents, NaN and the
/// infinities — at every number of decimals.
@Suite struct JSONWriterFastPathTests {
    /// The writer before issue 45, verbatim but for names: `JSONWriter.writeNumber` must write
    /// the same bytes.
    static func reference(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = abs(value) * scale
        func large() -> String { abs(value) < 9.0e18 ? String(Int64(value.rounded())) : value.description }
        guard magnitude < 9.0e15 else { return large() }
        let whole = UInt64(magnitude)
        let units = magnitude - Double(whole) >= 0.5 ? whole + 1 : whole
        guard units < 9_000_000_000_000_000 else { return large() }
        if units == 0 { return "0" }
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        var text = value < 0 ? "-" : ""
        text += String(units / divisor)
        var fraction = units % divisor
        guard fraction > 0 else { return text }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// Seeded values of every kind the writer meets, and the edges of its paths.
    static func values(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        func next() -> UInt64 { random.next() }
        var values: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.00005, -0.00005, 0.00004999, 2.5, 0x1p40, -0x1p40, 0x1p40 - 1, -(0x1p40 - 1), 0x1p40 + 1,
                                9e11, 9e11 - 1, 9e11 + 1, 9.0e15, 9.0e18, 1e19, 1e20, -1e20, 0x1p53, 0x1p63, -0x1p63, 0x1p64,
                                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                .nan, .infinity, -.infinity, 8.3333, 8.33335, 16.66665, 1e-300, 123456789.123456789]
        for i in 0..<count {
            let bits = next()
            let value: Double
            switch i % 6 {
            case 0: value = Double(bitPattern: bits)                                                  // any double at all
            case 1: value = Double(Int64(bitPattern: bits) >> Int64(bits % 63))                       // whole numbers of every size
            case 2: value = Double(Int64(bitPattern: bits) % 100_000_000) / 10_000                    // report-like: k / 10^4
            case 3: value = (Double(bits % 2_000_000) - 1_000_000) / 20_000 + 0.000_05                // near ties at 4 decimals
            case 4: value = Double(bits % 1_000_000_000) * 0x1p-30 * (bits & 1 == 0 ? 1 : -1)         // binary fractions
            default: value = Double(sign: bits & 1 == 0 ? .plus : .minus, exponent: Int(bits % 140) - 70, significand: 1 + Double(bits >> 12) * 0x1p-52)
            }
            values.append(value)
        }
        return values
    }

    @Test(arguments: 0...9)
    func theWriterWritesWhatItWroteBefore(decimals: Int) {
        var mismatches: [String] = []
        for value in Self.values(count: 40_000, seed: 45 &+ UInt64(decimals)) {
            let written = JSONWriter.text(value, decimals: decimals)
            let expected = Self.reference(value, decimals: decimals)
            if written != expected, mismatches.count < 10 { mismatches.append("\(value): \(written), expected \(expected)") }
        }
        #expect(mismatches.isEmpty, "at \(decimals) decimals: \(mismatches.joined(separator: "; "))")
    }

    /// The stream's numbers (what a report's frames are written with) are the writer's.
    @Test func theStreamWritesTheWritersNumbers() {
        let values = Self.values(count: 5_000, seed: 7)
        var stream = JSONStream(reserving: 1 << 16, writer: JSONWriter())
        stream.numbers(count: values.count) { values[$0] }
        let text = String(decoding: stream.finish(), as: UTF8.self)
        #expect(text == "[" + values.map { Self.reference($0, decimals: 4) }.joined(separator: ",") + "]")
    }

    /// Strings are quoted and escaped as before the plain-string path: the former loop, byte
    /// by byte, is the reference, over plain ASCII, every escape, UTF-8 of every length, the
    /// empty string and strings Foundation made (which may not be stored contiguously).
    @Test func stringsAreWrittenAsTheyWereBefore() {
        func reference(_ string: String) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for unit in string.utf8 {
                switch unit {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x0A: out += [0x5C, 0x6E]
                case 0x0D: out += [0x5C, 0x72]
                case 0x09: out += [0x5C, 0x74]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out += [0x5C, 0x75, 0x30, 0x30, hex[Int(unit >> 4)], hex[Int(unit & 0xF)]]
                default: out.append(unit)
                }
            }
            return out + [0x22]
        }
        var strings = ["", "frameWorkMs", "a\"b", "back\\slash", "line\nbreak\r\t", "\u{01}\u{1F}\u{7F}", "é", "日本語", "👍🏽 emoji",
                       String(repeating: "x", count: 40), "ends with \"", "\\"]
        strings += strings.map { NSString(string: $0).appending("!") }
        strings.append(NSString(string: "bridged plain") as String)
        for string in strings {
            var out: [UInt8] = [0x5B]
            JSONWriter.appendString(string, into: &out)
            #expect(out == [0x5B] + reference(string), "\(string)")
        }
    }

    /// A value equal to the one before it is written as a copy of that one's text: runs of
    /// every kind (zeros of both signs, NaN, texts longer than a word, a run across the stream's
    /// chunk), and a value that differs from the last only in its bits (0 after -0, a NaN of
    /// another payload), must read exactly as the writer writes them one by one.
    @Test(arguments: [4, 2, 0])
    func repeatedValuesAreWrittenAsTheWriterWritesThem(decimals: Int) {
        var random = SplitMix64(seed: 4_545 &+ UInt64(decimals))
        let kinds: [Double] = [0, -0.0, 1, 1.5, -2.25, 123_456.789, 0x1p40 + 0.5, 1e20, .nan, Double(bitPattern: 0x7FF8_0000_0000_0001), .infinity, 8.3333]
        var values: [Double] = []
        while values.count < 40_000 {
            let value = kinds[Int(random.next() % UInt64(kinds.count))]
            values += Array(repeating: value, count: 1 + Int(random.next() % 700))
        }
        var stream = JSONStream(reserving: 0, writer: JSONWriter(decimals: decimals))
        stream.numbers(count: values.count) { values[$0] }
        stream.numbers(count: 0) { _ in 0 }
        let text = String(decoding: stream.finish(), as: UTF8.self)
        #expect(text == "[" + values.map { Self.reference($0, decimals: decimals) }.joined(separator: ",") + "][]")
    }
}
