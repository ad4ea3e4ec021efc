/// One frame of the stack, in the order the viewport drives it (`ScrollContent`), and what the
/// viewport, the paging loader and the frame record ask of it (`ContentPositions`,
/// `PlayedContent`, `PendingWorkAtEnd`).
///
/// `prepare` runs what lands before layout (updates appearances scheduled last frame, content
/// that arrived, an eager stack's build at launch). The viewport then lays the stack out
/// (`LazyStack+Layout.swift`) until it settles. `present` completes the layout — pinned header,
/// onAppear/onDisappear, visible jumps, the next anchor — and `finish` renders, prefetches in
/// the idle time left and evicts.
extension LazyStack: ScrollContent, ContentPositions, PlayedContent, PendingWorkAtEnd {
    @inline(__always)
    var extent: Double { index.totalHeight + footerExtent }
    var trueExtent: Double { trueContentHeight + footerExtent }
    var liveElementCount: Int { rows.elementCount }

    @inline(__always)
    var readings: ContentReadings {
        ContentReadings(memoryBytes: memoryBytes, visibleCount: visibleCount, prefetchedCount: prefetchedCount,
                        cachedCount: cachedCount, trueExtent: trueExtent)
    }

    /// The footer's share of the extent: its height and the spacing before it.
    var footerExtent: Double {
        guard footerHeight > 0 else { return 0 }
        return rows.count > 0 ? config.spacing + footerHeight : footerHeight
    }

    mutating func setFooter(height: Double) { footerHeight = height }

    var footerVisible: Bool {
        footerHeight > 0 && index.totalHeight + footerExtent - footerHeight < offset + viewportSize.height
    }

    mutating func prepare(_ context: inout FrameContext) {
        signals = ContentSignals()
        if context.frame == 0 {
            indexDynamicElements(0..<rows.elementCount, &context)
        }
        if isEager && context.frame == 0 {
            buildEverything(&context)
        }
        applyPendingUpdates(&context)
        deliverContent(&context)
    }

    /// Completes the frame's layout at `offset` (the rows the last layout built).
    /// - Complexity: O(v + log n)
    mutating func present(at offset: Double, scrollDelta: Double, _ context: inout FrameContext) {
        self.offset = offset
        let previous = RowSpan(first: firstVisible, last: lastVisible)
        let span = laidOut
        updatePinnedHeader(span, &context)
        updateVisibility(from: previous, to: span, &context)
        detectJumps(previous: previous, current: span, scrollDelta: scrollDelta, &context)
        countPopped(previous: previous, current: span, &context)
        firstVisible = span.first
        lastVisible = span.last
        updateAnchor(span)
    }

    /// Renders, prefetches in the idle time left and evicts.
    /// - Complexity: O(v log n)
    mutating func finish(_ constraints: FinishConstraints, _ context: inout FrameContext) -> FrameOutcome {
        let velocity = constraints.velocity
        prefetcher.follow(velocity: velocity)
        prefetchImages(&context)
        let outcome = render(RowSpan(first: firstVisible, last: lastVisible), commits: constraints.commits, moving: abs(velocity) > Tolerance.points, &context)
        prefetch(velocity: velocity, &context)
        evict(&context)
        viewportChanged = false
        checkInvariants(frame: context.frame)
        return outcome
    }

    var showsFirstElement: Bool { rows.count > 0 && firstVisible == 0 }
    /// ScrollPosition.viewID at an anchor: the topmost visible element (`.top`), the bottommost
    /// (`.bottom`), or the one at the middle of the viewport (`.center`); headers are skipped.
    /// - Complexity: O(v)
    @inline(__always)
    func viewID(at anchor: ScrollTarget.Anchor) -> Int {
        guard lastVisible >= firstVisible else { return -1 }
        switch anchor {
        case .top:
            var row = firstVisible
            while row <= lastVisible, rows.isHeader(row) { row += 1 }
            return row <= lastVisible ? rows.listElement(ofRow: row) : -1
        case .bottom:
            var row = lastVisible
            while row >= firstVisible, rows.isHeader(row) { row -= 1 }
            return row >= firstVisible ? rows.lastListElement(ofRow: row) : -1
        case .center:
            let middle = offset + viewportSize.height / 2
            var row = firstVisible
            var y = index.y(of: row)
            while row < lastVisible, y + index.height(of: row) + index.spacing <= middle {
                y += index.height(of: row) + index.spacing
                row += 1
            }
            while row <= lastVisible, rows.isHeader(row) { row += 1 }
            return row <= lastVisible ? rows.listElement(ofRow: row) : -1
        }
    }

