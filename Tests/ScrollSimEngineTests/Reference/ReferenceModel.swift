import Foundation
import ScrollSimEngine

/// A second, independent implementation of the simulator's core, written from the model's
/// documentation (the ScrollSimEngine DocC articles and the scenario reference), for the subset
/// the differential test generates: rows of fixed or uniform height (one child per element, no
/// sections), `lazyVStack` and `vStack`, drag, fling and instant `scrollTo`, prefetch off or
/// `deadline`, keep-alive by ms or frames with a cap, costs as numbers or drawn per element
/// (`ReferenceRow`: the draws are its input).
///
/// It is deliberately plain: one loop over frames, each frame a straight sequence of steps over
/// an array of rows, positions recomputed from prefix sums (no trees, no resident lists). Each
/// rule cites the sentence it comes from: "FH" FramesAndHitches, "SE" ScrollingAndEdges, "HE"
/// HeightsEstimatesAndCorrections, "PK" PrefetchKeepAliveAndState, "CM" CostAndMemory, "MD"
/// ModelDecisions, "SR" ScenarioReference. Where the documentation is silent the rule was read
/// from the engine and is marked "engine rule" with what it decides.
final class ReferenceModel {
    /// One row's life. SR: `children` 1 — one row per element, so row i is element i.
    struct Row {
        enum Phase { case none, prefetching, ready, visible, cached }
        var type: Int
        var trueHeight: Double
        var costs: ReferenceRow.Costs
        var measured: Double?
        var phase = Phase.none
        /// Prefetch progress: units done, 0 init, 1 body, 2 layout (PK: "in whole units").
        var unitsDone = 0
        var appearedSinceBuild = false
        var cachedAtMs = 0.0
        var cachedAtFrame = 0
        /// PK: a cached row inside the prefetch window has no running keep-alive clock.
        var clockHeld = false
    }

    enum Motion {
        case idle
        case drag(startMs: Double, origin: Double, velocity: Double, endMs: Double, flingOnRelease: Bool)
        case fling(startMs: Double, origin: Double, velocity: Double, rate: Double)
    }

    /// Where the engine and the articles differ (TestingTheModel, "Where the engine and the
    /// articles differ"), which side the model follows. The differential test follows the engine,
    /// so that everything else stays checked; `documented` plays the articles.
    enum Reading { case engine, documented }

    let config: SimulationConfig
    let reading: Reading
    var rows: [Row]
    let budget: Double
    let eager: Bool
    /// Per view type, read once from the configuration: bytes of a resident view and bytes of
    /// an element's data (CM).
    let viewBytes: [Int]
    let dataBytes: [Int]

    // Heights: HE "the running average of the heights laid out so far … starting from
    // `initialEstimate`".
    var estimate: Double
    var measuredSum = 0.0
    var measuredCount = 0
    var prefixKnown: [Double] = []
    var prefixCount: [Int] = []
    var prefixDirty = true

    // The viewport.
    var offset = 0.0
    var motion = Motion.idle
    var velocity = 0.0
    var firstVisible = 0
    var lastVisible = -1
    var laidFirst = 0
    var laidLast = -1
    var anchorRow = -1
    var anchorY = 0.0
    /// HE "Placed at the bottom": a jump to the bottom edge this frame; layouts measure upward.
    var placingBottom = false
    var presentedOffset = 0.0
    var pendingScroll: ScrollTarget?

    // Prefetch: MD "The scroll direction is that of the last non-zero velocity (toward the end at
    // launch)"; PK "its view type's running average for that unit (old·3/4 + new/4)".
    var direction = 1
    var windowFirst = 0
    var windowLast = -1
    var averages: [[Double?]]

    // The clock (FH), and the frame being built.
    var tick = 0
    var serverFreeTick = 0
    var lastPresentTick = 1
    var launched = false
    var frame = ReferenceFrame()
    var frameIndex = 0
    /// Σ |correction| applied in the frame (HE: each applied correction is "measured").
    var correctionPoints = 0.0

