/// Which rows intersect the viewport, and building them (DESIGN §4 steps 2–3).
extension LazyStack {
    /// A run of rows; empty when `last < first`.
    public struct RowSpan: Equatable, Sendable {
        public var first: Int
        public var last: Int

        public static let empty = RowSpan(first: 0, last: -1)

        public var isEmpty: Bool { last < first }
        public var count: Int { max(0, last - first + 1) }

        public func contains(_ row: Int) -> Bool { row >= first && row <= last }
    }

    /// Builds every row intersecting [offset, offset + viewport height] and returns them.
    ///
    /// Walks down from the row at `offset`, adding each row's height as it is measured, so a
    /// row that turns out shorter than its estimate pulls the next one into view in the same
    /// walk.
    /// - Complexity: O(log n + v) index work plus the builds.
    mutating func buildViewportRows(at offset: Double, work: inout PhaseWork, events: inout EventLog) -> RowSpan {
        let n = rows.count
        guard n > 0 else { return .empty }
        var row = index.row(at: offset)
        var y = index.y(of: row)
        // The row at the offset may end in the spacing above the viewport's top edge.
        while row < n - 1, y + index.height(of: row) <= offset {
            y += index.height(of: row) + index.spacing
            row += 1
        }
        let first = row
        let bottom = offset + viewport.height
        while row < n, y < bottom || row == first {
            ensureBuilt(row, work: &work, events: &events)
            y += index.height(of: row) + index.spacing
            row += 1
        }
        return RowSpan(first: first, last: row - 1)
    }
}
