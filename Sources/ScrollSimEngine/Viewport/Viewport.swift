/// A scroll view: it owns the scroll position and what moves it, and drives the content it
/// scrolls through each frame.
///
/// The viewport holds the one scroll offset of the run (inside its `ScrollPhysics`), the
/// viewport size, and a programmatic scroll in progress. The content — a lazy or eager stack,
/// masonry, any `ScrollContent` — is laid out at the offset the viewport gives it and answers
/// with its geometry, with a scroll-offset correction when what it measured moved the element
/// it anchors on (`ContentGeometry`). The
/// viewport alone changes the offset: it applies gestures and flings, applies corrections,
/// clamps to the content's edges, and lands programmatic scrolls (`Viewport+Corrections.swift`,
/// `Viewport+ScrollTo.swift`, `Viewport+Edges.swift`).
///
/// One frame, in order (`playFrame(_:)`):
/// 1. The physics advances to the frame's tick (time-based: after a late frame it jumps further)
///    and proposes an offset, without regard to edges.
/// 2. The content is laid out there (held inside its current edges), corrections applied, until
///    it settles; then the offset is clamped to the edges that layout found, which stops a fling
///    that really ran into one. An instant scroll then re-resolves its target until it lands
///    exactly.
/// 3. The content presents the settled layout (appear/disappear, pinned views, visible jumps).
/// 4. The viewport records arrivals at the top edge and programmatic landings.
/// 5. The content renders, prefetches in the idle time left, and evicts.
///
/// The viewport is also SwiftUI's `ScrollPosition`: it knows whether the position was last set
/// by the user or by the app, the edge a programmatic scroll put it at, and the element at the
/// position's anchor (`Viewport+ScrollPosition.swift`); and it applies `defaultScrollAnchor`.
///
/// The viewport is generic over its content: every call to the content is static (no
/// existential box in the frame loop) and specialised for each kind of content. It names no
/// kind of content; what only some content can do reaches it through `capabilities`
/// (<doc:ContentContract>).
///
/// Invariant (asserted in `Viewport+Corrections.swift`): once layout has settled, the offset
/// is inside the content, within `offsetRange`.
struct Viewport<Content: ContentPositions>: Sendable {
    var physics = ScrollPhysics()
    private(set) var size: Size
    var content: Content
    /// What the content can do beyond the contract (`ContentCapabilities`).
    let capabilities: ContentCapabilities<Content>
    let position: ScrollPositionConfig
    /// A programmatic scroll that has not landed yet.
    var scrollRequest: ScrollRequest?
    /// While a frame lays out for a placement `defaultScrollAnchor` asks for (an uncounted
    /// scroll request): the layouts' constraints say so (`ContentConstraints.placingAnchor`).
    var placingAnchor = false
    /// A scroll that has landed and waits for the content to settle before it is judged.
    var landingToJudge: ScrollTarget?
    /// The offset the previous frame presented (the start of this frame's scroll delta).
    var presentedOffset = 0.0
    /// This frame's layout stopped a motion at the top edge (`Viewport+Edges.swift`).
    var stoppedAtTop = false
    /// ScrollPosition: whether the position was last set by a gesture, and the edge a
    /// programmatic scroll put it at (dropped once the user scrolls).
    var positionedByUser = false
    var positionEdge: ScrollTarget.Anchor?
    /// The scroll-position observer's state (`Viewport+Observer.swift`).
    var observer = ObserverState()
    /// Touch handling and physics, paid on frames where the content is in motion.
    let inputMs: Double
    /// Whether a debug build stops when the layout loop runs out of passes
    /// (`Viewport+Corrections.swift`). On everywhere but a scenario's run, which a known case
    /// can still reach (<doc:ContentContract>).
    var stopsWhenUnsettled = true
    /// The last frame recorded as unsettled (counted once a frame; -1: none yet).
    var lastUnsettledFrame = -1

