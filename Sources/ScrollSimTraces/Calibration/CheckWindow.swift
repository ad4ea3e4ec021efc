import ScrollSimKit
/// The stretch of time the model check compares: the same length of the measured trace and of
/// the predicted run, laid side by side from their first scroll.
///
/// - **Where the two are aligned.** The trace's first scroll (ScrollSim's `drag` and `fling`
///   instants) and the run's (its script's first `drag` or `fling`); a trace that marks none
///   but is given `--window START` (above 0) is taken to start scrolling there. When neither
///   the trace nor `--window` says where scrolling began, the two are aligned at their starts
///   and the launch is in both.
/// - **Start.** The aligned point, or a later `--window START` on the trace (the run's start
///   moves by as much): what comes before — the launch and the first screen — is left out of
///   both sides.
/// - **Length.** The shorter of the two recordings after the start (each ends with its last
///   frame or hitch; a trace without frames, with the last thing in it), cut at `--window END`.
///   A real recording that goes on past the script is compared over the script's length only,
///   and the other way round. A trace without frames does not show where its recording ended
///   (an exported hitches table stops at its last hitch), so there `--window END` is the end,
///   even past the last thing in the file.
///
/// A frame or hitch belongs to the window when it starts in it (`start ≤ t < start + length`),
/// as `--window` holds intervals for `calibrate`.
public struct CheckWindow: Equatable, Sendable {
    public var measuredStartNs: Int64
    public var predictedStartNs: Int64
    public var lengthNs: Int64
    /// Whether the start is a first scroll (marked, or `--window START`), so the launch is out.
    public var fromFirstScroll: Bool

    /// The window of `measured` against `predicted` under `window` (nil: none given).
    public init(measured: CheckTimeline, predicted: CheckTimeline, window: CalibrationWindow?) {
        let origin = measured.originNs
        let windowStart = window.map { $0.startSeconds > 0 ? origin &+ CheckWindow.ns($0.startSeconds) : nil } ?? nil
        let anchor = measured.firstScrollNs ?? windowStart
        let measuredAnchor = anchor ?? origin
        let predictedAnchor = anchor == nil ? predicted.originNs : (predicted.firstScrollNs ?? predicted.originNs)
        let start = Swift.max(measuredAnchor, windowStart ?? measuredAnchor)
        var end = measured.endNs
        if let window, window.endSeconds.isFinite {
            let windowEnd = origin &+ CheckWindow.ns(window.endSeconds)
            end = measured.frames.isEmpty ? windowEnd : Swift.min(end, windowEnd)
        }
        measuredStartNs = start
        predictedStartNs = predictedAnchor &+ (start &- measuredAnchor)
        lengthNs = Swift.max(0, Swift.min(end &- start, predicted.endNs &- predictedStartNs))
        fromFirstScroll = anchor != nil
    }

    static func ns(_ seconds: Double) -> Int64 {
        let ns = (seconds * 1e9).rounded()
        return ns >= 9.2e18 ? Int64.max / 2 : Int64(ns)
    }

    /// Whether `t` lies in the measured (or predicted) side of the window.
    func contains(_ t: Int64, predicted: Bool) -> Bool {
        let start = predicted ? predictedStartNs : measuredStartNs
        return t >= start && t &- start < lengthNs
    }
}
