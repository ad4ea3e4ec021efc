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
    var children: ViewTypeSpec.Children
    var configure: ViewTypeSpec.Configure
    var unconfiguredHeight: Double
    var relayoutAfterAppear: Double?
    var hasNestedRow: Bool

    init(_ spec: ViewTypeSpec) {
        costs = spec.costs
        memory = spec.memory
        rendering = spec.rendering
        asyncContent = spec.asyncContent
        transition = spec.transition
        stateLocation = spec.stateLocation
        measureWithGeometryReader = spec.measureWithGeometryReader
        children = spec.children
        configure = spec.configure
        unconfiguredHeight = spec.unconfiguredHeight
        relayoutAfterAppear = spec.relayoutAfterAppear
        hasNestedRow = spec.row != nil
    }
}

extension RowTable {
    /// The profile of a row's type (a grouped row's: `type(of:)`'s sums of its cells).
    /// - Complexity: O(1); O(k) for a grouped row of k cells.
    @inline(__always)
    func profile(ofRow row: Int) -> TypeProfile {
        layout == .grouped ? TypeProfile(groupedSpec(ofRow: row)) : profiles[typeIndex(ofRow: row)]
    }

    /// One value of a row's profile, read in place: the usual row's profile is not copied.
    /// - Complexity: O(1); O(k) for a grouped row of k cells.
    @inline(__always)
    func profile<Value>(ofRow row: Int, _ value: (TypeProfile) -> Value) -> Value {
        layout == .grouped ? value(TypeProfile(groupedSpec(ofRow: row))) : value(profiles[typeIndex(ofRow: row)])
    }

    /// What rendering a visible row reads of its type, field by field: the frame loop renders
    /// every visible row every frame, and copying the whole profile there was its largest copy.
    /// - Complexity: O(1); O(k) for a grouped row of k cells.
    @inline(__always)
    func renderTraits(ofRow row: Int) -> RenderTraits {
        guard layout != .grouped else { return RenderTraits(profile(ofRow: row)) }
        return typeRenderTraits[typeIndex(ofRow: row)]
    }
}

/// The part of a `TypeProfile` rendering reads (`RowTable.renderTraits(ofRow:)`).
struct RenderTraits: Equatable, Sendable {
    /// The type's main-thread costs: rendering charges `costs[.render]`, jittered by
    /// `costs.jitter`.
    var costs: ViewTypeSpec.Costs
    var rendering: ViewTypeSpec.Rendering
    /// `rendering.liveMs`, worked out once.
    var liveServerMs: Double
    var measuresWithGeometryReader: Bool
    var hasAsyncContent: Bool

    init(_ profile: TypeProfile) {
        costs = profile.costs
        rendering = profile.rendering
        liveServerMs = profile.rendering.liveMs
        measuresWithGeometryReader = profile.measureWithGeometryReader
        hasAsyncContent = profile.asyncContent != nil
    }
}
