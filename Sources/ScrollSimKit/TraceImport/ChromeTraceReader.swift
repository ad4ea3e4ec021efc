/// Reads Chrome/Perfetto trace-event JSON (the "Trace Event Format": a bare array of events,
/// or an object whose `traceEvents` holds them), event by event.
///
/// - `"ph": "X"` (complete event): an interval from `ts` for `dur`.
/// - `"ph": "B"` / `"ph": "E"`: a slice opened by B and closed by the next E on the same
///   (`pid`, `tid`), innermost first — the stack rule of the format, as Perfetto applies it;
///   the E's `args` are merged into the slice's, as the trace viewers show them. An E with no
///   open B, or a B still open at the end of the file, is an error naming the event.
/// - Every other phase (`i`, `C`, `M`, async and flow events…) is counted against the event
///   limit and otherwise skipped, except that the first instant whose `cat` is `drag` or
///   `fling` (how ScrollSim's own `--trace` marks gestures) gives `scrollStartNs`: what comes
///   before it is the launch.
///
/// `ts` and `dur` are microseconds, whole or fractional (ScrollSim's own `--trace` writes
/// three decimals: nanoseconds), converted exactly (`TraceTime`). `displayTimeUnit` changes
/// only how a viewer labels the timeline, never the unit of `ts`/`dur` (the format's spec:
/// "displayTimeUnit … the unit in which timestamps are displayed"), so it is recorded in
/// `tables` and ignored. A `ts` or `dur` written as a string (`"12ms"`) is refused: the unit
/// is the format's and is never read from text. Negative `dur` is refused.
///
/// An interval's attributes: `cat` and every `args` member as `args.KEY` (values as text:
/// numbers as written, objects as compact JSON).
struct ChromeTraceReader {
    let scanner: TraceJSONScanner
    var accumulator: TraceAccumulator
    var displayTimeUnit: String?
    /// The first `drag` or `fling` instant (ScrollSim's own `--trace` marks gestures so).
    var scrollStartNs: Int64?
    /// Open B events per "pid/tid": name, start, attributes, event index, file offset.
    private var open: [String: [(name: String, startNs: Int64, attributes: [String: String], index: Int, offset: Int)]] = [:]

    init(scanner: TraceJSONScanner, accumulator: TraceAccumulator) {
        self.scanner = scanner
        self.accumulator = accumulator
    }

    /// Reads the events array (next in the input).
    mutating func readEvents(depth: Int) throws {
        try scanner.forEachElement(depth: depth) { _ in
            try scanner.input.skipWhitespace()
            let offset = scanner.input.offset
            let index: Int
            do { index = try accumulator.countEvent() } catch let refusal as TraceAccumulator.Refusal {
                throw scanner.input.error(at: offset, "event \(accumulator.events + 1): \(refusal.reason)")
            }
            let event = try scanner.value(depth: depth + 1)
            do {
                try read(event, index: index, offset: offset)
            } catch let refusal as TraceAccumulator.Refusal {
                throw scanner.input.error(at: offset, "event \(index): \(refusal.reason)")
            }
        }
    }

    private mutating func read(_ event: TraceJSON, index: Int, offset: Int) throws {
        guard case .object = event else {
            throw TraceAccumulator.Refusal(reason: "a trace event is an object, found \(event.kindDescription)")
        }
        guard let phase = event["ph"] else { throw TraceAccumulator.Refusal(reason: "has no \"ph\" (the event's phase: X, B, E, …)") }
        guard let ph = phase.string else { throw TraceAccumulator.Refusal(reason: "\"ph\" must be a string, found \(phase.kindDescription)") }
        switch ph {
        case "X":
            let start = try Self.micros(event, "ts")
            let duration = try Self.micros(event, "dur")
            guard duration >= 0 else { throw TraceAccumulator.Refusal(reason: "\"dur\" is negative: \(event["dur"]?.text ?? "") µs") }
            try accumulator.add(TraceInterval(name: event["name"]?.string ?? "", attributes: Self.attributes(event), startNs: start, durationNs: duration))
        case "B":
            let start = try Self.micros(event, "ts")
            open[Self.thread(event), default: []].append((event["name"]?.string ?? "", start, Self.attributes(event), index, offset))
        case "E":
            let end = try Self.micros(event, "ts")
            let thread = Self.thread(event)
            guard var begun = open[thread]?.popLast() else {
                throw TraceAccumulator.Refusal(reason: "an E event with no open B on \(Self.describeThread(event))")
            }
            let (duration, overflow) = end.subtractingReportingOverflow(begun.startNs)
            guard !overflow else { throw TraceAccumulator.Refusal(reason: "the slice's duration overflows 64-bit nanoseconds") }
            guard duration >= 0 else {
                throw TraceAccumulator.Refusal(reason: "this E (ts \(event["ts"]?.text ?? "") µs) is before its B (event \(begun.index)): a negative duration")
            }
            for (key, value) in Self.attributes(event) where key.hasPrefix("args.") { begun.attributes[key] = value }
            if open[thread]?.isEmpty == true { open[thread] = nil }
            try accumulator.add(TraceInterval(name: begun.name, attributes: begun.attributes, startNs: begun.startNs, durationNs: duration))
        case "i", "I":
            if let category = event["cat"]?.string, category == "drag" || category == "fling" {
                let at = try Self.micros(event, "ts")
                scrollStartNs = min(scrollStartNs ?? at, at)
            }
        default:
            return
        }
    }

    /// Refuses B events still open at the end of the trace (the first by index).
    func finish() throws {
        let unclosed = open.values.flatMap { $0 }.min { $0.index < $1.index }
        if let unclosed {
            throw scanner.input.error(at: unclosed.offset, "event \(unclosed.index): a B event (\"\(unclosed.name)\") without its E: the slice never ends (a truncated trace?)")
        }
    }

    /// A time member in µs, as nanoseconds.
    static func micros(_ event: TraceJSON, _ key: String) throws -> Int64 {
        guard let value = event[key] else { throw TraceAccumulator.Refusal(reason: "has no \"\(key)\"") }
        guard case .number(let text) = value else {
            throw TraceAccumulator.Refusal(reason: "\"\(key)\" must be a number of microseconds, found \(value.kindDescription) \(value.json): trace-event times are µs, never a unit written in text")
        }
        do {
            return try TraceTime.nanoseconds(text, unit: .microseconds)
        } catch {
            throw TraceAccumulator.Refusal(reason: "\"\(key)\" \(text) µs overflows 64-bit nanoseconds")
        }
    }

    static func attributes(_ event: TraceJSON) -> [String: String] {
        var attributes: [String: String] = [:]
        if let category = event["cat"]?.string { attributes["cat"] = category }
        if case .object(let args)? = event["args"] {
            for (key, value) in args { attributes["args." + key] = value.text }
        }
        return attributes
    }

    static func thread(_ event: TraceJSON) -> String {
        (event["pid"]?.text ?? "") + "/" + (event["tid"]?.text ?? "")
    }

    static func describeThread(_ event: TraceJSON) -> String {
        "pid \(event["pid"]?.text ?? "(none)") tid \(event["tid"]?.text ?? "(none)")"
    }
}
