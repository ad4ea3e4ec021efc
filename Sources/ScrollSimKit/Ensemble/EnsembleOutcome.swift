import ScrollSimEngine

/// An ensemble, played (`Ensemble.play`): every metric in every run, its spread, and one run
/// kept whole to show frame by frame.
public struct EnsembleOutcome: Sendable {
    public var plan: EnsemblePlan
    /// The runs, in order.
    public var runs: [EnsembleRun]
    /// Each metric's value in each run, by metric path (`Metric.allCases` order of paths).
    public var values: [String: [Double]]
    /// Each metric's spread over the runs, by metric path.
    public var spreads: [String: RunSpread]
    /// The position in `runs` of the representative run (`RepresentativeRun`).
    public var representative: Int
    /// The representative run, played again whole: its frames and events are the report's.
    public var result: SimulationResult
    /// The view types' attribution averaged over the runs (`Attribution.mean(of:)`).
    public var types: [Attribution.TypeRow]
    /// Per frame of the representative run, the 10th and 90th percentile over the runs of the
    /// main-thread work presented at the same vsync tick (`FrameWorkBand`).
    public var band: FrameWorkBand

    /// A metric's spread.
    public func spread(_ metric: Metric) -> RunSpread { spreads[metric.path]! }
}
