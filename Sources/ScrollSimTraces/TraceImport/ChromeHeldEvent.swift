import ScrollSimKit
/// A begin or end event of a trace-event file held until it is paired (`ChromeSlicePairing`:
/// `B`, `E`; `ChromeAsyncPairing`: `b`, `e`, `S`, `F`): its time, phase, name and attributes, and
/// its number and offset for messages.
struct ChromeHeldEvent {
    var ts: Int64
    var phase: UInt8
    var name: String
    var attributes: [String: String]
    var index: Int
    var offset: Int

    /// Whether it begins a slice: `B`, `b` or `S`.
    var begins: Bool { phase == UInt8(ascii: "B") || phase == UInt8(ascii: "b") || phase == UInt8(ascii: "S") }

    /// The slice this begin event opens and `end` closes, `emit`ted with the begin's number and
    /// offset: named by the begin, from its `ts` to the end's, with the end's `args` merged
    /// into the begin's attributes (in place: the begin holds them alone once taken out of the
    /// arrays that kept it).
    /// - Throws: what `emit` throws; a refusal (with the end's number and offset) when the
    ///   duration overflows 64-bit nanoseconds.
    mutating func close(by end: ChromeHeldEvent, _ emit: (TraceInterval, Int, Int) throws -> Void) throws {
        let (duration, overflow) = end.ts.subtractingReportingOverflow(ts)
        guard !overflow else {
            throw ChromeTraceReader.Located(index: end.index, offset: end.offset, reason: "the slice's duration overflows 64-bit nanoseconds")
        }
        for (key, value) in end.attributes where key.hasPrefix("args.") { attributes[key] = value }
        try emit(TraceInterval(name: name, attributes: attributes, startNs: ts, durationNs: duration), index, offset)
    }

    /// The event, its attributes moved out of `stored` (so that they are held once).
    static func take(_ stored: inout ChromeHeldEvent) -> ChromeHeldEvent {
        let event = stored
        stored.attributes = [:]
        return event
    }
}
