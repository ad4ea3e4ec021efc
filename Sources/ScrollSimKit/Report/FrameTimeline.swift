import ScrollSimEngine

/// A report's frames on the clock of its trace: whole nanoseconds from the run's start, as
/// ScrollSim's own `--trace` writes them (`TraceWriter`) and as `check-model` reads a run
/// (`CheckTimeline(run:)`). One place computes them, so that a run and its own trace agree to
/// the nanosecond — the model check on a model's own trace is exact because of it.
///
/// - A frame starts at its vsync tick (`timeMs`).
/// - Its slice lasts its phases laid end to end (each rounded to ns), at least its `workMs`, and
///   never past the next frame's tick (rounding of the report's figures could otherwise make
///   two frames overlap by a few nanoseconds).
/// - A late frame's missed vsyncs are one span from the first missed tick (tick + budget) for
///   `dropped` × budget.
public struct FrameTimeline: Sendable {
    public let frames: Report.Frames
    /// The frame budget in whole nanoseconds.
    public let budgetNs: Int64

    public init(_ frames: Report.Frames) {
        self.frames = frames
        budgetNs = FrameTimeline.nanoseconds(frames.budgetMs)
    }

    /// The longest span a trace holds, in nanoseconds (about three years). A report read from
    /// disk may hold any figure (a corrupt or hand-edited one: `7.7e15` ms in a phase); clamping
    /// keeps every sum and product inside `Int64`.
    public static let longestSpanNs: Int64 = 100_000_000_000_000_000

    /// Milliseconds to whole nanoseconds, clamped to `0...longestSpanNs`.
    public static func nanoseconds(_ ms: Double) -> Int64 {
        guard ms.isFinite, ms > 0 else { return 0 }
        let ns = (ms * 1_000_000).rounded()
        return ns >= Double(longestSpanNs) ? longestSpanNs : Int64(ns)
    }

    /// Where frame `i` starts (its tick).
    public func startNs(_ i: Int) -> Int64 {
        FrameTimeline.nanoseconds(frames.timeMs[i])
    }

    /// Frame `i`'s non-zero phases laid end to end from its tick (each phase and its duration),
    /// and its slice's duration.
    /// - Complexity: O(phases).
    public func work(_ i: Int) -> (phases: [(phase: PhaseWork.Phase, ns: Int64)], durationNs: Int64) {
        let start = startNs(i)
        let limit = i + 1 < frames.count ? startNs(i + 1) - start : Int64.max
        var phases: [(phase: PhaseWork.Phase, ns: Int64)] = []
        var total: Int64 = 0
        for phase in PhaseWork.Phase.allCases {
            let ns = min(FrameTimeline.nanoseconds(frames.phaseMs[phase][i]), limit - total)
            guard ns > 0 else { continue }
            phases.append((phase, ns))
            total += ns
        }
        return (phases, min(max(total, FrameTimeline.nanoseconds(frames.workMs[i])), limit))
    }

    /// The vsyncs frame `i` made the display miss, as one span; nil for a frame on time.
    public func missedSpan(_ i: Int) -> (startNs: Int64, durationNs: Int64)? {
        let dropped = frames.dropped[i]
        guard dropped > 0 else { return nil }
        let count = min(Int64(dropped), FrameTimeline.longestSpanNs / max(budgetNs, 1))
        return (startNs(i) + budgetNs, budgetNs * count)
    }
}