    init(size: Size, inputMs: Double, position: ScrollPositionConfig = ScrollPositionConfig(), content: Content,
         capabilities: ContentCapabilities<Content> = ContentCapabilities()) {
        self.size = size
        self.inputMs = inputMs
        self.position = position
        self.content = content
        self.capabilities = capabilities
    }

    /// The scroll offset: how far the content's top is above the viewport's top.
    var offset: Double { physics.offset }

    /// The offsets the content may take: from 0 to its extent (as estimated now) minus the
    /// viewport's height. Content smaller than the viewport sits where
    /// `defaultScrollAnchor(_, for: .alignment)` puts it (top by default): its one offset is
    /// negative by the space above it.
    /// - Complexity: O(log n)
    @inline(__always)
    var offsetRange: ClosedRange<Double> { offsetRange(extent: content.extent) }

    /// The offsets content of this extent may take (`offsetRange`).
    @inline(__always)
    func offsetRange(extent: Double) -> ClosedRange<Double> {
        if extent < size.height, let alignment = position.defaultAnchor.alignment {
            let inset = -(size.height - extent) * ScrollPositionConfig.fraction(alignment)
            return inset...inset
        }
        return 0...max(0, extent - size.height)
    }

    /// Whether the content can move at all (its extent exceeds the viewport).
    @inline(__always)
    var canScroll: Bool {
        let range = offsetRange
        return range.upperBound - range.lowerBound > Tolerance.points
    }

    /// Work that lands before anything is laid out this frame; in the first frame, the initial
    /// position `defaultScrollAnchor` asks for.
    mutating func prepare(_ context: inout FrameContext) {
        content.prepare(&context)
        if context.frame == 0, let initial = position.defaultAnchor.initialOffset, initial != .top {
            place(ScrollTarget(destination: initial == .bottom ? .bottom : .center), counted: false, context)
        }
    }

    /// Plays the scrolling part of a frame whose script events have been applied, and records
    /// its `corrections`, `correctionPx` and `blankFraction`.
    /// - Returns: `moving`, whether a gesture, fling or animated scroll moved content that can
    ///   move (the scroll interaction Apple's hitch time ratio is measured over); and the
    ///   content's answer (`FrameOutcome`: its render server's work, the ticks the commit waits
    ///   beyond its work).
    /// - Complexity: O(v log n) for v views laid out, plus what the content builds.
    mutating func playFrame(_ context: inout FrameContext) -> (moving: Bool, outcome: FrameOutcome) {
        let offsetBefore = presentedOffset
        let animationTarget = scrollRequest.map { targetOffset(for: $0.target) } ?? physics.offset
        let wasMoving = physics.isMoving
        let offsetBeforeMotion = physics.offset
        physics.advance(toMs: context.nowMs, animationTarget: animationTarget)
        if wasMoving || physics.isMoving { context.work.input += inputMs }

        let correctionsBefore = context.totals.scrolling.offsetCorrections
        let correctionPxBefore = context.totals.scrolling.correctionPx
        // Placing the content for defaultScrollAnchor is not a correction of anything shown.
        placingAnchor = scrollRequest.map { !$0.counted } ?? false
        anchorAfterALongMove(from: offsetBeforeMotion)
        let correction = layOutContent(&context)
        landScroll(&context)
        let placing = placingAnchor
        placingAnchor = false
        let offset = physics.offset
        let corrections = context.totals.scrolling.offsetCorrections - correctionsBefore
        context.record[.corrections] = Double(corrections)
        // Every correction's size, as the summary adds them: opposite corrections in one frame
        // do not cancel, and those made while a scrollTo lands count too.
        context.record[.correctionPx] = context.totals.scrolling.correctionPx - correctionPxBefore

        let scrollDelta = offset - offsetBefore - correction
        content.present(at: offset, scrollDelta: scrollDelta, &context)
        checkTopLanding(previousOffset: offsetBefore, &context)
        checkScrollLanding(corrected: corrections > 0, &context)
        observe(scrolled: abs(scrollDelta) > Tolerance.points, correction: placing ? 0 : correction, &context)
        let viewWork = context.work.initialize + context.work.body + context.work.layout + context.work.appear
        let nothingToCommit = context.frame > 0 && !wasMoving && !physics.isMoving && offset == offsetBefore
            && corrections == 0 && viewWork == 0
        let outcome = content.finish(FinishConstraints(velocity: physics.velocity, commits: !nothingToCommit), &context)
        context.record[.blankFraction] = outcome.blankFraction
        context.totals.blankArea.recordFrame(blankFraction: outcome.blankFraction)

        presentedOffset = offset
        // Content shorter than the viewport (or empty) cannot move, whatever the finger does;
        // a frame whose only change is a correction or an instant jump is not a scroll.
        return ((wasMoving || physics.isMoving) && canScroll, outcome)
    }

