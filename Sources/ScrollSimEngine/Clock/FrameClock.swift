/// Discrete vsync time for the two stages of a frame: the app's commit on the main thread, then
/// the render server's work in the following interval(s). The clock starts at tick 0 and moves
/// only when a frame finishes.
///
/// Vsync ticks fall at t_k = k·B, with B = 1000/R ms. A frame's commit starts on a tick and
/// occupies c = ⌈W/B⌉ intervals for main-thread work W. The render server then renders it,
/// starting once the commit is done and the server has finished the previous frame, and
/// occupies r = ⌈S/B⌉ intervals (at least one) for render-server work S; the frame is
/// presented at the end. On time, that is t + 2: one interval to commit, one to render — the
/// pipeline Apple's Hitches instrument shows.
///
/// A frame is late when it is presented after the interval following the previous frame's
/// presentation. The ticks it missed are its dropped frames, and each is B ms of hitch time.
/// They are split as Apple splits hitches: a **commit hitch** when the main thread overran its
/// interval (at most c − 1 ticks), a **render hitch** for the rest (the render server overran,
/// or was still busy with an earlier frame).
///
/// The main thread may run one frame ahead of the render server (double buffering): the next
/// commit starts on the first tick at which the main thread is free and the render server has
/// started rendering this frame. With no render-server load (r = 1 always), this is the
/// familiar rule: a late commit occupies ⌈W/B⌉ ticks, drops ⌈W/B⌉ − 1 frames, and the next frame
/// starts on the first tick after it.
struct FrameClock: Equatable, Sendable {
    let budgetMs: Double
    /// The tick the next commit starts on.
    private(set) var tick = 0
    /// The first tick at which the render server is free.
    private(set) var serverFreeTick = 0
    /// When the previous frame was presented (the frame before the first counts as tick 1, so
    /// the first frame is on time when presented at tick 2).
    private(set) var lastPresentTick = 1

    init(refreshRate: Double) {
        precondition(refreshRate > 0, "refresh rate \(refreshRate) must be positive")
        budgetMs = 1000 / refreshRate
    }

    /// When the current frame starts, in ms.
    var nowMs: Double { Double(tick) * budgetMs }

    /// Accounts for one frame's commit work (main thread) and render-server work, and advances
    /// to the tick the next commit starts on.
    /// - Complexity: O(1)
    mutating func finishFrame(commitMs: Double, renderServerMs: Double = 0, extraCommitTicks: Int = 0) -> FrameTiming {
        let commitTicks = FrameTiming.intervals(commitMs, budgetMs) + max(0, extraCommitTicks)
        let renderTicks = FrameTiming.intervals(renderServerMs, budgetMs)
        let renderStart = max(tick + commitTicks, serverFreeTick)
        let present = renderStart + renderTicks
        let dropped = max(0, present - lastPresentTick - 1)
        let commitDropped = min(commitTicks - 1, dropped)
        let timing = FrameTiming(
            startTick: tick, commitTicks: commitTicks, renderTicks: renderTicks, nextTick: renderStart,
            commitDropped: commitDropped, renderDropped: dropped - commitDropped, budgetMs: budgetMs
        )
        tick = renderStart
        serverFreeTick = present
        lastPresentTick = present
        return timing
    }
}

/// How one frame fared against the budget.
struct FrameTiming: Equatable, Sendable {
    let startTick: Int
    /// Intervals the main-thread commit occupied (1 when on time).
    let commitTicks: Int
    /// Intervals the render server took (1 when on time).
    let renderTicks: Int
    /// The tick the next commit starts on.
    let nextTick: Int
    /// Dropped frames caused by the commit overrunning, and by the render server.
    let commitDropped: Int
    let renderDropped: Int
    let budgetMs: Double

    /// Vsync intervals the main thread spent on this frame (its commit, and any wait for the
    /// render server) before the next commit could start.
    var ticks: Int { nextTick - startTick }
    var droppedFrames: Int { commitDropped + renderDropped }
    var hitchMs: Double { Double(droppedFrames) * budgetMs }
    var isLate: Bool { droppedFrames > 0 }

    /// ⌈work / budget⌉ intervals, at least one; work within the tolerance of a whole number of
    /// budgets fits them.
    @inline(__always)
    static func intervals(_ workMs: Double, _ budgetMs: Double) -> Int {
        // 0 ≤ work < ∞ is "finite and non-negative" in two comparisons (NaN fails both).
        precondition(workMs >= 0 && workMs < .infinity, "frame work \(workMs) ms must be finite and non-negative")
        let budgets = workMs / budgetMs - Tolerance.milliseconds
        // Most frames fit one interval: no rounding to do (`rounded(.up)` is a call to ceil).
        if budgets <= 1 { return 1 }
        return max(1, Int(budgets.rounded(.up)))
    }
}
