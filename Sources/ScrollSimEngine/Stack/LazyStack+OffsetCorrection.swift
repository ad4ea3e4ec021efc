/// How a correction is applied: keeping the anchored row still while heights above it change.
///
/// Rows are placed by dead reckoning from estimates, so learning a height above the anchor (the
/// first visible row) moves the anchor's y in content coordinates. Left alone, the visible
/// content would jump. Instead the stack shifts contentOffset and the gesture in progress by the
/// same amount, so nothing visible moves and only the scroll indicator jumps (Flutter returns
/// the same thing as a `scrollOffsetCorrection`). Each shift is recorded with its size.
///
/// The algorithm, for the offset the physics proposes:
///   1. Build the rows intersecting the viewport; building measures them.
///   2. Compare the anchor's y with where it was at the end of the last frame. Any difference
///      came from heights above it: shift offset and gesture by that much.
///   3. Clamp to the content edges, which move as the estimate changes.
///   4. Repeat until nothing moves (a few passes at most).
/// When the top is reached this leaves row 0 at y = 0 with an offset of exactly 0: y(0) is 0 by
/// construction, and the clamp sets the offset to the range's lower bound, 0.
extension LazyStack {
    static let maximumLayoutPasses = 8

    /// Lays out the viewport for the offset in `physics`, correcting it (and the gesture).
    /// Returns the visible rows and the total correction, in points.
    mutating func layoutViewport(
        physics: inout ScrollPhysics, work: inout PhaseWork, events: inout EventLog
    ) -> (span: RowSpan, correction: Double) {
        var correction = 0.0
        for _ in 0..<LazyStack.maximumLayoutPasses {
            _ = buildViewportRows(at: physics.offset, work: &work, events: &events)
            var moved = false
            if anchorRow >= 0 {
                let delta = index.y(of: anchorRow) - anchorY
                if abs(delta) > Tolerance.points {
                    physics.shift(by: delta)
                    anchorY += delta
                    correction += delta
                    totals.offsetCorrections += 1
                    totals.correctionPx += abs(delta)
                    events.record(.correction, row: anchorRow, element: Int(rows.element[anchorRow]), value: delta)
                    moved = true
                }
            }
            let before = physics.offset
            physics.clamp(to: offsetRange)
            if physics.offset != before { moved = true }
            if !moved { break }
        }
        let span = buildViewportRows(at: physics.offset, work: &work, events: &events)
        // At this point the offset is inside the content and the anchor (if any) is where the
        // last frame left it, moved only by the scroll.
        assert(physics.offset >= 0, "offset \(physics.offset) above the top of the content")
        return (span, correction)
    }

    /// After a frame: the first visible row anchors the next frame's layout.
    mutating func updateAnchor(_ span: RowSpan) {
        guard !span.isEmpty else {
            anchorRow = -1
            return
        }
        anchorRow = span.first
        anchorY = index.y(of: span.first)
    }

    /// Anchors the next layout on `row` wherever it is now (a scrollTo lands on its target).
    mutating func setAnchor(row: Int) {
        anchorRow = row
        anchorY = index.y(of: row)
    }
}
