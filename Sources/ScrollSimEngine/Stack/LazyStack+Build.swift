/// Building views and measuring them: how a row goes from nothing to laid out.
///
/// A cold build runs init, body and one layout pass inside the frame. A build prefetch started
/// is finished inside the frame if the row is needed before prefetch got to the end. Either way
/// the row is measured, which updates the position index and the running-average estimate.
extension LazyStack {
    /// A cost with the type's seeded jitter applied (no draw at all when jitter is 0).
    mutating func jittered(_ base: Double, _ spec: ViewTypeSpec) -> Double {
        jittered(base, jitter: spec.costs.jitter)
    }

    mutating func jittered(_ base: Double, _ profile: TypeProfile) -> Double {
        jittered(base, jitter: profile.costs.jitter)
    }

    mutating func jittered(_ base: Double, jitter: Double) -> Double {
        guard jitter > 0, base > 0 else { return base }
        return base * (1 + jitter * (2 * costRandom.nextUnit() - 1))
    }

    /// Makes sure a row the viewport needs exists and is laid out at the current width.
    mutating func ensureBuilt(_ row: Int, _ context: inout FrameContext) {
        switch states.phase[row] {
        case .absent:
            buildCold(row, &context)
        case .prefetching:
            finishPrefetchInFrame(row, &context)
        case .ready, .cached, .visible:
            if !states.marks[row].contains(.measuredAtThisWidth) {
                relayout(row, &context)
            }
        }
    }

    /// init + body + layout inside the frame (only the layout when the row's element is already
    /// evaluated: `LazyStack+ViewResolution.swift`).
    mutating func buildCold(_ row: Int, _ context: inout FrameContext) {
        let evaluated = elementIsEvaluated(row)
        let (initMs, bodyMs, layoutMs) = buildUnits(row)
        recordDraws(row, (initMs, bodyMs, layoutMs), evaluated: evaluated, prefetch: false, &context)
        let t = rows.typeIndex(ofRow: row)
        context.charge(.initialize, initMs, type: t)
        context.charge(.body, bodyMs, type: t)
        context.charge(.layout, layoutMs, type: t)
        if !evaluated {
            prefetcher.record(type: t, unit: .initialize, costMs: initMs)
            prefetcher.record(type: t, unit: .body, costMs: bodyMs)
        }
        prefetcher.record(type: t, unit: .layout, costMs: layoutMs)
        context.totals.recordColdBuild(type: rows.typeIndex(ofRow: row))
        completeBuild(row, evaluatesBody: !evaluated, &context)
        log(.build, row: row, &context)
    }

    /// The units of a prefetch the viewport overtook, each charged to its own phase inside the
    /// frame (and folded into the type's average for that unit).
    mutating func finishPrefetchInFrame(_ row: Int, _ context: inout FrameContext) {
        let remaining = states.build(of: row).remainingMs
        let t = rows.typeIndex(ofRow: row)
        while let unit = nextUnit(row) {
            let cost = unit.cost(in: states.build(of: row).unitMs)
            context.charge(unit.phase, cost, type: t)
            if runs(unit, row) { prefetcher.record(type: t, unit: unit, costMs: cost) }
            states.completeUnit(row, costMs: cost)
        }
        context.totals.recordColdBuild(type: rows.typeIndex(ofRow: row))
        // Read first: an argument that reads `self` makes the call copy the stack.
        let evaluatesBody = states.build(of: row).evaluatesBody
        completeBuild(row, evaluatesBody: evaluatesBody, &context)
        log(.build, row: row, value: remaining, &context)
    }

