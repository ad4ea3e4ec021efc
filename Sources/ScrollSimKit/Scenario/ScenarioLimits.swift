/// How large a scenario may make a run before any work is done: the input's size, the rows
/// and frames a run will hold, and the bytes it will model.
///
/// Every limit is checked while the scenario is decoded, before a data file is read past its
/// limit and before the simulation starts, and a refusal names the keys, the value and the
/// limit (`content.count: 10,000,000 elements × 64 children = 640,000,000 rows, over the limit
/// of 10,000,000 rows (raise it with --limit rows=N)`). The defaults keep a run within about a
/// gigabyte of memory and a few seconds; `scrollsim --limit NAME=N` raises (or lowers) one,
/// up to its `ceiling`, past which the engine's own representation (32-bit row indexes, exact
/// integers in doubles) would break.
public struct ScenarioLimits: Equatable, Sendable {
    /// Bytes of a scenario file.
    public var fileBytes = 8 * 1_048_576
    /// Rows of the stack: elements × children (the largest `children` of any type) plus
    /// section headers.
    public var rows = 10_000_000
    /// Rows of an eager stack (`vStack`), which builds every row in its first frame.
    public var eagerRows = 100_000
    /// Frames a run may present: duration × refresh rate, plus one.
    public var frames = 500_000
    /// Items of nested rows: for each type with a `row`, the rows it may fill × `row.count`.
    public var nestedItems = 100_000_000
    /// Columns of a layout whose column count follows the width (`ScenarioCostModel`).
    public var columns = 64
    /// Rows a lazy stack may hold built at once (`ScenarioCostModel`).
    public var residentRows = 100_000
    /// Rows laid out in full passes: rows × (1 + rotate and environment events).
    public var layoutRows = 20_000_000
    /// Records of a data file (`content.data`).
    public var dataRows = 10_000_000
    /// Bytes of a data file.
    public var dataBytes = 256 * 1_048_576
    /// Bytes of one line (one record) of a data file.
    public var dataLineBytes = 65_536
    /// Bytes the run may model at most: every element's `memory.data`, plus every row
    /// resident at once with its view, state, content and nested items.
    public var modeledBytes = 1_000_000_000_000_000
    /// Whether a data file may be read from outside the scenario's folder
    /// (`--allow-outside-data`; `DataPath`).
    public var allowOutsideData = false

    public init() {}

    /// The defaults.
    public static let standard = ScenarioLimits()

    /// One limit: its name on the command line, what it bounds, its default and its ceiling.
    public struct Limit: Sendable {
        public var name: String
        public var keyPath: WritableKeyPath<ScenarioLimits, Int> & Sendable
        public var unit: String
        public var meaning: String
        public var ceiling: Int

        public var standard: Int { ScenarioLimits.standard[keyPath: keyPath] }
    }

    /// Every limit, as `--limit NAME=N` names them.
    public static let all: [Limit] = [
        Limit(name: "file-bytes", keyPath: \.fileBytes, unit: "bytes", meaning: "size of a scenario file", ceiling: 1 << 31),
        Limit(name: "rows", keyPath: \.rows, unit: "rows", meaning: "rows of the stack: `content.count` (or `content.pagination.total`, with the elements the script appends) × the largest `children`, plus section headers", ceiling: 2_000_000_000),
        Limit(name: "eager-rows", keyPath: \.eagerRows, unit: "rows", meaning: "rows of an eager stack (`stack.kind: \"vStack\"` or `\"masonryLayout\"`, or a lazyVStack nested in a scrollView before ios26), all built in the first frame", ceiling: 2_000_000_000),
        Limit(name: "frames", keyPath: \.frames, unit: "frames", meaning: "frames of a run: `duration` × `device.refreshRate`, plus one", ceiling: 100_000_000),
        Limit(name: "nested-items", keyPath: \.nestedItems, unit: "items", meaning: "items of nested rows: for each type with a `row`, the rows it may fill × `row.count`", ceiling: 1 << 53),
        Limit(name: "columns", keyPath: \.columns, unit: "columns", meaning: "columns of a masonry or grid whose count follows the width (`stack.masonry.targetColumnWidth`, `stack.grid.adaptiveMinimum`) at the widest viewport (`device.viewport.width`, every `rotate`); every column is a list each layout pass walks, and a fixed `columns` key takes at most 64", ceiling: 4096),
        Limit(name: "resident-rows", keyPath: \.residentRows, unit: "rows", meaning: "rows a lazy stack may hold built at once: (2 + `stack.prefetch.distance`) viewport heights over the shortest row (the least height of any type or data record, or the height a view first lays out at: its `unconfiguredHeight`, or its height less a positive `relayoutAfterAppear`; plus `stack.spacing`), × the columns; every built row is a view in memory and events in the report, and rows of height 0 would all be built at once", ceiling: 100_000_000),
        Limit(name: "layout-rows", keyPath: \.layoutRows, unit: "rows", meaning: "rows laid out in full passes: the rows × (1 + `rotate` events + `environment` events); a width change lays every row out again (text wraps anew, masonry redistributes every item) and an environment change evaluates every conditional body", ceiling: 2_000_000_000),
        Limit(name: "data-rows", keyPath: \.dataRows, unit: "records", meaning: "records of a data file (`content.data`)", ceiling: 2_000_000_000),
        Limit(name: "data-bytes", keyPath: \.dataBytes, unit: "bytes", meaning: "size of a data file", ceiling: 1 << 34),
        Limit(name: "data-line-bytes", keyPath: \.dataLineBytes, unit: "bytes", meaning: "bytes of one line (one record) of a data file; a record is a few short fields, and one line of 100 MB would be held and split whole", ceiling: 1 << 30),
        Limit(name: "modeled-bytes", keyPath: \.modeledBytes, unit: "bytes", meaning: "memory the run may model: every element's `memory.data` plus every row resident at once (view, state, content, nested items); reports hold values below 2^53", ceiling: 9_000_000_000_000_000),
    ]

    /// The limit `--limit NAME=…` names.
    public static func limit(named name: String) -> Limit? {
        all.first { $0.name == name }
    }

    /// Sets a limit from `NAME=N` (`rows=20000000`; `_` may group digits).
    /// - Throws: `LimitError` for an unknown name, a value that is not a whole number from 1 to
    ///   the limit's ceiling, or text without `=`.
    public mutating func set(_ argument: String) throws {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ScrollSimError("--limit \(argument): expected NAME=N, e.g. rows=20000000; limits: \(ScenarioLimits.all.map(\.name).joined(separator: ", "))")
        }
        let name = String(argument[..<equals])
        let text = argument[argument.index(after: equals)...].filter { $0 != "_" }
        guard let limit = ScenarioLimits.limit(named: name) else {
            var message = "--limit: unknown limit '\(name)'"
            if let near = Spelling.closest(to: name, in: ScenarioLimits.all.map(\.name)) { message += " (did you mean '\(near)'?)" }
            throw ScrollSimError(message + "; limits: \(ScenarioLimits.all.map(\.name).joined(separator: ", "))")
        }
        guard let value = Int(text), value >= 1, value <= limit.ceiling else {
            throw ScrollSimError.argument("--limit \(name)", expected: "a whole number from 1 to \(ScenarioLimits.grouped(limit.ceiling))",
                                          found: "'\(argument[argument.index(after: equals)...])'")
        }
        self[keyPath: limit.keyPath] = value
    }

    /// A whole number with its digits grouped by commas (`1,728,001`), exactly, however large.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

}
