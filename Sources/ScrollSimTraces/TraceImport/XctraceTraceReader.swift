import ScrollSimKit
/// Reads what `xcrun xctrace export` writes: a table export (`--xpath
/// '/trace-toc/run[@number="1"]/data/table[@schema="…"]'`: `<trace-query-result>` with one
/// `<node>` per table, each a `<schema>` of `<col>`s and then `<row>`s) or the table of contents
/// (`--toc`: `<trace-toc>`), whose `<device>` gives the device and OS.
///
/// Values are deduplicated by the export: an element with `id="N"` defines a value (its text,
/// its `fmt` display text, possibly nested elements), and a later element with `ref="N"` reuses
/// it. A `ref` in a column that is read must name an `id` defined before it, or the row is
/// refused; an `id` defined twice is refused naming both places (`XctraceIDDefinitions`). `<sentinel/>` is an empty cell. A first pass over the bytes finds the ids that
/// are referred to (`XctraceReferenceScan`), and only their values are kept, so memory does
/// not grow with every row's unique start time.
///
/// Columns are matched by their `<mnemonic>`, never by position; a table is recognised by its
/// columns, since schema names change between Xcode versions:
/// - **signpost intervals** (`os-signpost-interval`): `start`, `duration` and `name`, with
///   `subsystem`, `category` and `message` (or `start-message`) as attributes when present;
/// - **hitches** (a schema whose name contains `hitch`): `start`, `duration`, and the hitch's
///   type from `hitch-type`, `type` or `narrative-description` where present;
/// - **SwiftUI view body updates**: `start`, `duration` and a view column (`view-name`,
///   `view-type`, `view`, `description`): intervals named by the view, with the attribute
///   `swiftui.table` naming the schema (and `swiftui.update` from `update-type` where present).
/// Other tables are read (for their ids) and otherwise skipped, and named in the reading's
/// `skippedTables` with why and what to export instead — above all `os-signpost`, the table of
/// signpost points, exported by mistake for `os-signpost-interval`. A table of contents
/// (`--toc`) gives the device and OS, and names the tables worth exporting. `tables` names
/// each table read and the columns used.
///
/// Units: xctrace's `start-time`, `event-time` and `duration` engineering types are integer
/// nanoseconds. A `start` or `duration` column of any other engineering type, or of none, has
/// no declared unit and is refused; so is a negative duration or one whose end overflows.
struct XctraceTraceReader {
    var tokenizer: TraceXMLTokenizer
    var accumulator: TraceAccumulator
    var tables: [String] = []
    var skipped: [TraceSkippedTable] = []
    /// The schemas a table of contents lists (`<table schema="…">`).
    private var listed: [String] = []
    private var isTableOfContents = false
    var device: String?
    var os: String?
    /// Values defined by `id`, kept for the engineering types a read column can refer to.
    private var values: [Int: Value] = [:]
    private var keptTypes: Set<String> = ["start-time", "event-time", "duration", "string"]
    /// Where each id was defined: one defined twice is refused (`XctraceIDDefinitions`).
    private var definitions = XctraceIDDefinitions()
    /// The ids some `ref` names (a first pass over the file): only their values are kept.
    private var referenced: XctraceReferenceScan?

    struct Value {
        var text: String
        var fmt: String?
        /// What a column shows: the display text where there is one, else the raw text.
        var display: String { fmt ?? text }
    }

    /// What a table's columns are used for, by column index.
    private struct Plan {
        enum Kind { case signposts, hitches, swiftUI }
        var kind: Kind
        var schema: String
        var start: Int
        var duration: Int
        /// The interval's name (signposts), the hitch's type, the view's name.
        var label: Int?
        var attributes: [(key: String, column: Int)]
        /// Whether each column is read (so its refs must resolve).
        var read: [Bool] = []
    }

    init(input: TraceInput, accumulator: TraceAccumulator) {
        tokenizer = TraceXMLTokenizer(input)
        self.accumulator = accumulator
    }

    var input: TraceInput { tokenizer.input }

    func reading(file: String) -> TraceReading {
        var skipped = skipped
        if isTableOfContents {
            let readable = listed.filter { $0 == "os-signpost-interval" || $0.contains("hitch") || $0.lowercased().contains("swiftui") }
            let export = readable.isEmpty ? "os-signpost-interval and hitches, when the recording has them" : Array(Set(readable)).sorted().joined(separator: ", ")
            skipped.append(TraceSkippedTable(table: "trace-toc", reason: "a table of contents (--toc): the device and OS only, no intervals; export the tables it lists that ScrollSim reads — \(export) — each with xcrun xctrace export --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"NAME\"]'"))
        }
        return TraceReading(format: .xctrace, file: file, sha256: "", tables: tables, device: device, os: os, skippedTables: skipped)
    }

