/// What idle-time prefetch keeps track of between frames, and the rules it decides by.
///
/// - The **direction**: the sign of the last non-zero scroll velocity (toward the end at
///   launch). Prefetch works beyond the leading edge in that direction.
/// - The **window**: the rows beyond the leading edge, up to `distance` viewports, that prefetch
///   wants this frame. Rows in it are kept alive; eviction asks `keeps(_:)`.
/// - The **idle time** a frame leaves: budget − work so far − `marginMs`.
/// - For the `deadline` policy (Android's GapWorker), each view type's running-average build
///   cost, old·3/4 + new/4: a view is started only if its type's average fits the idle time left
///   (a type never measured is always tried), or if the next frame needs it (then it is forced).
///
/// The walk over the window, and the building itself, are the stack's
/// (`LazyStack+Prefetch.swift`).
struct PrefetchScheduler: Sendable {
    let config: PrefetchConfig
    private(set) var window = LazyStack.RowSpan.empty
    /// +1 toward the end of the content, −1 toward its start.
    private(set) var direction = 1
    private var averageBuildMs: [Double]
    private var measured: [Bool]

    init(config: PrefetchConfig, typeCount: Int) {
        self.config = config
        averageBuildMs = [Double](repeating: 0, count: typeCount)
        measured = [Bool](repeating: false, count: typeCount)
    }

    /// Takes the direction from the scroll velocity (pt/s); a stop keeps the last direction.
    mutating func follow(velocity: Double) {
        if velocity > Tolerance.points { direction = 1 } else if velocity < -Tolerance.points { direction = -1 }
    }

    /// The idle time a frame leaves for prefetch after `workMs` of required work.
    func idleMs(budgetMs: Double, workMs: Double) -> Double {
        budgetMs - workMs - config.marginMs
    }

    mutating func setWindow(_ span: LazyStack.RowSpan) { window = span }

    /// Whether prefetch wants the row kept this frame.
    func keeps(_ row: Int) -> Bool { window.contains(row) }

    /// `deadline`: whether a view of type `type` fits `idleMs` by its type's running average
    /// (an unmeasured type always fits).
    func fitsDeadline(type: Int, idleMs: Double) -> Bool {
        !measured[type] || averageBuildMs[type] <= idleMs
    }

    /// `deadline`: folds a build's cost into its type's running average (old·3/4 + new/4; the
    /// first build sets it).
    mutating func recordBuild(type: Int, costMs: Double) {
        averageBuildMs[type] = measured[type] ? averageBuildMs[type] * 3 / 4 + costMs / 4 : costMs
        measured[type] = true
    }

    /// A type's running-average build cost (nil before its first build).
    func averageBuildMs(type: Int) -> Double? { measured[type] ? averageBuildMs[type] : nil }
}
