import ScrollSimKit
/// Async slices paired as catapult's importer pairs them (`trace_event_importer`'s
/// `createAsyncSlices_`): every async event of the trace in the order of its `ts`, events of
/// equal `ts` in file order (a stable sort), then
///
/// - **nestable** `b`/`e` (`performance.measure`, Perfetto's async tracks, Flutter's frame
///   events): grouped by category and id — `id`, `id2.global`, or `id2.local` within its
///   process, in the event's `scope` — so that the same id in two categories is two slices, as
///   the Trace Event Format says; an `e` closes the innermost open `b` of its group with the
///   same name (any name when the `e` has none), and the `b`s opened after that one and still
///   open are left unfinished;
/// - **legacy** `S`/`F` (and the `T`/`p` steps between them, which are not read): grouped by
///   name and id; an `F` closes its group's `S`.
///
/// Each pair becomes an interval named by its begin event, from the begin's `ts` to the end's,
/// with the begin's `cat` and the `args` of both (the end's win), mapped by name like any
/// other slice. What cannot be paired is left out and counted in the reading's notes: a begin
/// never ended (catapult's `didNotFinish`), an end with nothing open, a second `S` for an id
/// already open (catapult ignores it), and an async event without an id.
///
/// - Complexity: O(n log n) for n async events; memory: the events until the end of the file.
struct ChromeAsyncPairing {
    /// What pairs begin and end events: for `b`/`e` the category, for `S`/`F` the name, then
    /// the scope and the id (with the process for an `id2.local`).
    struct Group: Hashable {
        var legacy: Bool
        var category: String
        var scope: String
        var id: String
        var process: String?
    }

    private var events: [(event: ChromeHeldEvent, group: Group)] = []

    var isEmpty: Bool { events.isEmpty }

    mutating func add(_ event: ChromeHeldEvent, in group: Group) {
        events.append((event, group))
    }

    static func unfinished(_ phase: UInt8) -> String {
        phase == UInt8(ascii: "b") ? "unfinished: a b (async) event without its e" : "unfinished: an S (async) event without its F"
    }

    static func unopened(_ phase: UInt8) -> String {
        phase == UInt8(ascii: "e") ? "an e (async) event with no b open for its category and id" : "an F (async) event with no S open for its name and id"
    }

    static let reopened = "an S (async) event for a name and id already open (catapult ignores it)"

    /// Pairs the events, calling `emit` with each slice and its begin event's number and offset
    /// (in the order the slices end), and noting what is left out. The events are consumed.
    /// - Throws: what `emit` throws; a refusal for a slice whose duration overflows.
    mutating func pair(_ notes: inout TraceReadNotes, _ emit: (TraceInterval, Int, Int) throws -> Void) throws {
        var sorted: [(event: ChromeHeldEvent, group: Group)] = []
        swap(&sorted, &events)
        if !zip(sorted, sorted.dropFirst()).allSatisfy({ $0.event.ts <= $1.event.ts }) {
            sorted.sort { $0.event.ts != $1.event.ts ? $0.event.ts < $1.event.ts : $0.event.index < $1.event.index }
        }
        var open: [Group: [ChromeHeldEvent]] = [:]
        var order: [Group] = []
        for position in sorted.indices {
            let event = ChromeHeldEvent.take(&sorted[position].event)
            let group = sorted[position].group
            switch event.phase {
            case UInt8(ascii: "b"), UInt8(ascii: "S"):
                if open[group] == nil { order.append(group) }
                if event.phase == UInt8(ascii: "S"), open[group]?.isEmpty == false {
                    notes.leaveOut(Self.reopened, event: event.index, offset: event.offset)
                    continue
                }
                open[group, default: []].append(event)
            default:
                // Taken out while it changes, so that its events are held once.
                let existing = open.removeValue(forKey: group)
                var stack = existing ?? []
                let match = event.phase == UInt8(ascii: "F") || event.name.isEmpty
                    ? stack.indices.last
                    : stack.lastIndex { $0.name == event.name }
                guard let match else {
                    if existing != nil { open[group] = stack }
                    notes.leaveOut(Self.unopened(event.phase), event: event.index, offset: event.offset)
                    continue
                }
                var begun = stack[match]
                for left in stack[(match + 1)...] {
                    notes.leaveOut(Self.unfinished(left.phase), event: left.index, offset: left.offset)
                }
                stack.removeSubrange(match...)
                open[group] = stack
                try begun.close(by: event, emit)
            }
        }
        for group in order {
            for event in open[group] ?? [] {
                notes.leaveOut(Self.unfinished(event.phase), event: event.index, offset: event.offset)
            }
        }
    }
}
