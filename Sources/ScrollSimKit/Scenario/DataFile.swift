import Foundation
import ScrollSimEngine

/// Per-element data for `content.data`: a JSON Lines (`.jsonl`, `.ndjson`) or CSV (`.csv`) file
/// of one record per element, in order.
///
/// Fields (all optional): `id` (what script events name), `type` (a type name), and a size:
/// `height` (points), `chars` (for text heights), `aspect`, or `width` and `height` together
/// (an image's size; aspect = height / width). A size is the parameter of the element's type's
/// height form, replacing the seeded draw. Errors name the data file's line.
struct DataFile {
    let file: String
    let keyPath: String
    let path: String
    let readData: (String) throws -> Data
    let typeNames: [String]
    /// Each type's height form, to check that a record's size field fits its type.
    let heightForms: [HeightSpec]

    struct Table {
        var items: [ElementData]
        var ids: [String]?
        var bytes: Data
    }

    static let fields = ["id", "type", "height", "chars", "aspect", "width"]

    func records() throws -> Table {
        let data: Data
        do {
            data = try readData(path)
        } catch {
            throw ScenarioError(file: file, location: .keyPath(keyPath), message: "cannot read data file \"\(path)\": \(error.localizedDescription)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        var rows: [(line: Int, fields: [String: JSONValue])] = []
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") {
            rows = try csvRows(lines)
        } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            rows = try jsonLines(lines)
        } else {
            throw ScenarioError(file: file, location: .keyPath(keyPath), message: "\"\(path)\": data files are .jsonl, .ndjson or .csv")
        }
        var items: [ElementData] = []
        var ids: [String] = []
        var anyID = false
        var seen = Set<String>()
        for (line, fields) in rows {
            let where_ = ScenarioError.Location.text(line: line, column: 1)
            for key in fields.keys where !DataFile.fields.contains(key) {
                throw ScenarioError(file: path, location: where_, message: "unknown field \"\(key)\"; fields: \(DataFile.fields.joined(separator: ", "))")
            }
            var item = ElementData()
            if let type = fields["type"] {
                guard let name = type.stringValue, let index = typeNames.firstIndex(of: name) else {
                    throw ScenarioError(file: path, location: where_, message: "type \(type.stringValue.map { "\"\($0)\"" } ?? type.kindDescription) is not one of the scenario's types (\(typeNames.joined(separator: ", ")))")
                }
                item.typeIndex = index
            }
            func number(_ key: String) throws -> Double? {
                guard let value = fields[key] else { return nil }
                guard let n = value.numberValue, n.isFinite, n >= 0 else {
                    throw ScenarioError(file: path, location: where_, message: "\"\(key)\" must be a non-negative number")
                }
                return n
            }
            let width = try number("width")
            let height = try number("height")
            let given = ["height", "chars", "aspect"].filter { fields[$0] != nil && !(width != nil && $0 == "height") }
            if given.count > 1 {
                throw ScenarioError(file: path, location: where_, message: "give one size: \(given.joined(separator: " or ")) (or width and height)")
            }
            if let width {
                guard let height, width > 0 else {
                    throw ScenarioError(file: path, location: where_, message: "\"width\" needs a positive width and a \"height\" (an image size)")
                }
                item.heightParameter = height / width
            } else {
                item.heightParameter = try height ?? number("chars") ?? number("aspect")
            }
            if item.heightParameter != nil, let t = item.typeIndex ?? (typeNames.count == 1 ? 0 : nil) {
                let field = width != nil ? "width and height" : given[0]
                let (fits, wanted): (Bool, String)
                switch heightForms[t] {
                case .absolute: (fits, wanted) = (field == "height", "\"height\"")
                case .text: (fits, wanted) = (field == "chars", "\"chars\"")
                case .aspect: (fits, wanted) = (field == "aspect" || field == "width and height", "\"aspect\" or \"width\" and \"height\"")
                }
                guard fits else {
                    throw ScenarioError(file: path, location: where_, message: "type \"\(typeNames[t])\" takes \(wanted) for its size, not \(field)")
                }
            }
            if let id = fields["id"] {
                anyID = true
                let text = id.stringValue ?? id.numberValue.map { JSONWriter.text($0) } ?? ""
                guard !text.isEmpty else { throw ScenarioError(file: path, location: where_, message: "\"id\" must be a string or a number") }
                guard seen.insert(text).inserted else { throw ScenarioError(file: path, location: where_, message: "id \"\(text)\" is used twice") }
                ids.append(text)
            } else {
                ids.append(String(items.count))
            }
            items.append(item)
        }
        return Table(items: items, ids: anyID ? ids : nil, bytes: data)
    }

    private func jsonLines(_ lines: [String]) throws -> [(Int, [String: JSONValue])] {
        var rows: [(Int, [String: JSONValue])] = []
        for (i, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let value: JSONValue
            do {
                value = try JSONValue.parse(Data(line.utf8))
            } catch let error as JSONSyntaxError {
                throw ScenarioError(file: path, location: .text(line: i + 1, column: error.column), message: error.detail)
            }
            guard let object = value.objectValue else {
                throw ScenarioError(file: path, location: .text(line: i + 1, column: 1), message: "expected one JSON object per line, found \(value.kindDescription)")
            }
            rows.append((i + 1, object))
        }
        return rows
    }

    /// CSV with a header row; fields are plain or double-quoted (RFC 4180, no embedded newlines).
    private func csvRows(_ lines: [String]) throws -> [(Int, [String: JSONValue])] {
        guard let header = lines.first else { return [] }
        let names = DataFile.splitCSV(header).map { $0.trimmingCharacters(in: .whitespaces) }
        var rows: [(Int, [String: JSONValue])] = []
        for (i, line) in lines.enumerated().dropFirst() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let cells = DataFile.splitCSV(line)
            guard cells.count == names.count else {
                throw ScenarioError(file: path, location: .text(line: i + 1, column: 1), message: "\(cells.count) fields, but the header has \(names.count)")
            }
            var fields: [String: JSONValue] = [:]
            for (name, cell) in zip(names, cells) where !cell.isEmpty {
                if name == "id" || name == "type" {
                    fields[name] = .string(cell)
                } else if let n = Double(cell.trimmingCharacters(in: .whitespaces)) {
                    fields[name] = .number(n)
                } else {
                    throw ScenarioError(file: path, location: .text(line: i + 1, column: 1), message: "\"\(name)\" is \"\(cell)\", not a number")
                }
            }
            rows.append((i + 1, fields))
        }
        return rows
    }

    static func splitCSV(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var quoted = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" {
                        current.append("\"")
                        chars = chars.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                cells.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        cells.append(current)
        return cells
    }
}
