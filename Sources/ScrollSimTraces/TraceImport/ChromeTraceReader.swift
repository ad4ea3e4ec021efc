import ScrollSimKit
/// Reads Chrome/Perfetto trace-event JSON (the Trace Event Format: a bare array of events, or
/// an object whose `traceEvents` holds them), event by event, each parsed in place
/// (`ChromeTraceEvent`) without building a tree.
///
/// - `"ph": "X"` (complete event): an interval from `ts` for `dur`. An `X` without `dur` is a
///   slice still open when the trace was written (Chrome writes it so): left out and counted
///   as unfinished, as catapult marks it `didNotFinish`.
/// - `"ph": "B"` / `"ph": "E"`: paired per (`pid`, `tid`) in `ts` order by the stack rule
///   (`ChromeSlicePairing`): unsorted files pair as sorted ones; a `B` never closed and an `E`
///   with nothing open are left out and counted.
/// - `"ph": "b"` / `"e"` (nestable async) and `"S"` / `"F"` (legacy async): paired by
///   category or name and id (`ChromeAsyncPairing`) into intervals like the others.
/// - Every other phase (`i`, `C`, `M`, `n`, `T`, `p`, flow and object events…) is counted
///   against the event limit and otherwise skipped, except that the first instant whose `cat`
///   is `drag` or `fling` (how ScrollSim's own `--trace` marks gestures) gives
///   `scrollStartNs`: what comes before it is the launch. An empty object `{}` is skipped (some
///   writers end the array with one to avoid a trailing comma; Perfetto skips it).
///
/// Damage repaired as the viewers repair it, with a warning: a comma before the events
/// array's `]` (Perfetto accepts it, since writers that append events leave one), and an
/// events array the file ends inside, after a complete event or a comma (catapult's importer
/// adds the missing `]` to a bare array "because some tracing implementations cannot guarantee
/// that a ']' gets written"; ScrollSim accepts the object form's missing `]}` the same way). A
/// file cut inside an event, or damaged anywhere else, is refused with the line and column.
///
/// `ts` and `dur` are microseconds, whole or fractional (ScrollSim's own `--trace` writes
/// three decimals: nanoseconds), converted exactly (`TraceTime`). `displayTimeUnit` changes
/// only how a viewer labels the timeline, never the unit of `ts`/`dur` (the format's spec:
/// "displayTimeUnit … the unit in which timestamps are displayed"), so it is recorded in
/// `tables` and ignored. A `ts` or `dur` written as a string (`"12ms"`) is refused: the unit
/// is the format's and is never read from text. Negative `dur` is refused.
///
/// An interval's attributes: `cat` and every `args` member as `args.KEY`, nested objects
/// flattened (`ChromeAttributes`). The intervals come out in start order (ties: the longer
/// first, as a parent before its child; then file order), whatever the file's order.
///
/// - Complexity: O(b) for b bytes, plus O(n log n) to sort n kept intervals (near O(n) when
///   the file is nearly in time order); memory: the intervals kept and the `B`/`E` and async
///   events until they are paired, plus the bounded caches of `ChromeAttributes`.
struct ChromeTraceReader {
    let scanner: TraceJSONScanner
    var accumulator: TraceAccumulator
    var displayTimeUnit: String?
    /// The first `drag` or `fling` instant (ScrollSim's own `--trace` marks gestures so).
    var scrollStartNs: Int64?
    var notes = TraceReadNotes()
    /// The events array ended with the file, unclosed.
    private(set) var unclosed = false
    /// Whether any async event (`b`, `e`, `S`, `F`) was read, for `tables`.
    private(set) var sawAsync = false
    private var cache = ChromeAttributes()
    private var slices = ChromeSlicePairing()
    private var async = ChromeAsyncPairing()

    init(scanner: TraceJSONScanner, accumulator: TraceAccumulator) {
        self.scanner = scanner
        self.accumulator = accumulator
    }

    /// A refusal about one event: its number and offset, and why.
    struct Located: Error {
        var index: Int
        var offset: Int
        var reason: String
    }

    static let unfinishedComplete = "unfinished: an X event without \"dur\" (the trace ends inside the slice)"
    static let withoutID = "an async event (b, e, S, F) without \"id\" or \"id2\""

    /// What `tables` says was read.
    var tables: [String] {
        ["traceEvents (X, B/E\(sawAsync ? ", async b/e and S/F" : ""); ts, dur in µs)"]
    }

