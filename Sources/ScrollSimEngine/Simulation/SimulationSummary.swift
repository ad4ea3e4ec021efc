/// The run in numbers (the report's `summary`).
///
/// Dropped frames and hitch time are the scroll interaction's (`FrameAccounting`): launch is
/// reported apart (`launch`), and drops while the list rests are `otherDroppedFrames`.
public struct SimulationSummary: Equatable, Sendable {
    public var frames: Int
    /// Frames dropped during the scroll interaction.
    public var droppedFrames: Int
    /// droppedFrames × the frame budget.
    public var hitchTimeMs: Double
    /// Hitch time caused by the main thread's commit overrunning, and by the render server.
    public var commitHitchTimeMs: Double
    public var renderHitchTimeMs: Double
    /// Hitch ms per second of scroll interaction (0 when nothing scrolled): Apple's hitch time
    /// ratio.
    public var hitchRatio: Double
    /// Seconds of scroll interaction.
    public var movingSeconds: Double
    /// The frames until the first screen was complete.
    public var launch: FrameAccounting.Totals
    /// Frames dropped while the list rested (content arriving, a rotation or an instant jump
    /// while still).
    public var otherDroppedFrames: Int
    public var prefetchOverrunFrames: Int
    public var prefetchOverrunMs: Double
    public var frameWorkMs: Percentiles
    public var peakMemoryBytes: Int
    public var finalMemoryBytes: Int
    public var peakResidentViews: Int
    public var totals: RunTotals

    public init(frames series: FrameSeries, totals: RunTotals, accounting: FrameAccounting, budgetMs: Double) {
        frames = series.count
        let scroll = accounting.scroll
        droppedFrames = scroll.droppedFrames
        hitchTimeMs = Double(scroll.droppedFrames) * budgetMs
        commitHitchTimeMs = Double(scroll.commitDroppedFrames) * budgetMs
        renderHitchTimeMs = Double(scroll.renderDroppedFrames) * budgetMs
        movingSeconds = scroll.durationMs / 1000
        hitchRatio = movingSeconds > 0 ? hitchTimeMs / movingSeconds : 0
        launch = accounting.launch
        otherDroppedFrames = accounting.rest.droppedFrames
        prefetchOverrunFrames = accounting.prefetchOverrunFrames
        prefetchOverrunMs = accounting.prefetchOverrunMs
        frameWorkMs = Percentiles(of: series.workMs)
        peakMemoryBytes = series.memoryBytes.max() ?? 0
        finalMemoryBytes = series.memoryBytes.last ?? 0
        peakResidentViews = totals.memory.peakResidentViews
        self.totals = totals
    }
}
