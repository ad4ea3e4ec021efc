import ScrollSimKit
/// Times written as decimal text (`1234.567`, `-5`, `1.5e3`, `"1700000000123456789"`) turned
/// into integer nanoseconds exactly, without passing through a `Double`: a trace-event
/// timestamp of 1,700,000,000,000.123 µs has 19 significant digits, more than a `Double` holds.
///
/// The unit is the format's (xctrace and OTLP: ns; trace-event JSON: µs; CSV: the unit its
/// header names), never guessed from the magnitude. Digits finer than a nanosecond are rounded
/// half away from zero.
enum TraceTime {
    /// A unit, as the power of ten that turns it into nanoseconds.
    enum Unit: Int, Sendable {
        case nanoseconds = 0
        case microseconds = 3
        case milliseconds = 6
        case seconds = 9

        var symbol: String {
            switch self {
            case .nanoseconds: return "ns"
            case .microseconds: return "µs"
            case .milliseconds: return "ms"
            case .seconds: return "s"
            }
        }
    }

    /// Why a time could not be read.
    enum Problem: Error, Equatable {
        case notANumber
        case overflow
    }

    /// `text`, a JSON-style number (optional `-`, digits, optional fraction and exponent; a
    /// leading `+` is accepted for CSV), in `unit`, as nanoseconds.
    /// - Throws: `Problem.notANumber` for anything else (`12ms`, `1,5`, `NaN`, empty);
    ///   `Problem.overflow` when the nanoseconds do not fit in `Int64`.
    static func nanoseconds(_ text: Substring.UTF8View, unit: Unit) throws -> Int64 {
        var digits: [UInt8] = []
        var negative = false
        var fractionDigits = 0
        var exponent = 0
        var i = text.startIndex
        if i < text.endIndex, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i = text.index(after: i)
        }
        var sawDigit = false
        var inFraction = false
        while i < text.endIndex {
            let byte = text[i]
            if byte >= 0x30 && byte <= 0x39 {
                sawDigit = true
                // Leading zeros carry nothing; keep the digit count bounded.
                if !(digits.isEmpty && byte == 0x30) {
                    guard digits.count < 100 else { throw Problem.overflow }
                    digits.append(byte - 0x30)
                }
                if inFraction { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            i = text.index(after: i)
        }
        guard sawDigit else { throw Problem.notANumber }
        if i < text.endIndex, text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E") {
            i = text.index(after: i)
            var exponentNegative = false
            if i < text.endIndex, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i = text.index(after: i)
            }
            var sawExponentDigit = false
            while i < text.endIndex, text[i] >= 0x30, text[i] <= 0x39 {
                sawExponentDigit = true
                exponent = min(exponent * 10 + Int(text[i] - 0x30), 10_000)
                i = text.index(after: i)
            }
            guard sawExponentDigit else { throw Problem.notANumber }
            if exponentNegative { exponent = -exponent }
        }
        guard i == text.endIndex else { throw Problem.notANumber }
        if digits.isEmpty { return 0 }
        // digits × 10^shift nanoseconds.
        let shift = exponent - fractionDigits + unit.rawValue
        var kept = digits.count
        var roundUp = false
        if shift < 0 {
            let dropped = -shift
            if dropped > digits.count {
                return 0
            }
            kept = digits.count - dropped
            roundUp = digits[kept] >= 5
        }
        var value: Int64 = 0
        for digit in digits[0..<kept] {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(digit))
            guard !o1, !o2 else { throw Problem.overflow }
            value = plus
        }
        if roundUp {
            let (plus, o) = value.addingReportingOverflow(1)
            guard !o else { throw Problem.overflow }
            value = plus
        }
        if shift > 0 {
            for _ in 0..<shift where value != 0 {
                let (times, o) = value.multipliedReportingOverflow(by: 10)
                guard !o else { throw Problem.overflow }
                value = times
            }
        }
        return negative ? -value : value
    }

    static func nanoseconds(_ text: String, unit: Unit) throws -> Int64 {
        try nanoseconds(Substring(text).utf8, unit: unit)
    }

    /// The same for bytes where they lie (a trace-event `ts` in the input's buffer), without
    /// allocating for what every trace writes — an optional `-`, at most 18 digits, and no more
    /// fraction digits than the unit has below a nanosecond, which needs no rounding (`1234`,
    /// `1234.567` µs); anything else takes the general path above.
    static func nanoseconds(_ bytes: UnsafeBufferPointer<UInt8>, unit: Unit) throws -> Int64 {
        var i = 0
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var value: Int64 = 0
        var digits = 0
        var fraction = -1
        while i < bytes.count {
            let byte = bytes[i]
            if byte >= 0x30 && byte <= 0x39 {
                value = value &* 10 &+ Int64(byte &- 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else if byte == UInt8(ascii: "."), fraction < 0 {
                fraction = 0
            } else {
                break
            }
            i += 1
        }
        guard i == bytes.count, digits > 0, digits <= 18, fraction != 0, fraction <= unit.rawValue else {
            return try nanoseconds(Substring(decoding: bytes, as: UTF8.self).utf8, unit: unit)
        }
        for _ in 0..<(unit.rawValue - max(fraction, 0)) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { throw Problem.overflow }
            value = times
        }
        return negative ? -value : value
    }
}
