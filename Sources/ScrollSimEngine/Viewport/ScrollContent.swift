/// What a viewport scrolls: content that lays itself out at the scroll offset it is given.
///
/// This is the contract of Flutter's slivers (`RenderSliver` under `RenderViewport`), cut down
/// to one scroll axis. The viewport owns the scroll position and the physics; the content never
/// moves them. Each frame the viewport drives the content through these stages, in order:
///
/// 1. `prepare(_:)`: work that lands before anything is laid out — state updates scheduled by the
///    previous frame, content that arrived, an eager stack building everything at launch.
/// 2. `layout(at:_:)`, once or more: build and measure what intersects the viewport at the given
///    offset. Content placed by dead reckoning from estimates may find that what it measured
///    moved the element it anchors on; it then returns a **scroll-offset correction** (points to
///    add to the offset so the anchor stays where it was on screen) instead of letting the
///    screen jump. The viewport applies it and lays out again, up to a bound.
/// 3. `present(at:scrollDelta:_:)`: the layout is final — fire onAppear/onDisappear, place
///    pinned views, judge visible jumps against the scroll delta, pick the next anchor.
/// 4. `finish(velocity:_:)`: render what is visible, spend the idle time left prefetching in the
///    direction of motion, evict what left the viewport.
///
/// Everything a stage costs, records or counts goes into the `FrameContext`.
protocol ScrollContent: Sendable {
    /// The content's extent along the scroll axis, as far as it knows now (estimates included).
    /// - Complexity: O(log n)
    var extent: Double { get }
    /// The content's true extent at the current width (what a device would eventually measure).
    var trueExtent: Double { get }
    /// The offset the content was last laid out at (the input of its last layout, not a second
    /// scroll position: the viewport's physics holds that).
    var laidOutOffset: Double { get }

    mutating func prepare(_ context: inout FrameContext)

    /// Lays out at `offset` and returns the scroll-offset correction it asks for: how far its
    /// anchor moved in content coordinates since it was taken (0 for none). Laying out records
    /// nothing about the correction; the viewport decides whether to apply it.
    mutating func layout(at offset: Double, _ context: inout FrameContext) -> Double

    /// Whether laying out at `offset` again would change nothing (the last layout was at
    /// `offset` and learned nothing); the viewport then skips its final layout
    /// (`Viewport+Corrections.swift`).
    func isLaidOut(at offset: Double) -> Bool

    /// The viewport applied `delta` (returned by the last layout): re-base the anchor by it and
    /// record the correction.
    mutating func acceptCorrection(_ delta: Double, _ context: inout FrameContext)

    /// Completes a frame's layout at `offset`. `scrollDelta` is how far the content moved this
    /// frame by scrolling alone (corrections excluded).
    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext)

    /// Renders, prefetches and evicts. `velocity` is the scroll velocity (pt/s, positive toward
    /// the end). Returns the fraction of the viewport showing placeholders.
    mutating func finish(velocity: Double, _ context: inout FrameContext) -> Double

    /// The viewport changed size (a rotation, a Split View resize). Returns how far the offset
    /// must move for the anchored view to keep its place on screen (a resize, not a correction).
    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double

    /// Whether the first screen is complete: every visible view built, configured and laid out,
    /// with no update it scheduled still to run. Launch lasts until the first frame that ends
    /// with it true.
    var firstScreenComplete: Bool { get }

    /// Where the element is (its top and height), from what the content knows now.
    func frame(ofElement element: Int) -> (y: Double, height: Double)

    /// The index (reported in events) of the first view of a scroll destination, or nil for an
    /// offset.
    func row(for destination: ScrollTarget.Destination) -> Int?

    /// Anchors the next layout on the first view of `destination`, wherever it is now.
    mutating func anchor(on destination: ScrollTarget.Destination)

    /// Whether the first element is the first thing visible.
    var showsFirstElement: Bool { get }

    /// The top of the first element (0 for content that starts at its origin).
    var firstElementTop: Double { get }

    /// An environment value changed: resident bodies that read it are evaluated again.
    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int

    /// `k` elements are appended at the end of the data.
    mutating func append(elements k: Int, _ context: inout FrameContext)

    /// The main-thread work of finding an element for `scrollTo(id:)` (charged to the frame).
    mutating func lookUp(element: Int, _ context: inout FrameContext) -> Double

    /// What the content saw this frame that an app's paging loader reacts to.
    var signals: ContentSignals { get }

    /// Elements in the list now.
    var liveElementCount: Int { get }

    /// A footer row at the end (a paging spinner) of this height, or none (0).
    mutating func setFooter(height: Double)

    /// Whether the footer is on screen.
    var footerVisible: Bool { get }

    /// A tap on an element (mutates its view state).
    mutating func tap(element: Int, _ context: inout FrameContext)

    /// The run is over (count what is still pending).
    mutating func finishRun(_ context: inout FrameContext)

    // MARK: Read-outs for the frame record.
    var memoryBytes: Int { get }
    var visibleCount: Int { get }
    var prefetchedCount: Int { get }
    var cachedCount: Int { get }
    /// ScrollPosition.viewID: the element at the position's anchor point of the viewport, or -1.
    func viewID(at anchor: ScrollTarget.Anchor) -> Int

    /// The first and last visible elements ((-1, -2) when none).
    var visibleElements: (Int, Int) { get }

    /// Whether every view of `element` is above the viewport's top.
    func isScrolledPast(element: Int) -> Bool
}

/// What happened to elements this frame, for an app's paging loader.
struct ContentSignals: Equatable, Sendable {
    /// The highest element whose onAppear fired this frame, and the highest whose view was
    /// built (in the frame or ahead of need), or -1.
    var maxAppeared = -1
    var maxBuilt = -1
}
