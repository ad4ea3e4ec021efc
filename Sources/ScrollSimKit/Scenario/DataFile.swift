import ScrollSimEngine

/// Per-element data for `content.data`: a JSON Lines (`.jsonl`, `.ndjson`) or CSV (`.csv`) file
/// of one record per element, in order.
///
/// Fields (all optional): `id` (what script events name), `type` (a type name), and a size:
/// `height` (points), `chars` (for text heights), `aspect`, or `width` and `height` together
/// (an image's size; aspect = height / width). A size is the parameter of the element's type's
/// height form, replacing the seeded draw, and must lie in the range that form accepts.
///
/// Every problem names the scenario file, the key (`content.data`), and the data file's line
/// and field: `feed.json: content.data: data/photos.jsonl:12: "height": -3 is outside
/// 0...100000`. Reading stops at the data-file limits (`ScenarioLimits.dataBytes`, `dataRows`),
/// line by line, so memory stays proportional to the records kept.
struct DataFile {
    /// `content.data`.
    let keyPath: String
    /// The data file's path as the scenario gives it.
    let path: String
    let typeNames: [String]
    /// Each type's height form, to check that a record's size field fits its type.
    let heightForms: [HeightSpec]

    struct Table {
        var items: [ElementData]
        var ids: [String]?
        var bytes: [UInt8]
    }

    static let fields = ["id", "type", "height", "chars", "aspect", "width"]

