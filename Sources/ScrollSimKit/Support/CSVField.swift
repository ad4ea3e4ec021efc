/// One field of a CSV file ScrollSim writes (a sweep's `summary.csv`, `history show` and
/// `history changes --format csv`): every cell goes through `text(_:)`.
public enum CSVField {
    /// A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field
    /// that is not a number and starts with `=`, `+`, `-`, `@`, a tab or a carriage return
    /// would be a formula in a spreadsheet (`@SUM(…)`, `=HYPERLINK(…)`): as OWASP's CSV
    /// Injection advice says, it is prefixed with `'` and quoted, so it is shown as text.
    public static func text(_ text: String) -> String {
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), Double(text) == nil {
            return "\"'" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
