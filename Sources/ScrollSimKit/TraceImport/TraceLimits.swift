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
public struct TraceLimits: Sendable, Equatable {
    public var eventLimit: Int
    public var maximumDepth: Int
    public var maximumTokenBytes: Int
    public var maximumEventBytes: Int

    public init(eventLimit: Int = 10_000_000, maximumDepth: Int = 64, maximumTokenBytes: Int = 1 << 20, maximumEventBytes: Int = 1 << 28) {
        self.eventLimit = eventLimit
        self.maximumDepth = maximumDepth
        self.maximumTokenBytes = maximumTokenBytes
        self.maximumEventBytes = maximumEventBytes
    }

    public static let `default` = TraceLimits()
}
