import ScrollSimKit
/// One JSON value as the trace readers see it: numbers keep their text.
enum TraceJSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([TraceJSON])
    case object([String: TraceJSON])

    subscript(key: String) -> TraceJSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value as attribute text: strings as they are, numbers as written, booleans
    /// `true`/`false`, null `null`, arrays and objects as compact JSON.
    var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return text
        case .array(let elements): return "[" + elements.map(\.json).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.sorted { $0.key < $1.key }.map { JSONWriterQuote.quoted($0.key) + ":" + $0.value.json }.joined(separator: ",") + "}"
        }
    }

    /// The value as compact JSON (strings quoted).
    var json: String {
        if case .string(let text) = self { return JSONWriterQuote.quoted(text) }
        return text
    }

    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// JSON string quoting through the kit's writer.
enum JSONWriterQuote {
    static func quoted(_ string: String) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendString(string, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
