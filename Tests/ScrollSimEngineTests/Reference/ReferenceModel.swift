import Foundation
import ScrollSimEngine

/// A second, independent implementation of the simulator's core, written from the model's
/// documentation (the ScrollSimEngine DocC articles and the scenario reference), for the subset
/// the differential test generates: rows of fixed or uniform height (one child per element, no
/// sections), `lazyVStack` and `vStack`, drag, fling and instant `scrollTo`, prefetch off or
/// `deadline`, keep-alive by ms or frames with a cap.
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

    // MARK: Positions (HE: "y of row i" from measured heights and the estimate)

    /// HE: "Until then it is **estimated**" — the height the stack places a row at.
    func height(_ row: Int) -> Double { rows[row].measured ?? estimate }

    func rebuildPrefixes() {
        guard prefixDirty else { return }
        for i in 0..<n {
            let h = rows[i].measured
            prefixKnown[i + 1] = prefixKnown[i] + (h ?? 0)
            prefixCount[i + 1] = prefixCount[i] + (h == nil ? 0 : 1)
        }
        prefixDirty = false
    }

    /// Top of row i: Σ measured heights above + (unmeasured rows above) · estimate + i · spacing.
    func y(_ i: Int) -> Double {
        if i == 0 { return 0 }
        rebuildPrefixes()
        return prefixKnown[i] + Double(i - prefixCount[i]) * estimate + Double(i) * spacing
    }

    /// SR `stack.initialEstimate`/HE: the content's height as the stack estimates it.
    func extent() -> Double { n == 0 ? 0 : max(0, y(n) - spacing) }

    /// The last row whose top is at or above `value` (row 0 above the content).
    func row(atY value: Double) -> Int {
        var low = 0
        var high = n - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if y(middle) <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// HE: "A child's height is known once it has been laid out"; "A row keeps its measured
    /// height after its view is destroyed"; a row laid out again at the same width replaces its
    /// height in the average (HeightEstimator: measured twice at one width → replaced).
    func measure(_ row: Int) {
        let h = rows[row].trueHeight
        if let old = rows[row].measured {
            measuredSum += h - old
        } else {
            measuredSum += h
            measuredCount += 1
        }
        rows[row].measured = h
        prefixDirty = true
        estimate = max(0, measuredSum / Double(measuredCount))
    }

    // MARK: Offsets (SE "Edges are taken after layout", HE "Offset corrections")

    func offsetRange() -> ClosedRange<Double> { 0...max(0, extent() - viewportHeight) }

    func held(_ value: Double) -> Double {
        let range = offsetRange()
        return min(max(value, range.lowerBound), range.upperBound)
    }

    var isMoving: Bool {
        if case .idle = motion { return false }
        return true
    }

    /// SE "Drag and fling": drag at the finger's velocity; fling x(t) = x0 + v0·(dᵗ − 1)/(1000·ln d),
    /// stopping once its speed falls below 0.5 pt/s. "Physics is a function of time, evaluated at
    /// each frame's start tick". SR `drag.release`: "fling" goes on "with the finger's velocity",
    /// at the normal rate.
    func advance(to t: Double) {
        switch motion {
        case .idle:
            velocity = 0
        case .drag(let start, let origin, let v, let end, let flingOnRelease):
            offset = origin + v * (min(t, end) - start) / 1000
            velocity = v
            if t >= end {
                motion = .idle
                velocity = 0
                if flingOnRelease {
                    motion = .fling(startMs: end, origin: offset, velocity: v, rate: 0.998)
                    advance(to: t)
                }
            }
        case .fling(let start, let origin, let v, let rate):
            let stopMs = abs(v) > 0.5 ? log(0.5 / abs(v)) / log(rate) : 0
            let elapsed = max(0, t - start)
            offset = origin + v * (pow(rate, min(elapsed, stopMs)) - 1) / (1000 * log(rate))
            velocity = elapsed < stopMs ? v * pow(rate, elapsed) : 0
            if elapsed >= stopMs {
                motion = .idle
                velocity = 0
            }
        }
    }

    /// HE: "the viewport shifts the offset, and the gesture in flight, by the same amount".
    func shift(by delta: Double) {
        offset += delta
        switch motion {
        case .idle: break
        case .drag(let s, let origin, let v, let e, let f): motion = .drag(startMs: s, origin: origin + delta, velocity: v, endMs: e, flingOnRelease: f)
        case .fling(let s, let origin, let v, let r): motion = .fling(startMs: s, origin: origin + delta, velocity: v, rate: r)
        }
    }

    /// HE layout loop, step 5 "clamp to the edges layout found"; SE "A fling stops at an edge
    /// only if it still runs into it after layout". Engine rule: a drag held at an edge is
    /// re-based there (ScrollPhysics.clamp: the finger's travel beyond the edge is not banked).
    func clamp() {
        let range = offsetRange()
        guard offset < range.lowerBound || offset > range.upperBound else { return }
        let clamped = min(max(offset, range.lowerBound), range.upperBound)
        let excess = clamped - offset
        offset = clamped
        switch motion {
        case .fling: motion = .idle; velocity = 0
        case .drag(let s, let origin, let v, let e, let f): motion = .drag(startMs: s, origin: origin + excess, velocity: v, endMs: e, flingOnRelease: f)
        case .idle: break
        }
    }

    // MARK: Work

    func charge(_ phase: PhaseWork.Phase, _ ms: Double) { frame.phaseMs[phase.rawValue] += ms }
    var work: Double { frame.phaseMs.reduce(0, +) }

    /// PK "running average for that unit (old·3/4 + new/4)"; MD "Every init, body and layout
    /// pass of a build … inside a frame or ahead of need".
    func learn(_ type: Int, _ unit: Int, _ ms: Double) {
        averages[type][unit] = averages[type][unit].map { $0 * 3 / 4 + ms / 4 } ?? ms
    }

    /// PK "a unit the type has never run is tried" (MD: "while idle time remains").
    func fits(_ type: Int, _ unit: Int, idle: Double) -> Bool {
        if let average = averages[type][unit] { return average <= idle }
        return idle > 1e-9
    }

    static let unitPhases: [PhaseWork.Phase] = [.initialize, .body, .layout]
    func unitCost(_ row: Int, _ unit: Int) -> Double { rows[row].costs.units[unit] }

    /// PK "Materializing a row": cold — "init, body and one layout pass inside the frame";
    /// finishing a prefetch — "the units prefetch had not done yet, inside the frame";
    /// from the cache — nothing (same width).
    func ensureBuilt(_ row: Int) {
        switch rows[row].phase {
        case .none, .prefetching:
            for unit in rows[row].unitsDone..<3 {
                charge(ReferenceModel.unitPhases[unit], unitCost(row, unit))
                learn(rows[row].type, unit, unitCost(row, unit))
            }
            rows[row].phase = .ready
            rows[row].unitsDone = 3
            rows[row].appearedSinceBuild = false
            measure(row)
            frame.built.append(row)
        case .ready, .visible, .cached:
            break
        }
    }

    /// Engine rule (LazyStack+Layout): walk down from the row at the offset, adding each row's
    /// height as it is measured, building every row that starts above the viewport's bottom (at
    /// least one). PK: "the stack finds the rows that intersect the viewport and makes sure each
    /// exists and is laid out".
    func layout(at shown: Double) -> Double {
        guard n > 0 else { return 0 }
        var row = row(atY: shown)
        var top = y(row)
        while row < n - 1, top + height(row) <= shown {
            top += height(row) + spacing
            row += 1
        }
        let first = row
        while row < n, top < shown + viewportHeight || row == first {
            ensureBuilt(row)
            top += height(row) + spacing
            row += 1
        }
        laidFirst = first
        laidLast = row - 1
        // HE: "When rows above the anchor turn out taller or shorter … the anchor's position
        // in content coordinates moves … the stack reports that move as a correction".
        return anchorRow >= 0 ? y(anchorRow) - anchorY : 0
    }

    /// HE "The viewport's layout loop", steps 1–6 (at most 8 passes). Returns the correction.
    func layOutContent() -> Double {
        var correction = 0.0
        for _ in 0..<8 {
            let shown = held(offset)
            let delta = layout(at: shown)
            if abs(delta) > 1e-3 {
                shift(by: delta)
                anchorY += delta
                frame.corrections += 1
                correctionPoints += abs(delta)
                correction += delta
                continue
            }
            if held(offset) == shown { break }
        }
        clamp()
        _ = layout(at: offset)
        return correction
    }

    /// SE "Programmatic scrolling": the target offset from measured heights and estimates,
    /// at the requested anchor, inside the edges.
    func targetOffset(_ target: ScrollTarget) -> Double {
        let range = offsetRange()
        var wanted = 0.0
        switch target.destination {
        case .top: wanted = range.lowerBound
        case .bottom: wanted = range.upperBound
        case .center: wanted = (range.lowerBound + range.upperBound) / 2
        case .offset(let value): wanted = value
        case .element(let e):
            switch target.anchor {
            case .top: wanted = y(e)
            case .center: wanted = y(e) - (viewportHeight - height(e)) / 2
            case .bottom: wanted = y(e) + height(e) - viewportHeight
            }
        }
        return min(max(wanted, range.lowerBound), range.upperBound)
    }

    /// SE: "An **instant** scroll jumps to the target, anchors the stack on the target element".
    func jump(to target: ScrollTarget) {
        motion = .idle
        velocity = 0
        offset = targetOffset(target)
        switch target.destination {
        case .element(let e): anchorRow = e
        case .top: anchorRow = 0
        case .bottom: anchorRow = n - 1
        case .offset, .center: return
        }
        anchorY = y(anchorRow)
    }

    // MARK: Prefetch (PK "Idle-time prefetch", `deadline`)

    /// Returns false when prefetch ends for the frame.
    func prefetch(_ row: Int, needed: Bool, idle: inout Double) -> Bool {
        guard idle > 1e-9 else { return false }
        switch rows[row].phase {
        case .visible, .ready, .cached:
            return true
        case .none, .prefetching:
            let type = rows[row].type
            // PK: "starts a row's next unit only if its view type's running average for that
            // unit … fits the idle time left … or if the next frame needs the row (then every
            // unit left is forced". "The first unit that does not fit ends prefetch".
            if rows[row].phase == .none {
                guard fits(type, 0, idle: idle) || needed else { return false }
                rows[row].phase = .prefetching
                rows[row].unitsDone = 0
            }
            while rows[row].unitsDone < 3 {
                let unit = rows[row].unitsDone
                guard needed || fits(type, unit, idle: idle) else { return false }
                let cost = unitCost(row, unit)
                charge(.prefetch, cost)
                idle -= cost
                learn(type, unit, cost)
                rows[row].unitsDone += 1
            }
            rows[row].phase = .ready
            rows[row].appearedSinceBuild = false
            measure(row)
            frame.prefetchFinished.append(row)
            // Engine rule: after a finished row, the walk goes on only while idle time remains.
            return idle > 1e-9
        }
    }

    /// PK: "Prefetch works beyond the leading edge in the direction of the last non-zero
    /// velocity …, up to `prefetch.distance` viewports". MD: "Needed by the next frame" means
    /// inside the viewport one frame of the current velocity ahead. Engine rule: the walk steps
    /// by each row's height as it stands after the row is worked on, and every row it passes is
    /// in the window (kept alive), whether or not prefetch had time for it.
    func prefetchWindow() {
        windowFirst = 0
        windowLast = -1
        guard !eager, config.stack.prefetch.enabled, n > 0, lastVisible >= firstVisible else { return }
        let reach = config.stack.prefetch.distance * viewportHeight
        // PK: "the idle time is budget − work − `prefetch.marginMs`".
        var idle = budget - work - config.stack.prefetch.marginMs
        var open = true
        let nextOffset = offset + velocity * budget / 1000
        if direction >= 0 {
            guard lastVisible + 1 < n else { return }
            var row = lastVisible + 1
            var top = y(row)
            while row < n, top < offset + viewportHeight + reach {
                if open { open = prefetch(row, needed: top < nextOffset + viewportHeight, idle: &idle) }
                top += height(row) + spacing
                row += 1
            }
            (windowFirst, windowLast) = (lastVisible + 1, row - 1)
        } else {
            guard firstVisible - 1 >= 0 else { return }
            var row = firstVisible - 1
            var bottom = y(firstVisible) - spacing
            while row >= 0, bottom > offset - reach {
                if open { open = prefetch(row, needed: bottom > nextOffset, idle: &idle) }
                bottom -= height(row) + spacing
                row -= 1
            }
            (windowFirst, windowLast) = (row + 1, firstVisible - 1)
        }
    }

    func inWindow(_ row: Int) -> Bool { row >= windowFirst && row <= windowLast }

    // MARK: Keep-alive (PK "Keep-alive and state release")

    func destroy(_ row: Int) {
        rows[row].phase = .none
        rows[row].unitsDone = 0
        frame.released.append(row)
    }

    /// PK: "Views that leave the viewport and the prefetch window go to a keep-alive cache
    /// (`keepAlive.ms` or `keepAlive.frames`, at most `keepAlive.maxViews`, the earliest cached
    /// destroyed first)"; "Rows inside the prefetch window never expire"; MD "the cap counts
    /// cached rows only". Engine rules: a half-prefetched row that leaves the window is dropped
    /// (its work wasted); a built row that leaves it unseen is cached this frame and can expire
    /// from the next; ties in the cap go in row order.
    func evict(nowMs: Double) {
        guard !eager else { return }
        // SR `keepAlive.ms`: "how long a row that left the viewport and the prefetch window is
        // kept": read literally, a cached row's clock starts again while the window holds it.
        // The engine starts it when the row leaves the viewport and only stops it from expiring
        // inside the window.
        if reading == .documented {
            for row in 0..<n where inWindow(row) && rows[row].phase == .cached {
                rows[row].cachedAtMs = nowMs
                rows[row].cachedAtFrame = frameIndex
            }
        }
        for row in 0..<n where !inWindow(row) {
            switch rows[row].phase {
            case .none, .visible:
                break
            case .prefetching:
                destroy(row)
            case .ready:
                rows[row].phase = .cached
                rows[row].cachedAtMs = nowMs
                rows[row].cachedAtFrame = frameIndex
                frame.evicted.append(row)
            case .cached:
                let expired: Bool
                switch config.stack.keepAlive.duration {
                case .milliseconds(let ms): expired = nowMs - rows[row].cachedAtMs >= ms - 1e-9
                case .frames(let k): expired = frameIndex - rows[row].cachedAtFrame >= k
                }
                if expired { destroy(row) }
            }
        }
        var cached = 0
        for row in rows where row.phase == .cached { cached += 1 }
        let over = cached - config.stack.keepAlive.maxViews
        guard over > 0 else { return }
        let candidates = (0..<n).filter { rows[$0].phase == .cached && !inWindow($0) }
            .sorted { (rows[$0].cachedAtMs, $0) < (rows[$1].cachedAtMs, $1) }
        for row in candidates.prefix(over) { destroy(row) }
    }

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
            let correction = layOutContent()
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
            // (`correctionPx`, and per frame `corrections`/`correctionPx`)": the articles' frame
            // figure is Σ |correction|, as the summary's. The engine's frame column is the net
            // correction of the first layout loop only (the landing loop's are counted, not
            // measured).
            frame.correctionPx = reading == .engine ? abs(correction) : correctionPoints

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

            // MD "Not modeled": "A still frame renders nothing: a frame with no motion, no
            // offset change, no correction and no view work (init, body, layout, appear)".
            let viewWork = frame.phaseMs[1] + frame.phaseMs[2] + frame.phaseMs[3] + frame.phaseMs[4]
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
            let prefetchMs = frame.phaseMs[PhaseWork.Phase.prefetch.rawValue]
            if prefetchMs > 0 {
                let required = intervals(max(0, total - prefetchMs))
                if intervals(total) > required { frame.prefetchOverrunMs = total - Double(required) * budget }
            }

            // CM "Memory": the data model plus every resident view (prefetched, visible, cached);
            // a view under construction holds nothing yet (engine rule: bytes come with the build).
            for row in rows {
                frame.memoryBytes += dataBytes[row.type]
                switch row.phase {
                case .none: break
                case .prefetching: frame.prefetched += 1
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
        if !eager { frame.disappeared.append(row) }
    }
}
