/// A LazyHStack nested in a row of the vertical stack (the seed's photo showcase).
///
/// The inner items are not built until the outer row is reached: when it appears, the items
/// that fit the viewport's width are built inside the frame; when prefetch finished the outer
/// row with idle time to spare, the first items are prefetched too, each only if its build cost
/// fits the idle left (never forced). The row's ideal height is its first item's height unless
/// the row fixes it; every item taller than that is clipped (counted once per item).
extension LazyStack {
    /// How many items of a nested row fit the viewport's width.
    func nestedVisibleCount(_ spec: NestedRowSpec) -> Int {
        let slot = spec.itemWidth + spec.spacing
        guard slot > 0 else { return spec.count }
        return min(spec.count, Int(((viewport.width + spec.spacing) / slot).rounded(.up)))
    }

    /// Builds the visible items of a nested row that are not built yet, inside the frame.
    mutating func buildNestedItems(_ row: Int, work: inout PhaseWork, events: inout EventLog) {
        guard let spec = rows.type(of: row).row else { return }
        let target = nestedVisibleCount(spec)
        let start = Int(nestedBuilt[row])
        guard start < target else { return }
        for item in start..<target {
            let itemType = rows.nestedItem(row: row, item: item, spec: spec).type
            work.initialize += jittered(itemType.costs.initMs, itemType)
            work.body += jittered(itemType.costs.bodyMs, itemType)
            work.layout += jittered(itemType.costs.layoutMs, itemType)
            addNestedItem(row, item: item, spec: spec)
        }
        events.record(.nestedBuild, row: row, element: Int(rows.element[row]), value: Double(target - start))
    }

    /// Prefetches the first items of a nested row while their cost fits the idle time left.
    mutating func prefetchNestedItems(_ row: Int, idle: inout Double, work: inout PhaseWork, events: inout EventLog) {
        guard let spec = rows.type(of: row).row else { return }
        let target = nestedVisibleCount(spec)
        let start = Int(nestedBuilt[row])
        var built = 0
        for item in start..<max(start, target) {
            let cost = rows.nestedItem(row: row, item: item, spec: spec).type.costs.buildMs
            guard cost <= idle else { break }
            spend(cost, on: row, idle: &idle, work: &work)
            addNestedItem(row, item: item, spec: spec)
            built += 1
        }
        if built > 0 {
            events.record(.nestedBuild, row: row, element: Int(rows.element[row]), value: Double(built))
        }
    }

    private mutating func addNestedItem(_ row: Int, item: Int, spec: NestedRowSpec) {
        nestedBuilt[row] = Int32(item + 1)
        totals.nestedItemsBuilt += 1
        totals.bodyEvaluations += 1
        totals.layoutPasses += 1
        let (itemType, itemHeight) = rows.nestedItem(row: row, item: item, spec: spec)
        nestedRenderMs[row] += itemType.costs.renderMs
        let memory = itemType.memory
        setRowBytes(row, rowBytes[row] + memory.view + memory.state + memory.content)
        guard item >= Int(nestedClipCounted[row]) else { return }
        nestedClipCounted[row] = Int32(item + 1)
        let rowHeight = rows.finalHeight(of: row, width: viewport.width)
        if itemHeight > rowHeight + Tolerance.points {
            totals.clippedChildren += 1
            totals.clippedPx += itemHeight - rowHeight
        }
    }
}
