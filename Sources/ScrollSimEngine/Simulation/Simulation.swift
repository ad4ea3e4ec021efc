/// A run: the frame clock, the scroll physics, the stack and the script, advanced one frame at
/// a time.
///
/// ```swift
/// var simulation = Simulation(config: config)
/// while !simulation.isFinished { simulation.step() }
/// let result = simulation.finish()
/// ```
///
/// A frame starts on a vsync tick: the content applies deferred updates and arriving content,
/// script events due by then are applied in order, and the viewport moves the content to where
/// the gesture has it at that time and lays it out, presents, renders, prefetches and evicts
/// (`Viewport`).
/// The frame's commit and render-server work decide when it is presented (`FrameClock`), and
/// its interval — launch, scroll or rest — which hitch figures it counts in (`FrameAccounting`). `step()` allocates
/// nothing once the run has started: every buffer is sized for the whole run up front.
public struct Simulation: Sendable {
    public let config: SimulationConfig
    private(set) var clock: FrameClock
    private(set) var viewport: Viewport
    private(set) var context: FrameContext
    public private(set) var frames: FrameSeries
    public private(set) var frameIndex = 0
    private var nextScriptEvent = 0
    private(set) var accounting = FrameAccounting()
    /// The app's paging loader, when the content pages.
    private(set) var paginator: Paginator?
    /// The names of the view types work is attributed to: the content's types, then the section
    /// header's.
    public let typeNames: [String]

    /// - Complexity: O(n) to build the rows and index.
    /// - Parameter recordingCostDraws: record every build cost drawn (`CostDraw`, for ScrollSim's
    ///   own trace); the run is otherwise the same.
    public init(config: SimulationConfig, recordingCostDraws: Bool = false) {
        precondition(config.duration > 0, "duration \(config.duration) must be positive")
        self.config = config
        clock = FrameClock(refreshRate: config.device.refreshRate)
        let content = Simulation.makeContent(config)
        viewport = Viewport(size: config.device.viewport, inputMs: config.device.inputMs, position: config.stack.scrollPosition, content: content)
        let capacity = config.maximumFrames
        frames = FrameSeries(reserving: capacity)
        let types = config.content.types.map(\.name) + (config.content.sections.map { [$0.header.name] } ?? [])
        context = FrameContext(eventCapacity: max(4096, capacity * 8), typeCount: types.count)
        paginator = config.content.pagination.map { Paginator(config: $0, initial: config.content.count) }
        typeNames = types
        if recordingCostDraws { context.costDraws = [] }
    }

    /// The run's events so far.
    public var events: EventLog { context.events }

    /// The stack the viewport scrolls (for tests and tools that look inside).
    var stack: LazyStack {
        guard let stack = viewport.content as? LazyStack else { preconditionFailure("the content is not a LazyStack") }
        return stack
    }

    /// When the next frame starts, in ms from the start of the run.
    public var nowMs: Double { clock.nowMs }

    public var isFinished: Bool { clock.nowMs >= config.duration * 1000 - Tolerance.milliseconds }

    /// Plays one frame.
    /// - Complexity: O(v log n) for v resident rows.
    public mutating func step() {
        precondition(!isFinished, "step() after the run finished")
        let now = clock.nowMs
        context.begin(frame: frameIndex, nowMs: now, overheadMs: config.device.frameOverheadMs)
        viewport.prepare(&context)
        deliverPage()
        applyScript(upTo: now)
        let moving = viewport.playFrame(&context)
        watchForPages()

        let timing = clock.finishFrame(commitMs: context.work.total, renderServerMs: context.renderServerMs,
                                       extraCommitTicks: context.extraCommitTicks)
        let (interval, overrun) = accounting.record(timing, work: context.work, moving: moving,
                                                    firstScreenComplete: viewport.content.firstScreenComplete)
        if timing.isLate {
            context.events.record(.hitch, value: Double(timing.droppedFrames))
        }
        context.closeFrame(late: timing.commitDropped > 0)
        recordFrame(startedAt: now, timing: timing, interval: interval, prefetchOverrunMs: overrun)
        frames.append(context.record)
        frameIndex += 1
    }

