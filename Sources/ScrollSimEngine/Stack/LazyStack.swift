/// A SwiftUI-style stack of rows — `LazyVStack`, or an eager `VStack` — laid out by a viewport
/// one frame at a time.
///
/// The model: rows are laid out by dead reckoning from a `PositionIndex` of measured heights
/// and an estimate for the rest (`HeightEstimator`: the running average at the current width).
/// Each frame, at the offset the viewport gives it, the stack finds the rows that intersect the
/// viewport, builds the missing ones (cold: init + body + layout inside the frame; or finishing
/// what prefetch started) and measures them. If what it measured moved the row it anchors on —
/// the first visible row of the last frame — it asks the viewport for a scroll-offset
/// correction of that size, so nothing visible moves. Then it fires onAppear/onDisappear,
/// renders what is visible, spends the frame's idle time prefetching rows ahead in the scroll
/// direction (`PrefetchScheduler`), and evicts rows that left the viewport and the prefetch
/// window into a keep-alive cache (`KeepAlive`), destroying them (and their @State) later.
/// Per-row state lives in `RowStates`; async loads in `ContentLoads`.
///
/// An eager `vStack` is the same machine with everything built and appeared in the first frame
/// and nothing ever evicted.
///
/// Invariants, checked in debug builds at the end of each frame (`LazyStack+Invariants.swift`):
/// the row states are consistent; the visible rows are exactly `firstVisible...lastVisible`;
/// row 0 is at y = 0.
///
/// Costs: a frame is O(v log n) for v resident rows and n rows; nothing walks all rows except
/// a rotation (which recomputes the true content height, O(n)) and an eager stack's first frame.
struct LazyStack: Sendable {
    typealias RowPhase = RowStates.Phase

    let config: StackConfig
    var rows: RowTable
    var index: PositionIndex
    /// The viewport size the stack lays out for.
    var viewportSize: Size
    let budgetMs: Double
    /// Every child built and laid out up front (a VStack, or a lazy stack that cannot be lazy).
    let isEager: Bool

    var estimator = HeightEstimator()
    var states: RowStates

    // MARK: Visibility and anchor.
    /// Visible rows are `firstVisible...lastVisible` (empty when last < first).
    var firstVisible = 0
    var lastVisible = -1
    /// A pinned section header shown above its natural place, or -1.
    var pinnedHeader = -1
    var pinnedHeaderScreenY = 0.0
    /// The row the next layout keeps still on screen, and its y when it was taken (-1: none).
    var anchorRow = -1
    var anchorY = 0.0
    /// The viewport jumped to the content's bottom edge this frame (`defaultScrollAnchor(.bottom)`
    /// placing it, or a jump to the bottom): layouts measure from the last row upward until the
    /// viewport is full (`buildRowsUpFromBottom(_:)`), until the frame is presented.
    var placingBottom = false
    /// The offset of the last layout (the viewport's physics holds the scroll position), and the
    /// rows it laid out.
    var offset = 0.0
    var laidOut = RowSpan.empty
    /// The last layout measured nothing (the index did not change while it ran).
    var laidOutUnchanged = false
    var viewportChanged = false

    // MARK: Helpers with state of their own.
    var prefetcher: PrefetchScheduler
    var loads: ContentLoads
    let keepAlive: KeepAlive
    var pendingUpdates: [PendingUpdate] = []

    struct PendingUpdate: Sendable {
        enum Kind: UInt8, Sendable {
            /// `configure: onAppear`: the view model is configured; body and layout run again.
            case configure
            /// The onGeometryChange anti-pattern: a second layout pass that changes the height.
            case relayout
        }
        var row: Int32
        var kind: Kind
    }

    // MARK: Accounting.
    var dataMemoryBytes: Int
    /// A footer row after the last row (a paging spinner), and what this frame signalled.
    var footerHeight = 0.0
    /// Σ over grid rows laid out of the height they leave empty below shorter cells.
    var gridWastePx = 0.0
    /// The last grid row while the data ends inside it: its waste with the cells it had when
    /// laid out, kept apart because an append can give it more cells (row −1: none).
    var partialGridRow: (row: Int, cells: Int, wastePx: Double) = (-1, 0, 0)
    /// Content the data layer loaded for rows without a view yet (`imagePrefetchPt`).
    var imageCacheBytes = 0
    var imageCacheRows: [Int32] = []
    var signals = ContentSignals()
    /// Element views kept resident to index a dynamic body's children, and their bytes.
    var indexedElementViews = 0
    var indexedElementBytes = 0
    var trueContentHeight = 0.0
    var costRandom: SplitMix64

