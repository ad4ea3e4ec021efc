/// Which content the viewport scrolls, from the stack's kind: the one place that names the
/// kinds of content, and what each can do beyond the layout contract (`ContentCapabilities`).
/// Adding a kind of content is a type adopting `ScrollContent` and the protocols it answers,
/// plus a case here (<doc:ContentContract>).
///
/// - `vStack`, `lazyVStack`: one stack of rows. A lazy stack nested in another ScrollView
///   (`stack.nestedIn: scrollView`) on a system before iOS 26 does not load lazily: it builds
///   every child up front, like a VStack.
/// - `lazyVGrid`, `pairedRows`: one lazy stack whose rows are grid rows of `grid.columns` cells.
/// - `masonryColumns`: one lazy stack per column (`MasonryColumns`).
/// - `masonryLayout`: the Layout protocol, every child resident (`MasonryLayoutContent`).
extension Simulation {
    static func makePlayer(_ config: SimulationConfig, recordingCostDraws: Bool, stopsWhenUnsettled: Bool) -> any FramePlayer {
        let stack = config.stack
        let device = config.device
        let capacity = config.elementCapacity
        let typeNames = config.content.types.map(\.name) + (config.content.sections.map { [$0.header.name] } ?? [])
        // An ensemble's run draws its costs from its own seed; the content is the scenario's.
        let drawSeed = config.drawSeed ?? config.seed
        func listTable(heightsAt width: Double? = nil) -> RowTable {
            var list = RowTable(content: config.content, seed: config.seed, capacity: capacity, heightsAt: width)
            if let seed = config.drawSeed { list.drawCosts(from: seed) }
            return list
        }
        func play<Content: PlayedContent>(_ content: Content, _ capabilities: ContentCapabilities<Content>) -> Playback<Content> {
            Playback(config: config, content: content, capabilities: capabilities, typeNames: typeNames,
                     recordingCostDraws: recordingCostDraws, stopsWhenUnsettled: stopsWhenUnsettled)
        }
        let stackCapabilities = ContentCapabilities<LazyStack>().anchoring().lookingUp().tapping().finishingRun()
        switch stack.kind {
        case .vStack, .lazyVStack:
            let list = listTable(heightsAt: device.viewport.width)
            let notLazy = stack.nestedIn == .scrollView && device.platform != .ios26
            return StackPlayback(playback: play(LazyStack(config: stack, rows: list, viewportSize: device.viewport, budgetMs: device.budgetMs,
                                                          seed: drawSeed, eager: stack.kind == .vStack || notLazy), stackCapabilities))
        case .lazyVGrid, .pairedRows:
            let list = listTable()
            let columns = stack.grid.columnCount(width: device.viewport.width)
            let rows = RowTable(subsetOf: list, elements: Array(0..<list.elementCapacity), cellsPerRow: columns,
                                cellSpacing: stack.grid.spacing, liveListElements: list.elementCount)
            return StackPlayback(playback: play(LazyStack(config: stack, rows: rows, viewportSize: device.viewport, budgetMs: device.budgetMs,
                                                          seed: drawSeed, eager: false), stackCapabilities))
        case .masonryColumns:
            return MasonryColumnsPlayback(playback: play(MasonryColumns<LazyStack>(config: stack, list: listTable(), device: device, drawSeed: drawSeed),
                                                         ContentCapabilities().anchoring().tapping().finishingRun()))
        case .masonryLayout:
            return MasonryLayoutPlayback(playback: play(MasonryLayoutContent(config: stack, list: listTable(), device: device, drawSeed: drawSeed),
                                                        ContentCapabilities().tapping()))
        }
    }
}

/// The frame loop over one stack of rows (`vStack`, `lazyVStack`, `lazyVGrid`, `pairedRows`).
struct StackPlayback: KindPlayback { var playback: Playback<LazyStack> }

/// The frame loop over lazy masonry columns (`masonryColumns`).
struct MasonryColumnsPlayback: KindPlayback { var playback: Playback<MasonryColumns<LazyStack>> }

/// The frame loop over a masonry Layout (`masonryLayout`).
struct MasonryLayoutPlayback: KindPlayback { var playback: Playback<MasonryLayoutContent> }
