import Foundation

/// A JSON syntax error, located by line and column (1-based) in the text.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var detail: String

    public init(line: Int, column: Int, detail: String) {
        self.line = line
        self.column = column
        self.detail = detail
    }

    public var description: String { "\(line):\(column): \(detail)" }
}

extension JSONValue {
    /// Parses JSON text strictly (`JSONParser`): a trailing comma, a comment, a repeated key,
    /// a byte-order mark other than UTF-8's or text that is not UTF-8 is an error at its line
    /// and column.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONParser.parse([UInt8](data))
    }
}
