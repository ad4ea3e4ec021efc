/// Every row's state in a lazy stack, declared, sized and reset in one place.
///
/// Most rows of a long list never get a view, so state is kept in two tiers:
/// - per row (dense, a few bytes each): the row's `Phase`, where its resident state lives, the
///   width epoch its height was measured at, and the `Marks` that outlive its view (state the
///   script mutated, state lost, what was counted once);
/// - per resident row (sparse): a `Resident` record, created when the row's view comes into
///   existence and discarded when the view is destroyed — so a destroyed view can never leave
///   stale state behind for its next life.
///
/// `setPhase(_:_:)` is the only way a row changes phase: it keeps the resident list, the resident
/// records, the per-phase counts and the memory ledger in step. Residents are listed in the order
/// they were created, except that destroying one moves the last resident into its place (O(1)).
///
/// Invariants (`check()`, debug builds): every resident row is listed once, at the slot it
/// records; the counts per phase match the list; the ledger is the sum of the residents' bytes.
struct RowStates: Sendable {
    enum Phase: UInt8, Sendable {
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

    /// What outlives a row's view.
    struct Marks: OptionSet, Sendable {
        let rawValue: UInt8
        /// The script mutated the view's state (a tap).
        static let stateMutated = Marks(rawValue: 1 << 0)
        /// View-local state was released with the view; lost when the element comes back.
        static let stateLost = Marks(rawValue: 1 << 1)
        /// Counted once as wider than the stack's ideal width.
        static let widerThanIdealCounted = Marks(rawValue: 1 << 2)
        /// A grid row's wasted height counted once.
        static let wasteCounted = Marks(rawValue: 1 << 3)
        /// The row's view has appeared at least once (the user has seen it).
        static let viewed = Marks(rawValue: 1 << 4)
        /// The data layer is loading the row's content, or holds it in its image cache.
        static let imageLoading = Marks(rawValue: 1 << 5)
        static let imageCached = Marks(rawValue: 1 << 6)
        /// The row's height in the position index was measured at the current width (cleared
        /// for every row by a width change: what was measured before is stale).
        static let measuredAtThisWidth = Marks(rawValue: 1 << 7)
    }

    enum LoadState: UInt8, Sendable {
        case none, loading, loaded
    }

    /// The state of a row whose view exists.
    struct Resident: Sendable {
        /// When it went into the keep-alive cache.
        var cachedSinceMs = 0.0
        var cachedSinceFrame: Int32 = 0
        /// Idle-time work prefetch spent on it, and (while prefetching) what is left.
        var prefetchSpentMs = 0.0
        var prefetchRemainingMs = 0.0
        /// While prefetching: the units of its build (init, body, layout) done so far, and what
        /// each costs (drawn, with jitter, when prefetch started).
        var unitsDone: UInt8 = 0
        var unitMs: (Double, Double, Double) = (0, 0, 0)
        /// The build evaluates the element's body (false when a sibling or an indexed element
        /// view already did).
        var evaluatesBody = true
        /// It has appeared since it was built.
        var appearedSinceBuild = false
        /// Its view model has its data (false until onAppear for `configure: onAppear`).
        var configured = false
        /// The onGeometryChange second layout pass has run (or is not needed).
        var relayoutDone = false
        var loadState = LoadState.none
        /// Its top on screen at the end of the last frame it was visible in.
        var screenY = 0.0
        /// Bytes it holds (view, state, content, nested items).
        var bytes = 0
        /// Items of its nested row built so far, and their render cost per frame (main thread
        /// and render server).
        var nestedBuilt: Int32 = 0
        var nestedRenderMs = 0.0
        var nestedServerMs = 0.0
        /// A `drawingGroup` view has been rasterized since it was built.
        var rasterized = false
    }

    private(set) var phase: [Phase]
    private var slot: [Int32]
    var marks: [Marks]
    /// Nested-row items already checked for clipping, per row (empty when no type has a row).
    var nestedClipCounted: [Int32]
    /// Resident rows, and their records at the same slots.
    private(set) var residents: [Int32] = []
    private var records: [Resident] = []
    private(set) var counts = [Int](repeating: 0, count: 5)
    /// The bytes all resident views hold.
    private(set) var viewBytes = 0

