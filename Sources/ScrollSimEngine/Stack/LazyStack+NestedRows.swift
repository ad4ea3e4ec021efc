/// A LazyHStack nested in a row of the vertical stack (a photo showcase under a section of the list).
///
/// The inner items are not built until the outer row is reached: when it appears, the items
/// that fit the viewport's width are built inside the frame; when prefetch finished the outer
/// row with idle time to spare, the first items are prefetched too, one unit (an item's whole
/// build) each, by the policy's rule (`PrefetchConfig.Policy.startsNestedItem`): `chunked`
/// starts an item while idle time remains, `deadline` only if its cost fits (nested items are
/// never forced). The row's ideal height is its first item's height unless
/// the row fixes it; every item taller than that is clipped (counted once per item).
extension LazyStack {
    /// How many items of a nested row fit the viewport's width.
    func nestedVisibleCount(_ spec: NestedRowSpec) -> Int {
        let slot = spec.itemWidth + spec.spacing
        guard slot > 0 else { return spec.count }
        return min(spec.count, Int(((viewportSize.width + spec.spacing) / slot).rounded(.up)))
    }

    /// Builds the visible items of a nested row that are not built yet, inside the frame.
    mutating func buildNestedItems(_ row: Int, _ context: inout FrameContext) {
        guard let spec = rows.type(of: row).row else { return }
        let target = nestedVisibleCount(spec)
        let start = Int(states.holdings(of: row).nestedBuilt)
        guard start < target else { return }
        for item in start..<target {
            let drawn = rows.nestedItemDraw(row: row, item: item, spec: spec)
            let itemType = spec.itemTypes[drawn.typeIndex]
            let t = rows.typeIndex(ofRow: row)
            context.charge(.initialize, jittered(rows.nestedCost(.initialize, row: row, item: item, itemType: drawn.typeIndex, itemType), itemType), type: t)
            context.charge(.body, jittered(rows.nestedCost(.body, row: row, item: item, itemType: drawn.typeIndex, itemType), itemType), type: t)
            context.charge(.layout, jittered(rows.nestedCost(.layout, row: row, item: item, itemType: drawn.typeIndex, itemType), itemType), type: t)
            addNestedItem(row, item: item, spec: spec, &context)
        }
        log(.nestedBuild, row: row, value: Double(target - start), &context)
    }

    /// Prefetches the first items of a nested row, one unit each, while the policy allows.
    mutating func prefetchNestedItems(_ row: Int, idle: inout Double, _ context: inout FrameContext) {
        guard rows.profile(ofRow: row).hasNestedRow, let spec = rows.type(of: row).row else { return }
        let target = nestedVisibleCount(spec)
        let start = Int(states.holdings(of: row).nestedBuilt)
        var built = 0
        for item in start..<max(start, target) {
            let drawn = rows.nestedItemDraw(row: row, item: item, spec: spec)
            let itemType = spec.itemTypes[drawn.typeIndex]
            // `deadline` decides by the type's numbers (a distribution's mean); the item then
            // costs its own draws.
            guard config.prefetch.policy.startsNestedItem(buildMs: itemType.costs.buildMs, idleMs: idle) else { break }
            let cost = rows.drawsCosts
                ? rows.nestedCost(.initialize, row: row, item: item, itemType: drawn.typeIndex, itemType)
                    + rows.nestedCost(.body, row: row, item: item, itemType: drawn.typeIndex, itemType)
                    + rows.nestedCost(.layout, row: row, item: item, itemType: drawn.typeIndex, itemType)
                : itemType.costs.buildMs
            spend(cost, on: row, idle: &idle, &context)
            addNestedItem(row, item: item, spec: spec, &context)
            built += 1
        }
        if built > 0 {
            log(.nestedBuild, row: row, value: Double(built), &context)
        }
    }

    private mutating func addNestedItem(_ row: Int, item: Int, spec: NestedRowSpec, _ context: inout FrameContext) {
        context.totals.work.recordNestedItem()
        let drawn = rows.nestedItemDraw(row: row, item: item, spec: spec)
        let itemType = spec.itemTypes[drawn.typeIndex]
        let itemHeight = drawn.height
        let memory = itemType.memory
        states.nestedItemBuilt(row, item: item, renderMs: rows.nestedCost(.render, row: row, item: item, itemType: drawn.typeIndex, itemType),
                               serverMs: rows.nestedLiveServerMs(row: row, item: item, itemType: drawn.typeIndex, itemType),
                               bytes: memory.view + memory.state + memory.content)
        guard item >= Int(states.nestedClipCounted[row]) else { return }
        states.nestedClipCounted[row] = Int32(item + 1)
        let rowHeight = rows.finalHeight(of: row, width: viewportSize.width)
        if itemHeight > rowHeight + Tolerance.points {
            context.totals.layout.recordClipped(itemHeight - rowHeight)
        }
    }
}
