import ScrollSimKit
/// One trace event as `ChromeTraceReader` needs it, parsed in place from its bytes: the members
/// it reads are located (ranges in the bytes, checked), every other member is checked and
/// skipped, and nothing is built — no dictionary per event, no string for a member that is not
/// used. What the event means is decided once all its members are known (Chrome writes `args`
/// first and `ph` after it).
///
/// - Complexity: O(b) for an event of b bytes; one pass.
struct ChromeTraceEvent {
    /// A member's value as found.
    enum Value {
        case number(Range<Int>)
        case string(TraceJSONCursor.StringToken)
        /// Anything else (an object, an array, a literal), as a tree: only messages use it.
        case other(TraceJSON)
    }

    /// Not an object: what it is instead (for the message).
    var notAnObject: TraceJSON?
    var members = 0
    var ph: Value?
    var ts: Value?
    var dur: Value?
    var name: TraceJSONCursor.StringToken?
    var cat: TraceJSONCursor.StringToken?
    var pid: Value?
    var tid: Value?
    var id: Value?
    var id2Local: Value?
    var id2Global: Value?
    /// `id2` present but with neither `local` nor `global`.
    var id2Empty = false
    var scope: TraceJSONCursor.StringToken?
    /// The `args` object's bytes, braces included.
    var args: Range<Int>?

    /// The members this reader looks at.
    private enum Key {
        case ph, ts, dur, name, cat, pid, tid, id, id2, scope, args, other
    }

    /// Parses the event that comes next (any JSON value: one that is not an object is kept for
    /// the message).
    static func parse(_ cursor: inout TraceJSONCursor, depth: Int) throws -> ChromeTraceEvent {
        var event = ChromeTraceEvent()
        guard try cursor.peekSignificant() == UInt8(ascii: "{") else {
            event.notAnObject = try cursor.value(depth: depth)
            return event
        }
        try cursor.forEachMember(depth: depth + 1) { cursor, keyToken in
            event.members += 1
            switch key(keyToken, in: cursor) {
            case .ph: event.ph = try value(&cursor, depth + 1)
            case .ts: event.ts = try value(&cursor, depth + 1)
            case .dur: event.dur = try value(&cursor, depth + 1)
            case .name: event.name = try string(&cursor, depth + 1)
            case .cat: event.cat = try string(&cursor, depth + 1)
            case .pid: event.pid = try value(&cursor, depth + 1)
            case .tid: event.tid = try value(&cursor, depth + 1)
            case .id: event.id = try value(&cursor, depth + 1)
            case .scope: event.scope = try string(&cursor, depth + 1)
            case .id2:
                guard try cursor.peekSignificant() == UInt8(ascii: "{") else {
                    try cursor.skipValue(depth: depth + 1)
                    event.id2Empty = true
                    return
                }
                event.id2Empty = true
                try cursor.forEachMember(depth: depth + 2) { cursor, inner in
                    switch cursor.text(inner) {
                    case "local": event.id2Local = try value(&cursor, depth + 2)
                    case "global": event.id2Global = try value(&cursor, depth + 2)
                    default: try cursor.skipValue(depth: depth + 2)
                    }
                }
                event.id2Empty = event.id2Local == nil && event.id2Global == nil
            case .args:
                cursor.skipWhitespace()
                let start = cursor.index
                let isObject = try cursor.peekSignificant() == UInt8(ascii: "{")
                try cursor.skipValue(depth: depth + 1)
                event.args = isObject ? start..<cursor.index : nil
            case .other:
                try cursor.skipValue(depth: depth + 1)
            }
        }
        return event
    }