    /// Reads the events array (next in the input), accepting a trailing comma and a file that
    /// ends inside it after an event, with a warning.
    mutating func readEvents(depth: Int) throws {
        let input = scanner.input
        guard depth <= scanner.limits.maximumDepth else { throw scanner.error("nesting deeper than \(scanner.limits.maximumDepth) levels") }
        try scanner.expect(UInt8(ascii: "["), "an array")
        var read = 0
        var comma: Int?
        while true {
            try input.skipWhitespace()
            let offset = input.offset
            guard let byte = try input.peek() else {
                unclosed = true
                notes.warn(at: offset, "the file ends inside the events array, after \(read) event\(read == 1 ? "" : "s")\(comma == nil ? "" : " and a comma"): read as a trace cut short (catapult's importer closes the array the same way)")
                return
            }
            if byte == UInt8(ascii: "]") {
                input.skip()
                if let comma { notes.warn(at: comma, "a comma before the events array's ']' (not JSON): read as Perfetto reads it, as if it were not there") }
                return
            }
            try readEvent(depth: depth + 1, offset: offset)
            read += 1
            comma = nil
            try input.skipWhitespace()
            let after = input.offset
            switch try input.next() {
            case UInt8(ascii: ","): comma = after
            case UInt8(ascii: "]"): return
            case nil: continue
            case let byte?: throw input.error(at: after, "expected ',' or ']' after an element, found \(TraceJSONScanner.describe(byte))")
            }
        }
    }

    private mutating func readEvent(depth: Int, offset: Int) throws {
        let input = scanner.input
        let index: Int
        do { index = try accumulator.countEvent() } catch let refusal as TraceAccumulator.Refusal {
            throw input.error(at: offset, "event \(accumulator.events + 1): \(refusal.reason)")
        }
        do {
            try input.parseInPlace { cursor in
                let event = try ChromeTraceEvent.parse(&cursor, depth: depth)
                // Parsed whole: from here on nothing asks for more bytes, so nothing is repeated.
                try read(event, cursor, index: index, offset: offset, depth: depth)
            }
        } catch let refusal as TraceAccumulator.Refusal {
            throw input.error(at: offset, "event \(index): \(refusal.reason)")
        }
    }

    private mutating func read(_ event: ChromeTraceEvent, _ cursor: TraceJSONCursor, index: Int, offset: Int, depth: Int) throws {
        if let other = event.notAnObject {
            throw TraceAccumulator.Refusal(reason: "a trace event is an object, found \(other.kindDescription)")
        }
        if event.members == 0 { return }
        guard let ph = event.ph else { throw TraceAccumulator.Refusal(reason: "has no \"ph\" (the event's phase: X, B, E, …)") }
        guard case .string = ph else { throw TraceAccumulator.Refusal(reason: "\"ph\" must be a string, found \(ChromeTraceEvent.kindDescription(ph))") }
        let argsDepth = depth + 2
        switch event.phase(in: cursor.bytes) {
        case UInt8(ascii: "X"):
            let start = try Self.micros(event.ts, "ts", cursor)
            guard event.dur != nil else {
                notes.leaveOut(Self.unfinishedComplete, event: index, offset: offset)
                return
            }
            let duration = try Self.micros(event.dur, "dur", cursor)
            guard duration >= 0 else { throw TraceAccumulator.Refusal(reason: "\"dur\" is negative: \(ChromeTraceEvent.json(event.dur, in: cursor)) µs") }
            let name = event.name.map { cache.string($0, in: cursor) } ?? ""
            let attributes = try cache.attributes(cat: event.cat, args: event.args, in: cursor, argsDepth: argsDepth)
            try accumulator.add(TraceInterval(name: name, attributes: attributes, startNs: start, durationNs: duration), shareAttributes: false)
        case let phase? where phase == UInt8(ascii: "B") || phase == UInt8(ascii: "E"):
            let begins = phase == UInt8(ascii: "B")
            let ts = try Self.micros(event.ts, "ts", cursor)
            let thread = ChromeThread(pid: ChromeTraceEvent.text(event.pid, in: cursor) ?? "", tid: ChromeTraceEvent.text(event.tid, in: cursor) ?? "")
            let name = begins ? event.name.map { cache.string($0, in: cursor) } ?? "" : ""
            // An E's category is its B's: only its args are merged.
            let attributes = try cache.attributes(cat: begins ? event.cat : nil, args: event.args, in: cursor, argsDepth: argsDepth)
            slices.add(ChromeHeldEvent(ts: ts, phase: phase, name: name, attributes: attributes, index: index, offset: offset), on: thread)
        case let phase? where phase == UInt8(ascii: "b") || phase == UInt8(ascii: "e") || phase == UInt8(ascii: "S") || phase == UInt8(ascii: "F"):
            sawAsync = true
            let ts = try Self.micros(event.ts, "ts", cursor)
            guard let group = Self.group(event, phase: phase, cursor) else {
                notes.leaveOut(Self.withoutID, event: index, offset: offset)
                return
            }
            let begins = phase == UInt8(ascii: "b") || phase == UInt8(ascii: "S")
            let name = event.name.map { cache.string($0, in: cursor) } ?? ""
            let attributes = try cache.attributes(cat: begins ? event.cat : nil, args: event.args, in: cursor, argsDepth: argsDepth)
            async.add(ChromeHeldEvent(ts: ts, phase: phase, name: name, attributes: attributes, index: index, offset: offset), in: group)
        case UInt8(ascii: "i"), UInt8(ascii: "I"):
            if let category = event.cat.map({ cursor.text($0) }), category == "drag" || category == "fling" {
                let at = try Self.micros(event.ts, "ts", cursor)
                scrollStartNs = min(scrollStartNs ?? at, at)
            }
        default:
            return
        }
    }

