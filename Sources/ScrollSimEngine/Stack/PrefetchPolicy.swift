/// What a prefetch policy decides, as a value the prefetch walk consults
/// (`LazyStack+Prefetch.swift`, `LazyStack+NestedRows.swift`) rather than a switch written into
/// it: whether a unit of a build fits the idle time left, whether a row the next frame needs is
/// forced, and whether a nested row's item starts.
///
/// - `chunked` (SwiftUI) starts a unit while any idle time remains, and forces nothing.
/// - `deadline` (Android's GapWorker) starts a unit only if its type's running average
///   (`PrefetchScheduler`) fits the idle time left, and forces every unit of a row the next
///   frame needs.
extension PrefetchConfig.Policy {
    /// Whether `unit` of a view of type `type` fits `idleMs` of idle time.
    func fits(_ unit: BuildUnit, type: Int, idleMs: Double, _ scheduler: PrefetchScheduler) -> Bool {
        switch self {
        case .chunked: return idleMs > Tolerance.milliseconds
        case .deadline: return scheduler.fitsDeadline(type: type, unit: unit, idleMs: idleMs)
        }
    }

    /// Whether the unit matters to `fits` (a type's average per unit), or only the idle time.
    var weighsUnits: Bool {
        switch self {
        case .chunked: return false
        case .deadline: return true
        }
    }

    /// Whether a row the next frame needs is built whatever the idle time left.
    var forcesNeededRows: Bool {
        switch self {
        case .chunked: return false
        case .deadline: return true
        }
    }

    /// Whether a nested row's next item, whose type's build costs `buildMs` (a distribution's
    /// mean), starts in `idleMs` of idle time: `deadline` decides by the type's numbers, as it
    /// keeps no running average for items.
    func startsNestedItem(buildMs: Double, idleMs: Double) -> Bool {
        switch self {
        case .chunked: return idleMs > Tolerance.milliseconds
        case .deadline: return buildMs <= idleMs
        }
    }
}
