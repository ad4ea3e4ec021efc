/// The walk over the prefetch window, written once for both directions: from the row just
/// beyond the leading edge, away from the viewport, one row at a time, while a row's near edge
/// is within the window's reach (`LazyStack+Prefetch.swift` walks it).
///
/// The direction is a parameter, not a second copy of the loop: walking toward the end, a
/// row's near edge is its top and the window reaches below the viewport; walking toward the
/// start, its near edge is its bottom and the window reaches above. Comparisons and steps are
/// "before" and "next" in the walk's direction, so the loop reads the same either way.
struct PrefetchWalk: Sendable {
    /// +1 toward the end of the content (rows after the last visible), −1 toward its start.
    let step: Int
    /// The first row beyond the leading edge.
    let start: Int
    /// The near edge of `start`, the one facing the viewport.
    let startEdge: Double
    /// The window's far edge: a row whose near edge is not before it is out of reach.
    let limit: Double
    /// The viewport's leading edge at the next frame if the scroll carries on: a row whose
    /// near edge is before it is needed by the next frame.
    let nextLeadingEdge: Double

    /// Whether position `a` comes before position `b` in the walk's direction.
    @inline(__always)
    func isBefore(_ a: Double, _ b: Double) -> Bool {
        step > 0 ? a < b : a > b
    }

    /// The near edge of the next row, past a row of `height` and the spacing after it.
    @inline(__always)
    func edge(after edge: Double, height: Double, spacing: Double) -> Double {
        step > 0 ? edge + (height + spacing) : edge - (height + spacing)
    }

    /// The rows walked: from `start` up to the row before `end`, the first row not walked.
    func window(endingBefore end: Int) -> LazyStack.RowSpan {
        step > 0 ? LazyStack.RowSpan(first: start, last: end - 1) : LazyStack.RowSpan(first: end + 1, last: start)
    }
}