    /// The group an async event pairs within (nil without an id): catapult's scoped id —
    /// `id` (global), `id2.global`, or `id2.local` with the process — in `scope`, with the
    /// category for `b`/`e` and the name for `S`/`F`.
    private static func group(_ event: ChromeTraceEvent, phase: UInt8, _ cursor: TraceJSONCursor) -> ChromeAsyncPairing.Group? {
        let legacy = phase == UInt8(ascii: "S") || phase == UInt8(ascii: "F")
        let category = legacy ? event.name.map { cursor.text($0) } ?? "" : event.cat.map { cursor.text($0) } ?? ""
        let scope = event.scope.map { cursor.text($0) } ?? ""
        if let id = ChromeTraceEvent.text(event.id, in: cursor) {
            return .init(legacy: legacy, category: category, scope: scope, id: "id:" + id, process: nil)
        }
        if let global = ChromeTraceEvent.text(event.id2Global, in: cursor) {
            return .init(legacy: legacy, category: category, scope: scope, id: "global:" + global, process: nil)
        }
        if let local = ChromeTraceEvent.text(event.id2Local, in: cursor) {
            return .init(legacy: legacy, category: category, scope: scope, id: "local:" + local, process: ChromeTraceEvent.text(event.pid, in: cursor) ?? "")
        }
        return nil
    }

    /// Pairs the `B`/`E` and async events, and puts the intervals in start order.
    mutating func finish() throws {
        var accumulator = self.accumulator
        let emit = { (interval: TraceInterval, index: Int, offset: Int) throws in
            do {
                try accumulator.add(interval, shareAttributes: false)
            } catch let refusal as TraceAccumulator.Refusal {
                throw Located(index: index, offset: offset, reason: refusal.reason)
            }
        }
        // The attribute cache holds the last sets made: free it, so that each slice's set is
        // held once and its end's arguments merge in place.
        cache = ChromeAttributes()
        do {
            try slices.pair(&notes, emit)
            try async.pair(&notes, emit)
        } catch let located as Located {
            throw scanner.input.error(at: located.offset, "event \(located.index): \(located.reason)")
        }

        accumulator.intervals.sort { $0.startNs != $1.startNs ? $0.startNs < $1.startNs : $0.durationNs > $1.durationNs }
        self.accumulator = accumulator
    }

    /// A time member in µs, as nanoseconds.
    static func micros(_ value: ChromeTraceEvent.Value?, _ key: String, _ cursor: TraceJSONCursor) throws -> Int64 {
        guard let value else { throw TraceAccumulator.Refusal(reason: "has no \"\(key)\"") }
        guard case .number(let range) = value else {
            throw TraceAccumulator.Refusal(reason: "\"\(key)\" must be a number of microseconds, found \(ChromeTraceEvent.kindDescription(value)) \(ChromeTraceEvent.json(value, in: cursor)): trace-event times are µs, never a unit written in text")
        }
        do {
            return try TraceTime.nanoseconds(UnsafeBufferPointer(rebasing: cursor.bytes[range]), unit: .microseconds)
        } catch {
            throw TraceAccumulator.Refusal(reason: "\"\(key)\" \(cursor.text(range)) µs overflows 64-bit nanoseconds")
        }
    }
}
