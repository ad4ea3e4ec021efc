import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// A user's text in each output's own language: a terminal line (control characters shown as
/// `\u{1B}`, runs of more than 200 characters clipped), a CSV cell (formula starts quoted as
/// OWASP's CSV Injection page advises), a markdown code span and `<summary>` (one line, no
/// backtick). Expected strings are written out by hand from those rules.
@Suite struct OutputEscapingTests {
    @Test func terminalMessagesShowControlCharactersAndClipLongRuns() {
        // ESC [ 3 1 m, a carriage return and a NUL: each becomes its \u{…} spelling.
        #expect(MessageText.forTerminal("name \u{1B}[31mred\rX\u{0}") == "name \\u{1B}[31mred\\u{D}X\\u{0}")
        // A line feed is escaped too: a message cannot forge a line of its own.
        #expect(MessageText.forTerminal("a\nError: forged") == "a\\u{A}Error: forged")
        // 1,000 digits: the first 200 kept, then one ellipsis; the word after is whole.
        let digits = String(repeating: "7", count: 1000)
        #expect(MessageText.forTerminal("found \(digits) here") == "found \(String(repeating: "7", count: 200))… here")
        // Plain text is unchanged.
        #expect(MessageText.forTerminal("feed.json: content.count: 3") == "feed.json: content.count: 3")
    }

    @Test func csvCellsThatWouldBeFormulasAreQuotedAsText() {
        #expect(CSVField.text("@SUM(A1:A9)") == "\"'@SUM(A1:A9)\"")
        #expect(CSVField.text("=1+2") == "\"'=1+2\"")
        #expect(CSVField.text("+cmd") == "\"'+cmd\"")
        // Numbers stay numbers, whatever their sign.
        #expect(CSVField.text("-3.5") == "-3.5")
        #expect(CSVField.text("+2") == "+2")
        // RFC 4180 quoting as before.
        #expect(CSVField.text("a,\"b\"") == "\"a,\"\"b\"\"\"")
        #expect(CSVField.text("plain") == "plain")
    }

    @Test func markdownCodeSpansAndSummariesStayOnOneLine() {
        #expect(Markdown.code("a`b\n\nc\rd") == "a'b  c d")
        // Two line breaks would end the <details> block; they become spaces.
        #expect(Markdown.html("x\n\n# Heading <img>") == "x  # Heading &lt;img&gt;")
        #expect(Markdown.escape("a\u{1B}b") == "a b")
    }
}