    /// Why a table is not read, and what to export instead.
    static func whySkipped(schema: String, columns: [String]) -> String {
        let export = "export os-signpost-interval instead (xcrun xctrace export --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"os-signpost-interval\"]')"
        if schema == "os-signpost" || (schema.contains("signpost") && !columns.contains("duration")) {
            return "holds signpost points — a begin and an end are rows of their own, with no duration — not intervals: \(export)"
        }
        if ["time-profile", "time-sample", "cpu-profile", "counters-profile"].contains(where: { schema.contains($0) }) {
            return "a sampling profile (stacks sampled over time), not intervals: ScrollSim does not read samples; mark each phase with an OSSignposter interval and \(export)"
        }
        let shown = columns.prefix(8).joined(separator: ", ") + (columns.count > 8 ? ", …" : "")
        if !columns.contains("start") || !columns.contains("duration") {
            return "has no start and duration columns (its columns: \(shown)): not intervals; ScrollSim reads os-signpost-interval, the hitches tables and SwiftUI's view-body updates"
        }
        return "intervals, but not of a kind ScrollSim maps (its columns: \(shown)); it reads os-signpost-interval (name, subsystem, category), tables named …hitch… and SwiftUI's view-body updates (a view column)"
    }

    mutating func read() throws {
        // The scan reads the file's bytes: of a gzip file, those are compressed (every value is kept then).
        referenced = input.isGzip ? nil : XctraceReferenceScan.scan(path: input.path)
        guard case .start(let root, _, let selfClosing, let offset)? = try nextElementToken() else {
            throw input.error(at: input.offset, "not an xctrace export: no root element")
        }
        guard root == "trace-query-result" || root == "trace-toc" else {
            throw input.error(at: offset, "not an xctrace export: the root element is <\(root)>, expected <trace-query-result> (xctrace export --xpath) or <trace-toc> (--toc)")
        }
        isTableOfContents = root == "trace-toc"
        if selfClosing { _ = try tokenizer.next() } else {
            while let child = try nextChild() {
                if child.name == "node", root == "trace-query-result" {
                    try readNode(child.selfClosing)
                } else {
                    try skipOrReadDevice(child.name, child.attributes, child.selfClosing)
                }
            }
        }
        guard try tokenizer.next() == nil else { throw input.error(at: input.offset, "content after the root element") }
    }

    /// A child element of the element just opened (skipping text), or nil at its end tag; the
    /// caller must consume the child through its end.
    private mutating func nextChild() throws -> (name: String, attributes: [(name: String, value: String)], selfClosing: Bool, offset: Int)? {
        while let token = try tokenizer.next() {
            switch token {
            case .text: continue
            case .end: return nil
            case .start(let name, let attributes, let selfClosing, let offset): return (name, attributes, selfClosing, offset)
            }
        }
        return nil
    }

    private mutating func nextElementToken() throws -> TraceXMLTokenizer.Token? {
        while let token = try tokenizer.next() {
            if case .text = token { continue }
            return token
        }
        return nil
    }

    /// Skips an element (its ids kept), reading `<device>` wherever it is.
    private mutating func skipOrReadDevice(_ name: String, _ attributes: [(name: String, value: String)], _ selfClosing: Bool) throws {
        if name == "table", isTableOfContents, let schema = attributes.first(where: { $0.name == "schema" })?.value {
            listed.append(schema)
        }
        if name == "device" {
            let attribute = { (key: String) in attributes.first { $0.name == key }?.value }
            if device == nil { device = attribute("model") ?? attribute("name") }
            if os == nil, let version = attribute("os-version") {
                os = attribute("platform").map { "\($0) \(version)" } ?? version
            }
        }
        if selfClosing {
            _ = try tokenizer.next()
            return
        }
        while let child = try nextChild() {
            try skipOrReadDevice(child.name, child.attributes, child.selfClosing)
        }
    }

    /// A `<node>`: its schema, then its rows.
    private mutating func readNode(_ selfClosing: Bool) throws {
        if selfClosing {
            _ = try tokenizer.next()
            return
        }
        var plan: Plan?
        var columns: [Column] = []
        var schemaName = ""
        while let (name, attributes, selfClosing, offset) = try nextChild() {
            switch name {
            case "schema":
                schemaName = attributes.first { $0.name == "name" }?.value ?? ""
                columns = selfClosing ? [] : try readSchema()
                if selfClosing { _ = try tokenizer.next() }
                plan = try makePlan(schema: schemaName, columns: columns, offset: offset)
            case "row":
                let index: Int
                do { index = try accumulator.countEvent() } catch let refusal as TraceAccumulator.Refusal {
                    throw input.error(at: offset, "row \(accumulator.events + 1): \(refusal.reason)")
                }
                try readRow(selfClosing, plan: plan, columns: columns.count, index: index, offset: offset)
            default:
                try skipOrReadDevice(name, attributes, selfClosing)
            }
        }
    }

