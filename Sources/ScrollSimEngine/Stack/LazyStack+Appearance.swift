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
    mutating func updateVisibility(from old: RowSpan, to new: RowSpan, _ context: inout FrameContext) {
        if !old.isEmpty {
            // The rows of `old` not in `new`, in order: those above it, then those below.
            disappearVisible(old.first, new.isEmpty ? old.last : min(old.last, new.first - 1), &context)
            if !new.isEmpty { disappearVisible(max(old.first, new.last + 1), old.last, &context) }
        }
        if !new.isEmpty {
            for row in new.first...new.last where states.phase[row] != .visible {
                appear(row, &context)
            }
        }
    }

    /// Every row of `first...last` still visible leaves the screen (the pinned header stays);
    /// nothing when `last < first`.
    private mutating func disappearVisible(_ first: Int, _ last: Int, _ context: inout FrameContext) {
        guard first <= last else { return }
        for row in first...last where row != pinnedHeader && states.phase[row] == .visible {
            disappear(row, &context)
        }
    }

    mutating func appear(_ row: Int, _ context: inout FrameContext) {
        let spec = rows.profile(ofRow: row)
        let firstShow = !states.presence(of: row).appearedSinceBuild
        if states.phase[row] == .cached && !isEager {
            context.totals.byType[rows.typeIndex(ofRow: row)].reusedFromCache += 1
        }
        setPhase(row, .visible, &context)
        states.markAppeared(row)
        states.marks[row].insert(.viewed)
        // An eager stack fires every child's onAppear once, at launch; scrolling only renders.
        if isEager && !firstShow { return }
        context.charge(.appear, jittered(rows.cost(.appear, ofRow: row, spec.costs), spec), type: rows.typeIndex(ofRow: row))
        context.totals.work.appears += 1
        signals.maxAppeared = max(signals.maxAppeared, rows.lastListElement(ofRow: row))
        log(.appear, row: row, &context)
        if let async = spec.asyncContent, async.start != .initializer {
            startLoad(row, &context)
        }
        let presence = states.presence(of: row)
        if firstShow && !presence.configured {
            pendingUpdates.append(PendingUpdate(row: Int32(row), kind: .configure))
        } else if firstShow && !presence.relayoutDone {
            pendingUpdates.append(PendingUpdate(row: Int32(row), kind: .relayout))
        }
        if spec.hasNestedRow {
            buildNestedItems(row, &context)
        }
    }

    mutating func disappear(_ row: Int, _ context: inout FrameContext) {
        moveToCache(row, &context)
        if isEager { return }
        log(.disappear, row: row, &context)
        if let async = rows.profile(ofRow: row, { $0.asyncContent }), async.start == .task, states.holdings(of: row).loadState == .loading {
            cancelLoad(row, &context)
        }
    }

    /// Runs the updates appearances scheduled last frame (before this frame's layout).
    mutating func applyPendingUpdates(_ context: inout FrameContext) {
        guard !pendingUpdates.isEmpty else { return }
        var i = 0
        while i < pendingUpdates.count {
            let update = pendingUpdates[i]
            i += 1
            let row = Int(update.row)
            guard states.phase[row] != .absent else { continue }
            let spec = rows.profile(ofRow: row)
            context.charge(.body, jittered(rows.cost(.body, ofRow: row, spec.costs), spec), type: rows.typeIndex(ofRow: row))
            context.charge(.layout, jittered(rows.cost(.layout, ofRow: row, spec.costs), spec), type: rows.typeIndex(ofRow: row))
            context.totals.work.recordReevaluation(bodies: rows.bodies(ofRow: row))
            switch update.kind {
            case .configure:
                states.markConfigured(row)
                // The body and layout prefetch ran on the unconfigured view are thrown away: their
                // share of what prefetch spent, by the type's numbers (a distribution's mean).
                let build = spec.costs.buildMs
                let spent = states.build(of: row).spentMs
                if spent > 0, build > 0 {
                    context.totals.prefetch.wastedMs += spent * (spec.costs[.body] + spec.costs[.layout]) / build
                }
                if !states.presence(of: row).relayoutDone {
                    pendingUpdates.append(PendingUpdate(row: update.row, kind: .relayout))
                }
            case .relayout:
                states.markRelayoutDone(row)
            }
            measure(row)
            log(.relayout, row: row, value: Double(update.kind.rawValue), &context)
        }
        pendingUpdates.removeAll(keepingCapacity: true)
    }
}
