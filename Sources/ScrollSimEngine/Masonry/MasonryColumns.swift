/// Masonry as one lazy stack per column, side by side in one scroll view. The layout is generic
/// over its column and reaches it only through `MasonryColumn` (every run uses `LazyStack`).
///
/// Items are assigned to columns by `MasonryDistributor` from their precomputed heights (the
/// column width × the aspect ratio the data gives), before any view exists; each column is a
/// `LazyStack` over its items, so only the rows around the viewport are built. All columns are
/// laid out at the one offset the viewport gives. The content's height is its tallest column's.
///
/// - Corrections: each column estimates the rows it has not measured and may ask for a
///   correction; the scroll view has one offset, so it follows one column — the column of the
///   last `scrollTo` target, the first one otherwise — and a correction another column needed
///   shows as a visible jump there.
/// - Pages append only: new items go to the shortest columns from where the columns are.
/// - A width change recomputes the column count and width and distributes again: with
///   `redistribution: stable` every item already viewed keeps its column (if it still exists)
///   and only the rest are distributed; with `full` everything is, and viewed items that change
///   column are counted (`reshuffledItems`). The columns' views are rebuilt, the offset stays,
///   and each column keeps its own anchor item where it was on screen, the rows above it holding
///   stale heights: scrolling on toward the end corrects nothing; a column corrects only when
///   scrolled back above its anchor.
/// - `rebalance` pads columns that trail the tallest by more than 1.5× the average item height.
/// - `distributeInBody` recomputes the distribution in the container's body every frame: O(n).
/// - The difference between the tallest and shortest column is reported (`columnImbalancePx`).
///
/// Each column finds its elements from the data alone (one child per element), so finding one
/// costs nothing: it does not adopt `ElementLookUp`.
struct MasonryColumns<Column: MasonryColumn>: ScrollContent, ContentPositions, PlayedContent, ScrollTargetAnchoring, TapTarget,
                                              PendingWorkAtEnd {
    let config: StackConfig
    /// The whole list, one row per element: every element's type and size parameter.
    var list: RowTable
    var columns: [Column] = []
    /// Each element's column and its index within the column (-1 when not assigned yet).
    var column: [Int16]
    var local: [Int32]
    var viewport: Size
    let budgetMs: Double
    /// The seed the column stacks' jitter draws from (each column salts it).
    let seed: UInt64
    /// The column whose corrections the offset follows.
    var primary = 0
    var footerHeight = 0.0
    /// Spacers padding each column's bottom (`rebalance`).
    var spacers: [Double] = []
    /// Elements the user has seen over the whole run (a column's own marks are lost when the
    /// columns are rebuilt after a width change).
    var seen: [Bool]
    /// Every element's height parameter, drawn once at set-up (the distributor needs every
    /// element's height at every width); empty for a list of nested rows, whose heights are
    /// drawn when asked.
    let parameters: [Double]

    init(config: StackConfig, content: ContentConfig, device: DeviceConfig, seed: UInt64, capacity: Int) {
        self.init(config: config, list: RowTable(content: content, seed: seed, capacity: capacity), device: device, drawSeed: seed)
    }

    /// Columns over `list` (the whole list, one row per element), whose column stacks draw
    /// their jitter from `drawSeed` (the scenario's seed, or an ensemble run's).
    init(config: StackConfig, list: RowTable, device: DeviceConfig, drawSeed: UInt64) {
        self.config = config
        self.list = list
        viewport = device.viewport
        budgetMs = device.budgetMs
        self.seed = drawSeed
        column = [Int16](repeating: -1, count: list.elementCapacity)
        local = [Int32](repeating: -1, count: list.elementCapacity)
        seen = [Bool](repeating: false, count: list.elementCapacity)
        parameters = list.layout == .onePerElement && list.types.allSatisfy { $0.row == nil }
            ? list.heightParameters(ofElements: Array(0..<list.elementCapacity)) : []
        distribute(keeping: [])
    }

    var columnWidth: Double {
        MasonryDistributor.columnWidth(width: viewport.width, columns: columns.count, spacing: config.spacing)
    }

    /// `rebalance`: columns trailing the tallest by more than 1.5× the average item height get a
    /// spacer that brings them level. (With no element every column is empty and level; with
    /// one, the empty columns trail by the item, less than 1.5× it.)
    mutating func updateSpacers() {
        spacers = [Double](repeating: 0, count: columns.count)
        guard config.masonry.rebalance else { return }
        let extents = columns.map { $0.trueContentHeight }
        let tallest = extents.max() ?? 0
        let average = extents.reduce(0, +) / Double(max(1, list.elementCount))
        for c in columns.indices where tallest - extents[c] > 1.5 * average {
            spacers[c] = tallest - extents[c]
        }
    }

    // MARK: ScrollContent

    @inline(__always)
    var extent: Double {
        var tallest = 0.0
        for c in columns.indices { tallest = max(tallest, columns[c].extent + spacers[c]) }
        return tallest + footerExtent(after: tallest)
    }

    @inline(__always)
    var trueExtent: Double {
        var tallest = 0.0
        for c in columns.indices { tallest = max(tallest, columns[c].trueExtent + spacers[c]) }
        return tallest + footerExtent(after: tallest)
    }

    func footerExtent(after height: Double) -> Double {
        footerHeight > 0 ? (height > 0 ? config.spacing : 0) + footerHeight : 0
    }


    mutating func prepare(_ context: inout FrameContext) {
        for c in columns.indices { columns[c].prepare(&context) }
        if config.masonry.distributeInBody {
            context.work.body += Double(list.elementCount) * config.masonry.distributeMsPerItem
        }
    }

    /// Lays every column out at the offset; the correction asked for is the primary column's,
    /// and only that column takes the correction applied, before any column lays out again.
    mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
        if constraints.appliedCorrection != 0 {
            columns[primary].acceptCorrection(constraints.appliedCorrection, placingAnchor: constraints.placingAnchor, &context)
        }
        let columnConstraints = constraints.withoutCorrection
        var primaryMove = 0.0
        var first = Int.max, last = -1
        for c in columns.indices {
            let geometry = columns[c].layout(at: offset, constraints: columnConstraints, &context)
            if c == primary { primaryMove = geometry.scrollOffsetCorrection }
            if let elements = geometry.laidOutElements {
                first = min(first, elements.lowerBound)
                last = max(last, elements.upperBound)
            }
        }
        return ContentGeometry(offset: offset, constraints: constraints, scrollExtent: extent,
                               laidOutElements: last >= 0 ? first...last : nil, scrollOffsetCorrection: primaryMove)
    }

    @inline(__always)
    func isLaidOut(at offset: Double) -> Bool {
        for c in columns.indices where !columns[c].isLaidOut(at: offset) { return false }
        return true
    }

    /// Each column records its own visible jump (the frame's is 1 if any column's is) and adds
    /// its popped views.
    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext) {
        for c in columns.indices { columns[c].present(at: offset, scrollDelta: scrollDelta, &context) }
        // The columns' true heights (what the distributor balanced, and what the user sees at the
        // end), not their estimates: each column estimates its unmeasured rows differently.
        var tallest = 0.0
        var shortest = Double.infinity
        for c in columns.indices {
            let extent = columns[c].trueExtent + spacers[c]
            tallest = max(tallest, extent)
            shortest = min(shortest, extent)
        }
        let imbalance = columns.isEmpty ? 0 : tallest - shortest
        context.totals.layout.recordColumnImbalance(imbalance)
    }

    /// Each column finishes its own strip; the frame's blank fraction is the whole viewport's
    /// (the columns are equally wide), the render server composites every column's views, and a
    /// column's second transaction delays the commit.
    mutating func finish(_ constraints: FinishConstraints, _ context: inout FrameContext) -> FrameOutcome {
        var outcome = FrameOutcome()
        var blank = 0.0
        for c in columns.indices {
            let column = columns[c].finish(constraints, &context)
            blank += column.blankFraction
            outcome.extraCommitTicks = max(outcome.extraCommitTicks, column.extraCommitTicks)
            outcome.renderServerMs += column.renderServerMs
        }
        outcome.blankFraction = blank / Double(max(1, columns.count))
        return outcome
    }

    /// A width change: the columns are distributed again and rebuilt at the new width, and each
    /// keeps an anchor item where it was on screen (`holdColumnAnchors`). The offset does not move.
    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double {
        let topElement = viewID(at: .top)
        let offset = columns[primary].offset
        let tops = columnTops(offset: offset)
        viewport = size
        for c in columns.indices { for e in columns[c].viewedElements() { seen[e] = true } }
        tearDownColumns(&context)
        context.totals.layout.reshuffledItems += redistribute()
        for c in columns.indices { _ = columns[c].resize(to: Size(width: columnWidth, height: size.height), &context) }
        guard topElement >= 0 else { return 0 }
        primary = Int(column[topElement])
        holdColumnAnchors(tops, top: topElement, offset: offset, &context)
        return 0
    }

    /// Each column's first visible element and its top on screen, before a width change.
    func columnTops(offset: Double) -> [(element: Int, screenY: Double)] {
        var tops: [(element: Int, screenY: Double)] = []
        for c in columns.indices {
            if let top = columns[c].topVisible { tops.append((top.element, top.y - offset)) }
        }
        return tops
    }

    /// After a width change every column keeps its own anchor item: the element that topped a
    /// column before, if it is in this column now (the first in the list if several are), held at
    /// its old place on screen; otherwise the column's first element from the top element on,
    /// held level with it. The rows above each anchor take stale heights that put it there
    /// (`LazyStack.holdAnchor`), so scrolling on toward the end measures nothing above any anchor
    /// and corrects nothing; a column corrects only when scrolled back above its anchor. When no
    /// height puts the item there (near the top), the column holds the row at the offset.
    mutating func holdColumnAnchors(_ tops: [(element: Int, screenY: Double)], top: Int, offset: Double, _ context: inout FrameContext) {
        let topScreenY = tops.first { $0.element == top }?.screenY ?? 0
        for c in columns.indices {
            var anchor = tops.filter { Int(column[$0.element]) == c }.min { $0.element < $1.element }
            if anchor == nil, let e = (top..<list.elementCount).first(where: { Int(column[$0]) == c }) {
                anchor = (e, topScreenY)
            }
            if let (element, screenY) = anchor, columns[c].holdAnchor(element: Int(local[element]), at: offset + screenY, &context) {
                continue
            }
            columns[c].holdRow(at: offset, &context)
        }
    }

    func frame(ofElement element: Int) -> (y: Double, height: Double) {
        let c = Int(column[element])
        return columns[c].frame(ofElement: Int(local[element]))
    }

    func row(for destination: ScrollTarget.Destination) -> Int? {
        switch destination {
        case .element(let e): return columns[Int(column[e])].row(for: .element(Int(local[e])))
        case .top, .bottom: return columns[primary].row(for: destination)
        case .offset, .center: return nil
        }
    }

    mutating func anchor(on destination: ScrollTarget.Destination) {
        switch destination {
        case .element(let e):
            primary = Int(column[e])
            columns[primary].anchor(on: .element(Int(local[e])))
        case .bottom:
            // The tallest column ends the content.
            var tallest = 0
            for c in columns.indices where columns[c].extent > columns[tallest].extent { tallest = c }
            primary = tallest
            // A column's bottom is the content's only without a spacer or footer after it, and
            // the tallest by estimate may not be the tallest measured: the column keeps the
            // downward walk (`LazyStack.buildRowsUpFromBottom` is for a stack that is the content).
            columns[primary].anchorAtBottomWalkingDown()
        case .offset:
            // A jump to an offset moves every column: each anchors on its row there.
            for c in columns.indices { columns[c].anchor(on: destination) }
        default:
            columns[primary].anchor(on: destination)
        }
    }

    var showsFirstElement: Bool { columns.first?.showsFirstElement ?? false }
    var firstElementTop: Double { columns.first?.firstElementTop ?? 0 }

    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int {
        var total = 0
        for c in columns.indices { total += columns[c].environmentChanged(key: key, &context) }
        return total
    }

    mutating func append(elements k: Int, _ context: inout FrameContext) {
        let before = list.elementCount
        list.activate(elements: k)
        var perColumn = [Int](repeating: 0, count: columns.count)
        for e in before..<list.elementCount { perColumn[Int(column[e])] += 1 }
        for c in columns.indices where perColumn[c] > 0 {
            columns[c].append(elements: perColumn[c], &context)
        }
        updateSpacers()
    }

    mutating func tap(element: Int, _ context: inout FrameContext) {
        columns[Int(column[element])].tap(element: Int(local[element]), &context)
    }

    mutating func finishRun(_ context: inout FrameContext) {
        for c in columns.indices { columns[c].finishRun(&context) }
    }

    @inline(__always)
    var readings: ContentReadings {
        var readings = ContentReadings(memoryBytes: 0, visibleCount: 0, prefetchedCount: 0, cachedCount: 0, trueExtent: trueExtent)
        for c in columns.indices {
            let column = columns[c].readings
            readings.memoryBytes += column.memoryBytes
            readings.visibleCount += column.visibleCount
            readings.prefetchedCount += column.prefetchedCount
            readings.cachedCount += column.cachedCount
        }
        return readings
    }
    var rowCount: Int { list.elementCount }
    @inline(__always)
    var firstScreenComplete: Bool { columns.allSatisfy(\.firstScreenComplete) }

    @inline(__always)
    func viewID(at anchor: ScrollTarget.Anchor) -> Int {
        var best = -1
        for c in columns.indices {
            let id = columns[c].viewID(at: anchor)
            guard id >= 0 else { continue }
            switch anchor {
            case .top: best = best < 0 ? id : min(best, id)
            case .bottom: best = max(best, id)
            case .center: if c == primary { best = id }
            }
        }
        return best
    }

    var visibleElements: (Int, Int) {
        var first = Int.max, last = -2
        for c in columns.indices {
            let (f, l) = columns[c].visibleElements
            if f >= 0 { first = min(first, f); last = max(last, l) }
        }
        return first == Int.max ? (-1, -2) : (first, last)
    }

    func isScrolledPast(element: Int) -> Bool {
        columns[Int(column[element])].isScrolledPast(element: Int(local[element]))
    }

    @inline(__always)
    var signals: ContentSignals {
        var s = ContentSignals()
        for c in columns.indices {
            s.maxAppeared = max(s.maxAppeared, columns[c].signals.maxAppeared)
            s.maxBuilt = max(s.maxBuilt, columns[c].signals.maxBuilt)
        }
        return s
    }

    var liveElementCount: Int { list.elementCount }

    mutating func setFooter(height: Double) { footerHeight = height }

    var footerVisible: Bool {
        guard footerHeight > 0 else { return false }
        return extent - footerHeight < columns[primary].offset + viewport.height
    }
}
