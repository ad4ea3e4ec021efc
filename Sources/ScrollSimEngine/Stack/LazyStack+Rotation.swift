/// A change of viewport size (a rotation, a Split View resize).
///
/// Text reflows and images rescale, so every height that depends on width changes.
///
/// A **lazy** stack keeps the heights it measured at the old width as estimates (stale),
/// restarts its running average at the new width, and keeps the anchored row's top edge where
/// it was on screen. Visible rows are laid out again in this frame; rows above are re-measured
/// as the user scrolls back up, each one applying an offset correction.
///
/// An **eager** stack has every child and lays every one out again at the new width in the
/// rotation frame — its true cost, O(n) layout passes — so it never holds an estimate and
/// never needs a correction. The scroll view keeps the anchored row's top edge in place by
/// moving the offset as part of the resize (not an estimate correction).
extension LazyStack {
    /// Returns how far the offset must move to keep the anchored row in place (0 for a lazy
    /// stack: its stale heights above the anchor do not move it until they are re-measured).
    /// - Complexity: O(n): the true content height is recomputed for the report; an eager stack
    ///   also lays out every row.
    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double {
        viewportSize = size
        estimator.startNewWidth()
        states.forgetWidths()
        viewportChanged = true
        trueContentHeight = computeTrueContentHeight()
        guard isEager, rows.count > 0 else { return 0 }
        for row in 0..<rows.count where states.phase[row] != .absent {
            relayout(row, &context)
        }
        let shift = anchorMove
        anchorY += shift
        return shift
    }
}
