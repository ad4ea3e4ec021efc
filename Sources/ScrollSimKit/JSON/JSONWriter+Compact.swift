extension JSONWriter {
    /// `value` on one line, as a command line or a table cell shows it: `{"fixed":90}`,
    /// `[1,2]`, `"chunked"`, `0.5`. Keys sorted and numbers as in `string(_:)`.
    public func compact(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        compact(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func compact(_ value: JSONValue, into out: inout [UInt8]) {
        switch value {
        case .array(let items):
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                compact(item, into: &out)
            }
            out.append(0x5D)
        case .object(let object):
            out.append(0x7B)
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out.append(0x2C) }
                JSONWriter.appendString(key, into: &out)
                out.append(0x3A)
                compact(object[key] ?? .null, into: &out)
            }
            out.append(0x7D)
        default:
            write(value, indent: 0, into: &out)
        }
    }
}
