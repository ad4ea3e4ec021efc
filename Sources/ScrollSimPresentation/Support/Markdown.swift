import ScrollSimKit

/// Markdown for GitHub (job summaries, pull-request comments, `summary.md`): every user's text
/// goes through one of these before it lands in a table cell, a code span or raw HTML, so a
/// scenario's name or a metric's path cannot end a cell, a span or a block.
enum Markdown {
    /// Escapes text for a table cell or a line: pipes, markup characters, HTML.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\", "|", "*", "_", "[", "]", "`", "#": out += "\\\(character)"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r": out += " "
            case _ where character.unicodeScalars.contains(where: MessageText.isControl): out += " "
            default: out.append(character)
            }
        }
        return out
    }

    /// Text inside a code span: backticks cannot be escaped there, so they are replaced.
    static func code(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar == "`" ? "'" : MessageText.isControl(scalar) ? " " : scalar
        }))
    }

    /// Text inside raw HTML (`<summary>`).
    static func html(_ text: String) -> String {
        // A blank line would end the HTML block (`<details>`) and let what follows be
        // read as markdown: line breaks and other control characters become spaces.
        String(String.UnicodeScalarView(text.unicodeScalars.map { MessageText.isControl($0) ? " " : $0 }))
            .replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