    init(config: SimulationConfig, rows: [ReferenceRow], reading: Reading = .engine) {
        self.config = config
        self.reading = reading
        self.rows = rows.map { Row(type: $0.type, trueHeight: $0.height, costs: $0.costs) }
        budget = 1000 / config.device.refreshRate
        eager = config.stack.kind == .vStack
        estimate = config.stack.initialEstimate
        n = rows.count
        spacing = config.stack.spacing
        viewportHeight = config.device.viewport.height
        averages = [[Double?]](repeating: [nil, nil, nil], count: config.content.types.count)
        let types = config.content.types
        // CM "Memory": `memory.view`, `memory.state` and `memory.content` while the view exists,
        // `memory.data` per element whether or not it does.
        viewBytes = types.map { $0.memory.view + $0.memory.state + $0.memory.content }
        dataBytes = types.map(\.memory.data)
        prefixKnown = [Double](repeating: 0, count: rows.count + 1)
        prefixCount = [Int](repeating: 0, count: rows.count + 1)
    }

    let n: Int
    let spacing: Double
    let viewportHeight: Double

    // MARK: The frame loop

    /// FH "Its work W occupies c = ⌈W / B⌉ vsync intervals (at least one)".
    func intervals(_ ms: Double) -> Int { max(1, Int((ms / budget - 1e-9).rounded(.up))) }

