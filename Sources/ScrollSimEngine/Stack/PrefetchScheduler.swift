/// What idle-time prefetch keeps track of between frames, and the rules it decides by.
///
/// - The **direction**: the sign of the last non-zero scroll velocity (toward the end at
///   launch). Prefetch works beyond the leading edge in that direction.
/// - The **window**: the rows beyond the leading edge, up to `distance` viewports, that prefetch
///   wants this frame. Rows in it are kept alive; eviction asks `keeps(_:)`.
/// - The **idle time** a frame leaves: budget − work so far − `marginMs`.
/// - For the `deadline` policy (Android's GapWorker), each view type's running-average cost of
///   each `BuildUnit` — init, body, layout — old·3/4 + new/4, fed by every unit the stack runs,
///   ahead of need or inside a frame (RecyclerView's pool times every create and bind, in layout
///   as in prefetch). A unit is started only if its average fits the idle time left (a unit its
///   type never ran is tried while idle time remains), or if the next frame needs the row (then
///   it is forced). So a heavy row's init and body may run in one frame and its layout in the
///   next, as GapWorker creates a view in one frame and binds it in the next.
///
/// The walk over the window, and the building itself, are the stack's
/// (`LazyStack+Prefetch.swift`).
struct PrefetchScheduler: Sendable {
    let config: PrefetchConfig
    private(set) var window = LazyStack.RowSpan.empty
    /// +1 toward the end of the content, −1 toward its start.
    private(set) var direction = 1
    /// Per type, per unit (index type · 3 + unit): the running average and whether it is set.
    private var averageUnitMs: [Double]
    private var measured: [Bool]

    init(config: PrefetchConfig, typeCount: Int) {
        self.config = config
        averageUnitMs = [Double](repeating: 0, count: typeCount * BuildUnit.allCases.count)
        measured = [Bool](repeating: false, count: typeCount * BuildUnit.allCases.count)
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

    private func slot(_ type: Int, _ unit: BuildUnit) -> Int { type * BuildUnit.allCases.count + unit.rawValue }

    /// `deadline`: whether `unit` of a view of type `type` fits `idleMs` by its running average
    /// (a unit never run is tried while any idle time remains).
    func fitsDeadline(type: Int, unit: BuildUnit, idleMs: Double) -> Bool {
        let s = slot(type, unit)
        return measured[s] ? averageUnitMs[s] <= idleMs : idleMs > Tolerance.milliseconds
    }

    /// Folds a unit's cost into its type's running average (old·3/4 + new/4; the first run sets
    /// it).
    mutating func record(type: Int, unit: BuildUnit, costMs: Double) {
        let s = slot(type, unit)
        averageUnitMs[s] = measured[s] ? averageUnitMs[s] * 3 / 4 + costMs / 4 : costMs
        measured[s] = true
    }

    /// A type's running-average cost of a unit (nil before its first run).
    func averageMs(type: Int, unit: BuildUnit) -> Double? {
        let s = slot(type, unit)
        return measured[s] ? averageUnitMs[s] : nil
    }
}
