/// Eviction and delayed state release.
///
/// A row that leaves the viewport goes to the keep-alive cache: its view and its @State stay,
/// so coming back is cheap and keeps state. Once it has been out of the viewport and the
/// prefetch window for `keepAlive` (ms or frames), or when more than `maxViews` rows are cached
/// (oldest first), it is destroyed (`KeepAlive`): its memory is freed, and view-local state the
/// script mutated is lost (recorded as a state loss when the element comes back). A row prefetch
/// built that leaves the window without ever appearing is cached the same way; if it is
/// destroyed unseen, its prefetch work was wasted.
extension LazyStack {
    /// - Complexity: O(r) for r resident rows, plus O(r) for one view over the cap and
    ///   O(r log r) for more (they go in one sorted pass, not one scan each).
    mutating func evict(_ context: inout FrameContext) {
        guard !isEager else { return }
        var i = states.residentCount - 1
        while i >= 0 {
            let row = Int(states.residents[i])
            i -= 1
            let phase = states.phase[row]
            // A visible row stays, and so does every row in the prefetch window.
            guard phase != .visible, !prefetcher.keeps(row) else { continue }
            switch phase {
            case .absent, .visible:
                continue
            case .prefetching:
                // Read first: an argument that reads `self` makes the call copy the stack.
                let spent = states[row].prefetchSpentMs
                log(.prefetchAbandon, row: row, value: spent, &context)
                destroy(row, &context)
            case .ready:
                moveToCache(row, &context)
                log(.evict, row: row, &context)
            case .cached:
                let since = (ms: states[row].cachedSinceMs, frame: Int(states[row].cachedSinceFrame))
                if keepAlive.hasExpired(sinceMs: since.ms, sinceFrame: since.frame, nowMs: context.nowMs, frame: context.frame) {
                    destroy(row, &context)
                }
            }
        }
        let over = cachedCount - keepAlive.maxViews
        if over == 1 {
            if let oldest = oldestCachedOutsideWindow() { destroy(oldest, &context) }
        } else if over > 1 {
            // Destroying a row changes no other row's eligibility, so taking the oldest again
            // and again is the order of one sort: the same rows in the same order, without a
            // scan per row (quadratic when thousands of rows share the viewport, e.g. rows of
            // height 0).
            sortCachedOutsideWindow()
            for k in 0..<min(over, evictionOrder.count) {
                destroy(evictionOrder[k].row, &context)
            }
        }
    }

    /// Puts every cached row outside the prefetch window in `evictionOrder`, oldest first
    /// (`KeepAlive.goesBefore`). The buffer is the stack's, reserved at set-up, so a frame over
    /// the cap allocates nothing; up to 64 rows are sorted by insertion in place (the library
    /// sort takes a buffer), more by the library sort.
    /// - Complexity: O(r²) for r ≤ 64 rows, else O(r log r)
    mutating func sortCachedOutsideWindow() {
        evictionOrder.removeAll(keepingCapacity: true)
        for r in states.residents {
            let row = Int(r)
            guard states.phase[row] == .cached, !prefetcher.keeps(row) else { continue }
            evictionOrder.append((sinceMs: states[row].cachedSinceMs, row: row))
        }
        guard evictionOrder.count <= 64 else {
            evictionOrder.sort(by: KeepAlive.goesBefore)
            return
        }
        for i in evictionOrder.indices.dropFirst() {
            let candidate = evictionOrder[i]
            var j = i
            while j > 0, KeepAlive.goesBefore(candidate, evictionOrder[j - 1]) {
                evictionOrder[j] = evictionOrder[j - 1]
                j -= 1
            }
            evictionOrder[j] = candidate
        }
    }

    /// Starts the row's keep-alive clock.
    mutating func moveToCache(_ row: Int, _ context: inout FrameContext) {
        setPhase(row, .cached, &context)
        states[row].cachedSinceMs = context.nowMs
        states[row].cachedSinceFrame = Int32(context.frame)
    }

    /// The cached row outside the prefetch window that goes first over the cap.
    /// - Complexity: O(r)
    func oldestCachedOutsideWindow() -> Int? {
        var oldest: (sinceMs: Double, row: Int)?
        for r in states.residents {
            let row = Int(r)
            guard states.phase[row] == .cached, !prefetcher.keeps(row) else { continue }
            let candidate = (sinceMs: states[row].cachedSinceMs, row: row)
            if let current = oldest {
                if KeepAlive.goesBefore(candidate, current) { oldest = candidate }
            } else {
                oldest = candidate
            }
        }
        return oldest?.row
    }

    /// The view is gone: memory freed, view state released, loads cancelled.
    mutating func destroy(_ row: Int, _ context: inout FrameContext) {
        let spec = rows.profile(ofRow: row)
        let state = states[row]
        var wasted = 0.0
        if !state.appearedSinceBuild && state.prefetchSpentMs > 0 {
            wasted = state.prefetchSpentMs
            context.totals.prefetch.wastedMs += wasted
            context.totals.prefetch.neverAppeared += 1
        }
        if states.marks[row].contains(.stateMutated) && !spec.stateLocation.survivesRelease {
            states.marks[row].remove(.stateMutated)
            states.marks[row].insert(.stateLost)
        }
        if state.loadState == .loading {
            cancelLoad(row, &context)
        }
        // Discarding the row's record frees its bytes and resets everything its view held.
        setPhase(row, .absent, &context)
        context.totals.memory.releases += 1
        // The value is the prefetch work thrown away with a view that never appeared (else 0).
        log(.release, row: row, value: wasted, &context)
    }
}