    /// Reads and checks the file, reporting every problem to `context`.
    /// - Returns: the table, or nil when the file has problems (all reported).
    func read(_ context: DecodingContext) -> Table? {
        let bytes: [UInt8]
        do {
            bytes = try context.readData(path, context.limits.dataBytes)
        } catch let error as ScrollSimError {
            context.problem(keyPath, error.isUnreadable ? "cannot read \"\(path)\": \(error.reason)" : "\"\(path)\" \(error.reason)")
            return nil
        } catch {
            context.problem(keyPath, "cannot read \"\(path)\": \(error)")
            return nil
        }
        let lower = path.lowercased()
        let csv = lower.hasSuffix(".csv")
        guard csv || lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") else {
            context.problem(keyPath, "\(MessageText.quoted(path)): data files are .jsonl, .ndjson or .csv")
            return nil
        }
        let terms = DataFileTables.Terms(csv: csv, typeNames: typeNames, heightForms: heightForms, dataRows: context.limits.dataRows)
        if let table = context.dataTables?.table(bytes, terms) { return table }
        let before = context.problemCount
        let warned = context.warnings.count
        var reader = Reader(file: self, context: context, bytes: bytes)
        bytes.withUnsafeBufferPointer { buffer in
            if csv { reader.csv(buffer) } else { reader.jsonLines(buffer) }
        }
        if !reader.tooMany { reader.checkImplicitIDs() }
        guard context.problemCount == before else { return nil }
        let table = Table(items: reader.items, ids: reader.anyID ? reader.ids : nil, bytes: bytes)
        if context.warnings.count == warned { context.dataTables?.keep(table, terms) }
        return table
    }

    func problem(_ context: DecodingContext, line: Int, column: Int? = nil, _ message: String) {
        context.problem(keyPath, "\(path):\(line)\(column.map { ":\($0)" } ?? ""): \(message)")
    }

    /// A problem the JSON parser found in one line (its line is 1): at that line's number
    /// in the file, and the parser's column.
    func problem(_ context: DecodingContext, line: Int, at parsed: ScrollSimError.Problem) {
        var column: Int?
        if case .text(_, let at) = parsed.location { column = at }
        problem(context, line: line, column: column, parsed.message)
    }

    /// The state of one read: records so far, ids seen.
    struct Reader {
        let file: DataFile
        let context: DecodingContext
        let bytes: [UInt8]
        var items: [ElementData] = []
        var ids: [String] = []
        var anyID = false
        var seen = Set<String>()
        var tooMany = false
        /// Each record's line, and whether it gave its id (else it is named by its index).
        var recordLines: [Int] = []
        var explicitID: [Bool] = []

        init(file: DataFile, context: DecodingContext, bytes: [UInt8]) {
            self.file = file
            self.context = context
            self.bytes = bytes
        }

        /// The lines of the text (without their line breaks), with their 1-based numbers;
        /// a UTF-8 byte-order mark is skipped, a UTF-16 or UTF-32 one reported.
        static func lines(_ buffer: UnsafeBufferPointer<UInt8>, file: DataFile, context: DecodingContext,
                          _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
            var start = 0
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
            if buffer.count >= 2, (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF) {
                file.problem(context, line: 1, "the file is UTF-16 or UTF-32 (it starts with a byte-order mark); save it as UTF-8")
                return
            }
            var number = 1
            var i = start
            while i <= buffer.count {
                var end = i
                while end < buffer.count && buffer[end] != 0x0A { end += 1 }
                var stop = end
                if stop > i && buffer[stop - 1] == 0x0D { stop -= 1 }
                let line = UnsafeBufferPointer(rebasing: buffer[i..<stop])
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    guard body(number, line) else { return }
                }
                number += 1
                i = end + 1
            }
        }

        /// Counts a record against the data-rows limit; false once it is exceeded.
        mutating func admit(line: Int) -> Bool {
            guard items.count < context.limits.dataRows else {
                file.problem(context, line: line, "more than \(ScenarioLimits.grouped(context.limits.dataRows)) records, over the limit (raise it with --limit data-rows=N)")
                tooMany = true
                return false
            }
            return true
        }

        mutating func jsonLines(_ buffer: UnsafeBufferPointer<UInt8>) {
            Reader.lines(buffer, file: file, context: context) { number, line in
                guard admit(line: number) else { return false }
                let result: JSONParser.Result
                do {
                    result = try JSONParser.parseAllowingDuplicates(line)
                } catch let error as ScrollSimError {
                    for problem in error.problems { file.problem(context, line: number, at: problem) }
                    return true
                } catch {
                    file.problem(context, line: number, "\(error)")
                    return true
                }
                for duplicate in result.duplicates { file.problem(context, line: number, at: duplicate) }
                guard case .object(let fields) = result.value else {
                    file.problem(context, line: number, "expected one JSON object per line, found \(result.value.kindDescription)")
                    return true
                }
                for key in fields.keys.sorted() where !DataFile.fields.contains(key) {
                    var message = "unknown field \"\(KeyShape.clipped(key))\""
                    if let near = Spelling.closest(to: key, in: DataFile.fields) { message += " (did you mean \"\(near)\"?)" }
                    file.problem(context, line: number, message + "; fields: \(DataFile.fields.joined(separator: ", "))")
                }
                record(Fields(fields), line: number)
                return true
            }
        }

        /// CSV with a header row; fields are plain or double-quoted (RFC 4180, no embedded
        /// line breaks).
        ///
        /// A line of ASCII without quotes, as a data file's lines usually are, is read in place:
        /// its cells are the bytes between commas, a number is parsed from them
        /// (`DataFile.number(ascii:)`) and only a text field becomes a `String`. Any other
        /// line of ASCII is split byte by byte (`DataFile.splitCSV(ascii:)`), and a line
        /// beyond ASCII by characters, where a quote or a comma followed by a combining mark
        /// is not a delimiter. Each way gives the same cells: the shipped scenarios' ten photo
        /// feeds read 10,000 lines each, and decoding one file is one thread's work however
        /// many jobs run.
        mutating func csv(_ buffer: UnsafeBufferPointer<UInt8>) {
            var names: [String]?
            // Per column of the header: the field it holds (an index into `DataFile.fields`),
            // nil for a column this file does not know.
            var slots: [Int?] = []
            Reader.lines(buffer, file: file, context: context) { number, line in
                guard let header = names else {
                    guard let cells = cells(line, number: number) else { return true }
                    let header = cells.map(DataFile.trimmed)
                    for name in header where !DataFile.fields.contains(name) {
                        var message = "unknown column \"\(KeyShape.clipped(name))\""
                        if let near = Spelling.closest(to: name, in: DataFile.fields) { message += " (did you mean \"\(near)\"?)" }
                        file.problem(context, line: number, message + "; fields: \(DataFile.fields.joined(separator: ", "))")
                    }
                    var counts: [String: Int] = [:]
                    for name in header { counts[name, default: 0] += 1 }
                    for name in header where counts[name, default: 0] > 1 {
                        file.problem(context, line: number, "column \"\(KeyShape.clipped(name))\" is named twice")
                        counts[name] = 0
                    }
                    names = header
                    slots = header.map { DataFile.fields.firstIndex(of: $0) }
                    return true
                }
                guard admit(line: number) else { return false }
                var fields = Fields()
                // A cell's value for its column; false (reported) when a number column's cell
                // is not a number. An empty cell, or one of an unknown column, is absent.
                func take(_ column: Int, _ cell: UnsafeBufferPointer<UInt8>, ascii: Bool) -> Bool {
                    guard !cell.isEmpty, let slot = slots[column] else { return true }
                    if Fields.isText(slot) {
                        fields[slot] = .string(String(decoding: cell, as: UTF8.self))
                    } else if let n = ascii ? DataFile.number(ascii: cell) : DataFile.number(String(decoding: cell, as: UTF8.self)), n.isFinite {
                        fields[slot] = .number(n)
                    } else {
                        file.problem(context, line: number, "\"\(header[column])\": \"\(KeyShape.clipped(String(decoding: cell, as: UTF8.self)))\" is not a number")
                        return false
                    }
                    return true
                }
                if let commas = Reader.plainASCIICommas(line) {
                    guard commas + 1 == header.count else {
                        file.problem(context, line: number, "\(commas + 1) fields, but the header has \(header.count)")
                        return true
                    }
                    var column = 0
                    var start = 0
                    for i in 0...line.count where i == line.count || line[i] == 0x2C {
                        guard take(column, UnsafeBufferPointer(rebasing: line[start..<i]), ascii: true) else { return true }
                        column += 1
                        start = i + 1
                    }
                } else {
                    guard let cells = cells(line, number: number) else { return true }
                    guard cells.count == header.count else {
                        file.problem(context, line: number, "\(cells.count) fields, but the header has \(header.count)")
                        return true
                    }
                    for (column, cell) in cells.enumerated() {
                        var cell = cell
                        let ascii = cell.utf8.allSatisfy { $0 < 0x80 }
                        guard cell.withUTF8({ take(column, $0, ascii: ascii) }) else { return true }
                    }
                }
                record(fields, line: number)
                return true
            }
        }

        /// The number of commas in a line of ASCII without a double quote (its cells are then
        /// the bytes between them); nil for any other line.
        static func plainASCIICommas(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
            var commas = 0
            for byte in line {
                if byte >= 0x80 || byte == 0x22 { return nil }
                if byte == 0x2C { commas += 1 }
            }
            return commas
        }

        /// The cells of a line split by `splitCSV`: byte by byte for ASCII, by characters
        /// otherwise; nil, reported, for a line that is not UTF-8.
        func cells(_ line: UnsafeBufferPointer<UInt8>, number: Int) -> [String]? {
            if line.allSatisfy({ $0 < 0x80 }) { return DataFile.splitCSV(ascii: line) }
            guard let text = Reader.utf8(line) else {
                file.problem(context, line: number, "the line is not UTF-8 text; save the file as UTF-8")
                return nil
            }
            return DataFile.splitCSV(text)
        }

        static func utf8(_ line: UnsafeBufferPointer<UInt8>) -> String? {
            let text = String(decoding: line, as: UTF8.self)
            // Decoding replaces invalid bytes with U+FFFD; valid text re-encodes to the same bytes.
            return text.utf8.elementsEqual(line) ? text : nil
        }

        /// Checks one record's fields and keeps it.
        mutating func record(_ fields: Fields, line: Int) {
            recordLines.append(line)
            explicitID.append(fields.id != nil)
            let clean = context.clean { check(fields, line: line) }
            guard clean else {
                items.append(ElementData())
                if anyID { ids.append(String(items.count - 1)) }
                return
            }
            var item = ElementData()
            if let name = fields.type?.stringValue { item.typeIndex = file.typeNames.firstIndex(of: name) }
            if let width = fields.width?.numberValue, let height = fields.height?.numberValue {
                item.heightParameter = height / width
            } else {
                item.heightParameter = fields.height?.numberValue ?? fields.chars?.numberValue ?? fields.aspect?.numberValue
            }
            if let id = fields.id {
                if !anyID {
                    // The records before the first id are named by their index.
                    ids = (0..<items.count).map { String($0) }
                    anyID = true
                }
                let text = id.stringValue ?? id.numberValue.map { JSONWriter.text($0) } ?? ""
                if !seen.insert(text).inserted {
                    file.problem(context, line: line, "\"id\": \"\(KeyShape.clipped(text))\" is used twice")
                }
                ids.append(text)
            } else if anyID {
                ids.append(String(items.count))
            }
            items.append(item)
        }

        /// A record's id that equals another's implicit one (a record without an id is named by
        /// its index: `{"id": "3"}` and the fourth record without one would both be "3").
        /// Two explicit ids that repeat were reported as they were read.
        func checkImplicitIDs() {
            guard anyID else { return }
            var first: [String: Int] = [:]
            for (index, id) in ids.enumerated() {
                guard let other = first[id] else {
                    first[id] = index
                    continue
                }
                guard !(explicitID[index] && explicitID[other]) else { continue }
                let (implicit, explicit) = explicitID[index] ? (other, index) : (index, other)
                file.problem(context, line: recordLines[explicit],
                             "\"id\": \"\(KeyShape.clipped(id))\" is also the id of the record at line \(recordLines[implicit]), which gives none and is named by its index, \(implicit); give that record an id, or this one another")
            }
        }

        func check(_ fields: Fields, line: Int) {
            func problem(_ field: String, _ message: String) {
                file.problem(context, line: line, "\"\(field)\": \(message)")
            }
            var typeIndex: Int?
            if let type = fields.type {
                if let name = type.stringValue, let index = file.typeNames.firstIndex(of: name) {
                    typeIndex = index
                } else {
                    problem("type", "\(type.stringValue.map { "\"\(KeyShape.clipped($0))\"" } ?? type.kindDescription) is not one of the scenario's types (\(file.typeNames.joined(separator: ", ")))")
                }
            }
            if let id = fields.id {
                switch id {
                case .string(let s) where !s.isEmpty: break
                case .number: break
                default: problem("id", "expected a non-empty string or a number, found \(id.kindDescription == "a string" ? "an empty string" : id.kindDescription)")
                }
            }
            func number(_ given: JSONValue?, _ key: String, _ range: ClosedRange<Double>) -> Double? {
                guard let value = given else { return nil }
                guard case .number(let n) = value else {
                    problem(key, "expected a number, found \(value.kindDescription)")
                    return nil
                }
                guard range.contains(n) else {
                    problem(key, "\(MessageText.number(n)) is outside \(KeyShape.text(range))")
                    return nil
                }
                return n
            }
            let width = number(fields.width, "width", 0...ScenarioKeys.lengthRange.upperBound)
            let sized = fields.width != nil
            let height = number(fields.height, "height", sized ? 0...ScenarioKeys.lengthRange.upperBound : ScenarioKeys.lengthRange)
            // The sizes given (a height beside a width is part of an image size, not one).
            let givenHeight = fields.height != nil && !sized
            let givenCount = (givenHeight ? 1 : 0) + (fields.chars != nil ? 1 : 0) + (fields.aspect != nil ? 1 : 0)
            if givenCount > 1 {
                let given = [givenHeight ? "height" : nil, fields.chars != nil ? "chars" : nil, fields.aspect != nil ? "aspect" : nil].compactMap { $0 }
                file.problem(context, line: line, "give one size: \(given.joined(separator: " or ")) (or width and height)")
                return
            }
            if sized {
                guard fields.height != nil else {
                    problem("width", "needs a \"height\" beside it (an image size)")
                    return
                }
                guard let width, let height else { return }
                guard width > 0 else {
                    problem("width", "must be more than 0 (an image size)")
                    return
                }
                let aspect = height / width
                guard ScenarioKeys.aspectRange.contains(aspect) else {
                    problem("height", "\(JSONWriter.text(height)) by \(JSONWriter.text(width)) is an aspect of \(JSONWriter.text(aspect)), outside \(KeyShape.text(ScenarioKeys.aspectRange))")
                    return
                }
            }
            _ = number(fields.chars, "chars", ScenarioKeys.charsRange)
            _ = number(fields.aspect, "aspect", ScenarioKeys.aspectRange)
            guard sized || givenCount > 0, let t = typeIndex ?? (file.typeNames.count == 1 ? 0 : nil) else { return }
            let field = sized ? "width and height" : givenHeight ? "height" : fields.chars != nil ? "chars" : "aspect"
            let (fits, wanted): (Bool, String)
            switch file.heightForms[t] {
            case .absolute: (fits, wanted) = (field == "height", "\"height\"")
            case .text: (fits, wanted) = (field == "chars", "\"chars\"")
            case .aspect: (fits, wanted) = (field == "aspect" || field == "width and height", "\"aspect\" or \"width\" and \"height\"")
            }
            if !fits {
                file.problem(context, line: line, "type \"\(file.typeNames[t])\" takes \(wanted) for its size, not \(field)")
            }
        }
    }

    /// A CSV cell as a number, read as JSON reads one (`-12.5`, `1e3`): no hexadecimal
    /// (`0x1p3`), no `inf` or `nan`, and nothing after it — `Double("5\0garbage")` would stop
    /// at the NUL and give 5.
    static func number(_ cell: String) -> Double? {
        // Trimmed as `trimmed` trims (Unicode's spaces beyond ASCII), no space or tab is left
        // for `number(ascii:)` to trim.
        var text = trimmed(cell)
        return text.withUTF8 { number(ascii: $0) }
    }

    /// `number(_:)` of a cell of ASCII bytes, read where it lies: trimmed of spaces and tabs
    /// (all the white space ASCII has) and parsed as one JSON document, without a `String` or
    /// an array made for it.
    static func number(ascii cell: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = cell.count
        while start < end && (cell[start] == 0x20 || cell[start] == 0x09) { start += 1 }
        while end > start && (cell[end - 1] == 0x20 || cell[end - 1] == 0x09) { end -= 1 }
        guard start < end, let value = try? JSONParser.parseAllowingDuplicates(UnsafeBufferPointer(rebasing: cell[start..<end])).value,
              case .number(let n) = value else { return nil }
        return n
    }

    /// A cell without the white space around it, as `trimmingCharacters(in: .whitespaces)`
    /// trims it (Unicode's space separators and the tab). In ASCII those are the space and the
    /// tab alone, so an ASCII cell is trimmed byte by byte; any other goes to Foundation.
    static func trimmed(_ cell: String) -> String {
        let utf8 = cell.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return cell.trimmingCharacters(in: .whitespaces) }
        guard let first = utf8.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { return "" }
        let last = utf8.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })!
        if first == utf8.startIndex && last == utf8.index(before: utf8.endIndex) { return cell }
        return String(cell[first...last])
    }

    /// The cells of a CSV line, character by character: fields plain or double-quoted, `""` a
    /// quote inside quotes. A quote or a comma followed by a combining mark is one character,
    /// and not a delimiter.
    static func splitCSV(_ line: String) -> [String] {
        splitCSV(line, quote: "\"", comma: ",") { String($0) }
    }

    /// `splitCSV(_:)` of a line of ASCII bytes, byte by byte: in ASCII every byte is a
    /// character, so the cells are the same.
    static func splitCSV(ascii line: UnsafeBufferPointer<UInt8>) -> [String] {
        splitCSV(line, quote: 0x22, comma: 0x2C) { String(decoding: $0, as: UTF8.self) }
    }

    /// The cells of a line of characters or bytes, each made by `text` from its units.
    private static func splitCSV<Units: Sequence>(_ units: Units, quote: Units.Element, comma: Units.Element,
                                                  _ text: ([Units.Element]) -> String) -> [String] where Units.Element: Equatable {
        var cells: [String] = []
        var current: [Units.Element] = []
        var quoted = false
        var iterator = units.makeIterator()
        var next = iterator.next()
        while let c = next {
            next = iterator.next()
            if quoted {
                if c == quote {
                    if next == quote {
                        current.append(quote)
                        next = iterator.next()
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == quote {
                quoted = true
            } else if c == comma {
                cells.append(text(current))
                current.removeAll(keepingCapacity: true)
            } else {
                current.append(c)
            }
        }
        cells.append(text(current))
        return cells
    }
}
