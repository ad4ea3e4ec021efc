import ScrollSimKit
/// `B`/`E` duration events paired into slices as Perfetto and catapult pair them: per thread
/// (`pid`, `tid`), in the order of their `ts` — the Trace Event Format does not require a file
/// in time order, and Chrome writes events as its threads flush them — with events of equal
/// `ts` kept in file order (a stable sort), each `E` closing the innermost `B` still open on
/// its thread (the stack rule). An `E`'s `args` are merged into its slice's, as the viewers show
/// them; its name is not compared (catapult only warns when it differs).
///
/// What cannot be paired is left out and counted in the reading's notes: a `B` still open at
/// the end of the trace (an unfinished slice: catapult marks it `didNotFinish`, Perfetto gives
/// it no duration) and an `E` with no `B` open on its thread (the trace began inside the slice —
/// a ring buffer that wrapped, a recording started late; both viewers drop it with a warning).
///
/// - Complexity: O(n log n) for n events, O(n) when each thread's events are already in time
///   order (a sort is skipped then); memory: the events until the end of the file, which is
///   what their intervals take anyway.
struct ChromeSlicePairing {
    /// The threads in the order they first appear, and each one's events.
    private var threads: [ChromeThread: Int] = [:]
    private var events: [[ChromeHeldEvent]] = []
    /// The thread of the last event added, and its slot (the next event is most often on it).
    private var last: (thread: ChromeThread, slot: Int)?

    static let unfinished = "unfinished: a B event without its E (the trace ends inside the slice)"
    static let unopened = "an E event with no B open on its thread (the trace begins inside the slice)"

    mutating func add(_ event: ChromeHeldEvent, on thread: ChromeThread) {
        let slot: Int
        if let last, last.thread == thread {
            slot = last.slot
        } else if let known = threads[thread] {
            slot = known
        } else {
            slot = events.count
            threads[thread] = slot
            events.append([])
        }
        last = (thread, slot)
        events[slot].append(event)
    }

    /// Pairs every thread's events, calling `emit` with each slice and its `B` event's number
    /// and offset (thread by thread in the order they first appear; each thread's slices in
    /// the order they end), and noting what is left out. The events are consumed as they are
    /// paired, so that a slice's attributes are merged in place, never copied.
    /// - Throws: what `emit` throws; a refusal (with the `E` event's number and offset) for a
    ///   slice whose duration overflows 64-bit nanoseconds.
    mutating func pair(_ notes: inout TraceReadNotes, _ emit: (TraceInterval, Int, Int) throws -> Void) throws {
        for slot in events.indices {
            var thread: [ChromeHeldEvent] = []
            swap(&thread, &events[slot])
            if !zip(thread, thread.dropFirst()).allSatisfy({ $0.ts <= $1.ts }) {
                thread.sort { $0.ts != $1.ts ? $0.ts < $1.ts : $0.index < $1.index }
            }
            var open: [ChromeHeldEvent] = []
            for position in thread.indices {
                let event = ChromeHeldEvent.take(&thread[position])
                if event.begins {
                    open.append(event)
                    continue
                }
                guard var begun = open.popLast() else {
                    notes.leaveOut(Self.unopened, event: event.index, offset: event.offset)
                    continue
                }
                try begun.close(by: event, emit)
            }
            for event in open {
                notes.leaveOut(Self.unfinished, event: event.index, offset: event.offset)
            }
        }
    }
}

/// A trace-event thread: its `pid` and `tid` as written (numbers as their text, strings as
/// theirs; "" when absent).
struct ChromeThread: Hashable {
    var pid: String
    var tid: String
}
