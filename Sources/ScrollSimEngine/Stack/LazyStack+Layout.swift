/// Laying out at the offset the viewport gives: which rows intersect the viewport, building
/// them, and the correction the stack asks for.
extension LazyStack {
    /// A run of rows; empty when `last < first`.
    struct RowSpan: Equatable, Sendable {
        var first: Int
        var last: Int

        static let empty = RowSpan(first: 0, last: -1)

        var isEmpty: Bool { last < first }

        func contains(_ row: Int) -> Bool { row >= first && row <= last }
    }

    /// Builds every row intersecting [offset, offset + viewport height] and returns the geometry
    /// found, with how far the anchor row moved in content coordinates since it was taken: the
    /// correction the stack asks the viewport for (`LazyStack+Anchor.swift`). A correction the
    /// viewport applied since the last layout re-bases the anchor first.
    /// - Complexity: O(log n + v) index work plus the builds.
    mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
        if constraints.appliedCorrection != 0 { acceptCorrection(constraints.appliedCorrection, placingAnchor: constraints.placingAnchor, &context) }
        let versionBefore = index.version
        self.offset = offset
        laidOut = buildViewportRows(at: offset, &context)
        // A pinned header far above its section's visible rows is laid out with them: measuring
        // it can move the estimate, and so the anchor, which this pass must report.
        if config.pinnedHeaders, !laidOut.isEmpty, let (header, _) = pinnedHeaderPosition(atOffset: offset), !laidOut.contains(header) {
            ensureBuilt(header, &context)
        }
        laidOutUnchanged = index.version == versionBefore
        let elements = laidOut.isEmpty ? nil : rows.listElement(ofRow: laidOut.first)...rows.lastListElement(ofRow: laidOut.last)
        return ContentGeometry(offset: offset, constraints: constraints, scrollExtent: extent, laidOutElements: elements,
                               scrollOffsetCorrection: anchorMove)
    }

    /// Whether laying out at `offset` again would change nothing: the last layout was at
    /// `offset` and measured nothing. Such a layout found every row it walked built, measured
    /// at this width and where the index put them; the index is as it was, so a layout again
    /// would walk the same rows to the same span and build none of them.
    /// - Complexity: O(1)
    func isLaidOut(at offset: Double) -> Bool {
        laidOutUnchanged && offset == self.offset
    }

    /// Builds every row intersecting [offset, offset + viewport height] and returns them.
    ///
    /// Walks down from the row at `offset`, adding each row's height as it is measured, so a
    /// row that turns out shorter than its estimate pulls the next one into view in the same
    /// walk.
    /// - Complexity: O(log n + v) index work plus the builds.
    mutating func buildViewportRows(at offset: Double, _ context: inout FrameContext) -> RowSpan {
        let n = rows.count
        guard n > 0 else { return .empty }
        if placingBottom { return buildRowsUpFromBottom(&context) }
        // Start from the first row of the last layout: it is usually still the one at the offset.
        var (row, y) = firstRowShown(at: offset, near: laidOut.isEmpty ? firstVisible : laidOut.first)
        let first = row
        let bottom = offset + viewportSize.height
        while row < n, y < bottom || row == first {
            ensureBuilt(row, &context)
            y += index.height(of: row) + index.spacing
            row += 1
        }
        return RowSpan(first: first, last: row - 1)
    }

    /// Placed at its bottom edge, the stack measures from the last row upward until the rows
    /// measured fill the viewport, and returns them: the rows the bottom shows, built and
    /// measured, and no others. (Walking down from the row the estimated offset falls on would
    /// build rows that measuring then pushes above the viewport: built, never shown.) The span
    /// depends only on the heights from its first row down (`extent − top(first)` does not move
    /// with the estimate of the rows above), so every pass of the frame finds the same rows, and
    /// the offset lands on `extent − viewport height` with `first` the first row shown.
    /// - Complexity: O(v log n) index work plus the builds, for the v rows shown.
    mutating func buildRowsUpFromBottom(_ context: inout FrameContext) -> RowSpan {
        let last = rows.count - 1
        var first = last
        ensureBuilt(last, &context)
        // Content from the top of `first` to the bottom edge; the row above ends `spacing` higher.
        while first > 0, extent - index.top(of: first) + index.spacing < viewportSize.height {
            first -= 1
            ensureBuilt(first, &context)
        }
        return RowSpan(first: first, last: last)
    }

    /// The first row a layout at `offset` shows, and its top: the row at the offset, or a later
    /// one when it ends in the spacing above the viewport's top edge. The search for the row at
    /// the offset starts from `near` (−1: none). The layout walk starts here, and a jump to an
    /// offset anchors here.
    /// - Complexity: O(log n), O(1) when `near` is the row or the one after.
    @inline(__always)
    mutating func firstRowShown(at offset: Double, near: Int) -> (row: Int, top: Double) {
        let last = rows.count - 1
        var row = index.row(at: offset, near: near)
        var y = index.top(of: row)
        while row < last, y + index.height(of: row) <= offset {
            y += index.height(of: row) + index.spacing
            row += 1
        }
        return (row, y)
    }
}
