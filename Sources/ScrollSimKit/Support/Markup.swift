/// Escaping for HTML and XML text and attribute values.
public enum Markup {
    /// Replaces `&`, `<`, `>`, `"` and `'` by entities; everything else is kept. Characters XML
    /// 1.0 forbids (controls other than tab, newline and carriage return; U+FFFE, U+FFFF) are
    /// dropped. Used for HTML pages, inline SVG (ScrollSimPresentation) and JUnit XML alike.
    /// - Complexity: O(length).
    public static func escape(_ string: String) -> String {
        guard string.unicodeScalars.contains(where: { "&<>\"'".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0xFFFE || $0.value == 0xFFFF }) else {
            return string
        }
        var out = ""
        out.reserveCapacity(string.utf8.count + 16)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON text made safe to embed in `<script type="application/json">`: `<` is written as
    /// `\u003c`, so no `</script>` or `<!--` can end or confuse the block.
    public static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
