/// A SwiftUI-style stack of rows in a scroll view, advanced one frame at a time.
///
/// The model (DESIGN §3–§8): rows are laid out by dead reckoning from a `PositionIndex` of
/// measured heights and an estimate for the rest. Each frame the stack finds the rows that
/// intersect the viewport, builds the missing ones (cold: init + body + layout inside the
/// frame; or finishing what prefetch started), measures them, and corrects the scroll offset so
/// the row anchored at the top of the viewport does not move (an offset correction, recorded).
/// Then it fires onAppear/onDisappear, renders what is visible, spends the frame's idle time
/// prefetching rows ahead in the scroll direction, and evicts rows that left the viewport and
/// the prefetch window into a keep-alive cache, destroying them (and their @State) later.
///
/// An eager `vStack` is the same machine with everything built and appeared in the first frame
/// and nothing ever evicted.
///
/// Invariants, checked in debug builds at the end of each frame: every resident row is in
/// `residents` exactly once; the visible rows are exactly `visibleRange` (plus a pinned header);
/// row 0 is at y = 0, and an offset of 0 means row 0's top is at the top of the viewport.
///
/// Costs: a frame is O(v log n) for v resident rows and n rows; nothing walks all rows except
/// a rotation (which recomputes the true content height, O(n)) and an eager stack's first frame.
public struct LazyStack: Sendable {
    public enum RowPhase: UInt8, Sendable {
        /// No view exists.
        case absent
        /// Prefetch has started building the view and not finished.
        case prefetching
        /// Built and laid out, not on screen, not shown since it was built.
        case ready
        /// On screen.
        case visible
        /// Built, shown before, now offscreen: kept alive until it expires.
        case cached
    }

    let config: StackConfig
    public let rows: RowTable
    public internal(set) var index: PositionIndex
    public internal(set) var viewport: Size
    let budgetMs: Double
    var isEager: Bool { config.kind == .vStack }

    // MARK: Estimate: the running average of heights laid out at the current width.
    var widthEpoch: Int32 = 0
    var freshHeightSum = 0.0
    var freshHeightCount = 0

    // MARK: Per-row state (struct of arrays, indexed by row).
    var phase: [RowPhase]
    var residentSlot: [Int32]
    var measuredEpoch: [Int32]
    var cachedSinceMs: [Double]
    var cachedSinceFrame: [Int32]
    var prefetchSpentMs: [Double]
    var prefetchRemainingMs: [Double]
    var appearedSinceBuild: [Bool]
    var configured: [Bool]
    var relayoutDone: [Bool]
    var viewStateMutated: [Bool]
    var viewStateLost: [Bool]
    var loadState: [LoadState]
    var loadReadyMs: [Double]
    var screenY: [Double]
    var rowBytes: [Int]
    var nestedBuilt: [Int32]
    var nestedClipCounted: [Int32]
    /// The render cost per frame of a row's built nested items, summed as they are built.
    var nestedRenderMs: [Double]
    var widerThanIdealCounted: [Bool]

    enum LoadState: UInt8, Sendable {
        case none, loading, loaded
    }

    // MARK: Residents, visibility, anchor.
    var residents: [Int32] = []
    /// Visible rows are `firstVisible...lastVisible` (empty when last < first).
    public internal(set) var firstVisible = 0
    public internal(set) var lastVisible = -1
    /// A pinned section header shown above its natural place, or -1.
    public internal(set) var pinnedHeader = -1
    public internal(set) var pinnedHeaderScreenY = 0.0
    var anchorRow = -1
    var anchorY = 0.0
    public internal(set) var offset = 0.0
    var viewportChanged = false
    var scrollRequest: ScrollRequest?

    // MARK: Prefetch.
    var windowFirst = 0
    var windowLast = -1
    var direction = 1
    var typeBuildAverage: [Double]
    var typeBuildMeasured: [Bool]

    // MARK: Deferred work.
    var loadsInFlight: [Int32] = []
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
    var phaseCounts = [Int](repeating: 0, count: 5)
    public internal(set) var viewMemoryBytes = 0
    public let dataMemoryBytes: Int
    public internal(set) var trueContentHeight = 0.0
    public internal(set) var totals = StackTotals()
    var costRandom: SplitMix64
    public internal(set) var frame = 0
    var nowMs = 0.0

