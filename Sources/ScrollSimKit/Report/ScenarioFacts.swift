import ScrollSimEngine

/// What the readers of a report need to know about the scenario behind it, answered from the
/// decoded configuration (`SimulationConfig`), never from key names: the features it uses
/// (which decide the metrics that apply, `Metric.Scope`), each view type's build costs (which
/// let a cause line name the units prefetch ran), and the budgets it breaks on purpose.
///
/// A run has its `Scenario` in hand (`init(_:)`); a report read back has only the scenario as
/// it recorded it (`scenario.source`, `ScenarioSource`), which `init(recorded:)` decodes through
/// the same key declarations as a scenario file (`ScenarioKeys`). So a key or a stack kind is
/// named in one place, its declaration, and both roads reach the same facts: a new stack kind
/// or feature is a compile error in the switches below, not a reader that silently misses it.
///
/// ```swift
/// let facts = ScenarioFacts(recorded: report.scenario.source, kind: report.scenario.stackKind)
/// facts.features.contains(.pagination)   // true for a paged feed
/// facts.viewCosts["card"]                 // [("init", 0.3), ("body", 3.2), ("layout", 4)]
/// ```
public struct ScenarioFacts: Sendable {
    /// The features the scenario uses, `.always` included.
    public var features: Set<Metric.Scope>
    /// Each list view type's init, body and layout ms by type name (what one build costs): a
    /// number as it is, a distribution by its mean to the hundredth of a millisecond (a clamped
    /// normal's mean of 3.2002 ms reads as 3.2). Empty when the scenario is unknown.
    public var viewCosts: [String: [(phase: String, ms: Double)]]
    /// The budgets the scenario breaks on purpose (`expect`: `"over-budget"`, `expectedOver`).
    public var expectedOverBudget: [Metric]
    /// The stack as configured (spacing, prefetch, masonry columns...), for a reader that
    /// redraws the list; nil when the scenario is unknown.
    public var stack: StackConfig?

    /// The facts of a decoded scenario.
    public init(_ scenario: Scenario) {
        self.init(config: scenario.config, expectedOverBudget: scenario.expectedOverBudget)
    }

    /// The facts of a configuration, and the budgets its scenario expects to break.
    public init(config: SimulationConfig, expectedOverBudget: [Metric] = []) {
        features = ScenarioFacts.features(kind: config.stack.kind)
        if config.content.pagination != nil { features.insert(.pagination) }
        if config.stack.scrollPosition.observer != nil { features.insert(.observer) }
        if config.script.contains(where: \.isScrollTo) { features.insert(.scrollTo) }
        var types = config.content.types + [config.content.sections?.header].compactMap { $0 }
        while let type = types.popLast() {
            if type.asyncContent != nil { features.insert(.asyncContent) }
            if type.transition != nil { features.insert(.transitions) }
            if let row = type.row {
                features.insert(.nestedRows)
                types += row.itemTypes
            }
        }
        var costs: [String: [(phase: String, ms: Double)]] = [:]
        for type in config.content.types {
            costs[type.name] = ScenarioFacts.buildPhases.compactMap { phase in
                phase.framePhase.map { (phase: $0.name, ms: ScenarioFacts.named(type, phase)) }
            }
        }
        viewCosts = costs
        self.expectedOverBudget = expectedOverBudget
        stack = config.stack
    }

    /// What a report that did not record its scenario still tells: the stack kind's features
    /// (none for a kind this build does not know).
    public init(kind: StackConfig.Kind?) {
        features = kind.map(ScenarioFacts.features(kind:)) ?? [.always]
        viewCosts = [:]
        expectedOverBudget = []
        stack = nil
    }

    /// The facts of the scenario a report recorded (`scenario.source`), decoded through the key
    /// declarations as a scenario file is. The source is read as leniently as the decoder reads
    /// any file, a key with a problem keeping its default: its data files are recorded as their
    /// name and hash, not their content, and a report may come from another version. Without a
    /// source, only the stack kind is known (`init(kind:)`).
    public init(recorded source: JSONValue?, kind: StackConfig.Kind?) {
        guard let source else {
            self.init(kind: kind)
            return
        }
        let recorded = RecordedScenario(source)
        self.init(config: recorded.config, expectedOverBudget: recorded.expectedOverBudget)
    }

    /// The costs one build of a view runs, in the order a cause line names them.
    static let buildPhases: [CostPhase] = [.initialize, .body, .layout]

    /// A view type's cost of `phase` as a cause line names it: a distribution by its mean to the
    /// hundredth of a millisecond, a number as it is.
    static func named(_ type: ViewTypeSpec, _ phase: CostPhase) -> Double {
        let ms = type.costs[phase]
        return type.costDistributions[phase] == nil ? ms : (ms * 100).rounded() / 100
    }

    /// The features a stack kind brings by itself, decided by its family.
    static func features(kind: StackConfig.Kind) -> Set<Metric.Scope> {
        switch kind.family {
        case .grid: return [.always, .grid]
        case .masonry: return [.always, .masonry]
        case .list: return [.always]
        }
    }
}

/// A recorded scenario (`scenario.source`) decoded as a scenario file, problems set aside: the
/// configuration the run played, as far as the record tells it.
struct RecordedScenario {
    var config: SimulationConfig
    var expectedOverBudget: [Metric]

    init(_ source: JSONValue) {
        // A data file is recorded as its name and hash: the content is not here, and the
        // decoder's problem with it (like any other) leaves that key at its default.
        let context = DecodingContext(file: "")
        var draft = ScenarioDraft()
        ScenarioKeys.top.decode(source, at: "", into: &draft, context)
        config = ScenarioDecoder.config(draft)
        expectedOverBudget = ScenarioDecoder.expectedOverBudget(draft)
    }
}

extension ScriptEvent {
    /// Whether the event is a `scrollTo`.
    var isScrollTo: Bool {
        if case .scrollTo = action { return true }
        return false
    }
}
