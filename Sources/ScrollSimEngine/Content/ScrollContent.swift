/// What a viewport scrolls: content that lays itself out at the scroll offset it is given and
/// answers with one `ContentGeometry`.
///
/// This is the contract of Flutter's slivers, cut down to one scroll axis: `RenderViewport`
/// lays each `RenderSliver` out with `SliverConstraints` (`performLayout`), and the sliver
/// answers with one `SliverGeometry` — its `scrollExtent`, `paintExtent` and, when what it
/// measured moved what it anchors on, a `scrollOffsetCorrection` the viewport applies before
/// laying out again (flutter/flutter, packages/flutter/lib/src/rendering/sliver.dart,
/// viewport.dart). The viewport owns the scroll position and the physics; the content never
/// moves them. Each frame the viewport drives the content through these stages, in order:
///
/// 1. `prepare(_:)`: work that lands before anything is laid out — state updates scheduled by the
///    previous frame, content that arrived, an eager stack building everything at launch.
/// 2. `layout(at:constraints:_:)`, once or more: build and measure what intersects the viewport
///    at the given offset and return the geometry found. Content placed by dead reckoning from
///    estimates may find that what it measured moved the element it anchors on; its geometry
///    then carries a **scroll-offset correction** (points to add to the offset so the anchor
///    stays where it was on screen) instead of letting the screen jump. The viewport applies it
///    and lays out again, up to a bound; the next layout's constraints say what it applied
///    (`ContentConstraints.appliedCorrection`).
/// 3. `present(at:scrollDelta:_:)`: the layout is final — fire onAppear/onDisappear, place
///    pinned views, judge visible jumps against the scroll delta, pick the next anchor.
/// 4. `finish(_:_:)`: render what is visible, spend the idle time left prefetching in the
///    direction of motion, evict what left the viewport; answer a `FrameOutcome`.
///
/// Every input of a stage is in its arguments (`ContentConstraints`, `FinishConstraints`) and
/// every answer in what it returns (`ContentGeometry`, `FrameOutcome`); what a stage costs,
/// records or counts goes into the shared books of the `FrameContext`. What only some
/// content can do — anchor on a scroll target, charge for finding an element, take taps, count
/// work pending at the end — is in small protocols of its own that only such content adopts
/// (`ScrollTargetAnchoring`, `ElementLookUp`, `TapTarget`, `PendingWorkAtEnd`); what every
/// content answers besides layout is `ContentPositions` (what a viewport asks) and
/// `PlayedContent` (what a run asks besides: paging, environment changes, the frame record).
/// See <doc:ContentContract>.
protocol ScrollContent: Sendable {
    /// The content's extent along the scroll axis, as far as it knows now (estimates included).
    /// - Complexity: O(log n)
    var extent: Double { get }

    mutating func prepare(_ context: inout FrameContext)

    /// Lays out at `offset` and returns what it found: the extents, the items laid out, and the
    /// scroll-offset correction it asks for (how far its anchor moved in content coordinates
    /// since it was taken; 0 for none). Laying out records nothing about the correction; the
    /// viewport decides whether to apply it and says so in the next layout's `constraints`.
    mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry

    /// Whether laying out at `offset` again would change nothing (the last layout was at
    /// `offset` and learned nothing); the viewport then skips its final layout
    /// (`Viewport+Corrections.swift`).
    func isLaidOut(at offset: Double) -> Bool

    /// Completes a frame's layout at `offset`. `scrollDelta` is how far the content moved this
    /// frame by scrolling alone (corrections excluded).
    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext)

    /// Renders, prefetches and evicts, under `constraints` (the scroll velocity; whether the
    /// frame commits). Returns what only rendering finds: the fraction of the viewport showing
    /// placeholders, and the ticks the commit waits beyond its work. The viewport books the
    /// blank fraction once, for the whole content.
    mutating func finish(_ constraints: FinishConstraints, _ context: inout FrameContext) -> FrameOutcome

    /// The viewport changed size (a rotation, a Split View resize). Returns how far the offset
    /// must move for the anchored view to keep its place on screen (a resize, not a correction).
    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double

    /// Whether the first screen is complete: every visible view built, configured and laid out,
    /// with no update it scheduled still to run. Launch lasts until the first frame that ends
    /// with it true.
    var firstScreenComplete: Bool { get }

    /// Whether the first element is the first thing visible.
    var showsFirstElement: Bool { get }

    /// The top of the first element (0 for content that starts at its origin).
    var firstElementTop: Double { get }
}