    struct Column {
        var mnemonic = ""
        var name = ""
        var engineeringType: String?
    }

    /// The `<col>`s of a `<schema>`.
    private mutating func readSchema() throws -> [Column] {
        var columns: [Column] = []
        while let (name, attributes, selfClosing, _) = try nextChild() {
            guard name == "col", !selfClosing else {
                try skipOrReadDevice(name, attributes, selfClosing)
                continue
            }
            var column = Column()
            while let (field, _, selfClosing, _) = try nextChild() {
                let text = selfClosing ? "" : try readText(field)
                if selfClosing { _ = try tokenizer.next() }
                switch field {
                case "mnemonic": column.mnemonic = text
                case "name": column.name = text
                case "engineering-type": column.engineeringType = text
                default: break
                }
            }
            columns.append(column)
        }
        return columns
    }

    /// The text of a simple element, through its end tag.
    private mutating func readText(_ name: String) throws -> String {
        var text = ""
        while let token = try tokenizer.next() {
            switch token {
            case .text(let piece): text += piece
            case .end: return text
            case .start(let child, let attributes, let selfClosing, _): try skipOrReadDevice(child, attributes, selfClosing)
            }
        }
        return text
    }

    static let hitchKinds = ["hitch-type", "type", "narrative-description"]
    static let viewColumns = ["view-name", "view-type", "view", "description"]

    /// Which columns a table's figures come from; nil for a table that is not read.
    private mutating func makePlan(schema: String, columns: [Column], offset: Int) throws -> Plan? {
        func column(_ mnemonics: [String]) -> Int? {
            for mnemonic in mnemonics { if let index = columns.firstIndex(where: { $0.mnemonic == mnemonic }) { return index } }
            return nil
        }
        guard let start = column(["start"]), let duration = column(["duration"]) else {
            skipped.append(TraceSkippedTable(table: schema, reason: Self.whySkipped(schema: schema, columns: columns.map(\.mnemonic))))
            return nil
        }
        let kind: Plan.Kind
        var label: Int?
        var attributes: [(key: String, column: Int)] = []
        if schema.contains("hitch") {
            kind = .hitches
            label = column(Self.hitchKinds)
        } else if let view = column(Self.viewColumns), schema.lowercased().contains("swiftui") || schema.contains("view") {
            kind = .swiftUI
            label = view
            if let update = column(["update-type"]) { attributes.append(("swiftui.update", update)) }
        } else if let name = column(["name"]), schema == "os-signpost-interval" || column(["subsystem", "category"]) != nil {
            kind = .signposts
            label = name
            for key in ["subsystem", "category"] { if let index = column([key]) { attributes.append((key, index)) } }
            if let message = column(["message", "start-message"]) { attributes.append(("message", message)) }
        } else {
            skipped.append(TraceSkippedTable(table: schema, reason: Self.whySkipped(schema: schema, columns: columns.map(\.mnemonic))))
            return nil
        }
        for (mnemonic, index, allowed) in [("start", start, ["start-time", "event-time"]), ("duration", duration, ["duration"])] {
            guard let type = columns[index].engineeringType, allowed.contains(type) else {
                let found = columns[index].engineeringType.map { "engineering-type \($0)" } ?? "no engineering-type"
                throw input.error(at: offset, "the \(schema) table's \(mnemonic) column has \(found), so its unit is undeclared (expected \(allowed.joined(separator: " or ")): integer nanoseconds)")
            }
        }
        let used = [start, duration] + (label.map { [$0] } ?? []) + attributes.map(\.column)
        for index in used { if let type = columns[index].engineeringType { keptTypes.insert(type) } }
        tables.append("\(schema) (\(used.map { columns[$0].mnemonic }.joined(separator: ", ")))")
        var plan = Plan(kind: kind, schema: schema, start: start, duration: duration, label: label, attributes: attributes)
        plan.read = columns.indices.map { used.contains($0) }
        return plan
    }

