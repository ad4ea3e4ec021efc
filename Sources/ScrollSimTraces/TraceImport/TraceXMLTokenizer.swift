import ScrollSimKit
/// A streaming tokenizer for the XML that `xcrun xctrace export` writes: start and end tags
/// with attributes, text, comments, CDATA and the `<?xml …?>` declaration — and nothing that
/// can make a parser expand, fetch or grow: any `<!DOCTYPE …>` or other markup declaration
/// (`<!ENTITY`, `<!ELEMENT`…) is refused where it starts, before anything after it is read, so
/// "billion laughs" and external entities (`SYSTEM "file:///…"`) never get a chance. The only
/// entity references decoded are the five XML predefines (`&lt;` `&gt;` `&amp;` `&quot;`
/// `&apos;`) and character references (`&#65;` `&#x41;`); any other `&name;` is an error, as
/// XML requires for an undeclared entity. Nothing touches the file system or the network.
///
/// Why not Foundation's `XMLParser`: it is libxml2 on Linux and expat-like on Apple platforms,
/// with entity handling that differs between the two, and it pushes events through delegate
/// callbacks with `NSString`s; this subset needs neither DTDs nor namespaces. The measured
/// figures (throughput and resident memory on a generated 1 GB export) are in the DocC
/// reference's "Reading traces" article.
///
/// Well-formedness checked: tags nest and close by name, attributes are quoted and not
/// repeated, the file does not end inside an element (a truncated export), names and texts
/// are bounded (`TraceLimits.maximumTokenBytes`), nesting is bounded (`maximumDepth`), and all
/// text is UTF-8 (an `encoding` other than UTF-8 in the declaration is refused).
struct TraceXMLTokenizer {
    enum Token {
        /// `<name a="v">` (or `<name/>` with `selfClosing`); `offset` is the `<`'s.
        case start(name: String, attributes: [(name: String, value: String)], selfClosing: Bool, offset: Int)
        case end(name: String, offset: Int)
        /// Character data between tags, entity references decoded (whitespace included).
        case text(String)
    }

    let input: TraceInput
    let limits: TraceLimits
    /// Open elements: name and where each started (for "ends inside <row> opened at …").
    private(set) var open: [(name: String, offset: Int)] = []
    private var pendingEnd: (name: String, offset: Int)?
    private var seenRoot = false
    /// Reused for every name and text, so reading one allocates nothing but its `String`.
    private var scratch: [UInt8] = []

    init(_ input: TraceInput) {
        self.input = input
        self.limits = input.limits
    }

    var depth: Int { open.count }

    /// The attributes of a tag checked for repeats by a scan; past them, by a set.
    static let scannedAttributes = 16

    func error(at offset: Int, _ reason: String) -> ScrollSimError { input.error(at: offset, reason) }

