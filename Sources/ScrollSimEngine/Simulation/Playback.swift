/// One run's frame loop over one kind of content: the frame clock, the viewport and its
/// content, the script and the paging loader, advanced one frame at a time (`Simulation` drives
/// it).
///
/// A frame starts on a vsync tick: the content applies deferred updates and arriving content,
/// script events due by then are applied in order, and the viewport moves the content to where
/// the gesture has it at that time and lays it out, presents, renders, prefetches and evicts
/// (`Viewport`).
/// The frame's commit and render-server work decide when it is presented (`FrameClock`), and
/// its interval — launch, scroll or rest — which hitch figures it counts in (`FrameAccounting`). `step()` allocates
/// nothing once the run has started: every buffer is sized for the whole run up front.
///
/// Generic over the content, so that every call into it in the frame loop is static and
/// specialised for each kind (<doc:ContentContract>): `Simulation` holds it inside a wrapper
/// named for its kind (`KindPlayback`), never as a generic conformance, whose witnesses would
/// run the unspecialised loop. The content must answer the viewport's
/// position queries, the paging loader, environment changes and the frame record.
struct Playback<Content: PlayedContent>: Sendable {
    let config: SimulationConfig
    private(set) var clock: FrameClock
    private(set) var viewport: Viewport<Content>
    private(set) var context: FrameContext
    private(set) var frames: FrameSeries
    private(set) var frameIndex = 0
    private var nextScriptEvent = 0
    private(set) var accounting = FrameAccounting()
    /// The app's paging loader, when the content pages.
    private(set) var paginator: Paginator?
    /// Whether the list loads pages: asked first every frame, since reading the optional
    /// paginator out to test it copies it, pages or not.
    private let paginates: Bool
    /// When the next script event is due (`at` × 1000, as `applyScript` compares it), or
    /// infinity when none is left.
    private var nextScriptMs: Double
    /// The names of the view types work is attributed to: the content's types, then the section
    /// header's.
    let typeNames: [String]

    /// A run of `config` over `content`, whose optional capabilities are `capabilities`.
    /// - Parameter recordingCostDraws: record every build cost drawn (`CostDraw`, for ScrollSim's
    ///   own trace); the run is otherwise the same.
    /// - Parameter stopsWhenUnsettled: whether a debug build stops when the layout loop runs out
    ///   of passes (`Viewport.stopsWhenUnsettled`).
    init(config: SimulationConfig, content: Content, capabilities: ContentCapabilities<Content>, typeNames: [String],
         recordingCostDraws: Bool, stopsWhenUnsettled: Bool) {
        self.config = config
        clock = FrameClock(refreshRate: config.device.refreshRate)
        viewport = Viewport(size: config.device.viewport, inputMs: config.device.inputMs, position: config.stack.scrollPosition,
                            content: content, capabilities: capabilities)
        viewport.stopsWhenUnsettled = stopsWhenUnsettled
        let capacity = config.maximumFrames
        frames = FrameSeries(reserving: capacity)
        // Room for 16 events a frame: a masonry Layout that shows and hides several photos a
        // frame logs more than 8, and a log that grows mid-run allocates in a steady frame
        // (masonry-feed-layout did, frame 626). Pages never written are never resident.
        context = FrameContext(eventCapacity: max(4096, capacity * 16), typeCount: typeNames.count)
        paginator = config.content.pagination.map { Paginator(config: $0, initial: config.content.count) }
        paginates = paginator != nil
        nextScriptMs = config.script.first.map { $0.at * 1000 } ?? .infinity
        self.typeNames = typeNames
        if recordingCostDraws { context.costDraws = [] }
    }

    /// The run's events so far.
    var events: EventLog { context.events }

    /// Plays one frame.
    /// - Complexity: O(v log n) for v resident rows.
    mutating func step() {
        let now = clock.nowMs
        context.begin(frame: frameIndex, nowMs: now, overheadMs: config.device.frameOverheadMs)
        viewport.prepare(&context)
        deliverPage()
        applyScript(upTo: now)
        let (moving, outcome) = viewport.playFrame(&context)
        watchForPages()

        let timing = clock.finishFrame(commitMs: context.work.total, renderServerMs: outcome.renderServerMs,
                                       extraCommitTicks: outcome.extraCommitTicks)
        let (interval, overrun) = accounting.record(timing, work: context.work, moving: moving,
                                                    firstScreenComplete: viewport.content.firstScreenComplete)
        if timing.isLate {
            context.events.record(.hitch, value: Double(timing.droppedFrames))
        }
        context.closeFrame(late: timing.commitDropped > 0)
        recordFrame(startedAt: now, timing: timing, interval: interval, renderServerMs: outcome.renderServerMs, prefetchOverrunMs: overrun)
        frames.append(context.record)
        frameIndex += 1
    }

