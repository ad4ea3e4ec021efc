import Foundation

/// A JSON syntax error, located by line and column (1-based) in the text.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var detail: String

    public var description: String { "\(line):\(column): \(detail)" }
}

extension JSONValue {
    /// Parses JSON text.
    ///
    /// `JSONSerialization` parses; on a syntax error it reports a byte offset ("around
    /// character 25", or "line 3, column 7" on newer Darwin Foundation), which is turned into a
    /// line and column (`JSONDecoder` reports no position at all). Its booleans are told from
    /// numbers by their Objective-C type (`c`), so `true` never becomes 1.
    public static func parse(_ data: Data) throws -> JSONValue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw JSONValue.locate(error, in: data)
        }
        return JSONValue(foundation: object)
    }

    /// Converts what `JSONSerialization` returns.
    init(foundation object: Any) {
        switch object {
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let array as [Any]:
            self = .array(array.map(JSONValue.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(JSONValue.init(foundation:)))
        default:
            self = .null
        }
    }

    static func locate(_ error: Error, in data: Data) -> JSONSyntaxError {
        let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        let detail = JSONValue.plainDetail(message)
        if let (line, column) = JSONValue.lineAndColumn(in: message) {
            return JSONSyntaxError(line: line, column: column, detail: detail)
        }
        if let offset = JSONValue.number(after: "character ", in: message) {
            let (line, column) = JSONValue.lineAndColumn(ofByte: offset, in: data)
            return JSONSyntaxError(line: line, column: column, detail: detail)
        }
        if data.isEmpty || data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return JSONSyntaxError(line: 1, column: 1, detail: "the file is empty")
        }
        let (line, column) = JSONValue.lineAndColumn(ofByte: data.count, in: data)
        return JSONSyntaxError(line: line, column: column, detail: detail)
    }

    /// "Invalid value around character 25." → "invalid value".
    static func plainDetail(_ message: String) -> String {
        var text = message
        if let range = text.range(of: " around ") { text = String(text[..<range.lowerBound]) }
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        guard let first = text.first else { return "not valid JSON" }
        return first.lowercased() + text.dropFirst()
    }

    static func lineAndColumn(in message: String) -> (Int, Int)? {
        guard let line = number(after: "line ", in: message), let column = number(after: "column ", in: message) else { return nil }
        return (line, column)
    }

    static func number(after marker: String, in message: String) -> Int? {
        guard let range = message.range(of: marker) else { return nil }
        let digits = message[range.upperBound...].prefix(while: { $0.isNumber })
        return Int(digits)
    }

    /// Line and column (1-based, columns in characters) of a byte offset into UTF-8 text.
    public static func lineAndColumn(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let bytes = [UInt8](data.prefix(max(0, min(offset, data.count))))
        var line = 1
        var lineStart = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let lineBytes = bytes[lineStart...]
        let column = (String(decoding: lineBytes, as: UTF8.self).count) + 1
        return (line, column)
    }
}
