/// A user's text shown in a message on a terminal: control characters (ESC, CR, NUL, …) are
/// written as Swift writes them, `\u{1B}`, so a name or a file's contents can neither move the
/// cursor nor change colours nor cut the line; and long text is clipped with an ellipsis.
public enum MessageText {
    /// `text` with every control character (Unicode general category Cc, and the line and
    /// paragraph separators) written as `\u{HEX}`, cut to `limit` characters.
    public static func escaped(_ text: String, limit: Int = 60) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// `"text"`, escaped and clipped (`escaped(_:limit:)`).
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// A whole message for a terminal: every control character escaped (a message is one
    /// line, so a line break in a user's text cannot forge a line of its own), and every run of
    /// more than `longestWord` characters without a space (a million-digit literal, a key of
    /// a megabyte) clipped with an ellipsis.
    public static func forTerminal(_ message: String, longestWord: Int = 200) -> String {
        var out = ""
        var run = 0
        var clipped = false
        for scalar in message.unicodeScalars {
            if scalar == " " {
                run = 0
                clipped = false
                out.unicodeScalars.append(scalar)
                continue
            }
            run += 1
            if run > longestWord {
                if !clipped { out += "…" }
                clipped = true
                continue
            }
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A number in a message, exactly as it reads back: a whole number without a fraction
    /// (`64`, `2000000000`), any other in the shortest form that reads back as the same double
    /// (`0.99999`, `1e+308`), so a bound is never rounded to a neighbour ("outside 0.5...1" for
    /// a range that ends at 0.99999); a value past what a double holds is `infinity`, never
    /// JSON's `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "not a number" : (value < 0 ? "-infinity" : "infinity") }
        if value == value.rounded(), abs(value) < 9e18 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `low...high` with both bounds exact (`number(_:)`).
    public static func range(_ range: ClosedRange<Double>) -> String {
        "\(number(range.lowerBound))...\(number(range.upperBound))"
    }

    /// Whether a character must not reach an output as itself: a control character, a line or
    /// paragraph separator, or a bidirectional override (which would reorder what a reader
    /// sees). The terminal, Markdown and HTML renderings replace these.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        case .format:
            // The bidirectional overrides, which reorder what follows on the line.
            return scalar.value == 0x202E || scalar.value == 0x202D
        default:
            return false
        }
    }
}