    /// The next token; nil at the end of the file (after the root element closed).
    mutating func next() throws -> Token? {
        if let end = pendingEnd {
            pendingEnd = nil
            return .end(name: end.name, offset: end.offset)
        }
        while true {
            guard let byte = try input.peek() else {
                if let innermost = open.last {
                    throw error(at: input.offset, "the file ends inside <\(innermost.name)> (opened at \(Self.place(input.location(of: innermost.offset)))): the export is truncated")
                }
                if !seenRoot { throw error(at: input.offset, "the file ends before any element: not an xctrace export") }
                return nil
            }
            if byte != UInt8(ascii: "<") {
                let text = try readText()
                if open.isEmpty {
                    guard text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
                        throw error(at: input.offset, "text outside the root element")
                    }
                    continue
                }
                return .text(text)
            }
            let offset = input.offset
            input.skip()
            switch try input.peek() {
            case UInt8(ascii: "?"):
                try processingInstruction(offset)
            case UInt8(ascii: "!"):
                if let text = try markupDeclaration(offset) {
                    guard !open.isEmpty else { throw error(at: offset, "CDATA outside the root element") }
                    return .text(text)
                }
            case UInt8(ascii: "/"):
                input.skip()
                let name = try readName()
                try input.skipWhitespace()
                guard try input.next() == UInt8(ascii: ">") else { throw error(at: offset, "the end tag </\(name)> is not closed with '>'") }
                guard let innermost = open.popLast() else { throw error(at: offset, "</\(name)> closes nothing") }
                guard innermost.name == name else {
                    throw error(at: offset, "</\(name)> closes <\(innermost.name)> (opened at \(Self.place(input.location(of: innermost.offset))))")
                }
                return .end(name: name, offset: offset)
            default:
                return try startTag(offset)
            }
        }
    }

    private mutating func startTag(_ offset: Int) throws -> Token {
        if open.isEmpty && seenRoot { throw error(at: offset, "a second root element") }
        let name = try readName()
        var attributes: [(name: String, value: String)] = []
        // Repeats are found by a scan while the tag is short (most have one to four
        // attributes) and by a set past `Self.scannedAttributes`, so a tag of 100,000
        // attributes is read in linear time, not 5·10⁹ name comparisons.
        var names: Set<String> = []
        while true {
            try input.skipWhitespace()
            guard let byte = try input.peek() else { throw error(at: offset, "the file ends inside the tag <\(name)>: the export is truncated") }
            if byte == UInt8(ascii: ">") {
                input.skip()
                try push(name, offset)
                return .start(name: name, attributes: attributes, selfClosing: false, offset: offset)
            }
            if byte == UInt8(ascii: "/") {
                input.skip()
                guard try input.next() == UInt8(ascii: ">") else { throw error(at: offset, "the tag <\(name)> has '/' not followed by '>'") }
                try push(name, offset)
                open.removeLast()
                pendingEnd = (name, offset)
                return .start(name: name, attributes: attributes, selfClosing: true, offset: offset)
            }
            let attributeOffset = input.offset
            let attribute = try readName()
            try input.skipWhitespace()
            guard try input.next() == UInt8(ascii: "=") else { throw error(at: attributeOffset, "the attribute \(attribute) of <\(name)> has no '=value'") }
            try input.skipWhitespace()
            guard let quote = try input.next(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error(at: attributeOffset, "the value of \(attribute) in <\(name)> is not quoted")
            }
            let value = try readText(until: quote, start: attributeOffset)
            guard try input.next() == quote else { throw error(at: attributeOffset, "the file ends inside the attribute \(attribute) of <\(name)>: the export is truncated") }
            let repeated: Bool
            if attributes.count < Self.scannedAttributes {
                repeated = attributes.contains { $0.name == attribute }
            } else {
                if names.isEmpty { names = Set(attributes.map(\.name)) }
                repeated = !names.insert(attribute).inserted
            }
            guard !repeated else { throw error(at: attributeOffset, "<\(name)> repeats the attribute \(attribute)") }
            attributes.append((attribute, value))
        }
    }

    private mutating func push(_ name: String, _ offset: Int) throws {
        guard open.count < limits.maximumDepth else { throw error(at: offset, "elements nested deeper than \(limits.maximumDepth) levels") }
        seenRoot = true
        open.append((name, offset))
    }

    /// `<?xml version="1.0" encoding="UTF-8"?>` and other processing instructions: skipped,
    /// except that a declared encoding must be UTF-8.
    private func processingInstruction(_ offset: Int) throws {
        var bytes: [UInt8] = []
        while true {
            guard let byte = try input.next() else { throw error(at: offset, "the file ends inside <?…?>: the export is truncated") }
            if byte == UInt8(ascii: ">"), bytes.last == UInt8(ascii: "?") { break }
            guard bytes.count < limits.maximumTokenBytes else { throw error(at: offset, "a processing instruction longer than \(limits.maximumTokenBytes) bytes") }
            bytes.append(byte)
        }
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        if text.hasPrefix("?xml"), let range = text.range(of: "encoding") {
            let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            let encoding = rest.prefix { $0 != "\"" && $0 != "'" && $0 != " " && $0 != "?" }
            guard encoding == "utf-8" || encoding == "utf8" else {
                throw error(at: offset, "the declared encoding is \(encoding), not UTF-8 (xctrace writes UTF-8)")
            }
        }
    }

    /// After `<!`: a comment (skipped: nil), CDATA (its text), or a markup declaration
    /// (`<!DOCTYPE`, `<!ENTITY`…), which is refused.
    private func markupDeclaration(_ offset: Int) throws -> String? {
        input.skip()
        var head: [UInt8] = []
        while head.count < 7, let byte = try input.peek(), byte != UInt8(ascii: ">"), byte != 0x20, byte != 0x0A, byte != 0x09, byte != 0x0D {
            head.append(byte)
            input.skip()
            if head == Array("--".utf8) || head == Array("[CDATA[".utf8) { break }
        }
        if head == Array("--".utf8) {
            // A comment: up to "-->".
            var tail: (UInt8, UInt8) = (0, 0)
            while let byte = try input.next() {
                if byte == UInt8(ascii: ">"), tail == (UInt8(ascii: "-"), UInt8(ascii: "-")) { return nil }
                tail = (tail.1, byte)
            }
            throw error(at: offset, "the file ends inside a comment <!-- …: the export is truncated")
        }
        if head == Array("[CDATA[".utf8) {
            var bytes: [UInt8] = []
            while let byte = try input.next() {
                bytes.append(byte)
                if bytes.count >= 3, bytes[bytes.count - 3] == UInt8(ascii: "]"), bytes[bytes.count - 2] == UInt8(ascii: "]"), byte == UInt8(ascii: ">") {
                    bytes.removeLast(3)
                    guard let text = TraceText.decode(bytes) else { throw error(at: offset, "this CDATA section is not UTF-8 text") }
                    return text
                }
                guard bytes.count <= limits.maximumTokenBytes else { throw error(at: offset, "a CDATA section longer than \(limits.maximumTokenBytes) bytes") }
            }
            throw error(at: offset, "the file ends inside <![CDATA[ …: the export is truncated")
        }
        let what = String(decoding: head, as: UTF8.self)
        if what == "DOCTYPE" {
            throw error(at: offset, "a DOCTYPE declaration: refused, because a DTD can declare entities that expand without bound (\"billion laughs\") or read files and URLs (external entities); xctrace exports have none")
        }
        throw error(at: offset, "a markup declaration <!\(what): refused (ScrollSim reads no DTD, so no entity is ever declared or expanded); xctrace exports have none")
    }

    /// An element or attribute name.
    private mutating func readName() throws -> String {
        let offset = input.offset
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        try input.append(while: Self.isNameByte, into: &scratch, limit: 256)
        guard scratch.count <= 256 else { throw error(at: offset, "a name longer than 256 bytes") }
        guard !scratch.isEmpty else {
            if let byte = try input.peek() { throw error(at: offset, "expected a name, found \(TraceJSONScanner.describe(byte))") }
            throw error(at: offset, "the file ends where a name was expected: the export is truncated")
        }
        guard let name = TraceText.decode(scratch) else { throw error(at: offset, "a name that is not UTF-8 text") }
        return name
    }

    @inline(__always) static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// Character data up to `<` (or, in an attribute, up to its closing quote), with entity and
    /// character references decoded.
    private mutating func readText(until quote: UInt8? = nil, start: Int? = nil) throws -> String {
        let offset = start ?? input.offset
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        let stop = quote ?? UInt8(ascii: "<")
        while let byte = try input.append(until: stop, UInt8(ascii: "<"), UInt8(ascii: "&"), into: &scratch, limit: limits.maximumTokenBytes) {
            guard scratch.count <= limits.maximumTokenBytes else { throw error(at: offset, "a text longer than \(limits.maximumTokenBytes) bytes") }
            if byte == UInt8(ascii: "&") {
                input.skip()
                try reference(into: &scratch)
                continue
            }
            if quote != nil, byte == UInt8(ascii: "<") { throw error(at: input.offset, "'<' inside an attribute value") }
            break
        }
        guard let text = TraceText.decode(scratch) else { throw error(at: offset, "text that is not UTF-8") }
        return text
    }

    /// After `&`: a predefined entity or a character reference, appended as UTF-8.
    private func reference(into bytes: inout [UInt8]) throws {
        let offset = input.offset - 1
        var name: [UInt8] = []
        while let byte = try input.next() {
            if byte == UInt8(ascii: ";") {
                let text = String(decoding: name, as: UTF8.self)
                switch text {
                case "lt": bytes.append(UInt8(ascii: "<"))
                case "gt": bytes.append(UInt8(ascii: ">"))
                case "amp": bytes.append(UInt8(ascii: "&"))
                case "quot": bytes.append(UInt8(ascii: "\""))
                case "apos": bytes.append(UInt8(ascii: "'"))
                default:
                    guard text.hasPrefix("#") else {
                        throw error(at: offset, "the entity &\(text); is not one of XML's five (&lt; &gt; &amp; &quot; &apos;): ScrollSim declares and expands no other entity")
                    }
                    let digits = text.dropFirst()
                    let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                    guard let value, value != 0, let scalar = Unicode.Scalar(value) else { throw error(at: offset, "&\(text); is not a valid character reference") }
                    bytes.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
                return
            }
            guard name.count < 16 else { break }
            name.append(byte)
        }
        throw error(at: offset, "a '&' that starts no entity reference (write it as &amp;)")
    }

    /// "line L, column C" for a message.
    static func place(_ location: ScrollSimError.Problem.Location) -> String {
        switch location {
        case .text(let line, let column): return "\(line):\(column)"
        case .event(let index): return "event \(index)"
        case .whole, .keyPath: return "the file"
        }
    }
}
