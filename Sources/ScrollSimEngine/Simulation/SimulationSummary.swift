/// The run in numbers (the report's `summary`).
public struct SimulationSummary: Equatable, Sendable {
    public var frames: Int
    public var droppedFrames: Int
    public var hitchTimeMs: Double
    /// Hitch ms per second of motion (the whole run if nothing moved): Apple's hitch time ratio.
    public var hitchRatio: Double
    public var frameWorkMs: Percentiles
    public var peakMemoryBytes: Int
    public var finalMemoryBytes: Int
    public var peakResidentViews: Int
    public var totals: StackTotals
    public var movingSeconds: Double

    public init(frames series: FrameSeries, totals: StackTotals, hitchMs: Double, movingMs: Double, droppedFrames: Int, durationMs: Double) {
        frames = series.count
        self.droppedFrames = droppedFrames
        hitchTimeMs = hitchMs
        let seconds = (movingMs > 0 ? movingMs : durationMs) / 1000
        movingSeconds = movingMs / 1000
        hitchRatio = seconds > 0 ? hitchMs / seconds : 0
        frameWorkMs = Percentiles(of: series.workMs)
        peakMemoryBytes = series.memoryBytes.max() ?? 0
        finalMemoryBytes = series.memoryBytes.last ?? 0
        peakResidentViews = totals.peakResidentViews
        self.totals = totals
    }
}
