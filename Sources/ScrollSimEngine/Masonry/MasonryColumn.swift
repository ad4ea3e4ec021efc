/// What masonry asks of each of its columns: the contract every content keeps (laid out at the
/// one offset, presenting, finishing, paging, anchoring on a scroll target, taking taps), and
/// the few things a column of a multi-column layout needs that a list on its own does not.
///
/// `MasonryColumns` is generic over its column and reaches it only through this protocol, so
/// what the layout depends on is written here, not found by reading which of a stack's members
/// it happens to call (a `LazyStack` is the column every run uses). Flutter's
/// `SliverMasonryGrid` lays its children out through the same child-manager protocol a list uses
/// (flutter_staggered_grid_view); a column here is a whole stack instead, so what it adds is
/// about its anchor: a correction handed to the one column the offset follows, and anchors held
/// across a width change.
protocol MasonryColumn: PlayedContent, ScrollTargetAnchoring, TapTarget, PendingWorkAtEnd {
    /// A column over `rows` (its elements, numbered within the column), `viewportSize` wide
    /// and tall, its jitter drawn from `seed`.
    init(column rows: RowTable, config: StackConfig, viewportSize: Size, budgetMs: Double, seed: UInt64)

    /// The offset the column was last laid out at (the layout's, shared by every column).
    var offset: Double { get }

    /// Every row at its final height, with spacing: what the distributor balanced.
    var trueContentHeight: Double { get }

    /// `trueContentHeight` and the footer after it (`ContentReadings.trueExtent`).
    var trueExtent: Double { get }

    /// The viewport applied a correction this column asked for (the column the offset follows):
    /// its anchor is re-based, and the correction booked unless the viewport was placing its
    /// content (`ContentConstraints`).
    mutating func acceptCorrection(_ delta: Double, placingAnchor: Bool, _ context: inout FrameContext)

    /// The first visible element (numbered within the column) and its top in content
    /// coordinates; nil when nothing is visible.
    var topVisible: (element: Int, y: Double)? { get }

    /// After a width change, holds `element` (numbered within the column) at content y `y`:
    /// false, changing nothing, when no height for the rows above puts it there.
    mutating func holdAnchor(element: Int, at y: Double, _ context: inout FrameContext) -> Bool

    /// Holds the row at `offset` where it is (the fallback when no element can be held).
    mutating func holdRow(at offset: Double, _ context: inout FrameContext)

    /// Anchors on the column's bottom but keeps the downward walk: a column's bottom is the
    /// content's only without a spacer or footer after it (`anchor(on: .bottom)` would measure
    /// upward from the last row, as a stack that is the whole content does).
    mutating func anchorAtBottomWalkingDown()

    /// The elements (numbered within the column) whose views have appeared at least once.
    func viewedElements() -> [Int]

    /// Destroys every view: the column is being replaced (a redistribution).
    mutating func tearDown(_ context: inout FrameContext)
}

extension LazyStack: MasonryColumn {
    init(column rows: RowTable, config: StackConfig, viewportSize: Size, budgetMs: Double, seed: UInt64) {
        self.init(config: config, rows: rows, viewportSize: viewportSize, budgetMs: budgetMs, seed: seed, eager: false)
    }

    var topVisible: (element: Int, y: Double)? {
        lastVisible >= firstVisible ? (rows.listElement(ofRow: firstVisible), index.y(of: firstVisible)) : nil
    }

    mutating func holdAnchor(element: Int, at y: Double, _ context: inout FrameContext) -> Bool {
        holdAnchor(row: rows.firstRow(ofElement: element), at: y, &context)
    }

    mutating func holdRow(at offset: Double, _ context: inout FrameContext) {
        let row = index.row(at: offset)
        _ = holdAnchor(row: row, at: index.y(of: row), &context)
    }

    mutating func anchorAtBottomWalkingDown() {
        anchor(on: .bottom)
        placingBottom = false
    }
}
