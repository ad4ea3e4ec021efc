extension PhaseWork {
    /// What a frame's main-thread work was spent on: the one vocabulary of phases from the engine
    /// to the report. Its cases are in the order the work happens within a frame (and is stacked
    /// in charts and nested in traces): required work first, the fixed overhead, then the
    /// idle-time prefetch that fills what is left of the budget. The report's columns
    /// `frames.phaseMs.<name>` are these, and arrays of per-phase values are `ByPhase`, read and
    /// written by phase, never by position.
    ///
    /// A view type's costs are named by `CostPhase` (the scenario's `initMs`, `bodyMs`, …);
    /// `CostPhase.framePhase` is where a cost meets the phase it is charged to.
    public enum Phase: Int, CaseIterable, Sendable {
        /// Touch handling and scroll physics.
        case input
        /// View struct initializers.
        case initialize
        /// Body evaluations.
        case body
        /// Layout passes.
        case layout
        /// onAppear handlers.
        case appear
        /// Rendering visible views.
        case render
        /// The fixed per-frame cost of the system.
        case overhead
        /// Work done ahead of need in idle time (init, body and layout of prefetched views).
        case prefetch

        /// The key used in reports.
        public var name: String {
            switch self {
            case .input: return "input"
            case .initialize: return "init"
            case .body: return "body"
            case .layout: return "layout"
            case .appear: return "appear"
            case .render: return "render"
            case .overhead: return "overhead"
            case .prefetch: return "prefetch"
            }
        }

        /// The phases' report keys, in order.
        public static let names: [String] = allCases.map(\.name)

        /// The phase a report names `name` (`"init"`, `"body"`, …), or nil.
        public init?(name: String) {
            guard let phase = Phase.allCases.first(where: { $0.name == name }) else { return nil }
            self = phase
        }
    }
}

/// One value per phase of a frame's work (a frame series' column, a report's column, a total),
/// read and written by phase: `phaseMs[.body]`. There is no subscript by position, so
/// `phaseMs[2]` does not compile: which phase is third is this file's business. Iterating gives
/// the values in `PhaseWork.Phase` order; `byPhase` gives each with its phase.
public struct ByPhase<Value>: Sequence {
    @usableFromInline var values: [Value]

    /// The value of each phase, made by `value`.
    @inlinable
    public init(_ value: (PhaseWork.Phase) throws -> Value) rethrows {
        values = try PhaseWork.Phase.allCases.map(value)
    }

    /// The same value for every phase.
    @inlinable
    public init(repeating value: Value) {
        values = Array(repeating: value, count: PhaseWork.Phase.allCases.count)
    }

    @inlinable
    public subscript(phase: PhaseWork.Phase) -> Value {
        get { values[phase.rawValue] }
        set { values[phase.rawValue] = newValue }
    }

    @inlinable
    public func makeIterator() -> IndexingIterator<[Value]> { values.makeIterator() }

    @inlinable public var underestimatedCount: Int { values.count }

    /// Each phase with its value, in order.
    @inlinable
    public var byPhase: Zip2Sequence<[PhaseWork.Phase], [Value]> { zip(PhaseWork.Phase.allCases, values) }
}

extension ByPhase: Sendable where Value: Sendable {}
extension ByPhase: Equatable where Value: Equatable {}

extension FrameRecord {
    /// Where a phase's work sits in a frame record (and a frame series' storage): after the
    /// columns, in phase order.
    @inlinable
    static func slot(of phase: PhaseWork.Phase) -> Int { phaseBase + phase.rawValue }
}

extension CostPhase {
    /// The frame phase a view type's cost is charged to when it runs on the main thread inside a
    /// frame; nil for the render server's costs (`renderServerMs`, `effectMs`), which are not
    /// main-thread work. (Prefetched init, body and layout are charged to `.prefetch` instead:
    /// the prefetch decides that, not the cost.)
    public var framePhase: PhaseWork.Phase? {
        switch self {
        case .initialize: return .initialize
        case .body: return .body
        case .layout: return .layout
        case .render: return .render
        case .appear: return .appear
        case .renderServer, .effect: return nil
        }
    }
}
