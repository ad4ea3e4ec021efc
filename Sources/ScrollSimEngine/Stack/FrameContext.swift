/// What every stage of a frame writes to: the work it costs by phase, the events it causes, and
/// the run's running counts.
///
/// It carries no stage's inputs or answers: what the viewport tells the content is in
/// `ContentConstraints` (layout) and `FinishConstraints` (render, prefetch, evict), and what the
/// content answers is its `ContentGeometry` and `FrameOutcome`. Only the shared books are here:
/// the work, the events, the frame's record and the run's totals.
///
/// The simulation owns one context for the whole run and hands it, `inout`, to the viewport and
/// the content at each stage of a frame, instead of threading the work, the event log and the
/// counts through every signature. `begin(frame:nowMs:overheadMs:)` starts a frame: the work
/// starts from the fixed per-frame overhead and events are stamped with the new frame.
struct FrameContext: Sendable {
    /// The frame being played, from 0.
    private(set) var frame = 0
    /// When the frame started (its vsync tick), in ms from the start of the run.
    private(set) var nowMs = 0.0
    /// Main-thread work of the current frame, by phase.
    var work = PhaseWork()
    /// Everything that happened so far, in order.
    var events: EventLog
    /// The frame's values, set where each is computed (`FrameRecord`); a new frame starts blank.
    var record = FrameRecord()
    /// Running counts over the run (the report's summary is built from these).
    var totals = RunTotals()
    /// Views that exist right now, across all content (the peak is `totals.memory.peakResidentViews`).
    private(set) var residentViews = 0
    /// Every build cost drawn, when the run records them (`CostDraw`); nil otherwise.
    var costDraws: [CostDraw]?
    /// This frame's work by view type (indexes of the content's types), for attribution.
    private(set) var typeWork: [PhaseWork]

    /// - Parameters:
    ///   - eventCapacity: events reserved up front, so recording does not allocate.
    ///   - typeCount: how many view types work is attributed to.
    init(eventCapacity: Int, typeCount: Int = 0) {
        events = EventLog(reserving: eventCapacity)
        typeWork = [PhaseWork](repeating: PhaseWork(), count: typeCount)
        totals.byType = [TypeTotals](repeating: TypeTotals(), count: typeCount)
    }

    /// Charges main-thread work to a phase of this frame, on behalf of a view type.
    /// - Complexity: O(1)
    @inline(__always)
    mutating func charge(_ phase: PhaseWork.Phase, _ ms: Double, type: Int) {
        work[phase] += ms
        typeWork[type][phase] += ms
    }

    /// The frame is over: its work by type joins the run's totals; in a late frame it is
    /// late work too.
    /// - Complexity: O(t) for t view types.
    mutating func closeFrame(late: Bool) {
        for t in typeWork.indices {
            let w = typeWork[t]
            guard w.total > 0 else { continue }
            totals.byType[t].recordFrame(w, late: late)
            typeWork[t] = PhaseWork()
        }
    }

    /// Starts a frame at its vsync tick.
    /// - Complexity: O(1)
    mutating func begin(frame: Int, nowMs: Double, overheadMs: Double) {
        self.frame = frame
        self.nowMs = nowMs
        work = PhaseWork()
        work.overhead = overheadMs
        record = FrameRecord()
        events.frame = frame
    }

    /// Records a view coming into existence (+1) or being destroyed (−1).
    /// - Complexity: O(1)
    mutating func viewsChanged(by delta: Int) {
        residentViews += delta
        totals.memory.recordResidentViews(residentViews)
    }
}
