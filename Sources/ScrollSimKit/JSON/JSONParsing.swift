import Foundation

extension ScrollSimError {
    /// A syntax error at a line and column (1-based) of JSON text, not yet placed in a file:
    /// `JSONParser` throws it bare, and the caller, which knows the file, places it
    /// (`placed(in:)` keeps the line and column), so it reads `FILE:LINE:COLUMN: detail`
    /// wherever JSON is read.
    static func syntax(line: Int, column: Int, _ detail: String) -> ScrollSimError {
        ScrollSimError(Problem(source: .none, location: .text(line: line, column: column), message: detail))
    }
}

extension JSONParser {
    /// Parses `bytes` as `parse(_:)` does, a syntax error placed in `file`: it reads
    /// `FILE:LINE:COLUMN: detail`.
    public static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
        do {
            return try parse(bytes)
        } catch let error as ScrollSimError {
            throw error.placed(in: .file(file))
        }
    }
}

extension JSONValue {
    /// Parses JSON text strictly (`JSONParser`): a trailing comma, a comment, a repeated key,
    /// a byte-order mark other than UTF-8's or text that is not UTF-8 is an error at its line
    /// and column.
    /// - Throws: `ScrollSimError` with one problem at its line and column, in no file yet:
    ///   place it with `placed(in:)`.
    public static func parse(_ data: Data) throws -> JSONValue {
        try JSONParser.parse([UInt8](data))
    }
}
