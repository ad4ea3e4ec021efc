/// A run: the frame clock, the scroll physics, the stack and the script, advanced one frame at
/// a time.
///
/// ```swift
/// var simulation = Simulation(config: config)
/// while !simulation.isFinished { simulation.step() }
/// let result = simulation.finish()
/// ```
///
/// A frame starts on a vsync tick: script events due by then are applied in order, the stack
/// applies deferred updates and arriving content, the physics moves the content to where the
/// gesture has it at that time, and the stack lays out, appears, renders, prefetches and evicts.
/// The frame's work decides how many ticks it occupies (`FrameClock`). `step()` allocates
/// nothing once the run has started: every buffer is sized for the whole run up front.
public struct Simulation: Sendable {
    public let config: SimulationConfig
    public private(set) var clock: FrameClock
    public private(set) var physics = ScrollPhysics()
    public private(set) var stack: LazyStack
    public private(set) var frames: FrameSeries
    public private(set) var events: EventLog
    public private(set) var frameIndex = 0
    private var nextScriptEvent = 0
    private var hitchMs = 0.0
    private var movingMs = 0.0
    private var droppedFrames = 0

    /// - Complexity: O(n) to build the rows and index.
    public init(config: SimulationConfig) {
        precondition(config.duration > 0, "duration \(config.duration) must be positive")
        self.config = config
        clock = FrameClock(refreshRate: config.device.refreshRate)
        stack = LazyStack(config: config.stack, content: config.content, device: config.device, seed: config.seed)
        let capacity = config.maximumFrames
        frames = FrameSeries(reserving: capacity)
        events = EventLog(reserving: max(4096, capacity * 8))
    }

    public var isFinished: Bool { clock.nowMs >= config.duration * 1000 - Tolerance.milliseconds }

    /// Plays one frame.
    /// - Complexity: O(v log n) for v resident rows.
    public mutating func step() {
        precondition(!isFinished, "step() after the run finished")
        let now = clock.nowMs
        var work = PhaseWork()
        work.overhead = config.device.frameOverheadMs
        stack.beginFrame(frameIndex, nowMs: now, work: &work, events: &events)
        applyScript(upTo: now)
        let offsetBefore = stack.offset
        let animationTarget = stack.scrollRequest.map { stack.targetOffset(for: $0.target) } ?? physics.offset
        let wasMoving = physics.isMoving
        physics.advance(toMs: now, animationTarget: animationTarget, range: stack.offsetRange)
        if wasMoving || physics.isMoving { work.input += config.device.inputMs }
        let outcome = stack.finishFrame(physics: &physics, work: &work, events: &events)

        let timing = clock.finishFrame(workMs: work.total)
        let moving = wasMoving || physics.isMoving || abs(stack.offset - offsetBefore) > Tolerance.points
        if moving { movingMs += Double(timing.ticks) * timing.budgetMs }
        if timing.isLate {
            hitchMs += timing.hitchMs
            droppedFrames += timing.droppedFrames
            events.record(.hitch, value: Double(timing.droppedFrames))
        }
        var record = FrameRecord()
        record.timeMs = now
        record.offset = stack.offset
        record.work = work
        record.dropped = timing.droppedFrames
        record.memoryBytes = stack.memoryBytes
        record.visible = stack.visibleCount
        record.prefetched = stack.prefetchedCount
        record.cached = stack.cachedCount
        record.estimatedHeight = stack.index.totalHeight
        record.trueHeight = stack.trueContentHeight
        record.corrections = outcome.corrections
        record.correctionPx = outcome.correctionPx
        record.visibleJumps = outcome.visibleJumps
        record.blankFraction = outcome.blankFraction
        record.viewID = stack.viewID
        record.moving = moving
        frames.append(record)
        frameIndex += 1
    }

    /// Applies every script event due at or before `now`, in the order given.
    private mutating func applyScript(upTo now: Double) {
        let script = config.script
        while nextScriptEvent < script.count, script[nextScriptEvent].at * 1000 <= now + Tolerance.milliseconds {
            let event = script[nextScriptEvent]
            nextScriptEvent += 1
            switch event.action {
            case .drag(let velocity, let duration, let fling):
                physics.beginDrag(atMs: now, velocity: velocity, durationMs: duration * 1000, flingOnRelease: fling)
                events.record(.drag, value: velocity)
            case .fling(let velocity, let rate):
                physics.beginFling(atMs: now, velocity: velocity, rate: rate)
                events.record(.fling, value: velocity)
            case .rotate(let size):
                stack.rotate(to: size, events: &events)
            case .scrollTo(let target):
                stack.beginScroll(to: target, physics: &physics, events: &events)
            case .tap(let element):
                stack.tap(element: element, events: &events)
            }
        }
    }

    /// Ends the run and summarizes it.
    public mutating func finish() -> SimulationResult {
        stack.finishRun()
        let summary = SimulationSummary(
            frames: frames, totals: stack.totals, hitchMs: hitchMs, movingMs: movingMs,
            droppedFrames: droppedFrames, durationMs: clock.nowMs
        )
        return SimulationResult(config: config, frames: frames, events: events.events, summary: summary, rowCount: stack.rowCount)
    }

    /// Runs a configuration to the end.
    public static func run(_ config: SimulationConfig) -> SimulationResult {
        var simulation = Simulation(config: config)
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
}
