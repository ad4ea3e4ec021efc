import ScrollSimKit
/// `--window START:END`: the part of a trace to calibrate from, in seconds from the trace's
/// start (its first interval, hitch or frame — where Instruments' and Perfetto's timelines put
/// zero). Either side may be left out (`5:` from 5 s to the end). An interval is inside when
/// it starts inside: `START ≤ start < END`.
public struct CalibrationWindow: Equatable, Sendable {
    public var startSeconds: Double
    public var endSeconds: Double

    public init(startSeconds: Double = 0, endSeconds: Double = .infinity) {
        self.startSeconds = startSeconds
        self.endSeconds = endSeconds
    }

    /// `START:END` in seconds, as `--trace-range` reads it.
    /// - Throws: `ScrollSimError` with the reason.
    public init(argument: String) throws {
        do {
            let range = try TraceRange(argument: argument)
            self.init(startSeconds: range.startMs / 1000, endSeconds: range.endMs / 1000)
        } catch let invalid as ScrollSimError {
            throw ScrollSimError("--window: \(invalid.message)")
        }
    }

    /// Whether an interval starting `offsetNs` after the trace's start is inside.
    public func contains(offsetNs: Int64) -> Bool {
        let seconds = Double(offsetNs) / 1e9
        return seconds >= startSeconds && seconds < endSeconds
    }

    /// `{"start": …, "end": …}` for provenance.
    var json: JSONValue {
        .object(["start": .number(startSeconds), "end": .number(endSeconds.isFinite ? endSeconds : startSeconds)])
    }
}

extension TraceReading {
    /// Where the trace's own clock starts: its span, else its earliest time.
    var originNs: Int64 {
        if let span = spanNs { return span.lowerBound }
        let starts = intervals.map(\.startNs) + hitches.map(\.startNs) + frames.map(\.startNs)
        return starts.min() ?? 0
    }

    /// Where the trace's own clock ends: its span, else its latest end.
    var endNs: Int64 {
        if let span = spanNs { return span.upperBound }
        let ends = intervals.map { $0.startNs &+ $0.durationNs } + hitches.map { $0.startNs &+ $0.durationNs } + frames.map { $0.startNs &+ $0.durationNs }
        return ends.max() ?? originNs
    }
}
