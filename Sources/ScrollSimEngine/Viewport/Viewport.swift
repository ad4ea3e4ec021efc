/// A scroll view: it owns the scroll position and what moves it, and drives the content it
/// scrolls through each frame.
///
/// The viewport holds the one scroll offset of the run (inside its `ScrollPhysics`), the
/// viewport size, and a programmatic scroll in progress. The content — today one lazy or eager
/// stack; any `ScrollContent` — is laid out at the offset the viewport gives it and answers
/// with a scroll-offset correction when what it measured moved the element it anchors on. The
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
/// Invariant (asserted in `Viewport+Corrections.swift`): once layout has settled, the offset
/// is inside the content, `0 ≤ offset ≤ max(0, extent − height)`.
struct Viewport: Sendable {
    var physics = ScrollPhysics()
    private(set) var size: Size
    var content: any ScrollContent
    /// A programmatic scroll that has not landed yet.
    var scrollRequest: ScrollRequest?
    /// The offset the previous frame presented (the start of this frame's scroll delta).
    var presentedOffset = 0.0
    /// This frame's layout stopped a motion at the top edge (`Viewport+Edges.swift`).
    var stoppedAtTop = false
    /// Touch handling and physics, paid on frames where the content is in motion.
    let inputMs: Double

    init(size: Size, inputMs: Double, content: any ScrollContent) {
        self.size = size
        self.inputMs = inputMs
        self.content = content
    }

    /// The scroll offset: how far the content's top is above the viewport's top.
    var offset: Double { physics.offset }

    /// The offsets the content may take: from 0 to its extent (as estimated now) minus the
    /// viewport's height.
    /// - Complexity: O(log n)
    var offsetRange: ClosedRange<Double> {
        0...max(0, content.extent - size.height)
    }

    /// What one frame of scrolling produced, for the frame record.
    struct FrameOutcome: Equatable, Sendable {
        var corrections = 0
        var correctionPx = 0.0
        var visibleJumps = 0
        var blankFraction = 0.0
        /// A gesture or animation was active, or the offset changed.
        var moving = false
    }

    /// Work that lands before anything is laid out this frame.
    mutating func prepare(_ context: inout FrameContext) {
        content.prepare(&context)
    }

    /// Plays the scrolling part of a frame whose script events have been applied.
    /// - Complexity: O(v log n) for v views laid out, plus what the content builds.
    mutating func playFrame(_ context: inout FrameContext) -> FrameOutcome {
        var outcome = FrameOutcome()
        let offsetBefore = presentedOffset
        let animationTarget = scrollRequest.map { targetOffset(for: $0.target) } ?? physics.offset
        let wasMoving = physics.isMoving
        physics.advance(toMs: context.nowMs, animationTarget: animationTarget)
        if wasMoving || physics.isMoving { context.work.input += inputMs }

        let correctionsBefore = context.totals.offsetCorrections
        let correction = layOutContent(&context)
        landInstantScroll(&context)
        let offset = physics.offset
        outcome.corrections = context.totals.offsetCorrections - correctionsBefore
        outcome.correctionPx = abs(correction)

        outcome.visibleJumps = content.present(at: offset, scrollDelta: offset - offsetBefore - correction, &context)
        checkTopLanding(previousOffset: offsetBefore, &context)
        checkScrollLanding(&context)
        outcome.blankFraction = content.finish(velocity: physics.velocity, &context)

        presentedOffset = offset
        // Content shorter than the viewport (or empty) cannot move, whatever the finger does;
        // a frame whose only change is a correction or an instant jump is not a scroll.
        outcome.moving = (wasMoving || physics.isMoving) && offsetRange.upperBound > Tolerance.points
        return outcome
    }

    // MARK: Input

    mutating func beginDrag(velocity: Double, durationMs: Double, flingOnRelease: Bool, _ context: inout FrameContext) {
        physics.beginDrag(atMs: context.nowMs, velocity: velocity, durationMs: durationMs, flingOnRelease: flingOnRelease)
        context.events.record(.drag, value: velocity)
    }

    mutating func beginFling(velocity: Double, rate: Double, _ context: inout FrameContext) {
        physics.beginFling(atMs: context.nowMs, velocity: velocity, rate: rate)
        context.events.record(.fling, value: velocity)
    }

    /// A new viewport size (a rotation, a Split View resize): the content reflows, and the
    /// offset moves with the view it anchors on.
    mutating func resize(to newSize: Size, _ context: inout FrameContext) {
        size = newSize
        let shift = content.resize(to: newSize, &context)
        if shift != 0 { physics.shift(by: shift) }
        context.events.record(.rotate, value: newSize.width)
    }

    mutating func tap(element: Int, _ context: inout FrameContext) {
        content.tap(element: element, &context)
    }

    mutating func finishRun(_ context: inout FrameContext) {
        content.finishRun(&context)
    }
}