    /// Sets the columns of the frame's record known once the frame is over: its time, work and
    /// presentation, and what the viewport and the content hold at its end. The viewport and the
    /// content set the others as they play the frame (`FrameRecord`).
    private mutating func recordFrame(startedAt now: Double, timing: FrameTiming, interval: FrameAccounting.Interval, renderServerMs: Double, prefetchOverrunMs: Double) {
        let readings = viewport.content.readings
        context.record.work = context.work
        context.record[.timeMs] = now
        context.record[.dropped] = Double(timing.droppedFrames)
        context.record[.renderDropped] = Double(timing.renderDropped)
        context.record[.renderServerMs] = renderServerMs
        context.record[.prefetchOverrunMs] = prefetchOverrunMs
        context.record[.launch] = interval == .launch ? 1 : 0
        context.record[.moving] = interval == .scroll ? 1 : 0
        context.record[.offset] = viewport.offset
        context.record[.viewID] = Double(viewport.viewID)
        context.record[.positionedByUser] = viewport.positionedByUser ? 1 : 0
        context.record[.atEdge] = Double(viewport.atEdgeCode)
        context.record[.memoryBytes] = Double(readings.memoryBytes)
        context.record[.visible] = Double(readings.visibleCount)
        context.record[.prefetched] = Double(readings.prefetchedCount)
        context.record[.cached] = Double(readings.cachedCount)
        let estimated = viewport.content.extent
        let trueHeight = readings.trueExtent
        context.record[.estimatedHeight] = estimated
        context.record[.trueHeight] = trueHeight
        context.record[.estimateErrorPx] = estimated - trueHeight
    }

    /// A page that has arrived joins the list; the spinner goes when nothing is in flight.
    private mutating func deliverPage() {
        guard paginates, var pages = paginator else { return }
        if let page = pages.takeArrival(atMs: context.nowMs) {
            viewport.append(elements: page, &context)
        }
        if context.frame == 0 && viewport.content.liveElementCount == 0 {
            pages.trigger(atMs: context.nowMs)      // an empty list loads its first page at once
        }
        viewport.content.setFooter(height: pages.isLoading ? pages.config.spinnerHeight : 0)
        paginator = pages
    }

    /// The frame's trigger for the next page, and whether the user is waiting at the spinner.
    private mutating func watchForPages() {
        guard paginates, var pages = paginator else { return }
        let signals = viewport.content.signals
        let last = viewport.content.liveElementCount - 1
        let fired: Bool
        switch pages.config.trigger {
        case .lastItemAppear: fired = last >= 0 && signals.maxAppeared >= last
        case .prefetch: fired = last >= 0 && signals.maxBuilt >= last
        case .itemsFromEnd(let k): fired = last >= 0 && signals.maxAppeared >= last - k + 1
        }
        if fired { pages.trigger(atMs: context.nowMs) }
        pages.spinnerShown(viewport.content.footerVisible, atMs: context.nowMs)
        paginator = pages
    }

    /// Applies every script event due at or before `now`, in the order given.
    private mutating func applyScript(upTo now: Double) {
        guard nextScriptMs <= now + Tolerance.milliseconds else { return }
        let script = config.script
        while nextScriptEvent < script.count, script[nextScriptEvent].at * 1000 <= now + Tolerance.milliseconds {
            let event = script[nextScriptEvent]
            nextScriptEvent += 1
            nextScriptMs = nextScriptEvent < script.count ? script[nextScriptEvent].at * 1000 : .infinity
            switch event.action {
            case .drag(let velocity, let duration, let fling):
                viewport.beginDrag(velocity: velocity, durationMs: duration * 1000, flingOnRelease: fling, touchMs: event.touchMs, &context)
            case .fling(let velocity, let rate):
                viewport.beginFling(velocity: velocity, rate: rate, touchMs: event.touchMs, &context)
            case .rotate(let size):
                viewport.resize(to: size, &context)
            case .scrollTo(let target):
                viewport.beginScroll(to: target, &context)
            case .tap(let element):
                viewport.tap(element: element, &context)
            case .environment(let key):
                viewport.environmentChanged(key: key, &context)
            case .append(let count):
                viewport.append(elements: count, &context)
            }
        }
    }

    /// Ends the run and summarizes it.
    mutating func finish() -> SimulationResult {
        viewport.finishRun(&context)
        context.totals.pagination = paginator?.totals ?? PaginationTotals()
        let summary = SimulationSummary(frames: frames, totals: context.totals, accounting: accounting, budgetMs: clock.budgetMs)
        return SimulationResult(config: config, frames: frames, events: context.events.events, summary: summary,
                                rowCount: viewport.content.rowCount, typeNames: typeNames,
                                costDraws: context.costDraws ?? [])
    }
}
