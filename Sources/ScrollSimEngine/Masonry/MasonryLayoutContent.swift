/// Masonry with SwiftUI's Layout protocol (the build plan's Approach A) for bounded sets.
///
/// A custom Layout knows nothing of the viewport: it must size every child. On every
/// invalidation — when it first appears, when the width changes, when items are appended — it
/// asks every child for its size (`sizeThatFits`, one layout pass each) and places each in the
/// shortest column; the placements are cached until the next invalidation, so scrolling only
/// renders. Every child is created at launch and stays resident: no virtualization, memory and
/// launch work grow with the item count. Without the cache (`masonry.cache: false`) SwiftUI's
/// repeated layout requests each measure every child again: an invalidation costs three passes
/// over the children (two sizing proposals and the placement) instead of one.
///
/// Every child is placed exactly, so layout never asks for a correction and a scroll target
/// needs no anchor (`ScrollTargetAnchoring`); every element has its one resident child, so
/// finding one costs nothing (`ElementLookUp`); nothing is pending at the end
/// (`PendingWorkAtEnd`). It adopts none of those. It does take taps (`TapTarget`, below): a
/// tap is logged, and the state it changes is never lost, since no child is ever released.
struct MasonryLayoutContent: ScrollContent, ContentPositions, PlayedContent {
    let config: StackConfig
    var list: RowTable
    var viewport: Size
    /// Each live element's placement: its column, top and height (column -1, height 0 for an
    /// element whose body shows nothing).
    var placedColumn: [Int16] = []
    var placedY: [Double] = []
    var placedHeight: [Double] = []
    /// Places the elements in columns, and keeps each column's elements top to bottom (for
    /// finding what the viewport shows); kept between relayouts so that one reuses its storage.
    var distributor: MasonryDistributor
    var columnHeights: [Double] { distributor.heights }
    /// Elements whose view exists (built at launch or when appended).
    var built = 0
    var needsLayout = true
    var offset = 0.0
    /// The `present` call each element was last on screen in, and the current one.
    var seenStamp: [Int32]
    var presentStamp: Int32 = 0
    /// The elements on screen now and in the previous frame (buffers reused every frame).
    var onScreen: [Int32] = []
    var wasOnScreen: [Int32] = []
    var viewBytes = 0
    var dataBytes = 0
    var footerHeight = 0.0
    var signals = ContentSignals()
    var costRandom: SplitMix64

    init(config: StackConfig, content: ContentConfig, device: DeviceConfig, seed: UInt64, capacity: Int) {
        self.init(config: config, list: RowTable(content: content, seed: seed, capacity: capacity), device: device, drawSeed: seed)
    }

    /// A layout of `list` (the whole list) whose jitter draws from `drawSeed` (the scenario's
    /// seed, or an ensemble run's).
    init(config: StackConfig, list: RowTable, device: DeviceConfig, drawSeed: UInt64) {
        self.config = config
        self.list = list
        viewport = device.viewport
        seenStamp = [Int32](repeating: 0, count: list.elementCapacity)
        onScreen.reserveCapacity(256)
        wasOnScreen.reserveCapacity(256)
        costRandom = SplitMix64(seed: drawSeed ^ 0x5851_F42D_4C95_7F2D)
        distributor = MasonryDistributor(columns: 1, spacing: config.spacing)
    }

    var columnCount: Int { config.masonry.columnCount(width: viewport.width) }
    var columnWidth: Double { MasonryDistributor.columnWidth(width: viewport.width, columns: columnCount, spacing: config.spacing) }

    mutating func jittered(_ base: Double, _ spec: ViewTypeSpec) -> Double {
        let jitter = spec.costs.jitter
        guard jitter > 0, base > 0 else { return base }
        return base * (1 + jitter * (2 * costRandom.nextUnit() - 1))
    }

    /// Creates the views not built yet (init + body each, and their memory).
    mutating func buildNewChildren(_ context: inout FrameContext) {
        while built < list.elementCount {
            let e = built
            let spec = list.elementTypeSpec(e)
            let t = list.elementType(e)
            context.charge(.initialize, jittered(list.cost(.initialize, ofElement: e, spec.costs), spec), type: t)
            context.charge(.body, jittered(list.cost(.body, ofElement: e, spec.costs), spec), type: t)
            context.totals.work.bodyEvaluations += 1
            context.totals.recordColdBuild(type: t)
            viewBytes += spec.memory.view + spec.memory.state + spec.memory.content
            dataBytes += spec.memory.data
            context.viewsChanged(by: 1)
            context.events.record(.build, row: e, element: e, type: t)
            built += 1
        }
    }

