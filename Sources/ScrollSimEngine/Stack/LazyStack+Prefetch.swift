/// Where prefetch is decided: idle-time building of the rows just beyond the leading edge
/// (DESIGN §6).
///
/// After a frame's required work, idle = budget − work − margin. The prefetch window is the
/// rows beyond the leading edge in the scroll direction, up to `distance` viewports away.
/// Walking it in order, each row not yet built is worked on while idle time lasts:
/// - `chunked` spends whatever idle there is on the row, finishing it over several frames if it
///   does not fit in one (SwiftUI's "gradually during frame idle time").
/// - `deadline` (Android's GapWorker) builds a row whole, only if its type's running-average
///   build cost (old·3/4 + new/4) fits the idle left — a type never measured is always tried —
///   or if the very next frame will need it (then it is forced, even if it overruns). The first
///   row that does not fit ends prefetch for the frame.
/// Rows in the window are kept alive; the window also tells eviction what is still wanted.
extension LazyStack {
    mutating func prefetch(physics: ScrollPhysics, work: inout PhaseWork, events: inout EventLog) {
        windowFirst = 0
        windowLast = -1
        let n = rows.count
        guard !isEager, config.prefetch.enabled, n > 0, lastVisible >= firstVisible else { return }
        let reach = config.prefetch.distance * viewport.height
        var idle = budgetMs - work.total - config.prefetch.marginMs
        var open = true
        // Where the viewport will be next frame if the scroll carries on.
        let nextOffset = offset + physics.velocity * budgetMs / 1000
        if direction >= 0 {
            var row = lastVisible + 1
            guard row < n else { return }
            var y = index.y(of: row)
            let limit = offset + viewport.height + reach
            windowFirst = row
            while row < n, y < limit {
                if open {
                    let needed = y < nextOffset + viewport.height
                    open = prefetchRow(row, needed: needed, idle: &idle, work: &work, events: &events)
                }
                y += index.height(of: row) + index.spacing
                row += 1
            }
            windowLast = row - 1
        } else {
            var row = firstVisible - 1
            guard row >= 0 else { return }
            var bottom = index.y(of: firstVisible) - index.spacing
            let limit = offset - reach
            windowLast = row
            while row >= 0, bottom > limit {
                if open {
                    let needed = bottom > nextOffset
                    open = prefetchRow(row, needed: needed, idle: &idle, work: &work, events: &events)
                }
                bottom -= index.height(of: row) + index.spacing
                row -= 1
            }
            windowFirst = row + 1
        }
    }

    /// Works on one row of the window. Returns false when prefetch should stop for this frame.
    mutating func prefetchRow(_ row: Int, needed: Bool, idle: inout Double, work: inout PhaseWork, events: inout EventLog) -> Bool {
        guard idle > Tolerance.milliseconds else { return false }
        let spec = rows.type(of: row)
        switch phase[row] {
        case .visible:
            return true
        case .ready, .cached:
            // A row laid out at another width (before a rotation) is laid out again ahead of need.
            if measuredEpoch[row] != widthEpoch {
                let cost = jittered(spec.costs.layoutMs, spec)
                spend(cost, on: row, idle: &idle, work: &work)
                totals.layoutPasses += 1
                measure(row)
            }
            return true
        case .absent, .prefetching:
            switch config.prefetch.policy {
            case .chunked:
                return prefetchChunk(row, idle: &idle, work: &work, events: &events)
            case .deadline:
                return prefetchWithinDeadline(row, needed: needed, idle: &idle, work: &work, events: &events)
            }
        }
    }

    /// `chunked`: as much of the row's build as the idle time allows.
    mutating func prefetchChunk(_ row: Int, idle: inout Double, work: inout PhaseWork, events: inout EventLog) -> Bool {
        let spec = rows.type(of: row)
        if phase[row] == .absent {
            let jitteredBuild = jitteredBuildMs(spec)
            prefetchRemainingMs[row] = jitteredBuild
            prefetchSpentMs[row] = 0
            setPhase(row, .prefetching)
            events.record(.prefetchStart, row: row, element: Int(rows.element[row]), value: jitteredBuild)
        }
        let chunk = min(idle, prefetchRemainingMs[row])
        spend(chunk, on: row, idle: &idle, work: &work)
        prefetchRemainingMs[row] -= chunk
        guard prefetchRemainingMs[row] <= Tolerance.milliseconds else { return false }
        prefetchRemainingMs[row] = 0
        finishPrefetch(row, events: &events)
        prefetchNestedItems(row, idle: &idle, work: &work, events: &events)
        return true
    }

    /// `deadline`: the whole row if its type's average fits, or if the next frame needs it.
    mutating func prefetchWithinDeadline(_ row: Int, needed: Bool, idle: inout Double, work: inout PhaseWork, events: inout EventLog) -> Bool {
        let spec = rows.type(of: row)
        let t = Int(rows.typeIndex[row])
        if phase[row] == .prefetching {
            // Started under another policy: finish it.
            spend(prefetchRemainingMs[row], on: row, idle: &idle, work: &work)
            prefetchRemainingMs[row] = 0
            finishPrefetch(row, events: &events)
            return idle > 0
        }
        let fits = !typeBuildMeasured[t] || typeBuildAverage[t] <= idle
        guard fits || needed else { return false }
        let cost = jitteredBuildMs(spec)
        typeBuildAverage[t] = typeBuildMeasured[t] ? typeBuildAverage[t] * 3 / 4 + cost / 4 : cost
        typeBuildMeasured[t] = true
        prefetchSpentMs[row] = 0
        setPhase(row, .prefetching)
        events.record(.prefetchStart, row: row, element: Int(rows.element[row]), value: fits ? cost : -cost)
        spend(cost, on: row, idle: &idle, work: &work)
        finishPrefetch(row, events: &events)
        prefetchNestedItems(row, idle: &idle, work: &work, events: &events)
        return idle > Tolerance.milliseconds
    }

    mutating func spend(_ ms: Double, on row: Int, idle: inout Double, work: inout PhaseWork) {
        work.prefetch += ms
        idle -= ms
        prefetchSpentMs[row] += ms
        totals.prefetchMs += ms
    }

    mutating func finishPrefetch(_ row: Int, events: inout EventLog) {
        totals.prefetchedBuilds += 1
        completeBuild(row, events: &events)
        events.record(.prefetchFinish, row: row, element: Int(rows.element[row]), value: prefetchSpentMs[row])
    }
}