    /// The frame an animated scroll lands in, when its motion carried the content more than a
    /// viewport (a very fast animation lands in one frame): the content anchors on the scroll's
    /// target before it is laid out, as an instant scroll does (`anchorDestination`). Left on the
    /// last frame's first view, far off screen, the anchor would hold nothing the user sees in
    /// place while the rows around the target replace their estimates, and the landing would
    /// snap by what the corrections should have absorbed.
    mutating func anchorAfterALongMove(from offsetBeforeMotion: Double) {
        guard let request = scrollRequest, !physics.isAnimatingProgrammatically,
              abs(physics.offset - offsetBeforeMotion) > size.height else { return }
        capabilities.anchor?(&content, anchorDestination(request.target.destination))
    }

    // MARK: Input

    mutating func beginDrag(velocity: Double, durationMs: Double, flingOnRelease: Bool, touchMs: Double? = nil, _ context: inout FrameContext) {
        interruptScroll(&context)
        userTookOver()
        physics.beginDrag(atMs: touchMs ?? context.nowMs, velocity: velocity, durationMs: durationMs, flingOnRelease: flingOnRelease)
        context.events.record(.drag, value: velocity)
    }

    mutating func beginFling(velocity: Double, rate: Double, touchMs: Double? = nil, _ context: inout FrameContext) {
        interruptScroll(&context)
        userTookOver()
        physics.beginFling(atMs: touchMs ?? context.nowMs, velocity: velocity, rate: rate)
        context.events.record(.fling, value: velocity)
    }

    /// A gesture sets the position: it is the user's now, and no programmatic edge holds.
    mutating func userTookOver() {
        positionedByUser = true
        positionEdge = nil
    }

    /// A new viewport size (a rotation, a Split View resize): the content reflows, and the
    /// offset moves with the view it anchors on.
    mutating func resize(to newSize: Size, _ context: inout FrameContext) {
        size = newSize
        let shift = content.resize(to: newSize, &context)
        if shift != 0 { physics.shift(by: shift) }
        context.events.record(.rotate, value: newSize.width)
    }

    /// A tap on an element. Content without `TapTarget` keeps every view resident: no view
    /// state a tap mutates can be lost, so the tap changes nothing there (<doc:ContentContract>).
    mutating func tap(element: Int, _ context: inout FrameContext) {
        capabilities.tap?(&content, element, &context)
    }

    mutating func finishRun(_ context: inout FrameContext) {
        judgeLanding(&context)
        capabilities.finishRun?(&content, &context)
    }
}

extension Viewport where Content: PlayedContent {
    mutating func environmentChanged(key: String, _ context: inout FrameContext) {
        content.environmentChanged(key: key, &context)
    }

    /// Elements arrive at the end of the data. With `defaultScrollAnchor(.bottom, for:
    /// .sizeChanges)`, a position at the bottom stays at the (new) bottom.
    mutating func append(elements k: Int, _ context: inout FrameContext) {
        let atBottom = physics.offset >= offsetRange.upperBound - 0.5 && !physics.isMoving
        content.append(elements: k, &context)
        if atBottom && position.defaultAnchor.sizeChanges == .bottom && scrollRequest == nil {
            place(ScrollTarget(destination: .bottom), counted: false, context)
        }
    }
}
