import ScrollSimKit
/// Edits JSON text in place: values replaced and members added at their byte ranges
/// (`JSONParser.parseWithSpans`), everything else — key order, whitespace, number spellings —
/// left byte for byte as it was, so a code review of the result shows only what changed.
///
/// An added member goes after the object's last member, on its own line at that member's
/// indentation (or after a space, in an object written on one line); a value of several lines
/// (an object written by `JSONWriter`) is indented to match.
public struct ScenarioTextEdit {
    public let bytes: [UInt8]
    public let root: JSONValue
    private let spans: [[JSONSpan.Component]: JSONSpan]
    private var edits: [(range: Range<Int>, text: [UInt8])] = []
    /// Where the root value begins: after leading whitespace and a UTF-8 byte order mark.
    private var rootStart: Int

    /// - Throws: `ScrollSimError` (a bare problem at its line and column) when the text is
    ///   not JSON.
    public init(bytes: [UInt8]) throws {
        self.bytes = bytes
        let parsed = try JSONParser.parseWithSpans(bytes)
        root = parsed.value
        var byPath: [[JSONSpan.Component]: JSONSpan] = [:]
        for span in parsed.spans { byPath[span.path] = span }
        spans = byPath
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        rootStart = bytes.firstIndex { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF } ?? 0
    }

    /// Sets the member `key` of the object at `object` to `text` (JSON): its value replaced
    /// when present, else the member added.
    public mutating func set(_ key: String, in object: [JSONSpan.Component], to text: String) {
        if let span = spans[object + [.key(key)]] {
            edits.append((span.value, Array(text.utf8)))
            return
        }
        let start = object.isEmpty ? rootStart : spans[object]?.value.lowerBound ?? rootStart
        let members = spans.values.filter { $0.path.count == object.count + 1 && Array($0.path.dropLast()) == object }
        var keyText: [UInt8] = []
        JSONWriter.appendString(key, into: &keyText)
        guard let last = members.max(by: { $0.value.upperBound < $1.value.upperBound }) else {
            // An empty object: the member goes inside its braces.
            let at = start + 1
            edits.append((at..<at, keyText + Array(": \(text)".utf8)))
            return
        }
        let indent = indentation(before: last.key.lowerBound)
        let value = indent.map { reindent(text, by: $0) } ?? text
        let insertion = indent.map { [0x2C, 0x0A] + $0 } ?? Array(", ".utf8)
        let at = last.value.upperBound
        edits.append((at..<at, insertion + keyText + Array(": ".utf8) + Array(value.utf8)))
    }

    /// The whitespace from the line's start to `offset`, or nil when something else precedes
    /// it on its line (an object written on one line).
    func indentation(before offset: Int) -> [UInt8]? {
        var i = offset
        while i > 0, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { i -= 1 }
        guard i == 0 || bytes[i - 1] == 0x0A else { return nil }
        return Array(bytes[i..<offset])
    }

    func reindent(_ text: String, by indent: [UInt8]) -> String {
        let prefix = String(decoding: indent, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : prefix + $0.element }
            .joined(separator: "\n")
    }

    /// The text with every edit made.
    public func result() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.count })
        var cursor = 0
        for edit in edits.enumerated().sorted(by: { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }).map(\.element) {
            out += bytes[cursor..<max(cursor, edit.range.lowerBound)]
            out += edit.text
            cursor = max(cursor, edit.range.upperBound)
        }
        out += bytes[cursor...]
        return out
    }
}
