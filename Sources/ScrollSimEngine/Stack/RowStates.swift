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
/// Resident rows are also linked in one list per phase, so eviction visits only the rows whose
/// state can change in a frame (`collectEvictionCandidates`) instead of every resident: cached
/// rows in the order they expire and go over the cap, the others in the order they entered
/// their phase. A resident's record is grouped by concern (`Build`, `Presence`,
/// `KeepAliveClock`, `Holdings`); the stack reads a group and changes it through the methods
/// named for what happened to the view, never field by field.
///
/// Invariants (`check()`, debug builds): every resident row is listed once, at the slot it
/// records, and once in its phase's list; the counts per phase match both; cached rows are
/// listed in `KeepAlive.goesBefore` order, their frames never decreasing; the ledger is the
/// sum of the residents' bytes.
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

    /// The state of a row whose view exists, by concern. Other files read it through
    /// `build(of:)`, `presence(of:)`, `keepAliveClock(of:)` and `holdings(of:)`, and change it
    /// through the methods below, each named for what happened to the view.
    struct Resident: Sendable {
        var build = Build()
        var presence = Presence()
        var clock = KeepAliveClock()
        var holdings = Holdings()
        /// The rows before and after it in its phase's list (-1: none).
        fileprivate var previous: Int32 = -1
        fileprivate var next: Int32 = -1
    }

    /// How the view was built: by prefetch, unit by unit, or inside a frame.
    struct Build: Sendable {
        /// Idle-time work prefetch spent on it, and (while prefetching) what is left.
        var spentMs = 0.0
        var remainingMs = 0.0
        /// While prefetching: the units of its build (init, body, layout) done so far, and what
        /// each costs (drawn, with jitter, when prefetch started).
        var unitsDone: UInt8 = 0
        var unitMs: (Double, Double, Double) = (0, 0, 0)
        /// The build evaluates the element's body (false when a sibling or an indexed element
        /// view already did).
        var evaluatesBody = true
    }

    /// What showing the view has done to it.
    struct Presence: Sendable {
        /// It has appeared since it was built.
        var appearedSinceBuild = false
        /// Its view model has its data (false until onAppear for `configure: onAppear`).
        var configured = false
        /// The onGeometryChange second layout pass has run (or is not needed).
        var relayoutDone = false
        /// A `drawingGroup` view has been rasterized since it was built.
        var rasterized = false
        /// Its top on screen at the end of the last frame it was visible in.
        var screenY = 0.0
    }

    /// When its keep-alive clock started: the first frame it was outside both the viewport and
    /// the prefetch window. A cached row inside the window holds its clock (`held`).
    struct KeepAliveClock: Sendable {
        var sinceMs = 0.0
        var sinceFrame: Int32 = 0

        /// The clock of a cached row inside the prefetch window: never expired, and after every
        /// running clock in the cached list (`KeepAlive.goesBefore`).
        static let held = KeepAliveClock(sinceMs: .infinity, sinceFrame: .max)
        var isHeld: Bool { sinceMs == .infinity }
    }

    /// What it holds: memory, its async content, its nested row's items.
    struct Holdings: Sendable {
        /// Bytes it holds (view, state, content, nested items).
        var bytes = 0
        var loadState = LoadState.none
        /// Items of its nested row built so far, and their render cost per frame (main thread
        /// and render server).
        var nestedBuilt: Int32 = 0
        var nestedRenderMs = 0.0
        var nestedServerMs = 0.0
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
    /// The first and last row of each phase's list (-1: empty). Cached rows are listed in the
    /// order they go over the keep-alive cap (`KeepAlive.goesBefore`), so the views that expire
    /// first come first; the other phases in the order their rows entered them.
    private var head = [Int32](repeating: -1, count: 5)
    private var tail = [Int32](repeating: -1, count: 5)
    /// The bytes all resident views hold.
    private(set) var viewBytes = 0
    /// The rows `collectEvictionCandidates` found, in the order eviction visits them.
    private(set) var evictionCandidates: [Int32] = []
    /// Bounds on the rows built and not shown (`.ready`): every one lies in
    /// `readyLow...readyHigh`. Widened as rows become ready, made exact by eviction's walk of the
    /// list; a row leaving the list leaves them wider than need be, never narrower.
    private var readyLow = Int.max
    private var readyHigh = -1
    /// The row linked into the cached list last (-1: none yet), where the next one most often
    /// goes (`placeNextTo`). Only a hint: checked against the list before it is used.
    private var lastCached: Int32 = -1

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
        evictionCandidates.reserveCapacity(residentCapacity)
    }

    var count: Int { phase.count }
    var residentCount: Int { residents.count }

    /// Whether prefetch has nothing to do for the row: it is on screen, or built and laid out
    /// at this width.
    @inline(__always)
    func isPrefetchDone(_ row: Int) -> Bool {
        switch phase[row] {
        case .visible: return true
        case .ready, .cached: return marks[row].contains(.measuredAtThisWidth)
        case .absent, .prefetching: return false
        }
    }
    func count(_ p: Phase) -> Int { counts[Int(p.rawValue)] }

    /// The record of a resident row.
    /// - Precondition: the row's view exists.
    private subscript(row: Int) -> Resident {
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
    /// - Complexity: O(1); entering `.cached` is O(1) next to the row cached last
    ///   (`placeNextTo`), else O(k) for the k cached rows that go over the cap after it.
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
            link(row, into: newPhase)
            return 1
        }
        unlink(row, from: old)
        if newPhase == .absent {
            let s = Int(slot[row])
            viewBytes -= records[s].holdings.bytes
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
        link(row, into: newPhase)
        return 0
    }

    // MARK: Phase lists.

    /// Adds a row at the end of its phase's list; a cached row goes after every cached row that
    /// goes over the cap before it.
    private mutating func link(_ row: Int, into p: Phase) {
        let list = Int(p.rawValue)
        if p == .ready {
            readyLow = min(readyLow, row)
            readyHigh = max(readyHigh, row)
        }
        var after = tail[list]
        if p == .cached {
            let key = cachedKey(row)
            if let place = placeNextTo(lastCached, key) {
                after = place
            } else {
                while after >= 0, KeepAlive.goesBefore(key, cachedKey(Int(after))) {
                    after = self[Int(after)].previous
                }
            }
            lastCached = Int32(row)
        }
        let before = after >= 0 ? self[Int(after)].next : head[list]
        self[row].previous = after
        self[row].next = before
        if after >= 0 { self[Int(after)].next = Int32(row) } else { head[list] = Int32(row) }
        if before >= 0 { self[Int(before)].previous = Int32(row) } else { tail[list] = Int32(row) }
    }

    /// A cached row's place in the cached list's order.
    private func cachedKey(_ row: Int) -> (sinceMs: Double, row: Int) {
        (self[row].clock.sinceMs, row)
    }

    /// The row a cached row with `key` goes right after (-1: first), when that place is next to
    /// `hint` (the row cached last); nil when it is not, or the hint is not in the list.
    ///
    /// Rows cached together come in runs: eviction caches them last resident first (highest
    /// row first, each going right before the one cached just before it), and a held clock
    /// restarts them from the end of the list. From the tail, each would walk past all those
    /// cached with it (quadratic in the rows that leave the window in one frame); next to the
    /// hint it is O(1). The list is in strict `KeepAlive.goesBefore` order, so a row has one
    /// place in it: found either way, it is the same.
    private func placeNextTo(_ hint: Int32, _ key: (sinceMs: Double, row: Int)) -> Int32? {
        let h = Int(hint)
        guard hint >= 0, h != key.row, phase[h] == .cached else { return nil }
        let hintKey = cachedKey(h)
        if KeepAlive.goesBefore(key, hintKey) {
            let before = self[h].previous
            return before < 0 || KeepAlive.goesBefore(cachedKey(Int(before)), key) ? before : nil
        }
        let after = self[h].next
        return after < 0 || KeepAlive.goesBefore(key, cachedKey(Int(after))) ? hint : nil
    }

    private mutating func unlink(_ row: Int, from p: Phase) {
        let list = Int(p.rawValue)
        let (before, after) = (self[row].previous, self[row].next)
        if before >= 0 { self[Int(before)].next = after } else { head[list] = after }
        if after >= 0 { self[Int(after)].previous = before } else { tail[list] = before }
    }

    /// The first row of a phase's list (for `.cached`, the one that goes over the cap first),
    /// or nil.
    func first(_ p: Phase) -> Int? {
        let row = head[Int(p.rawValue)]
        return row >= 0 ? Int(row) : nil
    }

    /// The row after `row` in its phase's list, or nil.
    func next(after row: Int) -> Int? {
        let next = self[row].next
        return next >= 0 ? Int(next) : nil
    }

    // MARK: Eviction.

    /// Finds the rows whose state eviction may change this frame (`evictionCandidates`): rows
    /// being prefetched or built and not shown, outside `window`, and cached rows outside it
    /// whose keep-alive has expired. They are ordered as a walk over every resident from the
    /// last to the first meets them, so eviction destroys them in the same order.
    ///
    /// Expiry follows the cached list: a view cached earlier expires no later (the clock and
    /// the frame count only go forward), so the walk stops at the first view that has not
    /// expired.
    /// - Complexity: O(b + e + c log c) for b rows built and not shown, e expired cached rows and
    ///   c candidates.
    mutating func collectEvictionCandidates(keeping window: LazyStack.RowSpan, keepAlive: KeepAlive, nowMs: Double, frame: Int) {
        // Emptying an empty array still runs the generic removal: most frames find nothing.
        if !evictionCandidates.isEmpty { evictionCandidates.removeAll(keepingCapacity: true) }
        collectOutside(window, .prefetching)
        // Rows built and not shown are prefetched rows, nearly always inside the window: when
        // their bounds are, none of them is a candidate, and the list is not walked.
        if head[Int(Phase.ready.rawValue)] >= 0, !(window.contains(readyLow) && window.contains(readyHigh)) {
            (readyLow, readyHigh) = collectOutside(window, .ready)
        }
        var row = head[Int(Phase.cached.rawValue)]
        while row >= 0 {
            let clock = self[Int(row)].clock
            guard keepAlive.hasExpired(sinceMs: clock.sinceMs, sinceFrame: Int(clock.sinceFrame), nowMs: nowMs, frame: frame) else { break }
            if !window.contains(Int(row)) { evictionCandidates.append(row) }
            row = self[Int(row)].next
        }
        sortLastResidentFirst()
    }

    /// Orders the candidates by slot, last resident first. Slots are distinct, so the order is
    /// the one any sort gives: by insertion for a handful (most frames), else by heap sort, in
    /// place either way (no allocation) and O(c log c) when a frame leaves many rows at once.
    private mutating func sortLastResidentFirst() {
        let c = evictionCandidates.count
        guard c > 1 else { return }
        if c <= 16 {
            for i in 1..<c {
                let candidate = evictionCandidates[i]
                let at = slot[Int(candidate)]
                var j = i
                while j > 0, slot[Int(evictionCandidates[j - 1])] < at {
                    evictionCandidates[j] = evictionCandidates[j - 1]
                    j -= 1
                }
                evictionCandidates[j] = candidate
            }
            return
        }
        // A heap with the lowest slot on top, each taken to the end: slots fall from the front.
        func siftDown(_ start: Int, _ end: Int) {
            var parent = start
            while true {
                var child = 2 * parent + 1
                guard child < end else { return }
                if child + 1 < end, slot[Int(evictionCandidates[child + 1])] < slot[Int(evictionCandidates[child])] { child += 1 }
                guard slot[Int(evictionCandidates[child])] < slot[Int(evictionCandidates[parent])] else { return }
                evictionCandidates.swapAt(parent, child)
                parent = child
            }
        }
        for start in stride(from: c / 2 - 1, through: 0, by: -1) { siftDown(start, c) }
        for end in stride(from: c - 1, to: 0, by: -1) {
            evictionCandidates.swapAt(0, end)
            siftDown(0, end)
        }
    }

    /// Adds the rows of a phase's list outside `window` to the candidates, and returns the
    /// lowest and highest row of the list (`Int.max`, −1 for an empty one).
    @discardableResult
    private mutating func collectOutside(_ window: LazyStack.RowSpan, _ p: Phase) -> (low: Int, high: Int) {
        var low = Int.max
        var high = -1
        var row = head[Int(p.rawValue)]
        while row >= 0 {
            let r = Int(row)
            low = min(low, r)
            high = max(high, r)
            if !window.contains(r) { evictionCandidates.append(row) }
            row = self[r].next
        }
        return (low, high)
    }

    // MARK: Building.

    /// How the row's view is being built or was built.
    func build(of row: Int) -> Build { self[row].build }

    /// Prefetch starts building the row's view: the units' costs, none done, nothing spent.
    mutating func startBuild(_ row: Int, unitMs: (Double, Double, Double), evaluatesBody: Bool) {
        self[row].build = Build(spentMs: 0, remainingMs: unitMs.0 + unitMs.1 + unitMs.2, unitsDone: 0, unitMs: unitMs, evaluatesBody: evaluatesBody)
    }

    /// One unit of the row's build ran, costing `costMs`: what is left goes down by it (to 0
    /// once the three are done).
    mutating func completeUnit(_ row: Int, costMs: Double) {
        self[row].build.unitsDone += 1
        let build = self[row].build
        self[row].build.remainingMs = build.unitsDone == 3 ? 0 : max(0, build.remainingMs - costMs)
    }

    /// Prefetch spent idle time on the row's view.
    mutating func spendPrefetch(_ row: Int, ms: Double) {
        self[row].build.spentMs += ms
    }

    // MARK: Presence.

    /// What showing the row's view has done to it.
    func presence(of row: Int) -> Presence { self[row].presence }

    /// The view was built: whether its view model has its data, and whether its second layout
    /// pass is done; a view new to the screen has not appeared since.
    mutating func built(_ row: Int, isNew: Bool, configured: Bool, relayoutDone: Bool) {
        if isNew { self[row].presence.appearedSinceBuild = false }
        self[row].presence.configured = configured
        self[row].presence.relayoutDone = relayoutDone
    }

    mutating func markAppeared(_ row: Int) { self[row].presence.appearedSinceBuild = true }
    mutating func markConfigured(_ row: Int) { self[row].presence.configured = true }
    mutating func markRelayoutDone(_ row: Int) { self[row].presence.relayoutDone = true }
    mutating func markRasterized(_ row: Int) { self[row].presence.rasterized = true }
    mutating func setScreenY(_ row: Int, _ y: Double) { self[row].presence.screenY = y }
    /// Stores the row's top on screen and returns the one stored before (one look-up).
    mutating func replaceScreenY(_ row: Int, with y: Double) -> Double {
        let s = Int(slot[row])
        assert(s >= 0, "row \(row) has no view (it is \(phase[row]))")
        let old = records[s].presence.screenY
        records[s].presence.screenY = y
        return old
    }

    // MARK: Keep-alive.

    /// When the row's view went into the keep-alive cache.
    func keepAliveClock(of row: Int) -> KeepAliveClock { self[row].clock }

    /// The row's view goes into the keep-alive cache now: its clock starts.
    /// - Precondition: the view exists and is not cached.
    mutating func startKeepAlive(_ row: Int, nowMs: Double, frame: Int) {
        assert(phase[row] != .absent && phase[row] != .cached, "row \(row) cannot go into the cache from \(phase[row])")
        self[row].clock = KeepAliveClock(sinceMs: nowMs, sinceFrame: Int32(frame))
        _ = setPhase(row, .cached)
    }

    /// A cached row inside the prefetch window holds its clock; a held row outside it starts
    /// its clock now (its first frame outside the viewport and the window). Held rows sit at
    /// the end of the cached list, so the walk visits them and the window's rows only.
    /// - Complexity: O(w + h) for w rows in the window and h held rows.
    mutating func updateKeepAliveHolds(window: LazyStack.RowSpan, nowMs: Double, frame: Int) {
        let cached = Int(Phase.cached.rawValue)
        var row = tail[cached]
        while row >= 0, self[Int(row)].clock.isHeld {
            // Restarted rows go before every held row: the walk never meets them again.
            let previous = self[Int(row)].previous
            if !window.contains(Int(row)) { relinkCached(Int(row), clock: KeepAliveClock(sinceMs: nowMs, sinceFrame: Int32(frame))) }
            row = previous
        }
        guard !window.isEmpty else { return }
        for r in window.first...min(window.last, count - 1) where phase[r] == .cached && !self[r].clock.isHeld {
            relinkCached(r, clock: .held)
        }
    }

    /// Gives a cached row a new clock, moving it to its place in the cached list.
    private mutating func relinkCached(_ row: Int, clock: KeepAliveClock) {
        unlink(row, from: .cached)
        self[row].clock = clock
        link(row, into: .cached)
    }

    // MARK: Holdings.

    /// What the row's view holds.
    func holdings(of row: Int) -> Holdings { self[row].holdings }

    mutating func setLoadState(_ row: Int, _ state: LoadState) { self[row].holdings.loadState = state }

    /// The row's content arrived: it is loaded, and its bytes are held.
    mutating func contentLoaded(_ row: Int, bytes: Int) {
        self[row].holdings.loadState = .loaded
        addBytes(row, bytes)
    }

    /// An item of the row's nested row was built: how many are built, their render costs and
    /// their bytes.
    mutating func nestedItemBuilt(_ row: Int, item: Int, renderMs: Double, serverMs: Double, bytes: Int) {
        self[row].holdings.nestedBuilt = Int32(item + 1)
        self[row].holdings.nestedRenderMs += renderMs
        self[row].holdings.nestedServerMs += serverMs
        addBytes(row, bytes)
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
        viewBytes += bytes - self[row].holdings.bytes
        self[row].holdings.bytes = bytes
    }

    /// Adds to the bytes a resident row holds, keeping the ledger.
    /// - Complexity: O(1)
    mutating func addBytes(_ row: Int, _ bytes: Int) {
        setBytes(row, self[row].holdings.bytes + bytes)
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
            bytes += records[s].holdings.bytes
        }
        precondition(seen == counts, "RowStates: counts per phase \(counts) disagree with the residents \(seen)")
        precondition(bytes == viewBytes, "RowStates: the residents hold \(bytes) bytes but the ledger says \(viewBytes)")
        for p in [Phase.prefetching, .ready, .visible, .cached] {
            var listed = 0
            var before: Int32 = -1
            var row = head[Int(p.rawValue)]
            while row >= 0 {
                let r = Int(row)
                precondition(phase[r] == p, "RowStates: row \(r) is in the \(p) list but is \(phase[r])")
                precondition(p != .ready || (readyLow...readyHigh).contains(r), "RowStates: ready row \(r) is outside the ready rows' bounds \(readyLow)...\(readyHigh)")
                precondition(self[r].previous == before, "RowStates: row \(r) in the \(p) list links back to \(self[r].previous), not \(before)")
                if p == .cached, before >= 0 {
                    let (a, b) = (self[Int(before)].clock, self[r].clock)
                    precondition(KeepAlive.goesBefore((a.sinceMs, Int(before)), (b.sinceMs, r)) && a.sinceFrame <= b.sinceFrame,
                                 "RowStates: cached row \(before) (since \(a.sinceMs) ms, frame \(a.sinceFrame)) is listed before row \(r) (since \(b.sinceMs) ms, frame \(b.sinceFrame))")
                }
                listed += 1
                before = row
                row = self[r].next
            }
            precondition(before == tail[Int(p.rawValue)], "RowStates: the \(p) list ends at \(before), not at its tail \(tail[Int(p.rawValue)])")
            precondition(listed == count(p), "RowStates: the \(p) list has \(listed) rows but \(count(p)) are \(p)")
        }
        #endif
    }
}
