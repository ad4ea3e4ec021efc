/// Which interval of the run each frame belongs to, and the run's hitch accounting per interval.
///
/// Apple's hitch time ratio is measured over a scroll interaction, so a frame counts toward it
/// only if a gesture, fling or animated scroll moved content that can move in it. Launch — the
/// frames until the first screen is complete (every visible view built, configured and laid
/// out) — is reported apart, even if a gesture already runs; so are frames in which the list
/// rests (content arriving, an instant jump, a rotation while still). Every frame belongs to
/// exactly one of the three intervals.
///
/// Prefetch overruns: prefetch runs in the idle time after a frame's required work, in whole
/// units that cannot be paused, so a unit started with little idle time left can push the frame
/// past its deadline. A frame whose commit occupies more intervals with its prefetch work than
/// it would without is a prefetch overrun; its overrun is the work past the deadline it would
/// have met.
public struct FrameAccounting: Equatable, Sendable {
    public enum Interval: UInt8, Sendable {
        case launch, scroll, rest
    }

    /// Totals over one interval's frames.
    public struct Totals: Equatable, Sendable {
        public var frames = 0
        /// Main-thread work, ms.
        public var workMs = 0.0
        /// Wall time the interval's frames occupied (their vsync intervals), ms.
        public var durationMs = 0.0
        public var droppedFrames = 0
        public var commitDroppedFrames = 0
        public var renderDroppedFrames = 0

        public init() {}
    }

    public private(set) var launch = Totals()
    public private(set) var scroll = Totals()
    public private(set) var rest = Totals()
    public private(set) var prefetchOverrunFrames = 0
    public private(set) var prefetchOverrunMs = 0.0
    /// Launch is over once a frame ends with the first screen complete.
    public private(set) var launched = false

    public init() {}

    /// Classifies a frame and adds it to its interval. Returns the interval and the prefetch
    /// overrun of the frame (ms past the deadline its required work would have met, or 0).
    /// - Complexity: O(1)
    mutating func record(_ timing: FrameTiming, work: PhaseWork, moving: Bool, firstScreenComplete: Bool) -> (Interval, Double) {
        let interval: Interval = !launched ? .launch : (moving ? .scroll : .rest)
        if !launched && firstScreenComplete { launched = true }
        let total = work.total
        let budget = timing.budgetMs
        switch interval {
        case .launch: launch.add(timing, workMs: total)
        case .scroll: scroll.add(timing, workMs: total)
        case .rest: rest.add(timing, workMs: total)
        }
        var overrun = 0.0
        if work.prefetch > 0 {
            let required = FrameTiming.intervals(max(0, total - work.prefetch), budget)
            // Judged on the work alone: extra commit ticks (a second commit forced by views
            // measuring themselves) are not prefetch's doing.
            if FrameTiming.intervals(total, budget) > required {
                overrun = total - Double(required) * budget
                prefetchOverrunFrames += 1
                prefetchOverrunMs += overrun
            }
        }
        return (interval, overrun)
    }
}

extension FrameAccounting.Totals {
    mutating func add(_ timing: FrameTiming, workMs: Double) {
        frames += 1
        self.workMs += workMs
        durationMs += Double(timing.ticks) * timing.budgetMs
        droppedFrames += timing.droppedFrames
        commitDroppedFrames += timing.commitDropped
        renderDroppedFrames += timing.renderDropped
    }
}