    /// - Parameter capacity: every element the run can have (appended ones included); the
    ///   content's `count` are there from the start.
    /// - Complexity: O(n) in rows.
    init(config: StackConfig, content: ContentConfig, device: DeviceConfig, seed: UInt64, capacity: Int? = nil) {
        self.init(config: config, rows: RowTable(content: content, seed: seed, capacity: capacity, heightsAt: device.viewport.width), viewportSize: device.viewport,
                  budgetMs: device.budgetMs, seed: seed, eager: config.kind == .vStack)
    }

    /// A stack over a prepared row table (a grid's rows, a masonry column), laid out in a
    /// viewport of the given size (a column's width).
    /// - Complexity: O(n) in rows.
    init(config: StackConfig, rows: RowTable, viewportSize: Size, budgetMs: Double, seed: UInt64, eager: Bool) {
        self.config = config
        self.rows = rows
        self.viewportSize = viewportSize
        self.budgetMs = budgetMs
        isEager = eager
        let n = rows.count
        let rowCapacity = rows.rowCapacity
        index = PositionIndex(count: n, capacity: rowCapacity, estimate: config.initialEstimate, spacing: config.spacing)
        states = RowStates(count: rowCapacity, hasNestedRows: rows.types.contains { $0.row != nil }, residentCapacity: eager ? n : 512)
        prefetcher = PrefetchScheduler(config: config.prefetch, typeCount: rows.types.count)
        loads = ContentLoads(capacity: 256)
        keepAlive = KeepAlive(config: config.keepAlive)
        costRandom = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)

        dataMemoryBytes = rows.dataBytes(ofElements: 0..<rows.elementCount)
        pendingUpdates.reserveCapacity(256)
        imageCacheRows.reserveCapacity(config.imagePrefetchPt > 0 ? 256 : 0)
        trueContentHeight = computeTrueContentHeight()
    }

    var rowCount: Int { rows.count }
    var memoryBytes: Int { dataMemoryBytes + states.viewBytes + indexedElementBytes + imageCacheBytes }
    var residentCount: Int { states.residentCount }
    var visibleCount: Int { states.count(.visible) }
    var prefetchedCount: Int { states.count(.prefetching) + states.count(.ready) }
    var cachedCount: Int { states.count(.cached) }
    func phase(of row: Int) -> RowPhase { states.phase[row] }


    /// Moves a row to a new phase (`RowStates.setPhase`), counting views that come into
    /// existence or are destroyed.
    /// - Complexity: O(1)
    mutating func setPhase(_ row: Int, _ newPhase: RowPhase, _ context: inout FrameContext) {
        let change = states.setPhase(row, newPhase)
        if change != 0 { context.viewsChanged(by: change) }
    }

    /// Records an event about a row, with its element and view type.
    func log(_ kind: SimulationEvent.Kind, row: Int, value: Double = 0, _ context: inout FrameContext) {
        context.events.record(kind, row: row, element: rows.listElement(ofRow: row), type: rows.typeIndex(ofRow: row), value: value)
    }

    /// - Complexity: O(n); O(1) when the set-up summed the heights at this width.
    func computeTrueContentHeight() -> Double {
        if let setup = rows.setupHeights, setup.width == viewportSize.width, setup.rows == rows.count, rows.count > 0 {
            return setup.sum + Double(rows.count - 1) * config.spacing
        }
        return trueHeight(ofRows: 0..<rows.count)
    }

    /// Σ true heights of `range` plus the spacing between its rows and before it (none before
    /// row 0).
    func trueHeight(ofRows range: Range<Int>) -> Double {
        guard !range.isEmpty else { return 0 }
        let sum = rows.totalFinalHeight(rows: range, width: viewportSize.width)
        return sum + Double(range.count - (range.lowerBound == 0 ? 1 : 0)) * config.spacing
    }
}