    var visibleElements: (Int, Int) {
        guard lastVisible >= firstVisible else { return (-1, -2) }
        return (rows.listElement(ofRow: firstVisible), rows.lastListElement(ofRow: lastVisible))
    }

    /// Every view of `element` is above the viewport's top (it has scrolled by).
    func isScrolledPast(element: Int) -> Bool {
        guard element < rows.elementCount else { return false }
        let children = rows.childRows(of: element)
        guard let last = children.last else { return firstVisible > rows.firstRow(ofElement: element) }
        return index.y(of: last) + index.height(of: last) <= offset
    }

    /// Updates are scheduled only by appearances, so none pending means every visible view is
    /// configured and laid out.
    var firstScreenComplete: Bool { pendingUpdates.isEmpty }
    var firstElementTop: Double { index.y(of: 0) }

    /// Destroys every view (the stack is being replaced, as when a masonry layout redistributes).
    /// The views on screen disappear first, in row order: a view removed from the hierarchy
    /// gets its `onDisappear`, and the event log pairs every `appear` with a `disappear` (a
    /// masonry rotation showed the element again in its new column with a second `appear`).
    mutating func tearDown(_ context: inout FrameContext) {
        if !isEager {
            for row in states.residents.map({ Int($0) }).sorted() where states.phase[row] == .visible {
                log(.disappear, row: row, &context)
            }
        }
        while let last = states.residents.last {
            setPhase(Int(last), .absent, &context)
        }
        context.viewsChanged(by: -indexedElementViews)
        indexedElementViews = 0
        indexedElementBytes = 0
    }

    /// The elements whose views have appeared at least once, as the list numbers them.
    func viewedElements() -> [Int] {
        var viewed: [Int] = []
        for row in 0..<rows.count where states.marks[row].contains(.viewed) && !rows.isHeader(row) {
            viewed.append(rows.listElement(ofRow: row))
        }
        return viewed
    }

    /// An eager stack builds and shows every child when it first appears.
    mutating func buildEverything(_ context: inout FrameContext) {
        for row in 0..<rows.count where states.phase[row] == .absent {
            buildCold(row, &context)
            appear(row, &context)
            setPhase(row, .cached, &context)
        }
    }

    /// Compares where rows visible in both frames are now with where the scroll alone would have
    /// put them. Anything else is a visible jump (frames where the viewport changed size are
    /// not judged). A frame that jumped sets its `visibleJumps` to 1 and counts once in the
    /// summary, however many columns jumped in it. This frame's positions are stored.
    /// - Complexity: O(log n + v)
    mutating func detectJumps(previous: RowSpan, current: RowSpan, scrollDelta: Double, _ context: inout FrameContext) {
        guard !current.isEmpty else { return }
        let judged = !viewportChanged && !previous.isEmpty
        var worst = 0.0
        var worstRow = -1
        var y = index.top(of: current.first) - offset
        let pinned = config.pinnedHeaders
        let spacing = index.spacing
        for row in current.first...current.last {
            let before = states.replaceScreenY(row, with: y)
            if judged, previous.contains(row), !(pinned && rows.isHeader(row)) {
                let moved = abs(y - (before - scrollDelta))
                if moved > worst {
                    worst = moved
                    worstRow = row
                }
            }
            y += index.height(of: row) + spacing
        }
        guard worst > Tolerance.points, worstRow >= 0 else { return }
        // The metric counts frames: masonry's columns are stacks of their own, and two columns
        // jumping in one frame are one frame with a jump (each still logs its event).
        context.totals.scrolling.recordJump(worst, newFrame: context.record[.visibleJumps] == 0)
        context.record[.visibleJumps] = 1
        log(.visibleJump, row: worstRow, value: worst, &context)
    }

    /// The run is over: prefetched views still waiting to be shown are counted apart from the
    /// waste (they would be used if the user carried on).
    mutating func finishRun(_ context: inout FrameContext) {
        context.totals.layout.gridWastePx += gridWastePx + partialGridRow.wastePx
        for r in states.residents {
            let spentMs = states.build(of: Int(r)).spentMs
            guard !states.presence(of: Int(r)).appearedSinceBuild && spentMs > 0 else { continue }
            context.totals.prefetch.recordPendingAtEnd(spentMs: spentMs)
        }
    }
}
