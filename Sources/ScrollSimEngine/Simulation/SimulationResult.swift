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
