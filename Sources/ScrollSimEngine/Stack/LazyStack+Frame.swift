/// One frame of the stack, in the order of DESIGN §4.
///
/// The simulation calls `beginFrame` (deferred updates and arriving content change heights
/// before anything is laid out), advances the physics, then calls `finishFrame`, which lays
/// out the viewport, fires appear/disappear, renders, prefetches in the idle time left and
/// evicts.
extension LazyStack {
    /// What a frame of the stack produced, for the frame record.
    public struct FrameOutcome: Equatable, Sendable {
        public var corrections = 0
        public var correctionPx = 0.0
        public var visibleJumps = 0
        public var blankFraction = 0.0
    }

    public mutating func beginFrame(_ frame: Int, nowMs: Double, work: inout PhaseWork, events: inout EventLog) {
        self.frame = frame
        self.nowMs = nowMs
        events.frame = frame
        if isEager && frame == 0 {
            buildEverything(work: &work, events: &events)
        }
        applyPendingUpdates(work: &work, events: &events)
        deliverContent(events: &events)
    }

    /// Lays out, corrects, appears, renders, prefetches and evicts.
    /// - Complexity: O(v log n)
    public mutating func finishFrame(physics: inout ScrollPhysics, work: inout PhaseWork, events: inout EventLog) -> FrameOutcome {
        var outcome = FrameOutcome()
        let correctionsBefore = totals.offsetCorrections
        let previousOffset = offset
        let previous = RowSpan(first: firstVisible, last: lastVisible)

        var (span, correction) = layoutViewport(physics: &physics, work: &work, events: &events)
        span = landInstantScroll(span, physics: &physics, work: &work, events: &events)
        offset = physics.offset
        outcome.corrections = totals.offsetCorrections - correctionsBefore
        outcome.correctionPx = abs(correction)
        if physics.velocity > Tolerance.points { direction = 1 } else if physics.velocity < -Tolerance.points { direction = -1 }

        updatePinnedHeader(span, work: &work, events: &events)
        updateVisibility(from: previous, to: span, work: &work, events: &events)
        outcome.visibleJumps = detectJumps(previous: previous, current: span, scrollDelta: offset - previousOffset - correction, events: &events)
        firstVisible = span.first
        lastVisible = span.last
        updateAnchor(span)
        checkTopLanding(previousOffset: previousOffset)
        checkScrollLanding(physics: physics, events: &events)

        outcome.blankFraction = render(span, work: &work)
        prefetch(physics: physics, work: &work, events: &events)
        evict(events: &events)
        viewportChanged = false
        checkInvariants()
        return outcome
    }

    /// An eager stack builds and shows every child when it first appears.
    mutating func buildEverything(work: inout PhaseWork, events: inout EventLog) {
        for row in 0..<rows.count where phase[row] == .absent {
            buildCold(row, work: &work, events: &events)
            appear(row, work: &work, events: &events)
            setPhase(row, .cached)
        }
    }

    /// Compares where rows visible in both frames are now with where the scroll alone would have
    /// put them. Anything else is a visible jump (frames where the viewport changed size are
    /// not judged). Returns 1 if this frame jumped, else 0, and stores this frame's positions.
    /// - Complexity: O(log n + v)
    mutating func detectJumps(previous: RowSpan, current: RowSpan, scrollDelta: Double, events: inout EventLog) -> Int {
        guard !current.isEmpty else { return 0 }
        let judged = !viewportChanged && !previous.isEmpty
        var worst = 0.0
        var worstRow = -1
        var y = index.y(of: current.first) - offset
        for row in current.first...current.last {
            if judged, previous.contains(row), !(config.pinnedHeaders && rows.isHeader(row)) {
                let moved = abs(y - (screenY[row] - scrollDelta))
                if moved > worst {
                    worst = moved
                    worstRow = row
                }
            }
            screenY[row] = y
            y += index.height(of: row) + index.spacing
        }
        guard worst > Tolerance.points, worstRow >= 0 else { return 0 }
        totals.visibleJumps += 1
        totals.maxJumpPx = max(totals.maxJumpPx, worst)
        events.record(.visibleJump, row: worstRow, element: Int(rows.element[worstRow]), value: worst)
        return 1
    }

    /// When the content reaches its top edge, row 0 must be at y = 0 and the offset exactly 0.
    mutating func checkTopLanding(previousOffset: Double) {
        guard offset == 0, previousOffset > 0, firstVisible == 0, rows.count > 0 else { return }
        totals.topArrivals += 1
        let error = abs(index.y(of: 0) - offset)
        totals.topLandingErrorPx = max(totals.topLandingErrorPx, error)
    }

    /// Render cost of every visible view, and the share of the viewport showing placeholders.
    mutating func render(_ span: RowSpan, work: inout PhaseWork) -> Double {
        var blank = 0.0
        let bottom = viewport.height
        var y = span.isEmpty ? 0 : index.y(of: span.first) - offset
        if !span.isEmpty {
            for row in span.first...span.last {
                let spec = rows.type(of: row)
                let height = index.height(of: row)
                work.render += jittered(spec.costs.renderMs, spec)
                work.render += nestedRenderMs[row]
                if spec.asyncContent != nil, loadState[row] != .loaded {
                    blank += max(0, min(bottom, y + height) - max(0, y))
                }
                y += height + index.spacing
            }
        }
        if pinnedHeader >= 0 && !span.contains(pinnedHeader) {
            let spec = rows.type(of: pinnedHeader)
            work.render += jittered(spec.costs.renderMs, spec)
        }
        let fraction = viewport.height > 0 ? min(1, blank / viewport.height) : 0
        if fraction > 0 {
            totals.blankAreaFrames += 1
            if fraction > 0.5 { totals.mostlyBlankFrames += 1 }
            totals.blankFractionSum += fraction
            totals.blankFractionMax = max(totals.blankFractionMax, fraction)
        }
        return fraction
    }

    /// The run is over: prefetched views still waiting to be shown are counted apart from the
    /// waste (they would be used if the user carried on).
    public mutating func finishRun() {
        for r in residents where !appearedSinceBuild[Int(r)] && prefetchSpentMs[Int(r)] > 0 {
            totals.prefetchPendingAtEnd += 1
            totals.prefetchPendingAtEndMs += prefetchSpentMs[Int(r)]
        }
    }
}
