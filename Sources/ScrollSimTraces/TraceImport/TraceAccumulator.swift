import ScrollSimKit
/// What every reader does with what it reads: counts events against `TraceLimits.eventLimit`
/// (refusing the one that reaches it, before storing it), keeps the intervals, hitches and
/// frames, and the trace's span (first start, last end).
///
/// Attribute dictionaries are shared between intervals that carry the same attributes (an
/// xctrace export repeats one subsystem and category on every row), so a long trace stores
/// each distinct set once.
struct TraceAccumulator {
    let limit: Int
    private(set) var events = 0
    var intervals: [TraceInterval] = []
    var hitches: [TraceHitch] = []
    var frames: [TraceFrame] = []
    private(set) var span: ClosedRange<Int64>?
    private var sharedAttributes: Set<[String: String]> = []
    /// The distinct interval names so far (`TraceLimits.maximumNames`), and the last one added
    /// (a trace repeats a name run after run: compared first, not hashed).
    private var names: Set<String> = []
    private var lastName: String?
    let maximumNames: Int

    init(limits: TraceLimits) {
        limit = limits.eventLimit
        maximumNames = limits.maximumNames
    }

    /// Counts the interval's name among the distinct ones.
    /// - Throws: a message when it would be one more than `maximumNames`.
    private mutating func countName(_ name: String) throws {
        guard name != lastName else { return }
        lastName = name
        guard !names.contains(name) else { return }
        guard names.count < maximumNames else {
            throw Refusal(reason: "its name \(MessageText.quoted(name, limit: 60)) would be distinct name \(ScenarioLimits.grouped(maximumNames + 1)), over the limit of \(ScenarioLimits.grouped(maximumNames)) (raise it with --limit trace-names=N)")
        }
        names.insert(name)
    }

    /// Counts one more event; its number (1 for the first), which messages name.
    /// - Throws: a message (for the reader to locate) when the event reaches the limit.
    mutating func countEvent() throws -> Int {
        guard events + 1 < limit else { throw Refusal(reason: Self.overLimit(limit)) }
        events += 1
        return events
    }

    static func overLimit(_ limit: Int) -> String {
        "the trace reaches the limit of \(ScenarioLimits.grouped(limit)) events (a trace must hold fewer): cut it to the scroll you measure (xctrace export --xpath of one table, Perfetto's trace_processor, a time range), or raise the limit with --limit trace-events=N"
    }

    /// A reason without a location yet.
    struct Refusal: Error {
        var reason: String
    }

    /// Adds an interval, given a duration already checked to be ≥ 0. `shareAttributes` false:
    /// the reader shares identical attribute sets itself (the trace-event reader's cache).
    mutating func add(_ interval: TraceInterval, shareAttributes: Bool = true) throws {
        var interval = interval
        try countName(interval.name)
        if shareAttributes, interval.attributes.count > 0 {
            if let shared = sharedAttributes.firstIndex(of: interval.attributes) {
                interval.attributes = sharedAttributes[shared]
            } else if sharedAttributes.count < 4096 {
                sharedAttributes.insert(interval.attributes)
            }
        }
        try extendSpan(interval.startNs, interval.durationNs)
        intervals.append(interval)
    }

    mutating func add(_ hitch: TraceHitch) throws {
        try extendSpan(hitch.startNs, hitch.durationNs)
        hitches.append(hitch)
    }

    mutating func add(_ frame: TraceFrame) throws {
        try extendSpan(frame.startNs, frame.durationNs)
        frames.append(frame)
    }

    private mutating func extendSpan(_ start: Int64, _ duration: Int64) throws {
        let (end, overflow) = start.addingReportingOverflow(duration)
        guard !overflow else { throw Refusal(reason: "its end (start \(start) ns + duration \(duration) ns) overflows 64-bit nanoseconds") }
        if let span {
            self.span = min(span.lowerBound, start)...max(span.upperBound, end)
        } else {
            span = start...end
        }
    }
}
