/// Main-thread milliseconds of one frame, split by what they were spent on (`Phase`), a field
/// per phase.
public struct PhaseWork: Equatable, Sendable {
    public var input = 0.0
    public var initialize = 0.0
    public var body = 0.0
    public var layout = 0.0
    public var appear = 0.0
    public var render = 0.0
    public var prefetch = 0.0
    public var overhead = 0.0

    public init() {}

    public subscript(phase: Phase) -> Double {
        get {
            switch phase {
            case .input: return input
            case .initialize: return initialize
            case .body: return body
            case .layout: return layout
            case .appear: return appear
            case .render: return render
            case .prefetch: return prefetch
            case .overhead: return overhead
            }
        }
        set {
            switch phase {
            case .input: input = newValue
            case .initialize: initialize = newValue
            case .body: body = newValue
            case .layout: layout = newValue
            case .appear: appear = newValue
            case .render: render = newValue
            case .prefetch: prefetch = newValue
            case .overhead: overhead = newValue
            }
        }
    }

    /// Adds another frame's work, phase by phase (field by field: every view type's work joins
    /// the run's totals every frame, and a loop over the phases through the subscript's switch
    /// cost ten times as much).
    public mutating func add(_ other: PhaseWork) {
        input += other.input
        initialize += other.initialize
        body += other.body
        layout += other.layout
        appear += other.appear
        render += other.render
        prefetch += other.prefetch
        overhead += other.overhead
    }

    public var total: Double {
        input + initialize + body + layout + appear + render + prefetch + overhead
    }
}
