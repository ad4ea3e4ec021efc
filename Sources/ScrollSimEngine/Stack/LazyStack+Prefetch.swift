/// Where prefetch is decided: idle-time building of the rows just beyond the leading edge.
///
/// After a frame's required work, idle = budget − work − margin (`PrefetchScheduler`). The
/// prefetch window is the rows beyond the leading edge in the scroll direction, up to `distance`
/// viewports away. Prefetch works in whole **units** (`BuildUnit`): a view's init, its body, or
/// its layout (a nested row's item is one unit). A body evaluation or a layout pass cannot be
/// paused, so a unit, once started, runs to completion even if it overruns the frame. Walking the
/// window in order, each row not yet built is worked on while idle time lasts:
/// - `chunked` (SwiftUI: "evaluates body and performs layout gradually during frame idle time")
///   starts the row's next unit while any idle time remains, so a row's init, body and layout may
///   land in different frames — and a unit bigger than the idle time left overruns the frame.
/// - `deadline` (Android's GapWorker) starts the row's next unit only if its type's running
///   average for that unit fits the idle left — a unit the type never ran is tried — so a row
///   too heavy for one frame's idle time is built over several; every unit left is forced when
///   the very next frame will need the row (even if it overruns). The first unit that does not
///   fit ends prefetch for the frame; the row keeps the units it has done.
/// Re-layouts of rows measured at another width (after a rotation) and nested items follow the
/// same rules: one unit each; `deadline` starts a re-layout only if the type's layout average
/// fits the idle time left.
/// The walk is written once for both directions (`PrefetchWalk`: the direction is its
/// parameter), and the policy is a value it consults (`PrefetchConfig.Policy`: whether a unit
/// fits, whether a needed row is forced), so the rules above are each said in one place.
/// Frames prefetch pushes over budget are counted by the simulation (`prefetchOverrunFrames`).
/// Rows in the window are kept alive; the window also tells eviction what is still wanted.
extension LazyStack {
    mutating func prefetch(velocity: Double, _ context: inout FrameContext) {
        prefetcher.setWindow(.empty)
        let n = rows.count
        guard !isEager, config.prefetch.enabled, n > 0, lastVisible >= firstVisible else { return }
        let toEnd = prefetcher.direction >= 0
        let start = toEnd ? lastVisible + 1 : firstVisible - 1
        guard start >= 0, start < n else { return }
        let walk = prefetchWalk(from: start, toEnd: toEnd, velocity: velocity)
        var idle = prefetcher.idleMs(budgetMs: budgetMs, workMs: context.work.total)
        var open = true
        var row = walk.start
        var edge = walk.startEdge
        while row >= 0, row < n, walk.isBefore(edge, walk.limit) {
            // A row with nothing to do costs no call (`prefetchRow` would say go on).
            if open, !(idle > Tolerance.milliseconds && states.isPrefetchDone(row)) {
                open = prefetchRow(row, needed: walk.isBefore(edge, walk.nextLeadingEdge), idle: &idle, &context)
            }
            edge = walk.edge(after: edge, height: index.height(of: row), spacing: index.spacing)
            row += walk.step
        }
        prefetcher.setWindow(walk.window(endingBefore: row))
    }

    /// The walk over this frame's window, from `start` (the row beyond the leading edge): the
    /// rows within `distance` viewports of the leading edge, toward the end or the start.
    mutating func prefetchWalk(from start: Int, toEnd: Bool, velocity: Double) -> PrefetchWalk {
        let reach = config.prefetch.distance * viewportSize.height
        // Where the viewport will be next frame if the scroll carries on.
        let nextOffset = offset + velocity * budgetMs / 1000
        if toEnd {
            // Rows below the viewport, by their tops.
            return PrefetchWalk(step: 1, start: start, startEdge: index.top(of: start), limit: offset + viewportSize.height + reach,
                                nextLeadingEdge: nextOffset + viewportSize.height)
        }
        // Rows above the viewport, by their bottoms.
        return PrefetchWalk(step: -1, start: start, startEdge: index.top(of: firstVisible) - index.spacing, limit: offset - reach,
                            nextLeadingEdge: nextOffset)
    }

    /// Works on one row of the window. Returns false when prefetch should stop for this frame.
    mutating func prefetchRow(_ row: Int, needed: Bool, idle: inout Double, _ context: inout FrameContext) -> Bool {
        guard idle > Tolerance.milliseconds else { return false }
        switch states.phase[row] {
        case .visible:
            return true
        case .ready, .cached:
            // A row laid out at another width (before a rotation) is laid out again ahead of need:
            // one unit, never forced.
            if !states.marks[row].contains(.measuredAtThisWidth) {
                let t = rows.typeIndex(ofRow: row)
                guard config.prefetch.policy.fits(.layout, type: t, idleMs: idle, prefetcher) else { return false }
                let costs = rows.profile(ofRow: row, { $0.costs })
                let cost = jittered(rows.cost(.layout, ofRow: row, costs), jitter: costs.jitter)
                spend(cost, on: row, idle: &idle, &context)
                prefetcher.record(type: t, unit: .layout, costMs: cost)
                context.totals.work.layoutPasses += rows.bodies(ofRow: row)
                measure(row)
            }
            return true
        case .absent, .prefetching:
            return prefetchBuild(row, needed: needed, idle: &idle, &context)
        }
    }

