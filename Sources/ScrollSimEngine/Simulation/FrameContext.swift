/// What every stage of a frame writes to: the work it costs by phase, the events it causes, and
/// the run's running counts.
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
    /// Render-server work of the current frame (the stage after the commit), in ms.
    var renderServerMs = 0.0
    /// Everything that happened so far, in order.
    var events: EventLog
    /// Running counts over the run (the report's summary is built from these).
    var totals = StackTotals()
    /// Views that exist right now, across all content (the peak is `totals.peakResidentViews`).
    private(set) var residentViews = 0

    /// - Parameter eventCapacity: events reserved up front, so recording does not allocate.
    init(eventCapacity: Int) {
        events = EventLog(reserving: eventCapacity)
    }

    /// Starts a frame at its vsync tick.
    /// - Complexity: O(1)
    mutating func begin(frame: Int, nowMs: Double, overheadMs: Double) {
        self.frame = frame
        self.nowMs = nowMs
        work = PhaseWork()
        work.overhead = overheadMs
        renderServerMs = 0
        events.frame = frame
    }

    /// Records a view coming into existence (+1) or being destroyed (−1).
    /// - Complexity: O(1)
    mutating func viewsChanged(by delta: Int) {
        residentViews += delta
        totals.peakResidentViews = max(totals.peakResidentViews, residentViews)
    }
}