    /// 6 bytes per row: phase, slot and marks.
    /// - Complexity: O(n)
    init(count n: Int, hasNestedRows: Bool, residentCapacity: Int) {
        phase = [Phase](repeating: .absent, count: n)
        slot = [Int32](repeating: -1, count: n)
        marks = [Marks](repeating: [], count: n)
        nestedClipCounted = hasNestedRows ? [Int32](repeating: 0, count: n) : []
        counts[Int(Phase.absent.rawValue)] = n
        residents.reserveCapacity(residentCapacity)
        records.reserveCapacity(residentCapacity)
    }

    var count: Int { phase.count }
    var residentCount: Int { residents.count }
    func count(_ p: Phase) -> Int { counts[Int(p.rawValue)] }

    /// The record of a resident row.
    /// - Precondition: the row's view exists.
    subscript(row: Int) -> Resident {
        _read {
            let s = Int(slot[row])
            assert(s >= 0, "row \(row) has no view (it is \(phase[row]))")
            yield records[s]
        }
        _modify {
            let s = Int(slot[row])
            assert(s >= 0, "row \(row) has no view (it is \(phase[row]))")
            yield &records[s]
        }
    }

    /// Moves a row to a new phase. Returns +1 when its view came into existence, −1 when it was
    /// destroyed (its record and bytes are discarded), else 0.
    /// - Complexity: O(1)
    mutating func setPhase(_ row: Int, _ newPhase: Phase) -> Int {
        let old = phase[row]
        guard old != newPhase else { return 0 }
        counts[Int(old.rawValue)] -= 1
        counts[Int(newPhase.rawValue)] += 1
        phase[row] = newPhase
        if old == .absent {
            slot[row] = Int32(residents.count)
            residents.append(Int32(row))
            records.append(Resident())
            return 1
        }
        if newPhase == .absent {
            let s = Int(slot[row])
            viewBytes -= records[s].bytes
            let last = residents.count - 1
            let moved = residents[last]
            residents[s] = moved
            records[s] = records[last]
            slot[Int(moved)] = Int32(s)
            residents.removeLast()
            records.removeLast()
            slot[row] = -1
            return -1
        }
        return 0
    }

    /// The width changed: no row's height is measured at the new width yet.
    /// - Complexity: O(n)
    mutating func forgetWidths() {
        marks.withUnsafeMutableBufferPointer { all in
            for i in all.indices { all[i].remove(.measuredAtThisWidth) }
        }
    }

    /// Sets the bytes a resident row holds, keeping the ledger.
    /// - Complexity: O(1)
    mutating func setBytes(_ row: Int, _ bytes: Int) {
        viewBytes += bytes - self[row].bytes
        self[row].bytes = bytes
    }

    /// Checks the invariants above (debug builds), naming the row and what broke.
    /// - Complexity: O(r) for r resident rows.
    func check() {
        #if DEBUG
        var seen = [Int](repeating: 0, count: counts.count)
        seen[Int(Phase.absent.rawValue)] = count - residents.count
        var bytes = 0
        precondition(residents.count == records.count, "RowStates: \(residents.count) residents but \(records.count) records")
        for (s, r) in residents.enumerated() {
            let row = Int(r)
            precondition(Int(slot[row]) == s, "RowStates: row \(row) is listed at slot \(s) but records slot \(slot[row])")
            precondition(phase[row] != .absent, "RowStates: row \(row) is listed as resident but is absent")
            seen[Int(phase[row].rawValue)] += 1
            bytes += records[s].bytes
        }
        precondition(seen == counts, "RowStates: counts per phase \(counts) disagree with the residents \(seen)")
        precondition(bytes == viewBytes, "RowStates: the residents hold \(bytes) bytes but the ledger says \(viewBytes)")
        #endif
    }
}