    /// Sets the columns of the frame's record known once the frame is over: its time, work and
    /// presentation, and what the viewport and the content hold at its end. The viewport and the
    /// content set the others as they play the frame (`FrameRecord`).
    private mutating func recordFrame(startedAt now: Double, timing: FrameTiming, interval: FrameAccounting.Interval, prefetchOverrunMs: Double) {
        let content = viewport.content
        context.record.work = context.work
        context.record[.timeMs] = now
        context.record[.dropped] = Double(timing.droppedFrames)
        context.record[.renderDropped] = Double(timing.renderDropped)
        context.record[.renderServerMs] = context.renderServerMs
        context.record[.prefetchOverrunMs] = prefetchOverrunMs
        context.record[.launch] = interval == .launch ? 1 : 0
        context.record[.moving] = interval == .scroll ? 1 : 0
        context.record[.offset] = viewport.offset
        context.record[.viewID] = Double(viewport.viewID)
        context.record[.positionedByUser] = viewport.positionedByUser ? 1 : 0
        context.record[.atEdge] = Double(viewport.atEdgeCode)
        context.record[.memoryBytes] = Double(content.memoryBytes)
        context.record[.visible] = Double(content.visibleCount)
        context.record[.prefetched] = Double(content.prefetchedCount)
        context.record[.cached] = Double(content.cachedCount)
        let estimated = content.extent
        let trueHeight = content.trueExtent
        context.record[.estimatedHeight] = estimated
        context.record[.trueHeight] = trueHeight
        context.record[.estimateErrorPx] = estimated - trueHeight
    }

    /// A page that has arrived joins the list; the spinner goes when nothing is in flight.
    private mutating func deliverPage() {
        guard var pages = paginator else { return }
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
        guard var pages = paginator else { return }
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
        let script = config.script
        while nextScriptEvent < script.count, script[nextScriptEvent].at * 1000 <= now + Tolerance.milliseconds {
            let event = script[nextScriptEvent]
            nextScriptEvent += 1
            switch event.action {
            case .drag(let velocity, let duration, let fling):
                viewport.beginDrag(velocity: velocity, durationMs: duration * 1000, flingOnRelease: fling, &context)
            case .fling(let velocity, let rate):
                viewport.beginFling(velocity: velocity, rate: rate, &context)
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
    public mutating func finish() -> SimulationResult {
        viewport.finishRun(&context)
        context.totals.pagination = paginator?.totals ?? PaginationTotals()
        let summary = SimulationSummary(frames: frames, totals: context.totals, accounting: accounting, budgetMs: clock.budgetMs)
        return SimulationResult(config: config, frames: frames, events: context.events.events, summary: summary,
                                rowCount: (viewport.content as? LazyStack)?.rowCount ?? viewport.content.liveElementCount, typeNames: typeNames,
                                costDraws: context.costDraws ?? [])
    }

    /// Runs a configuration to the end.
    public static func run(_ config: SimulationConfig, recordingCostDraws: Bool = false) -> SimulationResult {
        var simulation = Simulation(config: config, recordingCostDraws: recordingCostDraws)
        while !simulation.isFinished { simulation.step() }
        return simulation.finish()
    }
}

/// Everything a run produced.
public struct SimulationResult: Sendable {
    public let config: SimulationConfig
    public let frames: FrameSeries
    public let events: [SimulationEvent]
    public let summary: SimulationSummary
    public let rowCount: Int
    /// View type names, indexed as events' `type` and `summary.totals.byType`.
    public let typeNames: [String]
    /// Every build cost drawn, when the run recorded them; empty otherwise.
    public var costDraws: [CostDraw] = []
}
