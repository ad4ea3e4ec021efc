import ScrollSimKit
/// One side of the model check — a measured trace, or a predicted run read as its own trace
/// would show it — reduced to what a real trace can carry: frames with their start and
/// duration, hitches, where the first scroll began (when the side marks it), and where the
/// recording starts and ends. Nothing of the model's own bookkeeping (its `moving` and `launch`
/// flags, its `movingSeconds`) is read, so both sides are measured by one rule (`ModelCheck`).
public struct CheckTimeline: Equatable, Sendable {
    /// Frames (start, main-thread work), in the order read.
    public var frames: [TraceFrame]
    /// The hitches the side records; nil when it records none (a trace with frames only), and
    /// then both sides' hitches are derived from their frames (`derivedHitches(budgetNs:)`).
    public var hitches: [TraceHitch]?
    /// Where the first scroll began, when the side marks it (ScrollSim's `drag` and `fling`
    /// instants).
    public var firstScrollNs: Int64?
    /// Where the side's clock starts (`--window` counts from here) and where its recording ends:
    /// the end of its last frame or hitch, or, for a trace without frames, the end of the last
    /// thing in it.
    public var originNs: Int64
    public var endNs: Int64
    /// A run's frame budget in ns (nil for a trace, which takes the scenario's).
    public var budgetNs: Int64?
    /// Where the frames came from, for the printed check (nil: the side's own).
    public var frameSource: String?

    public init(frames: [TraceFrame], hitches: [TraceHitch]?, firstScrollNs: Int64?, originNs: Int64, endNs: Int64,
                budgetNs: Int64? = nil, frameSource: String? = nil) {
        self.frames = frames
        self.hitches = hitches
        self.firstScrollNs = firstScrollNs
        self.originNs = originNs
        self.endNs = endNs
        self.budgetNs = budgetNs
        self.frameSource = frameSource
    }

    public var hasHitchesOrFrames: Bool { !frames.isEmpty || !(hitches ?? []).isEmpty }

    /// The hitches a frame's duration implies, the rule the model applies to main-thread work:
    /// a frame whose work d exceeds the budget B makes the display miss ⌈d ÷ B⌉ − 1 vsyncs,
    /// one span from its first missed tick (start + B).
    public func derivedHitches(budgetNs: Int64) -> [TraceHitch] {
        guard budgetNs > 0 else { return [] }
        return frames.compactMap { frame in
            let missed = (frame.durationNs - 1) / budgetNs
            return missed > 0 ? TraceHitch(startNs: frame.startNs &+ budgetNs, durationNs: missed &* budgetNs) : nil
        }
    }

    /// The end of the last frame or hitch (nil when there is neither).
    static func lastEnd(_ frames: [TraceFrame], _ hitches: [TraceHitch]) -> Int64? {
        (frames.map { $0.startNs &+ $0.durationNs } + hitches.map { $0.startNs &+ $0.durationNs }).max()
    }
}

extension CheckTimeline {
    /// A measured trace. Its frames: the slices `frames` names; else its own (`TraceReading.frames`,
    /// or ScrollSim's `Frame N` slices of category `frame`); else the first of
    /// `FrameSelection.defaults` it holds. Its hitches: its hitches table, or ScrollSim's
    /// `Dropped ×N` slices (category `hitch`); nil when it has neither.
    public init(reading: TraceReading, frames selection: FrameSelection?) {
        var source: String?
        var frames: [TraceFrame]
        func slices(_ selection: FrameSelection) -> [TraceFrame] {
            reading.intervals.filter { selection.matches($0.name) }.map { TraceFrame(startNs: $0.startNs, durationNs: $0.durationNs) }
        }
        // ScrollSim's `Frame N` slices come with a `Dropped ×N` slice for every late frame, so a
        // trace of them records its hitches even when it has none.
        let ownFrames = reading.intervals.filter { $0.attributes["cat"] == "frame" }.map { TraceFrame(startNs: $0.startNs, durationNs: $0.durationNs) }
        if let selection {
            frames = slices(selection)
            source = "'\(selection.description)' slices (--frames)"
        } else {
            frames = reading.frames.isEmpty ? ownFrames : reading.frames
            for (candidate, toolkit) in FrameSelection.defaults where frames.isEmpty {
                frames = slices(candidate)
                if !frames.isEmpty { source = "'\(candidate.description)' slices (\(toolkit)'s frames; --frames NAME for others)" }
            }
        }
        var hitches: [TraceHitch]? = reading.hitches
        if reading.hitches.isEmpty {
            let slices = reading.intervals.filter { $0.attributes["cat"] == "hitch" }.map { TraceHitch(startNs: $0.startNs, durationNs: $0.durationNs) }
            let table = reading.format == .xctrace && reading.tables.contains { $0.contains("hitch") }
            hitches = slices.isEmpty && !table && ownFrames.isEmpty ? nil : slices
        }
        let end = frames.isEmpty ? reading.endNs : CheckTimeline.lastEnd(frames, hitches ?? []) ?? reading.endNs
        self.init(frames: frames, hitches: hitches, firstScrollNs: reading.scrollStartNs, originNs: reading.originNs, endNs: end, frameSource: source)
    }

    /// A predicted run, as its own `--trace` shows it (`FrameTimeline`): every frame from its
    /// tick for its work, every late frame's missed vsyncs, and the first scroll at the tick of
    /// the frame of the script's first `drag` or `fling`. The report is read as written — its
    /// numbers at the file's precision (`JSONWriter`'s four decimals) — since `run --trace`
    /// draws the trace from the report it writes. The budget that derives hitches from frames
    /// is the device's own (1000/120 ms to the nanosecond, 8,333,333 ns, not the report's
    /// 8.3333 ms).
    /// - Throws: `ScrollSimError` when the report's frames or events cannot be read.
    public init(run report: Report) throws {
        let written = try Report(path: report.path, root: JSONParser.parse(Array(JSONWriter().string(report.root).utf8)))
        try self.init(written: written)
        if let budgetMs = report.root["scenario"]?["budgetMs"]?.numberValue { budgetNs = FrameTimeline.nanoseconds(budgetMs) }
    }

    private init(written report: Report) throws {
        let columns = try report.frames()
        let timeline = FrameTimeline(columns)
        var frames: [TraceFrame] = []
        var hitches: [TraceHitch] = []
        frames.reserveCapacity(columns.count)
        for i in 0..<columns.count {
            frames.append(TraceFrame(startNs: timeline.startNs(i), durationNs: timeline.work(i).durationNs))
            if let missed = timeline.missedSpan(i) { hitches.append(TraceHitch(startNs: missed.startNs, durationNs: missed.durationNs)) }
        }
        let scroll = try report.events(frameCount: columns.count).filter { $0.kind == "drag" || $0.kind == "fling" }.map(\.frame).min()
        let origin = columns.count > 0 ? timeline.startNs(0) : 0
        self.init(frames: frames, hitches: hitches, firstScrollNs: scroll.map { timeline.startNs($0) }, originNs: origin,
                  endNs: CheckTimeline.lastEnd(frames, hitches) ?? origin, budgetNs: timeline.budgetNs)
    }
}
