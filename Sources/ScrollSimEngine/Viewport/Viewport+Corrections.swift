/// How a scroll-offset correction is applied: the viewport's layout loop.
///
/// Content placed by dead reckoning (measured heights plus an estimate for the rest) learns
/// heights as it builds. When a height above the element it anchors on turns out different from
/// its estimate, that element's position in content coordinates moves; left alone, everything
/// visible would jump. The content instead returns the move as a correction, and the viewport
/// shifts the offset — and the gesture in flight with it — by the same amount, so nothing
/// visible moves and only the scroll indicator jumps. Flutter's `RenderViewport` does the same
/// with a sliver's `scrollOffsetCorrection`.
///
/// The loop, for the offset the physics proposes (which may be past an edge):
///   1. Lay the content out at the offset held inside the content's current edges; it builds
///      and measures what the viewport shows.
///   2. If it returned a correction, shift the offset and the motion by it (recorded: count,
///      points, an event naming the anchor), and lay out again.
///   3. If what layout measured moved an edge the offset was held at, lay out again at the new
///      edge.
///   4. Stop when a pass neither corrects nor moves the edge, after at most
///      `maximumLayoutPasses` passes.
///   5. Clamp to the edges layout found. Only now does an edge stop a fling or an animation: a
///      lazy stack that measures its rows moves its edges, and a fling must not die on an edge
///      that is gone (a fling toward the top whose rows above turn out taller carries on).
///   6. Lay out once more at the settled offset: what the viewport shows is built. A move this
///      last pass finds is not corrected (the content re-takes its anchor at the end of the
///      frame, and the jump detector judges what moved). When the last pass of the loop was at
///      this very offset and learned nothing (`ScrollContent.isLaidOut(at:)`), laying out again
///      would walk the same rows to the same result, so it is skipped: a frame that scrolls
///      over built rows lays out once (`FrameLoopPerformance`).
/// When the content reaches its top, this leaves its first element at y = 0 with the offset
/// exactly 0: the clamp sets the offset to the range's lower bound, 0, and the content keeps
/// its first element at its origin.
extension Viewport {
    static let maximumLayoutPasses = 8

    /// Lays the content out at the physics' offset until it settles, applying its corrections,
    /// then clamps to its edges. Returns the total correction applied, in points.
    /// - Complexity: at most `maximumLayoutPasses + 1` content layouts; one when nothing moves.
    mutating func layOutContent(_ context: inout FrameContext) -> Double {
        var correction = 0.0
        for _ in 0..<Viewport.maximumLayoutPasses {
            let shown = held(physics.offset)
            let delta = content.layout(at: shown, &context)
            if abs(delta) > Tolerance.points {
                physics.shift(by: delta)
                content.acceptCorrection(delta, &context)
                correction += delta
                continue
            }
            if held(physics.offset) == shown { break }
        }
        clampToEdges()
        // At this point layout has settled and the offset is inside the content it found.
        assert(offsetRange.contains(physics.offset), "offset \(physics.offset) outside the content's \(offsetRange) after the layout loop")
        if !content.isLaidOut(at: physics.offset) {
            _ = content.layout(at: physics.offset, &context)
        }
        return correction
    }

    /// Clamps the offset to the content's edges as they are now; an edge stops a fling or an
    /// animation. A stop at the top edge is noted for `checkTopLanding`.
    mutating func clampToEdges() {
        let wasMoving = physics.isMoving
        let pastTop = physics.offset < offsetRange.lowerBound
        if physics.clamp(to: offsetRange) && pastTop && wasMoving && !physics.isMoving {
            stoppedAtTop = true
        }
    }

    /// An offset held inside the content's current edges.
    func held(_ offset: Double) -> Double {
        let range = offsetRange
        return min(max(offset, range.lowerBound), range.upperBound)
    }
}
