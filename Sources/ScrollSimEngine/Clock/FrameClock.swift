/// Discrete vsync time: a clock that starts at tick 0 and moves only when a frame finishes.
///
/// Vsync ticks fall at t_k = k·B, with B = 1000/R ms. A frame starts on a tick; if its work W
/// fits the budget (W ≤ B) it is presented on the next tick. A late frame occupies ceil(W/B)
/// ticks: ceil(W/B) − 1 frames are dropped, each dropped frame is B ms of hitch time, and the
/// next frame starts on the first tick after the late one finished.
struct FrameClock: Equatable, Sendable {
    let budgetMs: Double
    private(set) var tick: Int = 0

    init(refreshRate: Double) {
        precondition(refreshRate > 0, "refresh rate \(refreshRate) must be positive")
        budgetMs = 1000 / refreshRate
    }

    /// When the current frame starts, in ms.
    var nowMs: Double { Double(tick) * budgetMs }

    /// Accounts for one frame's work and advances to the tick the next frame starts on.
    /// - Complexity: O(1)
    mutating func finishFrame(workMs: Double) -> FrameTiming {
        let timing = FrameTiming(workMs: workMs, budgetMs: budgetMs)
        tick += timing.ticks
        return timing
    }
}

/// How one frame fared against the budget.
struct FrameTiming: Equatable, Sendable {
    /// Vsync intervals the frame occupied (1 when on time).
    let ticks: Int
    let budgetMs: Double

    init(workMs: Double, budgetMs: Double) {
        precondition(workMs >= 0 && workMs.isFinite, "frame work \(workMs) ms must be finite and non-negative")
        let intervals = (workMs / budgetMs - Tolerance.milliseconds).rounded(.up)
        ticks = max(1, Int(intervals))
        self.budgetMs = budgetMs
    }

    var droppedFrames: Int { ticks - 1 }
    var hitchMs: Double { Double(droppedFrames) * budgetMs }
    var isLate: Bool { ticks > 1 }
}
