/// A view type's cost distributions, one per cost it gives as a distribution rather than a
/// number (`{"lognormal": {"p50": 0.4, "p95": 1.2}}` for `bodyMs`).
///
/// A cost with no distribution here is the type's number (`ViewTypeSpec.Costs`,
/// `ViewTypeSpec.Rendering`) and draws nothing; a cost with one has its mean as that number
/// (for every estimate) and each element's own value drawn by `CostDraws`.
public struct CostDistributions: Equatable, Sendable {
    private var byPhase: [CostDistribution?] = Array(repeating: nil, count: CostPhase.allCases.count)

    public init() {}

    public subscript(phase: CostPhase) -> CostDistribution? {
        get { byPhase[phase.rawValue] }
        set { byPhase[phase.rawValue] = newValue }
    }

    /// Every cost is a number.
    public var isEmpty: Bool { byPhase.allSatisfy { $0 == nil } }
}

/// The costs of a view type, by the scenario key that gives them.
public enum CostPhase: Int, CaseIterable, Sendable {
    case initialize, body, layout, render, appear, renderServer, effect

    /// The view type's key in a scenario file.
    public var key: String {
        switch self {
        case .initialize: return "initMs"
        case .body: return "bodyMs"
        case .layout: return "layoutMs"
        case .render: return "renderMs"
        case .appear: return "appearMs"
        case .renderServer: return "renderServerMs"
        case .effect: return "effectMs"
        }
    }

    /// Whether the cost is main-thread work (scaled by a device's CPU speed), not the render
    /// server's (another process, and the GPU).
    public var onMainThread: Bool { self != .renderServer && self != .effect }

    /// The main-thread costs, the ones a view type's `Costs` hold (the render server's are its
    /// `Rendering`'s).
    public static let mainThread: [CostPhase] = allCases.filter(\.onMainThread)

    /// Whether the cost belongs to the element's view (init and body run once per element, even
    /// for a body of several children) rather than to each child row.
    public var perElementView: Bool { self == .initialize || self == .body }
}