    /// The row's build, its next units one at a time, each as the policy admits it
    /// (`PrefetchConfig.Policy`): while it fits the idle time left, or whatever the idle time
    /// if the policy forces a row the next frame needs. A unit with no work (the init or body
    /// of an element already evaluated) always runs. The start is logged with the row's whole
    /// cost, negative when it was forced. Returns whether idle time remains.
    mutating func prefetchBuild(_ row: Int, needed: Bool, idle: inout Double, _ context: inout FrameContext) -> Bool {
        let policy = config.prefetch.policy
        let forced = needed && policy.forcesNeededRows
        let t = rows.typeIndex(ofRow: row)
        if states.phase[row] == .absent {
            // The first unit with work: asked only of a policy that weighs units, as finding
            // out whether the element is evaluated reads its siblings.
            let first: BuildUnit = policy.weighsUnits && elementIsEvaluated(row) ? .layout : .initialize
            let fits = policy.fits(first, type: t, idleMs: idle, prefetcher)
            guard fits || forced else { return false }
            startPrefetch(row, &context)
            let cost = states.build(of: row).remainingMs
            log(.prefetchStart, row: row, value: fits ? cost : -cost, &context)
        }
        while let unit = nextUnit(row) {
            guard forced || !runs(unit, row) || policy.fits(unit, type: t, idleMs: idle, prefetcher) else { return false }
            runNextUnit(row, idle: &idle, &context)
        }
        finishPrefetch(row, &context)
        prefetchNestedItems(row, idle: &idle, &context)
        return idle > Tolerance.milliseconds
    }

    /// The row's view starts being built ahead of need: its units' costs are drawn now (init,
    /// body, layout, each jittered, in that order; no init or body when its element is already
    /// evaluated). The view exists from here: it is resident and holds its bytes (CostAndMemory).
    mutating func startPrefetch(_ row: Int, _ context: inout FrameContext) {
        let evaluated = elementIsEvaluated(row)
        let units = buildUnits(row)
        recordDraws(row, units, evaluated: evaluated, prefetch: true, &context)
        setPhase(row, .prefetching, &context)
        states.startBuild(row, unitMs: units, evaluatesBody: !evaluated)
        let bytes = Self.ownBytes(rows.profile(ofRow: row))
        states.setBytes(row, bytes)
    }

    /// The unit of the row's build prefetch runs next (nil when all three are done).
    @inline(__always)
    func nextUnit(_ row: Int) -> BuildUnit? {
        BuildUnit(rawValue: Int(states.build(of: row).unitsDone))
    }

    /// Whether a unit of the row's build does any work: no init or body when its element is
    /// already evaluated.
    @inline(__always)
    func runs(_ unit: BuildUnit, _ row: Int) -> Bool {
        unit == .layout || states.build(of: row).evaluatesBody
    }

    /// Runs the row's next unit to completion, however much idle time is left, and folds its
    /// cost into the type's average for that unit.
    mutating func runNextUnit(_ row: Int, idle: inout Double, _ context: inout FrameContext) {
        guard let unit = nextUnit(row) else { return }
        let cost = unit.cost(in: states.build(of: row).unitMs)
        spend(cost, on: row, idle: &idle, &context)
        if runs(unit, row) { prefetcher.record(type: rows.typeIndex(ofRow: row), unit: unit, costMs: cost) }
        states.completeUnit(row, costMs: cost)
    }

    mutating func spend(_ ms: Double, on row: Int, idle: inout Double, _ context: inout FrameContext) {
        context.charge(.prefetch, ms, type: rows.typeIndex(ofRow: row))
        idle -= ms
        states.spendPrefetch(row, ms: ms)
        context.totals.prefetch.spentMs += ms
    }

    mutating func finishPrefetch(_ row: Int, _ context: inout FrameContext) {
        context.totals.recordPrefetchedBuild(type: rows.typeIndex(ofRow: row))
        // Read first: an argument that reads `self` makes the call copy the stack (the copy
        // this call made was destroyed on every prefetched row).
        let evaluatesBody = states.build(of: row).evaluatesBody
        completeBuild(row, evaluatesBody: evaluatesBody, &context)
        let spent = states.build(of: row).spentMs
        log(.prefetchFinish, row: row, value: spent, &context)
    }
}
