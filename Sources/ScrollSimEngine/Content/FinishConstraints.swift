/// What the viewport tells content as a frame finishes (`ScrollContent.finish(_:_:)`): the
/// inputs of rendering, prefetch and eviction, as `ContentConstraints` are those of layout.
struct FinishConstraints: Equatable, Sendable {
    /// The scroll velocity, pt/s, positive toward the end: prefetch looks ahead in its direction,
    /// and a view measuring with a GeometryReader feeds back while it is non-zero.
    var velocity: Double
    /// Whether the frame has a transaction to commit. A frame where nothing changed — no motion,
    /// no offset change, no correction, no view work (init, body, layout, appear) — has none, and
    /// nothing is rendered anew: Core Animation re-renders only layers that changed. Content then
    /// charges no render work (main thread or render server); its blank area is still measured.
    var commits: Bool
}
