/// The anchor, and the correction the stack asks for when learning heights moves it.
///
/// Rows are placed by dead reckoning from estimates, so measuring a row above the anchor (the
/// first visible row of the last frame, or a scrollTo target) moves the anchor's y in content
/// coordinates. The stack reports that move from `layout(at:constraints:_:)` as the scroll-offset
/// correction of its geometry; the viewport shifts the offset and the gesture by it
/// (`Viewport+Corrections.swift`) and says so in the next layout's constraints, where the stack
/// re-bases the anchor and records the correction — so the anchor stays where it was on screen
/// and only the scroll indicator jumps. A positive correction means content
/// above the anchor grew.
extension LazyStack {
    /// How far the anchor row moved since it was taken (0 without an anchor).
    /// - Complexity: O(log n)
    var anchorMove: Double {
        mutating get { anchorRow >= 0 ? index.top(of: anchorRow) - anchorY : 0 }
    }

    /// The viewport shifted the offset by `delta` (`ContentConstraints.appliedCorrection`): the
    /// anchor is where it now is.
    /// A move found while the viewport places its initial anchor (`placingAnchor`) re-bases the
    /// anchor but is not booked: nothing was on screen to keep in place.
    mutating func acceptCorrection(_ delta: Double, placingAnchor: Bool, _ context: inout FrameContext) {
        anchorY += delta
        guard !placingAnchor else { return }
        context.totals.scrolling.recordCorrection(delta)
        log(.correction, row: anchorRow, value: delta, &context)
    }

    /// After a frame: the first visible row anchors the next frame's layout.
    mutating func updateAnchor(_ span: RowSpan) {
        placingBottom = false
        guard !span.isEmpty else {
            anchorRow = -1
            return
        }
        anchorRow = span.first
        anchorY = index.top(of: span.first)
    }

    /// Anchors the next layout on `row` wherever it is now (a scrollTo lands on its target).
    mutating func setAnchor(row: Int) {
        anchorRow = row
        anchorY = index.y(of: row)
    }

    /// Holds `row` at content y `target` in a stack whose rows above it have no height yet (a
    /// masonry column rebuilt for a new width): the unmeasured rows above are each given the one
    /// height that puts `row` at `target` — stale, as heights laid out at the old width are, not
    /// measured at this one — and `row` becomes the anchor, built and measured now (it was on
    /// screen: its estimate must not leave it out of this frame's layout, nor leave its height
    /// to the estimate). What the next layouts learn moves only rows below it, so nothing moves
    /// the anchor until the rows above are scrolled back into view and measured, each one a
    /// correction. Returns false, changing nothing, when no height ≥ 0 puts the row there.
    /// - Complexity: O(k log n) for the k rows above, and the row's build.
    mutating func holdAnchor(row: Int, at target: Double, _ context: inout FrameContext) -> Bool {
        guard row >= 0, row < rows.count else { return false }
        var unknown = 0
        for r in 0..<row where !index.isKnown(r) { unknown += 1 }
        let fixed = index.y(of: row) - Double(unknown) * index.estimate
        if unknown == 0 {
            guard abs(fixed - target) <= Tolerance.points else { return false }
        } else {
            let height = (target - fixed) / Double(unknown)
            guard height >= 0, height.isFinite else { return false }
            for r in 0..<row where !index.isKnown(r) { index.setHeight(height, of: r) }
        }
        ensureBuilt(row, &context)
        setAnchor(row: row)
        return true
    }
}
