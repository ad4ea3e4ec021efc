/// Eviction and delayed state release (DESIGN §7).
///
/// A row that leaves the viewport goes to the keep-alive cache: its view and its @State stay,
/// so coming back is cheap and keeps state. Once it has been out of the viewport and the
/// prefetch window for `keepAlive` (ms or frames), or when more than `maxViews` rows are cached
/// (oldest first), it is destroyed: its memory is freed, and view-local state the script
/// mutated is lost (recorded as a state loss when the element comes back). A row prefetch built
/// that leaves the window without ever appearing is cached the same way; if it is destroyed
/// unseen, its prefetch work was wasted.
extension LazyStack {
    /// - Complexity: O(r) for r resident rows, plus O(r) per view over the cap.
    mutating func evict(events: inout EventLog) {
        guard !isEager else { return }
        var i = residents.count - 1
        while i >= 0 {
            let row = Int(residents[i])
            i -= 1
            let inWindow = row >= windowFirst && row <= windowLast
            switch phase[row] {
            case .absent, .visible:
                continue
            case .prefetching:
                if !inWindow {
                    events.record(.prefetchAbandon, row: row, element: Int(rows.element[row]), value: prefetchSpentMs[row])
                    destroy(row, events: &events)
                }
            case .ready:
                if !inWindow {
                    moveToCache(row)
                    events.record(.evict, row: row, element: Int(rows.element[row]))
                }
            case .cached:
                if !inWindow && hasExpired(row) {
                    destroy(row, events: &events)
                }
            }
        }
        while cachedCount > config.keepAlive.maxViews {
            guard let oldest = oldestCachedOutsideWindow() else { break }
            destroy(oldest, events: &events)
        }
    }

    /// Starts the row's keep-alive clock.
    mutating func moveToCache(_ row: Int) {
        setPhase(row, .cached)
        cachedSinceMs[row] = nowMs
        cachedSinceFrame[row] = Int32(frame)
    }

    func hasExpired(_ row: Int) -> Bool {
        switch config.keepAlive.duration {
        case .milliseconds(let ms):
            return nowMs - cachedSinceMs[row] >= ms - Tolerance.milliseconds
        case .frames(let frames):
            return frame - Int(cachedSinceFrame[row]) >= frames
        }
    }

    func oldestCachedOutsideWindow() -> Int? {
        var oldest: Int?
        for r in residents {
            let row = Int(r)
            guard phase[row] == .cached, !(row >= windowFirst && row <= windowLast) else { continue }
            if let current = oldest {
                if cachedSinceMs[row] < cachedSinceMs[current] || (cachedSinceMs[row] == cachedSinceMs[current] && row < current) {
                    oldest = row
                }
            } else {
                oldest = row
            }
        }
        return oldest
    }

    /// The view is gone: memory freed, view state released, loads cancelled.
    mutating func destroy(_ row: Int, events: inout EventLog) {
        let spec = rows.type(of: row)
        var wasted = 0.0
        if !appearedSinceBuild[row] && prefetchSpentMs[row] > 0 {
            wasted = prefetchSpentMs[row]
            totals.wastedPrefetchMs += wasted
            totals.prefetchedNeverAppeared += 1
        }
        if viewStateMutated[row] && !spec.stateLocation.survivesRelease {
            viewStateMutated[row] = false
            viewStateLost[row] = true
        }
        if loadState[row] == .loading {
            cancelLoad(row, events: &events)
        }
        loadState[row] = .none
        nestedBuilt[row] = 0
        nestedRenderMs[row] = 0
        setRowBytes(row, 0)
        prefetchSpentMs[row] = 0
        prefetchRemainingMs[row] = 0
        appearedSinceBuild[row] = false
        configured[row] = false
        relayoutDone[row] = false
        setPhase(row, .absent)
        totals.releases += 1
        // The value is the prefetch work thrown away with a view that never appeared (else 0).
        events.record(.release, row: row, element: Int(rows.element[row]), value: wasted)
    }
}