    /// The view now exists and is laid out: it becomes resident, takes memory, is measured,
    /// and starts whatever it starts in init.
    mutating func completeBuild(_ row: Int, evaluatesBody: Bool, _ context: inout FrameContext) {
        let spec = rows.profile(ofRow: row)
        if evaluatesBody { context.totals.work.bodyEvaluations += rows.bodies(ofRow: row) }
        if !rows.isHeader(row) { signals.maxBuilt = max(signals.maxBuilt, rows.lastListElement(ofRow: row)) }
        // A grid row lays out each of its cells (its layout cost is theirs together).
        context.totals.work.layoutPasses += rows.bodies(ofRow: row)
        let isNew = states.phase[row] == .absent || states.phase[row] == .prefetching
        if isNew { setPhase(row, .ready, &context) }
        states.built(row, isNew: isNew, configured: spec.configure == .initializer,
                     relayoutDone: spec.relayoutAfterAppear == nil && !spec.measureWithGeometryReader)
        states.setBytes(row, Self.ownBytes(spec))
        measure(row)
        checkIdealWidth(row, &context)
        if states.marks[row].contains(.stateLost) {
            states.marks[row].remove(.stateLost)
            context.totals.memory.stateLossEvents += 1
            log(.stateLoss, row: row, &context)
        }
        if let async = spec.asyncContent, async.start == .initializer {
            startLoad(row, &context)
        }
    }

    /// The bytes a view of this profile holds once it exists: the view, its state, and its
    /// content unless that arrives asynchronously (then from its arrival).
    static func ownBytes(_ profile: TypeProfile) -> Int {
        profile.memory.view + profile.memory.state + (profile.asyncContent == nil ? profile.memory.content : 0)
    }

    /// A layout pass on an existing view (its width changed, or its content did).
    mutating func relayout(_ row: Int, _ context: inout FrameContext) {
        let spec = rows.profile(ofRow: row)
        let t = rows.typeIndex(ofRow: row)
        let cost = jittered(rows.cost(.layout, ofRow: row, spec.costs), spec)
        context.charge(.layout, cost, type: t)
        prefetcher.record(type: t, unit: .layout, costMs: cost)
        context.totals.work.layoutPasses += rows.bodies(ofRow: row)
        measure(row)
    }

    /// The height the row lays out at now, given its state.
    /// - Complexity: O(1)
    func displayedHeight(_ row: Int) -> Double {
        let spec = rows.profile(ofRow: row)
        let presence = states.presence(of: row)
        if !presence.configured { return spec.unconfiguredHeight }
        if let async = spec.asyncContent, !async.placeholderSized, states.holdings(of: row).loadState != .loaded {
            return async.placeholderHeight
        }
        if spec.measureWithGeometryReader && !presence.relayoutDone { return spec.unconfiguredHeight }
        let final = rows.finalHeight(of: row, width: viewportSize.width)
        if let delta = spec.relayoutAfterAppear, !presence.relayoutDone {
            return max(0, final - delta)
        }
        return final
    }

    /// A grid row laid out the first time with its cells counts the height it leaves empty
    /// below its shorter cells, once. The last row, short of cells when the data ends inside it,
    /// counts too, with the cells it has (its empty slots are not waste below a cell); an append
    /// that gives it more cells replaces that figure when it is laid out again (in full once
    /// it is full).
    mutating func countGridWaste(_ row: Int) {
        let cells = rows.cells(ofRow: row).count
        if cells == rows.cellsPerRow {
            states.marks[row].insert(.wasteCounted)
            gridWastePx += rows.wastedHeight(ofRow: row, width: viewportSize.width)
            if partialGridRow.row == row { partialGridRow = (-1, 0, 0) }
        } else if partialGridRow.row != row || partialGridRow.cells != cells {
            // Only the last row can be short. A former last row an append filled is counted in
            // full when it is laid out with its cells.
            partialGridRow = (row, cells, rows.wastedHeight(ofRow: row, width: viewportSize.width))
        }
    }

    /// Records the row's current height in the index and the running average (and, for a grid
    /// row measured the first time with all its cells, the space it wastes below shorter cells).
    /// - Complexity: O(log n)
    mutating func measure(_ row: Int) {
        let height = displayedHeight(row)
        let sameWidth = states.marks[row].contains(.measuredAtThisWidth)
        estimator.record(height, replacing: sameWidth ? index.measuredHeight(of: row) : nil)
        states.marks[row].insert(.measuredAtThisWidth)
        if rows.cellsPerRow > 1 && !states.marks[row].contains(.wasteCounted) {
            countGridWaste(row)
        }
        // The height and the new running average in one change of the index.
        index.setHeight(height, of: row, estimate: estimator.estimate)
    }
}
