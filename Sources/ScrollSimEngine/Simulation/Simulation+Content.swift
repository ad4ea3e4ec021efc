/// Which content the viewport scrolls, from the stack's kind.
///
/// - `vStack`, `lazyVStack`: one stack of rows. A lazy stack nested in another ScrollView
///   (`stack.nestedIn: scrollView`) on a system before iOS 26 does not load lazily: it builds
///   every child up front, like a VStack.
/// - `lazyVGrid`, `pairedRows`: one lazy stack whose rows are grid rows of `grid.columns` cells.
/// - `masonryColumns`: one lazy stack per column (`MasonryColumns`).
/// - `masonryLayout`: the Layout protocol, every child resident (`MasonryLayoutContent`).
extension Simulation {
    static func makeContent(_ config: SimulationConfig) -> any ScrollContent {
        let stack = config.stack
        let device = config.device
        let capacity = config.elementCapacity
        switch stack.kind {
        case .vStack, .lazyVStack:
            let list = RowTable(content: config.content, seed: config.seed, capacity: capacity, heightsAt: device.viewport.width)
            let notLazy = stack.nestedIn == .scrollView && device.platform != .ios26
            return LazyStack(config: stack, rows: list, viewportSize: device.viewport, budgetMs: device.budgetMs,
                             seed: config.seed, eager: stack.kind == .vStack || notLazy)
        case .lazyVGrid, .pairedRows:
            let list = RowTable(content: config.content, seed: config.seed, capacity: capacity)
            let columns = stack.grid.columnCount(width: device.viewport.width)
            let rows = RowTable(subsetOf: list, elements: Array(0..<list.elementCapacity), cellsPerRow: columns,
                                cellSpacing: stack.grid.spacing, liveListElements: list.elementCount)
            return LazyStack(config: stack, rows: rows, viewportSize: device.viewport, budgetMs: device.budgetMs, seed: config.seed, eager: false)
        case .masonryColumns:
            return MasonryColumns(config: stack, content: config.content, device: device, seed: config.seed, capacity: capacity)
        case .masonryLayout:
            return MasonryLayoutContent(config: stack, content: config.content, device: device, seed: config.seed, capacity: capacity)
        }
    }
}