    /// Measures every child (once with the cache, three times without) and places it in the
    /// shortest column.
    /// - Complexity: O(n · c) for n children and c columns.
    mutating func layOutAll(_ context: inout FrameContext) {
        let passes = config.masonry.cache ? 1 : 3
        let width = columnWidth
        let columns = columnCount
        // The placement buffers are reused: a relayout (an append, a rotation, an environment
        // change) allocates only when the list or the column count grows.
        distributor.reset(columns: columns)
        placedColumn.removeAll(keepingCapacity: true)
        placedY.removeAll(keepingCapacity: true)
        placedHeight.removeAll(keepingCapacity: true)
        for e in 0..<list.elementCount {
            // An element whose body shows nothing (`children: "conditional"`, hidden) gives
            // the Layout no subview: nothing to measure or place (SwiftUI's `Layout` sees only
            // the subviews a `ViewBuilder` `if` produces).
            guard !list.childRows(of: e).isEmpty else {
                placedColumn.append(-1)
                placedY.append(0)
                placedHeight.append(0)
                continue
            }
            let spec = list.elementTypeSpec(e)
            let t = list.elementType(e)
            for _ in 0..<passes {
                context.charge(.layout, jittered(list.cost(.layout, ofElement: e, spec.costs), spec), type: t)
                context.totals.work.layoutPasses += 1
            }
            let height = precomputedHeight(e, width: width)
            let c = distributor.shortestColumn
            let y = distributor.heights[c] + (distributor.columns[c].isEmpty ? 0 : config.spacing)
            distributor.place(e, height: height, in: c)
            placedColumn.append(Int16(c))
            placedY.append(y)
            placedHeight.append(height)
        }
        needsLayout = false
        context.events.record(.relayout, value: Double(list.elementCount))
    }

    func precomputedHeight(_ e: Int, width: Double) -> Double {
        list.finalHeight(of: list.childRows(of: e).lowerBound, width: width)
    }

    // MARK: ScrollContent

    var extent: Double {
        let tallest = columnHeights.max() ?? 0
        return tallest + (footerHeight > 0 ? (tallest > 0 ? config.spacing : 0) + footerHeight : 0)
    }

    /// Builds the children not built yet (every one at launch; none after, since a page builds
    /// its own when it is appended: the loop's first comparison is all a frame pays) and lays
    /// out after an invalidation.
    mutating func prepare(_ context: inout FrameContext) {
        signals = ContentSignals()
        buildNewChildren(&context)
        if needsLayout { layOutAll(&context) }
    }

