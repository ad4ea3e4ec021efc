/// What the frame loop reads about a row's view type, as plain values: costs, memory, rendering,
/// async content, transition and flags.
///
/// A `ViewTypeSpec` also holds its name, its nested row and the environment keys it reads, so
/// copying one means reference counting and a few hundred bytes; the frame loop reads a type per
/// visible row per frame, and those copies were a quarter of a frame's cost. A profile copies
/// like a handful of doubles.
struct TypeProfile: Equatable, Sendable {
    var costs: ViewTypeSpec.Costs
    var memory: ViewTypeSpec.Memory
    var rendering: ViewTypeSpec.Rendering
    var asyncContent: ViewTypeSpec.AsyncContent?
    var transition: ViewTypeSpec.Transition?
    var stateLocation: ViewTypeSpec.StateLocation
    var measureWithGeometryReader: Bool

    init(_ spec: ViewTypeSpec) {
        costs = spec.costs
        memory = spec.memory
        rendering = spec.rendering
        asyncContent = spec.asyncContent
        transition = spec.transition
        stateLocation = spec.stateLocation
        measureWithGeometryReader = spec.measureWithGeometryReader
    }
}

extension RowTable {
    /// The profile of a row's type (a grouped row's: `type(of:)`'s sums of its cells).
    /// - Complexity: O(1); O(k) for a grouped row of k cells.
    func profile(ofRow row: Int) -> TypeProfile {
        layout == .grouped ? TypeProfile(groupedSpec(ofRow: row)) : profiles[typeIndex(ofRow: row)]
    }
}
