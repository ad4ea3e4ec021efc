/// Building views and measuring them: how a row goes from nothing to laid out.
///
/// A cold build runs init, body and one layout pass inside the frame. A build prefetch started
/// is finished inside the frame if the row is needed before prefetch got to the end. Either way
/// the row is measured, which updates the position index and the running-average estimate.
extension LazyStack {
    /// A cost with the type's seeded jitter applied (no draw at all when jitter is 0).
    mutating func jittered(_ base: Double, _ spec: ViewTypeSpec) -> Double {
        let jitter = spec.costs.jitter
        guard jitter > 0, base > 0 else { return base }
        return base * (1 + jitter * (2 * costRandom.nextUnit() - 1))
    }

    /// A whole build's cost (init + body + layout), each part jittered, drawn in that order.
    mutating func jitteredBuildMs(_ spec: ViewTypeSpec) -> Double {
        jittered(spec.costs.initMs, spec) + jittered(spec.costs.bodyMs, spec) + jittered(spec.costs.layoutMs, spec)
    }

    /// Makes sure a row the viewport needs exists and is laid out at the current width.
    mutating func ensureBuilt(_ row: Int, work: inout PhaseWork, events: inout EventLog) {
        switch phase[row] {
        case .absent:
            buildCold(row, work: &work, events: &events)
        case .prefetching:
            finishPrefetchInFrame(row, work: &work, events: &events)
        case .ready, .cached, .visible:
            if measuredEpoch[row] != widthEpoch {
                relayout(row, work: &work, events: &events)
            }
        }
    }

    /// init + body + layout inside the frame.
    mutating func buildCold(_ row: Int, work: inout PhaseWork, events: inout EventLog) {
        let spec = rows.type(of: row)
        work.initialize += jittered(spec.costs.initMs, spec)
        work.body += jittered(spec.costs.bodyMs, spec)
        work.layout += jittered(spec.costs.layoutMs, spec)
        totals.coldBuilds += 1
        completeBuild(row, events: &events)
        events.record(.build, row: row, element: Int(rows.element[row]))
    }

    /// The rest of a prefetch the viewport overtook, charged to init, body and layout in the
    /// proportions of the type's costs.
    mutating func finishPrefetchInFrame(_ row: Int, work: inout PhaseWork, events: inout EventLog) {
        let spec = rows.type(of: row)
        let remaining = prefetchRemainingMs[row]
        let total = spec.costs.buildMs
        if total > 0 {
            work.initialize += remaining * spec.costs.initMs / total
            work.body += remaining * spec.costs.bodyMs / total
            work.layout += remaining * spec.costs.layoutMs / total
        }
        prefetchRemainingMs[row] = 0
        totals.coldBuilds += 1
        completeBuild(row, events: &events)
        events.record(.build, row: row, element: Int(rows.element[row]), value: remaining)
    }

    /// The view now exists and is laid out: it becomes resident, takes memory, is measured,
    /// and starts whatever it starts in init.
    mutating func completeBuild(_ row: Int, events: inout EventLog) {
        let spec = rows.type(of: row)
        totals.bodyEvaluations += 1
        totals.layoutPasses += 1
        if phase[row] == .absent || phase[row] == .prefetching {
            setPhase(row, .ready)
            appearedSinceBuild[row] = false
        }
        configured[row] = spec.configure == .initializer
        relayoutDone[row] = spec.relayoutAfterAppear == nil
        var bytes = spec.memory.view + spec.memory.state
        if spec.asyncContent == nil { bytes += spec.memory.content }
        setRowBytes(row, bytes)
        measure(row)
        checkIdealWidth(row, events: &events)
        if viewStateLost[row] {
            viewStateLost[row] = false
            totals.stateLossEvents += 1
            events.record(.stateLoss, row: row, element: Int(rows.element[row]))
        }
        if let async = spec.asyncContent, async.start == .initializer {
            startLoad(row, events: &events)
        }
    }

    /// A layout pass on an existing view (its width changed, or its content did).
    mutating func relayout(_ row: Int, work: inout PhaseWork, events: inout EventLog) {
        let spec = rows.type(of: row)
        work.layout += jittered(spec.costs.layoutMs, spec)
        totals.layoutPasses += 1
        measure(row)
    }

    /// The height the row lays out at now, given its state.
    /// - Complexity: O(1)
    func displayedHeight(_ row: Int) -> Double {
        let spec = rows.type(of: row)
        if !configured[row] { return spec.unconfiguredHeight }
        if let async = spec.asyncContent, !async.placeholderSized, loadState[row] != .loaded {
            return async.placeholderHeight
        }
        let final = rows.finalHeight(of: row, width: viewport.width)
        if let delta = spec.relayoutAfterAppear, !relayoutDone[row] {
            return max(0, final - delta)
        }
        return final
    }

    /// Records the row's current height in the index and the running average.
    /// - Complexity: O(log n)
    mutating func measure(_ row: Int) {
        let height = displayedHeight(row)
        if measuredEpoch[row] == widthEpoch, let old = index.measuredHeight(of: row) {
            freshHeightSum += height - old
        } else {
            freshHeightSum += height
            freshHeightCount += 1
            measuredEpoch[row] = widthEpoch
        }
        index.setHeight(height, of: row)
        if freshHeightCount > 0 {
            index.estimate = max(0, freshHeightSum / Double(freshHeightCount))
        }
    }
}
