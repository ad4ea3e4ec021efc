/// How a scroll-offset correction is applied: the viewport's layout loop.
///
/// Content placed by dead reckoning (measured heights plus an estimate for the rest) learns
/// heights as it builds. When a height above the element it anchors on turns out different from
/// its estimate, that element's position in content coordinates moves; left alone, everything
/// visible would jump. The content instead returns the move as the correction of its
/// `ContentGeometry`, and the viewport shifts the offset — and the gesture in flight with it —
/// by the same amount, so nothing visible moves and only the scroll indicator jumps. Flutter's
/// `RenderViewport` does the same with a sliver's `scrollOffsetCorrection`
/// (packages/flutter/lib/src/rendering/viewport.dart, `performLayout`).
///
/// The loop, for the offset the physics proposes (which may be past an edge):
///   1. Lay the content out at the offset held inside the content's current edges; it builds
///      and measures what the viewport shows, and its geometry is checked in debug builds
///      (`ContentGeometry.debugAssertIsValid`).
///   2. If it asked for a correction, shift the offset and the motion by it, and lay out again;
///      the next layout's constraints carry the correction applied, and the content re-bases its
///      anchor and books it (count, points, an event naming the anchor) before laying out.
///   3. If what layout measured moved an edge the offset was held at, lay out again at the new
///      edge.
///   4. Stop when a pass neither corrects nor moves the edge, after at most
///      `maximumLayoutPasses` passes. Running out of passes with a correction still asked for
///      breaks the content's contract (its corrections should converge): a debug build stops
///      there, naming the content, the passes and the corrections (`settleFailure(_:)`), as
///      Flutter's viewport throws in debug when it exceeds its layout cycles; a release build
///      carries on, and the frame is recorded as unsettled (`unsettledFrames`, an `unsettled`
///      event): a measurement taken on a layout that did not settle says so.
///   5. Clamp to the edges layout found. Only now does an edge stop a fling or an animation: a
///      lazy stack that measures its rows moves its edges, and a fling must not die on an edge
///      that is gone (a fling toward the top whose rows above turn out taller carries on).
///   6. Lay out once more at the settled offset: what the viewport shows is built. A move this
///      last pass finds is not corrected (the content re-takes its anchor at the end of the
///      frame, and the jump detector judges what moved). When the last pass of the loop was at
///      this very offset and learned nothing (`ScrollContent.isLaidOut(at:)`), and no correction
///      waits to be handed over, laying out again would walk the same rows to the same result,
///      so it is skipped: a frame that scrolls over built rows lays out once
///      (`FrameLoopPerformance`).
/// When the content reaches its top, this leaves its first element at y = 0 with the offset
/// exactly 0: the clamp sets the offset to the range's lower bound, 0, and the content keeps
/// its first element at its origin.
extension Viewport {
    /// The bound on the loop's passes (`LayoutLoop.maximumPasses`).
    static var maximumLayoutPasses: Int { LayoutLoop.maximumPasses }

    /// Lays the content out at the physics' offset until it settles, applying its corrections,
    /// then clamps to its edges. Returns the total correction applied, in points. Running out
    /// of passes is recorded (`recordUnsettled(_:_:)`); in a debug build it also stops the run
    /// (`settleFailure(_:)`) unless `stopsWhenUnsettled` is off.
    /// - Complexity: at most `maximumLayoutPasses + 1` content layouts; one when nothing moves.
    mutating func layOutContent(_ context: inout FrameContext) -> Double {
        let settle = settleLayout(&context)
        if settle.ranOutOfPasses {
            if stopsWhenUnsettled { assertionFailure(settleFailure(settle)) }
            recordUnsettled(settle, &context)
        }
        return settle.total
    }

    /// A frame whose layout did not settle: it shows what the last pass laid out, with a
    /// correction still owed. Counted once a frame (`unsettledFrames`, an `unsettled` event
    /// naming the first visible element and the last correction asked for), however many
    /// layout loops the frame ran.
    mutating func recordUnsettled(_ settle: SettleCorrections, _ context: inout FrameContext) {
        guard lastUnsettledFrame != context.frame else { return }
        lastUnsettledFrame = context.frame
        context.totals.scrolling.unsettledFrames += 1
        context.events.record(.unsettled, element: content.visibleElements.0, value: settle.last)
    }

