import ScrollSimKit
/// The bounds a trace is read within, so that a hostile or runaway file is refused with a
/// message instead of exhausting memory.
///
/// - `eventLimit`: a trace must hold fewer events than this (default 10⁷): the event numbered
///   `eventLimit` (the 10,000,000th) is refused, naming its number, line and column and the
///   limit, before it is stored — so a trace of exactly 10⁷ events is refused and one of
///   9,999,999 is read. An event is what the format repeats: a trace-event (every `ph`,
///   metadata included), an OTLP span, an xctrace `<row>`, a CSV data row. Ten million events
///   is a 3-hour trace with a thousand slices a second: a real capture of a scroll session
///   stays well below, and the intervals read (about 100 bytes each) then fit in memory.
/// - `maximumDepth`: the deepest nesting of JSON arrays/objects or XML elements (64).
/// - `maximumTokenBytes`: the longest single string, number, name or text node (1 MiB), so
///   that one unterminated string cannot grow without bound.
/// - `maximumEventBytes`: the largest single JSON event the readers hold whole while parsing
///   it — a trace event, an OTLP span or resource (256 MiB; a real one is a few hundred bytes,
///   a DevTools `TracingStartedInBrowser` or profile chunk a few megabytes).
/// - `maximumNames`: distinct interval names (100,000). A capture names its intervals after
///   the code that runs (a few hundred names, a few thousand with every SwiftUI view type);
///   a file whose every event has a name of its own is generated, and each distinct name is a
///   row of the reading's tables and a candidate for every `--map` rule. The interval that
///   would be the first over is refused, located like every refusal.
/// - `maximumFileBytes`: the bytes of the file, and of its text once decompressed (16 GiB:
///   ten million events of an xctrace export, about 440 bytes a row, are 4.4 GB), so a gzip
///   bomb or a runaway capture is refused by size before it is read through.
///
/// `calibrate` and `check-model` raise (or lower) them with `--limit NAME=N` (`TraceLimits.all`:
/// `trace-events`, `trace-names`, `trace-bytes`); a refusal names the one to raise.
public struct TraceLimits: Sendable, Equatable {
    public var eventLimit: Int
    public var maximumDepth: Int
    public var maximumTokenBytes: Int
    public var maximumEventBytes: Int
    public var maximumNames: Int
    public var maximumFileBytes: Int

    public init(eventLimit: Int = 10_000_000, maximumDepth: Int = 64, maximumTokenBytes: Int = 1 << 20, maximumEventBytes: Int = 1 << 28,
                maximumNames: Int = 100_000, maximumFileBytes: Int = 16 << 30) {
        self.eventLimit = eventLimit
        self.maximumDepth = maximumDepth
        self.maximumTokenBytes = maximumTokenBytes
        self.maximumEventBytes = maximumEventBytes
        self.maximumNames = maximumNames
        self.maximumFileBytes = maximumFileBytes
    }

    public static let `default` = TraceLimits()

    /// The limits `--limit NAME=N` sets, by name.
    public static let all: [(name: String, keyPath: WritableKeyPath<TraceLimits, Int>)] = [
        ("trace-events", \.eventLimit), ("trace-names", \.maximumNames), ("trace-bytes", \.maximumFileBytes),
    ]

    /// Sets a limit from `NAME=N` (`trace-names=500000`; `_` may group digits).
    /// - Throws: `ScrollSimError` for an unknown name or a value that is not a whole number
    ///   of at least 1.
    public mutating func set(_ argument: String) throws {
        let names = TraceLimits.all.map(\.name).joined(separator: ", ")
        guard let equals = argument.firstIndex(of: "=") else {
            throw ScrollSimError("--limit \(argument): expected NAME=N, e.g. trace-names=500000; limits: \(names)")
        }
        let name = String(argument[..<equals])
        guard let limit = TraceLimits.all.first(where: { $0.name == name }) else {
            throw ScrollSimError("--limit: unknown limit '\(name)'; limits: \(names)")
        }
        let text = argument[argument.index(after: equals)...]
        guard let value = Int(text.filter { $0 != "_" }), value >= 1 else {
            throw ScrollSimError.argument("--limit \(name)", expected: "a whole number of at least 1", found: "'\(text)'")
        }
        self[keyPath: limit.keyPath] = value
    }
}
