/// Scroll effects (`scrollTransition`) and the views they keep on screen after the stack has
/// unloaded them.
///
/// The lazy stack decides whether a view is on screen from its original, untransformed frame.
/// An effect that stays inside that frame (a scale) is harmless. One that moves the view beyond
/// it — an offset, a rotation whose corners sweep out — leaves part of the view visible after
/// its frame has left the viewport; the stack unloads it anyway and it disappears abruptly: a
/// "popped" view, counted per frame (`poppedViews`) with how much of it was still on screen.
extension LazyStack {
    /// Counts the rows that left the viewport this frame while their transition still showed
    /// them (the frame's `poppedViews`).
    /// - Complexity: O(v)
    mutating func countPopped(previous: RowSpan, current: RowSpan, _ context: inout FrameContext) {
        // Read first: a table method called from here copies the table (see FrameLoopPerformance).
        let hasTransitions = rows.hasTransitions
        guard hasTransitions, !previous.isEmpty, !viewportChanged else { return }
        var popped = 0
        for row in previous.first...previous.last where !current.contains(row) && row != pinnedHeader {
            guard let transition = rows.profile(ofRow: row, { $0.transition }) else { continue }
            let reach = transition.overhang(width: viewportSize.width)
            guard reach > 0 else { continue }
            let top = index.y(of: row) - offset
            let bottom = top + index.height(of: row)
            let showing: Double
            if bottom <= 0 {
                showing = bottom + reach          // left at the top: reaches down into view
            } else if top >= viewportSize.height {
                showing = viewportSize.height - (top - reach) // left at the bottom: reaches up
            } else {
                continue
            }
            guard showing > Tolerance.points else { continue }
            popped += 1
            log(.popped, row: row, value: min(showing, reach), &context)
        }
        context.totals.memory.poppedViews += popped
        context.record[.poppedViews] += Double(popped)
    }
}