    func run() -> [ReferenceFrame] {
        var frames: [ReferenceFrame] = []
        var nextEvent = 0
        let script = config.script
        while Double(tick) * budget < config.duration * 1000 - 1e-9 {
            let now = Double(tick) * budget
            frame = ReferenceFrame()
            correctionPoints = 0
            frame.timeMs = now
            // CM: "Every frame also pays `device.frameOverheadMs`".
            charge(.overhead, config.device.frameOverheadMs)

            // SR `kind`: "vStack" (eager: every child created, laid out and appeared in the
            // first frame, never released).
            if eager && frameIndex == 0 {
                for row in 0..<n {
                    ensureBuilt(row)
                    appear(row)
                    rows[row].phase = .cached
                }
            }

            // SR `script`: "events at the same instant run in the order given, at the first
            // frame that starts at or after `at`".
            while nextEvent < script.count, script[nextEvent].at * 1000 <= now + 1e-9 {
                switch script[nextEvent].action {
                case .drag(let v, let duration, let fling):
                    pendingScroll = nil
                    motion = .drag(startMs: now, origin: offset, velocity: v, endMs: now + duration * 1000, flingOnRelease: fling)
                case .fling(let v, let rate):
                    pendingScroll = nil
                    motion = .fling(startMs: now, origin: offset, velocity: v, rate: rate)
                case .scrollTo(let target):
                    pendingScroll = target
                    jump(to: target)
                default:
                    preconditionFailure("outside the reference model's subset: \(script[nextEvent])")
                }
                nextEvent += 1
            }

            let offsetBefore = presentedOffset
            let wasMoving = isMoving
            advance(to: now)
            // CM: "and `device.inputMs` while the content is in motion".
            if wasMoving || isMoving { charge(.input, config.device.inputMs) }
            _ = layOutContent()
            // SE: "re-resolves the target after the rows around it are measured, until it stops
            // moving".
            if let target = pendingScroll {
                for _ in 0..<8 {
                    let wanted = targetOffset(target)
                    guard abs(wanted - offset) > 1e-3 else { break }
                    jump(to: target)
                    _ = layOutContent()
                }
                pendingScroll = nil
            }
            // HE: "Each applied correction is counted (`offsetCorrections`), measured
            // (`correctionPx`, and per frame `corrections`/`correctionPx`)": the frame figure is
            // Σ |correction|, as the summary's, the landing loop's corrections included.
            frame.correctionPx = correctionPoints

            // PK: "Then onAppear fires for rows that entered the viewport (`appearMs`),
            // onDisappear for those that left".
            if lastVisible >= firstVisible {
                for row in firstVisible...lastVisible where row < laidFirst || row > laidLast {
                    if rows[row].phase == .visible { disappear(row, nowMs: now) }
                }
            }
            if laidLast >= laidFirst {
                for row in laidFirst...laidLast where rows[row].phase != .visible { appear(row) }
            }
            (firstVisible, lastVisible) = (laidFirst, laidLast)
            // HE: "each frame's layout is anchored on the first row visible at the end of the
            // previous frame".
            anchorRow = lastVisible >= firstVisible ? firstVisible : -1
            if anchorRow >= 0 { anchorY = y(anchorRow) }
            placingBottom = false

            // MD "Not modeled": "A still frame renders nothing: a frame with no motion, no
            // offset change, no correction and no view work (init, body, layout, appear)".
            let viewWork = frame.phaseMs[.initialize] + frame.phaseMs[.body] + frame.phaseMs[.layout] + frame.phaseMs[.appear]
            let still = frameIndex > 0 && !wasMoving && !isMoving && offset == offsetBefore && frame.corrections == 0 && viewWork == 0
            if velocity > 1e-3 { direction = 1 } else if velocity < -1e-3 { direction = -1 }
            // CM: `renderMs` "every frame the view is visible"; render server: "Per visible view
            // per frame it composites the view (`renderServerMs`) and runs one offscreen pass per
            // overlapping effect".
            if !still && lastVisible >= firstVisible {
                for row in firstVisible...lastVisible {
                    charge(.render, rows[row].costs.renderMs)
                    frame.renderServerMs += rows[row].costs.serverMs
                }
            }
            prefetchWindow()
            evict(nowMs: now)
            presentedOffset = offset

            // FH "Two stages": commit c = ⌈W/B⌉, render r = ⌈S/B⌉, the render starts "once the
            // commit is done and the server has finished the previous frame"; the next commit
            // starts "on the first tick at which the main thread is free and the server has
            // started rendering this frame"; "A frame presented later than the interval after
            // the previous frame's presentation is late. The ticks it missed are its dropped
            // frames"; the commit hitch is "at most c − 1 ticks", the render hitch the rest.
            let total = work
            let commitTicks = intervals(total)
            let renderStart = max(tick + commitTicks, serverFreeTick)
            let present = renderStart + intervals(frame.renderServerMs)
            frame.dropped = max(0, present - lastPresentTick - 1)
            frame.renderDropped = frame.dropped - min(commitTicks - 1, frame.dropped)
            tick = renderStart
            serverFreeTick = present
            lastPresentTick = present

            // FH "Launch, scroll and rest": launch until the first screen is complete (at once
            // here: no onAppear configuration in the subset); scroll when "a gesture, a fling …
            // moves content that can move"; rest otherwise.
            let range = offsetRange()
            let moving = (wasMoving || isMoving) && range.upperBound - range.lowerBound > 1e-3
            frame.interval = !launched ? 0 : (moving ? 1 : 2)
            launched = true
            // PK: "A frame whose commit occupies more vsync intervals with its prefetch work than
            // without is a prefetch overrun (… `prefetchOverrunMs` is the work past the deadline
            // its required work would have met)".
            let prefetchMs = frame.phaseMs[.prefetch]
            if prefetchMs > 0 {
                let required = intervals(max(0, total - prefetchMs))
                if intervals(total) > required { frame.prefetchOverrunMs = total - Double(required) * budget }
            }

            // CM "Memory": the data model plus every resident view (prefetched, visible, cached);
            // "a view prefetch has started … is resident and holds them while its body and
            // layout are still to run".
            for row in rows {
                frame.memoryBytes += dataBytes[row.type]
                switch row.phase {
                case .none: break
                case .prefetching: frame.prefetched += 1; frame.memoryBytes += viewBytes[row.type]
                case .ready: frame.prefetched += 1; frame.memoryBytes += viewBytes[row.type]
                case .visible: frame.visible += 1; frame.memoryBytes += viewBytes[row.type]
                case .cached: frame.cached += 1; frame.memoryBytes += viewBytes[row.type]
                }
            }
            frame.offset = offset
            frame.extent = extent()
            frame.topElement = lastVisible >= firstVisible ? firstVisible : -1
            frames.append(frame.sortedRows())
            frameIndex += 1
        }
        return frames
    }

    /// CM `appearMs` "per onAppear"; MD "Eager stacks fire every child's onAppear once at
    /// launch … scrolling only renders".
    func appear(_ row: Int) {
        let firstShow = !rows[row].appearedSinceBuild
        rows[row].phase = .visible
        rows[row].appearedSinceBuild = true
        if eager && !firstShow { return }
        charge(.appear, rows[row].costs.appearMs)
        frame.appeared.append(row)
    }

    func disappear(_ row: Int, nowMs: Double) {
        rows[row].phase = .cached
        rows[row].cachedAtMs = nowMs
        rows[row].cachedAtFrame = frameIndex
        rows[row].clockHeld = false
        if !eager { frame.disappeared.append(row) }
    }
}