    /// - Complexity: O(n) in rows.
    public init(config: StackConfig, content: ContentConfig, device: DeviceConfig, seed: UInt64) {
        self.config = config
        rows = RowTable(content: content, seed: seed)
        viewport = device.viewport
        budgetMs = device.budgetMs
        let n = rows.count
        index = PositionIndex(count: n, estimate: config.initialEstimate, spacing: config.spacing)
        phase = [RowPhase](repeating: .absent, count: n)
        residentSlot = [Int32](repeating: -1, count: n)
        measuredEpoch = [Int32](repeating: -1, count: n)
        cachedSinceMs = [Double](repeating: 0, count: n)
        cachedSinceFrame = [Int32](repeating: 0, count: n)
        prefetchSpentMs = [Double](repeating: 0, count: n)
        prefetchRemainingMs = [Double](repeating: 0, count: n)
        appearedSinceBuild = [Bool](repeating: false, count: n)
        configured = [Bool](repeating: false, count: n)
        relayoutDone = [Bool](repeating: false, count: n)
        viewStateMutated = [Bool](repeating: false, count: n)
        viewStateLost = [Bool](repeating: false, count: n)
        loadState = [LoadState](repeating: .none, count: n)
        loadReadyMs = [Double](repeating: 0, count: n)
        screenY = [Double](repeating: 0, count: n)
        rowBytes = [Int](repeating: 0, count: n)
        nestedBuilt = [Int32](repeating: 0, count: n)
        nestedClipCounted = [Int32](repeating: 0, count: n)
        nestedRenderMs = [Double](repeating: 0, count: n)
        widerThanIdealCounted = [Bool](repeating: false, count: n)
        typeBuildAverage = [Double](repeating: 0, count: rows.types.count)
        typeBuildMeasured = [Bool](repeating: false, count: rows.types.count)
        costRandom = SplitMix64(seed: seed ^ 0x5851_F42D_4C95_7F2D)
        phaseCounts[Int(RowPhase.absent.rawValue)] = n

        var data = 0
        for e in 0..<rows.elementCount {
            data += rows.type(of: Int(rows.firstRowOfElement[e])).memory.data
        }
        dataMemoryBytes = data

        let residentGuess = isEager ? n : 512
        residents.reserveCapacity(residentGuess)
        loadsInFlight.reserveCapacity(256)
        pendingUpdates.reserveCapacity(256)
        trueContentHeight = computeTrueContentHeight()
    }

    public var rowCount: Int { rows.count }
    public var memoryBytes: Int { dataMemoryBytes + viewMemoryBytes }
    public var residentCount: Int { residents.count }
    public var visibleCount: Int { phaseCounts[Int(RowPhase.visible.rawValue)] }
    public var prefetchedCount: Int {
        phaseCounts[Int(RowPhase.prefetching.rawValue)] + phaseCounts[Int(RowPhase.ready.rawValue)]
    }
    public var cachedCount: Int { phaseCounts[Int(RowPhase.cached.rawValue)] }
    public func phase(of row: Int) -> RowPhase { phase[row] }

    /// The offsets the content may take: from 0 to the estimated height minus the viewport.
    /// - Complexity: O(log n)
    public var offsetRange: ClosedRange<Double> {
        0...max(0, index.totalHeight - viewport.height)
    }

    /// The element at the top of the viewport (ScrollPosition.viewID with a top anchor), or -1.
    public var viewID: Int {
        guard lastVisible >= firstVisible else { return -1 }
        var row = firstVisible
        while row <= lastVisible, rows.isHeader(row) { row += 1 }
        return row <= lastVisible ? Int(rows.element[row]) : -1
    }

    // MARK: Phase transitions: the only place phases, residents and counts change together.

    /// Moves a row to a new phase, keeping the resident list and the counts in step.
    /// - Complexity: O(1)
    mutating func setPhase(_ row: Int, _ newPhase: RowPhase) {
        let old = phase[row]
        guard old != newPhase else { return }
        phaseCounts[Int(old.rawValue)] -= 1
        phaseCounts[Int(newPhase.rawValue)] += 1
        if old == .absent {
            residentSlot[row] = Int32(residents.count)
            residents.append(Int32(row))
            totals.peakResidentViews = max(totals.peakResidentViews, residents.count)
        } else if newPhase == .absent {
            let slot = Int(residentSlot[row])
            let moved = residents[residents.count - 1]
            residents[slot] = moved
            residentSlot[Int(moved)] = Int32(slot)
            residents.removeLast()
            residentSlot[row] = -1
        }
        phase[row] = newPhase
    }

    /// Sets the bytes a resident row holds.
    mutating func setRowBytes(_ row: Int, _ bytes: Int) {
        viewMemoryBytes += bytes - rowBytes[row]
        rowBytes[row] = bytes
    }

    func computeTrueContentHeight() -> Double {
        guard rows.count > 0 else { return 0 }
        var sum = 0.0
        for row in 0..<rows.count {
            sum += rows.finalHeight(of: row, width: viewport.width)
        }
        return sum + Double(rows.count - 1) * config.spacing
    }
}
