/// One of the three pieces of work that make a view, in the order they run: its initializer, its
/// body, its layout pass. Each runs to completion once started (a body evaluation is a function
/// call), so idle-time prefetch schedules them one at a time (`LazyStack+Prefetch.swift`), and the
/// `deadline` policy estimates each apart, per view type (`PrefetchScheduler`), as RecyclerView's
/// pool keeps a create and a bind running average per view type.
enum BuildUnit: Int, CaseIterable, Sendable {
    case initialize
    case body
    case layout

    /// The frame phase the unit is charged to when it runs inside a frame.
    var phase: PhaseWork.Phase {
        switch self {
        case .initialize: return .initialize
        case .body: return .body
        case .layout: return .layout
        }
    }

    /// The unit's cost among a build's (init, body, layout).
    func cost(in units: (Double, Double, Double)) -> Double {
        switch self {
        case .initialize: return units.0
        case .body: return units.1
        case .layout: return units.2
        }
    }
}
