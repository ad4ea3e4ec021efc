import ScrollSimKit
/// The attributes of a trace-event interval, and the strings of a trace-event file, made once
/// for what the file repeats.
///
/// Attributes: `cat`, and every member of `args` as `args.KEY` — a nested object flattened to
/// `args.KEY.SUB` (the flat keys of Perfetto's args table, so `args.data.type` can be mapped
/// on), an array as compact JSON, a string as it is, a number as written, `true`, `false`,
/// `null`.
///
/// Through two bounded caches (`TraceByteTable`): the attributes of a `cat` and `args` by their
/// bytes — a trace repeats the same arguments on most events, so most events cost one hash of
/// those bytes and share one dictionary — and names, keys and values by their bytes.
struct ChromeAttributes {
    private var sets = TraceByteTable<[String: String]>(maximum: 1 << 14)
    private var strings = TraceByteTable<String>(maximum: 1 << 16)

    /// A string member's text, interned.
    mutating func string(_ token: TraceJSONCursor.StringToken, in cursor: TraceJSONCursor) -> String {
        strings.value(UnsafeBufferPointer(rebasing: cursor.bytes[token.range]), orMake: { cursor.text(token) })
    }

    /// The attributes of `cat` and the `args` object (`argsDepth`: the nesting depth the event
    /// parse read it at), either of which may be absent.
    mutating func attributes(cat: TraceJSONCursor.StringToken?, args: Range<Int>?, in cursor: TraceJSONCursor, argsDepth: Int) throws -> [String: String] {
        let catBytes = cat.map { UnsafeBufferPointer(rebasing: cursor.bytes[$0.range]) } ?? UnsafeBufferPointer(start: nil, count: 0)
        let argsBytes = args.map { UnsafeBufferPointer(rebasing: cursor.bytes[$0]) } ?? UnsafeBufferPointer(start: nil, count: 0)
        if cat == nil && (args == nil || args?.count == 2) { return [:] }
        if let found = sets.find(catBytes, argsBytes) { return found }
        var attributes: [String: String] = [:]
        if let cat { attributes["cat"] = string(cat, in: cursor) }
        if let args {
            // The bytes were checked when the event was parsed: this parse cannot fail.
            var inner = TraceJSONCursor(UnsafeBufferPointer(rebasing: cursor.bytes[args]), final: true, limits: cursor.limits)
            var path = Array("args".utf8)
            try flatten(&inner, path: &path, depth: argsDepth, into: &attributes)
        }
        sets.insert(catBytes, argsBytes, attributes)
        return attributes
    }

    /// The members of the object next in `cursor` as `PATH.KEY` attributes, nested objects
    /// flattened.
    private mutating func flatten(_ cursor: inout TraceJSONCursor, path: inout [UInt8], depth: Int, into attributes: inout [String: String]) throws {
        try cursor.forEachMember(depth: depth) { cursor, key in
            let length = path.count
            defer { path.removeSubrange(length...) }
            path.append(UInt8(ascii: "."))
            cursor.decode(key, into: &path)
            let name = path.withUnsafeBufferPointer { bytes in strings.value(bytes, orMake: { String(decoding: bytes, as: UTF8.self) }) }
            switch try cursor.peekSignificant() ?? 0 {
            case UInt8(ascii: "{"):
                try flatten(&cursor, path: &path, depth: depth + 1, into: &attributes)
            case UInt8(ascii: "\""):
                attributes[name] = string(try cursor.stringToken(), in: cursor)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                attributes[name] = cursor.text(try cursor.numberToken())
            default:
                attributes[name] = try cursor.value(depth: depth).text
            }
        }
    }
}
