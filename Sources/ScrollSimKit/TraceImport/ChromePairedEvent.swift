/// A begin or end event held until it is paired (`ChromeSlicePairing`, `ChromeAsyncPairing`):
/// its time, name, attributes, and its number and offset for messages.
protocol ChromePairedEvent {
    var ts: Int64 { get }
    var name: String { get }
    var attributes: [String: String] { get set }
    var index: Int { get }
    var offset: Int { get }
}

extension ChromePairedEvent {
    /// The slice this begin event opens and `end` closes, `emit`ted with the begin's number and
    /// offset: named by the begin, from its `ts` to the end's, with the end's `args` merged
    /// into the begin's attributes (in place: the begin holds them alone once taken out of the
    /// arrays that kept it).
    /// - Throws: what `emit` throws; a refusal (with the end's number and offset) when the
    ///   duration overflows 64-bit nanoseconds.
    mutating func close(by end: Self, _ emit: (TraceInterval, Int, Int) throws -> Void) throws {
        let (duration, overflow) = end.ts.subtractingReportingOverflow(ts)
        guard !overflow else {
            throw ChromeTraceReader.Located(index: end.index, offset: end.offset, reason: "the slice's duration overflows 64-bit nanoseconds")
        }
        for (key, value) in end.attributes where key.hasPrefix("args.") { attributes[key] = value }
        try emit(TraceInterval(name: name, attributes: attributes, startNs: ts, durationNs: duration), index, offset)
    }
}
