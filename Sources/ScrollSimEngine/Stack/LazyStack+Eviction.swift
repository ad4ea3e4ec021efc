/// Eviction and delayed state release.
///
/// A row that leaves the viewport goes to the keep-alive cache: its view and its @State stay,
/// so coming back is cheap and keeps state. Its keep-alive clock starts in the first frame it
/// is outside both the viewport and the prefetch window (a cached row the window holds, or
/// turns back to, holds its clock: `RowStates.updateKeepAliveHolds`). Once it has been out of
/// both for `keepAlive` (ms or frames), or when more than `maxViews` rows are cached (oldest
/// first), it is destroyed (`KeepAlive`): its memory is freed, and view-local state the
/// script mutated is lost (recorded as a state loss when the element comes back). A row prefetch
/// built that leaves the window without ever appearing is cached the same way; if it is
/// destroyed unseen, its prefetch work was wasted.
extension LazyStack {
    /// Visits only the rows whose state can change this frame (`RowStates.collectEvictionCandidates`:
    /// rows built and not shown outside the prefetch window, expired cached rows outside it), in
    /// the order a walk over every resident from the last to the first would, then destroys the
    /// oldest cached rows outside the window while the cache is over its cap, following the
    /// cached list (`KeepAlive.goesBefore` order). Between the two, cached rows in the window
    /// hold their keep-alive clocks and those that left it start theirs.
    /// - Complexity: O(b + e + c log c) for b rows built and not shown, e expired cached rows and c
    ///   candidates, plus O(k + w) for k views over the cap and w rows in the window.
    mutating func evict(_ context: inout FrameContext) {
        guard !isEager else { return }
        states.collectEvictionCandidates(keeping: prefetcher.window, keepAlive: keepAlive, nowMs: context.nowMs, frame: context.frame)
        #if DEBUG
        checkEvictionCandidates(context)
        #endif
        for k in states.evictionCandidates.indices {
            let row = Int(states.evictionCandidates[k])
            switch states.phase[row] {
            case .absent, .visible:
                continue
            case .prefetching:
                // Read first: an argument that reads `self` makes the call copy the stack.
                let spent = states.build(of: row).spentMs
                log(.prefetchAbandon, row: row, value: spent, &context)
                destroy(row, &context)
            case .ready:
                moveToCache(row, &context)
                log(.evict, row: row, &context)
            case .cached:
                destroy(row, &context)
            }
        }
        states.updateKeepAliveHolds(window: prefetcher.window, nowMs: context.nowMs, frame: context.frame)
        var over = cachedCount - keepAlive.maxViews
        var next = states.first(.cached)
        while over > 0, let row = next {
            // Destroying a row changes no other row's place in the list.
            next = states.next(after: row)
            guard !prefetcher.keeps(row) else { continue }
            destroy(row, &context)
            over -= 1
        }
    }

    #if DEBUG
    /// The candidates are the rows a walk over every resident, last first, would act on.
    func checkEvictionCandidates(_ context: FrameContext) {
        var walked: [Int32] = []
        for r in states.residents.reversed() {
            let row = Int(r)
            guard states.phase[row] != .visible, !prefetcher.keeps(row) else { continue }
            if states.phase[row] == .cached {
                let clock = states.keepAliveClock(of: row)
                guard keepAlive.hasExpired(sinceMs: clock.sinceMs, sinceFrame: Int(clock.sinceFrame), nowMs: context.nowMs, frame: context.frame) else { continue }
            }
            walked.append(r)
        }
        precondition(walked == states.evictionCandidates, "LazyStack, frame \(context.frame): eviction would visit rows \(states.evictionCandidates), a walk over every resident \(walked)")
    }
    #endif

    /// Starts the row's keep-alive clock.
    mutating func moveToCache(_ row: Int, _ context: inout FrameContext) {
        states.startKeepAlive(row, nowMs: context.nowMs, frame: context.frame)
    }

    /// The view is gone: memory freed, view state released, loads cancelled.
    mutating func destroy(_ row: Int, _ context: inout FrameContext) {
        let survivesRelease = rows.profile(ofRow: row, { $0.stateLocation.survivesRelease })
        let build = states.build(of: row)
        var wasted = 0.0
        if !states.presence(of: row).appearedSinceBuild && build.spentMs > 0 {
            wasted = build.spentMs
            context.totals.prefetch.recordNeverAppeared(wastedMs: wasted)
        }
        if states.marks[row].contains(.stateMutated) && !survivesRelease {
            states.marks[row].remove(.stateMutated)
            states.marks[row].insert(.stateLost)
        }
        if states.holdings(of: row).loadState == .loading {
            cancelLoad(row, &context)
        }
        // Discarding the row's record frees its bytes and resets everything its view held.
        setPhase(row, .absent, &context)
        context.totals.memory.releases += 1
        // The value is the prefetch work thrown away with a view that never appeared (else 0).
        log(.release, row: row, value: wasted, &context)
    }
}