    /// The layout loop itself (`layOutContent(_:)` without the debug stop).
    mutating func settleLayout(_ context: inout FrameContext) -> SettleCorrections {
        var settle = SettleCorrections()
        var applied = 0.0
        for pass in 0..<Self.maximumLayoutPasses {
            let shown = held(physics.offset)
            let geometry = layOut(at: shown, appliedCorrection: applied, &context)
            applied = 0
            let delta = geometry.scrollOffsetCorrection
            if abs(delta) > Tolerance.points {
                physics.shift(by: delta)
                applied = delta
                settle.add(delta, lastPass: pass == Self.maximumLayoutPasses - 1)
                continue
            }
            if held(physics.offset, extent: geometry.scrollExtent) == shown { break }
        }
        clampToEdges()
        // At this point layout has settled and the offset is inside the content it found.
        assert(offsetRange.contains(physics.offset), "offset \(physics.offset) outside the content's \(offsetRange) after the layout loop")
        if applied != 0 || !content.isLaidOut(at: physics.offset) {
            _ = layOut(at: physics.offset, appliedCorrection: applied, &context)
        }
        return settle
    }

    /// One layout of the content, its geometry checked in debug builds.
    mutating func layOut(at offset: Double, appliedCorrection: Double, _ context: inout FrameContext) -> ContentGeometry {
        let constraints = ContentConstraints(viewportExtent: size.height, appliedCorrection: appliedCorrection, placingAnchor: placingAnchor)
        let geometry = content.layout(at: offset, constraints: constraints, &context)
        geometry.debugAssertIsValid(of: "\(Content.self) laid out at offset \(offset)", constraints: constraints)
        assert(geometry.scrollExtent == content.extent,
               "\(Content.self) laid out at offset \(offset): its geometry's scrollExtent \(geometry.scrollExtent) is not its extent \(content.extent)")
        return geometry
    }

    /// What a debug build says when the layout loop runs out of passes.
    func settleFailure(_ settle: SettleCorrections) -> String {
        "\(Content.self) did not settle in \(Self.maximumLayoutPasses) layout passes: it asked for a scroll-offset correction in "
            + "each of them (\(settle.count) corrections, first \(settle.first) pt, last \(settle.last) pt, largest \(settle.largest) pt, "
            + "\(settle.total) pt in all); the offset is now \(physics.offset)"
    }

    /// Clamps the offset to the content's edges as they are now; an edge stops a fling or an
    /// animation. A stop at the top edge is noted for `checkTopLanding`.
    mutating func clampToEdges() {
        let wasMoving = physics.isMoving
        let range = offsetRange
        let pastTop = physics.offset < range.lowerBound
        if physics.clamp(to: range) && pastTop && wasMoving && !physics.isMoving {
            stoppedAtTop = true
        }
    }

    /// An offset held inside the content's current edges.
    func held(_ offset: Double) -> Double {
        held(offset, extent: content.extent)
    }

    /// An offset held inside the edges of content of this extent.
    func held(_ offset: Double, extent: Double) -> Double {
        let range = offsetRange(extent: extent)
        return min(max(offset, range.lowerBound), range.upperBound)
    }
}

/// The corrections one run of the layout loop applied (kept as figures, not a list: the loop
/// allocates nothing).
struct SettleCorrections: Equatable, Sendable {
    /// How many corrections were applied, and their sum (signed, points).
    private(set) var count = 0
    private(set) var total = 0.0
    private(set) var first = 0.0
    private(set) var last = 0.0
    /// The largest in size (signed).
    private(set) var largest = 0.0
    /// Whether the loop's last pass still asked for a correction: it ran out of passes.
    private(set) var ranOutOfPasses = false

    mutating func add(_ delta: Double, lastPass: Bool) {
        if count == 0 { first = delta }
        if abs(delta) > abs(largest) { largest = delta }
        count += 1
        total += delta
        last = delta
        ranOutOfPasses = lastPass
    }
}