    /// One `<row>`: its cells in column order.
    private mutating func readRow(_ selfClosing: Bool, plan: Plan?, columns: Int, index: Int, offset: Int) throws {
        if selfClosing {
            _ = try tokenizer.next()
            guard plan == nil else { throw input.error(at: offset, "row \(index) is empty, but its table has \(columns) columns") }
            return
        }
        var cells: [Value?] = []
        cells.reserveCapacity(columns)
        while let (name, attributes, selfClosing, cellOffset) = try nextChild() {
            let column = cells.count
            let read = plan.map { column < $0.read.count && $0.read[column] } ?? false
            cells.append(try readCell(name, attributes, selfClosing, offset: cellOffset, read: read, row: index))
        }
        guard let plan else { return }
        guard cells.count == columns else {
            throw input.error(at: offset, "row \(index) has \(cells.count) cells, but its table (\(plan.schema)) has \(columns) columns")
        }
        do {
            guard let startText = cells[plan.start]?.text, let durationText = cells[plan.duration]?.text else {
                throw TraceAccumulator.Refusal(reason: "has no \(cells[plan.start] == nil ? "start" : "duration") (an empty cell)")
            }
            let start = try Self.nanoseconds(startText, "start")
            let duration = try Self.nanoseconds(durationText, "duration")
            guard duration >= 0 else { throw TraceAccumulator.Refusal(reason: "the duration \(durationText) ns is negative") }
            let label = plan.label.flatMap { cells[$0]?.display }
            switch plan.kind {
            case .hitches:
                try accumulator.add(TraceHitch(startNs: start, durationNs: duration, kind: label))
            case .signposts, .swiftUI:
                var attributes: [String: String] = [:]
                for (key, column) in plan.attributes { if let value = cells[column]?.display, !value.isEmpty { attributes[key] = value } }
                if plan.kind == .swiftUI { attributes["swiftui.table"] = plan.schema }
                try accumulator.add(TraceInterval(name: label ?? "", attributes: attributes, startNs: start, durationNs: duration))
            }
        } catch let refusal as TraceAccumulator.Refusal {
            throw input.error(at: offset, "row \(index) (\(plan.schema)): \(refusal.reason)")
        }
    }

    static func nanoseconds(_ text: String, _ what: String) throws -> Int64 {
        let trimmed = text.trimmingPrefix { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }) else {
            throw TraceAccumulator.Refusal(reason: "the \(what) '\(text)' is not integer nanoseconds")
        }
        do {
            return try TraceTime.nanoseconds(Substring(trimmed).utf8, unit: .nanoseconds)
        } catch {
            throw TraceAccumulator.Refusal(reason: "the \(what) \(text) ns overflows 64-bit nanoseconds")
        }
    }

    /// One cell: `<sentinel/>` (nil), `<type ref="N"/>`, or `<type id="N" fmt="…">text</type>`
    /// with possibly nested elements (read for their ids).
    private mutating func readCell(_ name: String, _ attributes: [(name: String, value: String)], _ selfClosing: Bool,
                                   offset: Int, read: Bool, row: Int) throws -> Value? {
        if name == "sentinel" {
            if !selfClosing { _ = try readText(name) } else { _ = try tokenizer.next() }
            return nil
        }
        var id: String?, ref: String?, fmt: String?
        for (key, value) in attributes {
            switch key {
            case "id": id = value
            case "ref": ref = value
            case "fmt": fmt = value
            default: break
            }
        }
        if let ref {
            if selfClosing { _ = try tokenizer.next() } else { _ = try readText(name) }
            guard let key = Int(ref), let value = values[key] else {
                guard read else { return nil }
                throw input.error(at: offset, "row \(row): <\(name) ref=\"\(ref)\"/> refers to no id defined before it (a truncated or edited export?)")
            }
            return value
        }
        var text = ""
        if selfClosing {
            _ = try tokenizer.next()
        } else {
            while let token = try tokenizer.next() {
                if case .text(let piece) = token { text += piece; continue }
                if case .end = token { break }
                if case .start(let child, let childAttributes, let childClosing, let childOffset) = token {
                    _ = try readCell(child, childAttributes, childClosing, offset: childOffset, read: false, row: row)
                }
            }
        }
        let value = Value(text: text, fmt: fmt)
        if let id, let key = Int(id), let first = definitions.define(key, at: offset) {
            let earlier = input.location(of: first)
            guard case .text(let line, let column) = earlier else { preconditionFailure("a text offset has a line and column") }
            throw input.error(at: offset, "row \(row): id=\"\(id)\" is defined twice, here and at \(line):\(column) (an edited or concatenated export?); a ref to it would be ambiguous")
        }
        if let id, keptTypes.contains(name) {
            guard let key = Int(id) else { throw input.error(at: offset, "row \(row): id=\"\(id)\" is not a number") }
            if referenced?.contains(key) ?? true { values[key] = value }
        }
        return value
    }
}
