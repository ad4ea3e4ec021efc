/// What the shape of the layout cost: empty cells in grids, masonry redistributions and
/// imbalance, clipped nested-row items, children wider than a stack's ideal width.
public struct LayoutTotals: Equatable, Sendable {
    /// Grids: Σ over rows laid out of the height left empty below cells shorter than their row.
    public var gridWastePx = 0.0
    /// Masonry: viewed items moved to another column by a redistribution, and the largest
    /// difference between the tallest and the shortest column seen at the end of a frame.
    public var reshuffledItems = 0
    public var columnImbalancePx = 0.0
    /// Nested-row items taller than their row, so clipped, and the height clipped in all.
    public var clippedChildren = 0
    public var clippedPx = 0.0
    /// Built rows wider than a lazy stack's ideal width (its first child's), once per row, and
    /// by how much in all.
    public var widerThanIdealWidth = 0
    public var widerThanIdealPx = 0.0

    public init() {}

    /// Masonry columns `px` apart between the tallest and the shortest at the end of a frame.
    /// - Complexity: O(1)
    mutating func recordColumnImbalance(_ px: Double) {
        columnImbalancePx = max(columnImbalancePx, px)
    }

    /// A nested-row item `px` taller than its row.
    /// - Complexity: O(1)
    mutating func recordClipped(_ px: Double) {
        clippedChildren += 1
        clippedPx += px
    }

    /// A built child `px` wider than the stack's ideal width.
    /// - Complexity: O(1)
    mutating func recordWiderThanIdeal(_ px: Double) {
        widerThanIdealWidth += 1
        widerThanIdealPx += px
    }
}
