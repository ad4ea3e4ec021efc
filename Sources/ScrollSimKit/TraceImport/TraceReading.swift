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

    public init(format: TraceFormat, file: String, sha256: String, tables: [String] = [], intervals: [TraceInterval] = [],
                hitches: [TraceHitch] = [], frames: [TraceFrame] = [], device: String? = nil, os: String? = nil,
                scrollStartNs: Int64? = nil, spanNs: ClosedRange<Int64>? = nil) {
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
    }
}

/// The formats `TraceReader` recognises by content.
public enum TraceFormat: String, Sendable, Equatable, CaseIterable {
    /// `xcrun xctrace export --xpath …` schema-table XML.
    case xctrace
    /// Chrome/Perfetto trace-event JSON (`traceEvents` array or a bare array).
    case chromeJSON = "chrome-json"
    /// OpenTelemetry OTLP/JSON (`resourceSpans[].scopeSpans[].spans[]`).
    case otlpJSON = "otlp-json"
    /// `type,phase,ms` rows.
    case csv
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
