import ScrollSimKit
/// What `scrollsim calibrate` reads out of a measured trace, whatever its format: the timed
/// intervals an app marked (signposts, trace-event slices, OpenTelemetry spans, CSV rows), the
/// hitches the trace recorded, its frames, and where the figures came from.
///
/// Times are integer nanoseconds on the trace's own clock; every reader converts from the unit
/// its format documents (xctrace: ns; Chrome trace events: µs; OTLP: ns; CSV: ms) and never
/// guesses a unit from magnitudes.
public struct TraceReading: Sendable, Equatable {
    /// The format the content was recognised as (never the file name).
    public var format: TraceFormat
    /// The file's name as given (for provenance), and the SHA-256 of its bytes in lowercase hex.
    public var file: String
    public var sha256: String
    /// Which tables and columns the figures were read from, for the user and for provenance
    /// (e.g. "os-signpost-interval (name, start, duration)").
    public var tables: [String]
    public var intervals: [TraceInterval]
    public var hitches: [TraceHitch]
    /// Frames, where the trace has them (start and duration of each frame's main-thread work).
    public var frames: [TraceFrame]
    /// The device and OS when the trace says.
    public var device: String?
    public var os: String?
    /// When the first scroll began, when the trace says: what comes before is the launch.
    public var scrollStartNs: Int64?
    /// The trace's own time span (first start, last end) over everything read.
    public var spanNs: ClosedRange<Int64>?
    /// Events read but left out of the intervals, by reason (an unfinished slice, an end with
    /// no beginning…), in the order the reasons were first met.
    public var leftOut: [TraceLeftOut]
    /// Tables of an export that were not read, each with why and what to export instead.
    public var skippedTables: [TraceSkippedTable]
    /// Damage the reader repaired, as the tools that write and view the format do (a trailing
    /// comma, an events array never closed): "LINE:COLUMN: what and how it was read".
    public var warnings: [String]

    public init(format: TraceFormat, file: String, sha256: String, tables: [String] = [], intervals: [TraceInterval] = [],
                hitches: [TraceHitch] = [], frames: [TraceFrame] = [], device: String? = nil, os: String? = nil,
                scrollStartNs: Int64? = nil, spanNs: ClosedRange<Int64>? = nil, leftOut: [TraceLeftOut] = [],
                skippedTables: [TraceSkippedTable] = [], warnings: [String] = []) {
        self.format = format
        self.file = file
        self.sha256 = sha256
        self.tables = tables
        self.intervals = intervals
        self.hitches = hitches
        self.frames = frames
        self.device = device
        self.os = os
        self.scrollStartNs = scrollStartNs
        self.spanNs = spanNs
        self.leftOut = leftOut
        self.skippedTables = skippedTables
        self.warnings = warnings
    }
}

/// Events of one kind that a reader left out of the intervals: why, how many, and where the
/// first one is (so it can be looked at).
public struct TraceLeftOut: Sendable, Equatable {
    /// Why, in a few words: "unfinished: an X event without \"dur\"".
    public var reason: String
    public var count: Int
    /// The first one: "event 12 at 14:1" (its number and line:column in the file).
    public var first: String

    public init(reason: String, count: Int, first: String) {
        self.reason = reason
        self.count = count
        self.first = first
    }
}

/// A table of an export that a reader did not read: its name, and why — with what to export
/// instead when there is something better ("os-signpost holds points: export
/// os-signpost-interval").
public struct TraceSkippedTable: Sendable, Equatable {
    public var table: String
    public var reason: String

    public init(table: String, reason: String) {
        self.table = table
        self.reason = reason
    }
}

/// One timed interval: an `os_signpost` interval, a trace-event slice, an OTLP span or a CSV row.
public struct TraceInterval: Sendable, Equatable {
    /// The interval's name: the signpost name, the event's `name`, the span's `name`; for a CSV
    /// row, "type.phase".
    public var name: String
    /// Everything else the format attaches, as text: xctrace `subsystem`, `category`, `message`;
    /// Chrome `cat` and `args.*` (as `args.key`); OTLP span attributes by key (and resource
    /// attributes as `resource.key`).
    public var attributes: [String: String]
    public var startNs: Int64
    public var durationNs: Int64

    public init(name: String, attributes: [String: String] = [:], startNs: Int64, durationNs: Int64) {
        self.name = name
        self.attributes = attributes
        self.startNs = startNs
        self.durationNs = durationNs
    }
}

/// A hitch the trace recorded (xctrace's `hitches` table).
public struct TraceHitch: Sendable, Equatable {
    public var startNs: Int64
    public var durationNs: Int64
    /// The hitch's type where the trace says (e.g. commit, render).
    public var kind: String?

    public init(startNs: Int64, durationNs: Int64, kind: String? = nil) {
        self.startNs = startNs
        self.durationNs = durationNs
        self.kind = kind
    }
}

/// A frame's main-thread work, where the trace has frames.
public struct TraceFrame: Sendable, Equatable {
    public var startNs: Int64
    public var durationNs: Int64

    public init(startNs: Int64, durationNs: Int64) {
        self.startNs = startNs
        self.durationNs = durationNs
    }
}
