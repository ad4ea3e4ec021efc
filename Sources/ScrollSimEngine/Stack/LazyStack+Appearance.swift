/// onAppear and onDisappear, and the updates an appearance sets off for the next frame.
///
/// A row appears when it enters the visible range (a prefetched row that never does is recorded
/// as such). Appearing costs `appearMs`; it starts `.task` and onAppear loaders; a view
/// configured in onAppear changes state, so its body and layout run again in the next frame
/// (and what prefetch laid out is discarded); the onGeometryChange anti-pattern schedules its
/// second layout pass for the next frame too.
extension LazyStack {
    /// Fires onDisappear for rows that left the viewport and onAppear for rows that entered it.
    /// - Complexity: O(v)
    mutating func updateVisibility(from old: RowSpan, to new: RowSpan, work: inout PhaseWork, events: inout EventLog) {
        if !old.isEmpty {
            for row in old.first...old.last where !new.contains(row) && row != pinnedHeader {
                if phase[row] == .visible { disappear(row, events: &events) }
            }
        }
        if !new.isEmpty {
            for row in new.first...new.last where phase[row] != .visible {
                appear(row, work: &work, events: &events)
            }
        }
    }

    mutating func appear(_ row: Int, work: inout PhaseWork, events: inout EventLog) {
        let spec = rows.type(of: row)
        let firstShow = !appearedSinceBuild[row]
        setPhase(row, .visible)
        appearedSinceBuild[row] = true
        // An eager stack fires every child's onAppear once, at launch; scrolling only renders.
        if isEager && !firstShow { return }
        work.appear += jittered(spec.costs.appearMs, spec)
        totals.appears += 1
        events.record(.appear, row: row, element: Int(rows.element[row]))
        if let async = spec.asyncContent, async.start != .initializer {
            startLoad(row, events: &events)
        }
        if firstShow && !configured[row] {
            pendingUpdates.append(PendingUpdate(row: Int32(row), kind: .configure))
        } else if firstShow && !relayoutDone[row] {
            pendingUpdates.append(PendingUpdate(row: Int32(row), kind: .relayout))
        }
        if spec.row != nil {
            buildNestedItems(row, work: &work, events: &events)
        }
    }

    mutating func disappear(_ row: Int, events: inout EventLog) {
        moveToCache(row)
        if isEager { return }
        events.record(.disappear, row: row, element: Int(rows.element[row]))
        if let async = rows.type(of: row).asyncContent, async.start == .task, loadState[row] == .loading {
            cancelLoad(row, events: &events)
        }
    }

    /// Runs the updates appearances scheduled last frame (before this frame's layout).
    mutating func applyPendingUpdates(work: inout PhaseWork, events: inout EventLog) {
        guard !pendingUpdates.isEmpty else { return }
        var i = 0
        while i < pendingUpdates.count {
            let update = pendingUpdates[i]
            i += 1
            let row = Int(update.row)
            guard phase[row] != .absent else { continue }
            let spec = rows.type(of: row)
            work.body += jittered(spec.costs.bodyMs, spec)
            work.layout += jittered(spec.costs.layoutMs, spec)
            totals.bodyEvaluations += 1
            totals.layoutPasses += 1
            switch update.kind {
            case .configure:
                configured[row] = true
                // The body and layout prefetch ran on the unconfigured view are thrown away.
                let build = spec.costs.buildMs
                if prefetchSpentMs[row] > 0, build > 0 {
                    totals.wastedPrefetchMs += prefetchSpentMs[row] * (spec.costs.bodyMs + spec.costs.layoutMs) / build
                }
                if !relayoutDone[row] {
                    pendingUpdates.append(PendingUpdate(row: update.row, kind: .relayout))
                }
            case .relayout:
                relayoutDone[row] = true
            }
            measure(row)
            events.record(.relayout, row: row, element: Int(rows.element[row]), value: Double(update.kind.rawValue))
        }
        pendingUpdates.removeAll(keepingCapacity: true)
    }
}
