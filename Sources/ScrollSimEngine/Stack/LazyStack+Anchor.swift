/// The anchor, and the correction the stack asks for when learning heights moves it.
///
/// Rows are placed by dead reckoning from estimates, so measuring a row above the anchor (the
/// first visible row of the last frame, or a scrollTo target) moves the anchor's y in content
/// coordinates. The stack reports that move from `layout(at:_:)` as a scroll-offset correction;
/// the viewport shifts the offset and the gesture by it (`Viewport+Corrections.swift`) and tells
/// the stack, which re-bases the anchor and records the correction — so the anchor stays where
/// it was on screen and only the scroll indicator jumps. A positive correction means content
/// above the anchor grew.
extension LazyStack {
    /// How far the anchor row moved since it was taken (0 without an anchor).
    /// - Complexity: O(log n)
    var anchorMove: Double {
        anchorRow >= 0 ? index.y(of: anchorRow) - anchorY : 0
    }

    /// The viewport shifted the offset by `delta`: the anchor is where it now is.
    /// A move found while the viewport places its initial anchor re-bases the anchor but is not
    /// booked: nothing was on screen to keep in place.
    mutating func acceptCorrection(_ delta: Double, _ context: inout FrameContext) {
        anchorY += delta
        guard !context.placingAnchor else { return }
        context.totals.offsetCorrections += 1
        context.totals.correctionPx += abs(delta)
        log(.correction, row: anchorRow, value: delta, &context)
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