    /// Layout only takes the offset (everything is placed in `prepare`): placements are exact, so
    /// it never asks for a correction.
    mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
        self.offset = offset
        var first = Int.max, last = -1
        forEachVisible { e in first = min(first, e); last = max(last, e) }
        return ContentGeometry(offset: offset, constraints: constraints, scrollExtent: extent,
                               laidOutElements: last >= 0 ? first...last : nil, scrollOffsetCorrection: 0)
    }

    func isLaidOut(at offset: Double) -> Bool { offset == self.offset }

    /// The elements intersecting the viewport, column by column (for read-outs).
    func forEachVisible(_ body: (Int) -> Void) {
        let top = offset
        let bottom = offset + viewport.height
        for items in distributor.columns {
            // Binary search for the first item whose bottom is below the viewport's top.
            var low = 0
            var high = items.count
            while low < high {
                let mid = (low + high) / 2
                let e = items[mid]
                if placedY[e] + placedHeight[e] <= top { low = mid + 1 } else { high = mid }
            }
            var i = low
            while i < items.count, placedY[items[i]] < bottom {
                body(items[i])
                i += 1
            }
        }
    }

    /// Fills `onScreen` with the elements intersecting the viewport, column by column.
    /// - Complexity: O(c log n + v)
    mutating func collectOnScreen() {
        swap(&onScreen, &wasOnScreen)
        // Filled apart from `self` (the walk reads self), keeping the buffer's storage.
        var found: [Int32] = []
        swap(&found, &onScreen)
        found.removeAll(keepingCapacity: true)
        forEachVisible { found.append(Int32($0)) }
        swap(&found, &onScreen)
    }

    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext) {
        self.offset = offset
        collectOnScreen()
        let previous = presentStamp
        presentStamp += 1
        for e32 in onScreen {
            let e = Int(e32)
            let wasThere = seenStamp[e] == previous && previous > 0
            seenStamp[e] = presentStamp
            guard !wasThere else { continue }
            let spec = list.elementTypeSpec(e)
            let t = list.elementType(e)
            context.charge(.appear, jittered(list.cost(.appear, ofElement: e, spec.costs), spec), type: t)
            context.totals.work.appears += 1
            signals.maxAppeared = max(signals.maxAppeared, e)
            context.events.record(.appear, row: e, element: e, type: t)
        }
        for e32 in wasOnScreen where seenStamp[Int(e32)] != presentStamp {
            let e = Int(e32)
            context.events.record(.disappear, row: e, element: e, type: list.elementType(e))
        }
    }

    mutating func finish(_ constraints: FinishConstraints, _ context: inout FrameContext) -> FrameOutcome {
        var outcome = FrameOutcome()
        guard constraints.commits else { return outcome }
        for e32 in onScreen {
            let e = Int(e32)
            let spec = list.elementTypeSpec(e)
            let t = list.elementType(e)
            context.charge(.render, jittered(list.cost(.render, ofElement: e, spec.costs), spec), type: t)
            outcome.renderServerMs += list.liveServerMs(ofElement: e, spec.rendering)
        }
        return outcome
    }

    mutating func resize(to size: Size, _ context: inout FrameContext) -> Double {
        let oldWidth = viewport.width
        viewport = size
        if size.width != oldWidth { layOutAll(&context) }
        return 0
    }

    func frame(ofElement element: Int) -> (y: Double, height: Double) {
        guard element < placedY.count else { return (0, 0) }
        return (placedY[element], placedHeight[element])
    }

    func row(for destination: ScrollTarget.Destination) -> Int? {
        switch destination {
        case .element(let e): return e
        case .top: return 0
        case .bottom: return list.elementCount > 0 ? list.elementCount - 1 : nil
        case .offset, .center: return nil
        }
    }

    var showsFirstElement: Bool { list.elementCount > 0 && offset <= 0 }
    /// The first element is placed at the top of the first column (0 until it is placed).
    var firstElementTop: Double { placedY.first ?? 0 }

    mutating func environmentChanged(key: String, _ context: inout FrameContext) -> Int {
        var evaluated = 0
        for e in 0..<built where list.elementTypeSpec(e).readsEnvironment.contains(key) {
            let spec = list.elementTypeSpec(e)
            context.charge(.body, list.cost(.body, ofElement: e, spec.costs), type: list.elementType(e))
            evaluated += 1
        }
        context.totals.work.bodyEvaluations += evaluated
        context.events.record(.environment, value: Double(evaluated))
        return evaluated
    }

    mutating func append(elements k: Int, _ context: inout FrameContext) {
        let before = list.elementCount
        list.activate(elements: k)
        guard list.elementCount > before else { return }
        buildNewChildren(&context)
        layOutAll(&context)
        context.events.record(.append, value: Double(list.elementCount - before))
    }

    /// Every child is resident and nothing is prefetched; the children off screen are cached.
    var readings: ContentReadings {
        ContentReadings(memoryBytes: viewBytes + dataBytes, visibleCount: onScreen.count, prefetchedCount: 0,
                        cachedCount: built - onScreen.count, trueExtent: extent)
    }
    var rowCount: Int { list.elementCount }
    var firstScreenComplete: Bool { !needsLayout }

    /// ScrollPosition.viewID at an anchor: the lowest-numbered visible element for `.top`, the
    /// highest for `.bottom`; for `.center` the lowest-numbered element across the viewport's
    /// middle line (its spacing below counted as its own, as a stack counts it), or the
    /// highest visible one when no element reaches the middle (content shorter than the
    /// viewport), as a stack answers.
    func viewID(at anchor: ScrollTarget.Anchor) -> Int {
        var best = -1
        var lowest = -1
        let middle = offset + viewport.height / 2
        forEachVisible { e in
            switch anchor {
            case .top: best = best < 0 ? e : min(best, e)
            case .bottom: best = max(best, e)
            case .center:
                lowest = max(lowest, e)
                if placedY[e] <= middle, middle < placedY[e] + placedHeight[e] + config.spacing {
                    best = best < 0 ? e : min(best, e)
                }
            }
        }
        return anchor == .center && best < 0 ? lowest : best
    }

    var visibleElements: (Int, Int) {
        var first = Int.max, last = -2
        forEachVisible { e in first = min(first, e); last = max(last, e) }
        return first == Int.max ? (-1, -2) : (first, last)
    }

    func isScrolledPast(element: Int) -> Bool {
        guard element < placedY.count else { return false }
        return placedY[element] + placedHeight[element] <= offset
    }

    var liveElementCount: Int { list.elementCount }
    mutating func setFooter(height: Double) { footerHeight = height }
    var footerVisible: Bool { footerHeight > 0 && extent - footerHeight < offset + viewport.height }
}

/// A tap on a photo of a masonry Layout: the photo's view state changes, and it is kept, since
/// a Layout keeps every child resident (nothing evicted, so no state to lose); the tap is logged
/// like a stack's, so the report's events show it.
extension MasonryLayoutContent: TapTarget {
    mutating func tap(element: Int, _ context: inout FrameContext) {
        precondition(element >= 0 && element < list.elementCount, "element \(element) outside 0..<\(list.elementCount)")
        context.events.record(.tap, row: element, element: element, type: list.elementType(element))
    }
}
