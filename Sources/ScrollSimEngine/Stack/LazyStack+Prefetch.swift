/// Where prefetch is decided: idle-time building of the rows just beyond the leading edge.
///
/// After a frame's required work, idle = budget − work − margin (`PrefetchScheduler`). The
/// prefetch window is the rows beyond the leading edge in the scroll direction, up to `distance`
/// viewports away. Walking it in order, each row not yet built is worked on while idle time
/// lasts:
/// - `chunked` spends whatever idle there is on the row, finishing it over several frames if it
///   does not fit in one (SwiftUI's "gradually during frame idle time").
/// - `deadline` (Android's GapWorker) builds a row whole, only if its type's running-average
///   build cost fits the idle left — a type never measured is always tried — or if the very next
///   frame will need it (then it is forced, even if it overruns). The first row that does not
///   fit ends prefetch for the frame.
/// Rows in the window are kept alive; the window also tells eviction what is still wanted.
extension LazyStack {
    mutating func prefetch(velocity: Double, _ context: inout FrameContext) {
        prefetcher.setWindow(.empty)
        let n = rows.count
        guard !isEager, config.prefetch.enabled, n > 0, lastVisible >= firstVisible else { return }
        let reach = config.prefetch.distance * viewport.height
        var idle = prefetcher.idleMs(budgetMs: budgetMs, workMs: context.work.total)
        var open = true
        // Where the viewport will be next frame if the scroll carries on.
        let nextOffset = offset + velocity * budgetMs / 1000
        if prefetcher.direction >= 0 {
            var row = lastVisible + 1
            guard row < n else { return }
            var y = index.y(of: row)
            let limit = offset + viewport.height + reach
            let first = row
            while row < n, y < limit {
                if open {
                    let needed = y < nextOffset + viewport.height
                    open = prefetchRow(row, needed: needed, idle: &idle, &context)
                }
                y += index.height(of: row) + index.spacing
                row += 1
            }
            prefetcher.setWindow(RowSpan(first: first, last: row - 1))
        } else {
            var row = firstVisible - 1
            guard row >= 0 else { return }
            var bottom = index.y(of: firstVisible) - index.spacing
            let limit = offset - reach
            let last = row
            while row >= 0, bottom > limit {
                if open {
                    let needed = bottom > nextOffset
                    open = prefetchRow(row, needed: needed, idle: &idle, &context)
                }
                bottom -= index.height(of: row) + index.spacing
                row -= 1
            }
            prefetcher.setWindow(RowSpan(first: row + 1, last: last))
        }
    }

    /// Works on one row of the window. Returns false when prefetch should stop for this frame.
    mutating func prefetchRow(_ row: Int, needed: Bool, idle: inout Double, _ context: inout FrameContext) -> Bool {
        guard idle > Tolerance.milliseconds else { return false }
        let spec = rows.type(of: row)
        switch states.phase[row] {
        case .visible:
            return true
        case .ready, .cached:
            // A row laid out at another width (before a rotation) is laid out again ahead of need.
            if states.measuredEpoch[row] != estimator.epoch {
                let cost = jittered(spec.costs.layoutMs, spec)
                spend(cost, on: row, idle: &idle, &context)
                context.totals.layoutPasses += 1
                measure(row)
            }
            return true
        case .absent, .prefetching:
            switch config.prefetch.policy {
            case .chunked:
                return prefetchChunk(row, idle: &idle, &context)
            case .deadline:
                return prefetchWithinDeadline(row, needed: needed, idle: &idle, &context)
            }
        }
    }

    /// `chunked`: as much of the row's build as the idle time allows.
    mutating func prefetchChunk(_ row: Int, idle: inout Double, _ context: inout FrameContext) -> Bool {
        let spec = rows.type(of: row)
        if states.phase[row] == .absent {
            let jitteredBuild = jitteredBuildMs(spec)
            setPhase(row, .prefetching, &context)
            states[row].prefetchRemainingMs = jitteredBuild
            states[row].prefetchSpentMs = 0
            context.events.record(.prefetchStart, row: row, element: Int(rows.element[row]), value: jitteredBuild)
        }
        let chunk = min(idle, states[row].prefetchRemainingMs)
        spend(chunk, on: row, idle: &idle, &context)
        states[row].prefetchRemainingMs -= chunk
        guard states[row].prefetchRemainingMs <= Tolerance.milliseconds else { return false }
        states[row].prefetchRemainingMs = 0
        finishPrefetch(row, &context)
        prefetchNestedItems(row, idle: &idle, &context)
        return true
    }

    /// `deadline`: the whole row if its type's average fits, or if the next frame needs it.
    mutating func prefetchWithinDeadline(_ row: Int, needed: Bool, idle: inout Double, _ context: inout FrameContext) -> Bool {
        let spec = rows.type(of: row)
        let t = Int(rows.typeIndex[row])
        if states.phase[row] == .prefetching {
            // Started under another policy: finish it.
            spend(states[row].prefetchRemainingMs, on: row, idle: &idle, &context)
            states[row].prefetchRemainingMs = 0
            finishPrefetch(row, &context)
            return idle > 0
        }
        let fits = prefetcher.fitsDeadline(type: t, idleMs: idle)
        guard fits || needed else { return false }
        let cost = jitteredBuildMs(spec)
        prefetcher.recordBuild(type: t, costMs: cost)
        setPhase(row, .prefetching, &context)
        states[row].prefetchSpentMs = 0
        context.events.record(.prefetchStart, row: row, element: Int(rows.element[row]), value: fits ? cost : -cost)
        spend(cost, on: row, idle: &idle, &context)
        finishPrefetch(row, &context)
        prefetchNestedItems(row, idle: &idle, &context)
        return idle > Tolerance.milliseconds
    }

    mutating func spend(_ ms: Double, on row: Int, idle: inout Double, _ context: inout FrameContext) {
        context.work.prefetch += ms
        idle -= ms
        states[row].prefetchSpentMs += ms
        context.totals.prefetchMs += ms
    }

    mutating func finishPrefetch(_ row: Int, _ context: inout FrameContext) {
        context.totals.prefetchedBuilds += 1
        completeBuild(row, &context)
        context.events.record(.prefetchFinish, row: row, element: Int(rows.element[row]), value: states[row].prefetchSpentMs)
    }
}
