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
/// The loop, for the offset the physics proposes:
///   1. Lay the content out at the offset; it builds and measures what the viewport shows.
///   2. If it returned a correction, shift the offset and the motion by it (recorded: count,
///      points, an event naming the anchor).
///   3. Clamp to the content's edges, which move as the estimate changes.
///   4. Repeat until a pass neither corrects nor clamps, at most `maximumLayoutPasses` times.
///   5. Lay out once more at the settled offset: what the viewport shows is built. A move this
///      last pass finds is not corrected (the content re-takes its anchor at the end of the
///      frame, and the jump detector judges what moved).
/// When the content reaches its top, this leaves its first element at y = 0 with the offset
/// exactly 0: the clamp sets the offset to the range's lower bound, 0, and the content keeps
/// its first element at its origin.
extension Viewport {
    static let maximumLayoutPasses = 8

    /// Lays the content out at the physics' offset until it settles, applying its corrections.
    /// Returns the total correction applied, in points.
    /// - Complexity: at most `maximumLayoutPasses + 1` content layouts.
    mutating func layOutContent(_ context: inout FrameContext) -> Double {
        var correction = 0.0
        for _ in 0..<Viewport.maximumLayoutPasses {
            let delta = content.layout(at: physics.offset, &context)
            var moved = false
            if abs(delta) > Tolerance.points {
                physics.shift(by: delta)
                content.acceptCorrection(delta, &context)
                correction += delta
                moved = true
            }
            let before = physics.offset
            physics.clamp(to: offsetRange)
            if physics.offset != before { moved = true }
            if !moved { break }
        }
        // At this point the offset is inside the content as estimated now: every pass ends on a
        // clamp.
        assert(offsetRange.contains(physics.offset), "offset \(physics.offset) outside the content's \(offsetRange) after the layout loop")
        _ = content.layout(at: physics.offset, &context)
        return correction
    }
}
