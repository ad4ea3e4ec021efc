/// A change of viewport size (a rotation, a Split View resize).
///
/// Text reflows and images rescale, so every height that depends on width changes. The stack
/// keeps the heights it measured at the old width as estimates (stale), restarts its running
/// average at the new width, and keeps the anchored row's top edge where it was on screen.
/// Visible rows are laid out again in this frame; rows above are re-measured as the user
/// scrolls back up, each one applying an offset correction.
extension LazyStack {
    /// - Complexity: O(n): the true content height is recomputed for the report.
    mutating func resize(to size: Size, _ context: inout FrameContext) {
        viewport = size
        estimator.startNewWidth()
        viewportChanged = true
        trueContentHeight = computeTrueContentHeight()
    }
}