    private static func value(_ cursor: inout TraceJSONCursor, _ depth: Int) throws -> Value {
        switch try cursor.peekSignificant() ?? 0 {
        case UInt8(ascii: "\""): return .string(try cursor.stringToken())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try cursor.numberToken())
        default: return .other(try cursor.value(depth: depth))
        }
    }

    /// A string member's token; nil (the value skipped) when it is not a string.
    private static func string(_ cursor: inout TraceJSONCursor, _ depth: Int) throws -> TraceJSONCursor.StringToken? {
        if try cursor.peekSignificant() == UInt8(ascii: "\"") { return try cursor.stringToken() }
        try cursor.skipValue(depth: depth)
        return nil
    }

    /// Which member a key names, comparing its bytes in place (a key with escapes is decoded).
    private static func key(_ token: TraceJSONCursor.StringToken, in cursor: TraceJSONCursor) -> Key {
        guard token.plain else {
            switch cursor.text(token) {
            case "ph": return .ph
            case "ts": return .ts
            case "dur": return .dur
            case "name": return .name
            case "cat": return .cat
            case "pid": return .pid
            case "tid": return .tid
            case "id": return .id
            case "id2": return .id2
            case "scope": return .scope
            case "args": return .args
            default: return .other
            }
        }
        let bytes = cursor.bytes
        let at = token.range.lowerBound
        func byte(_ k: Int) -> UInt8 { bytes[at + k] }
        switch token.range.count {
        case 2:
            switch (byte(0), byte(1)) {
            case (UInt8(ascii: "p"), UInt8(ascii: "h")): return .ph
            case (UInt8(ascii: "t"), UInt8(ascii: "s")): return .ts
            case (UInt8(ascii: "i"), UInt8(ascii: "d")): return .id
            default: return .other
            }
        case 3:
            switch (byte(0), byte(1), byte(2)) {
            case (UInt8(ascii: "d"), UInt8(ascii: "u"), UInt8(ascii: "r")): return .dur
            case (UInt8(ascii: "c"), UInt8(ascii: "a"), UInt8(ascii: "t")): return .cat
            case (UInt8(ascii: "p"), UInt8(ascii: "i"), UInt8(ascii: "d")): return .pid
            case (UInt8(ascii: "t"), UInt8(ascii: "i"), UInt8(ascii: "d")): return .tid
            case (UInt8(ascii: "i"), UInt8(ascii: "d"), UInt8(ascii: "2")): return .id2
            default: return .other
            }
        case 4:
            if byte(0) == UInt8(ascii: "n"), byte(1) == UInt8(ascii: "a"), byte(2) == UInt8(ascii: "m"), byte(3) == UInt8(ascii: "e") { return .name }
            if byte(0) == UInt8(ascii: "a"), byte(1) == UInt8(ascii: "r"), byte(2) == UInt8(ascii: "g"), byte(3) == UInt8(ascii: "s") { return .args }
            return .other
        case 5:
            let scope: [UInt8] = [0x73, 0x63, 0x6F, 0x70, 0x65]
            return (0..<5).allSatisfy { byte($0) == scope[$0] } ? .scope : .other
        default:
            return .other
        }
    }

    /// The phase: `ph`'s one character; nil when `ph` is missing or not a one-byte string.
    func phase(in bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard case .string(let token)? = ph, token.plain, token.range.count == 1 else { return nil }
        return bytes[token.range.lowerBound]
    }

    /// A member's value as text: a string's (decoded), a number as written, anything else as
    /// compact JSON. `pid`, `tid` and `id` are compared as this text.
    static func text(_ value: Value?, in cursor: TraceJSONCursor) -> String? {
        switch value {
        case .string(let token)?: return cursor.text(token)
        case .number(let range)?: return cursor.text(range)
        case .other(let json)?: return json.text
        case nil: return nil
        }
    }

    /// A member's value as JSON, for messages.
    static func json(_ value: Value?, in cursor: TraceJSONCursor) -> String {
        switch value {
        case .string(let token)?: return JSONWriterQuote.quoted(cursor.text(token))
        case .number(let range)?: return cursor.text(range)
        case .other(let json)?: return json.json
        case nil: return ""
        }
    }

    static func kindDescription(_ value: Value) -> String {
        switch value {
        case .string: return "a string"
        case .number: return "a number"
        case .other(let json): return json.kindDescription
        }
    }
}
