import ScrollSimEngine

/// How much the work of each frame varies over an ensemble's runs: for each frame of the
/// representative run, the 10th and 90th percentile of the main-thread work other runs did at
/// the same vsync tick.
///
/// Runs do not present the same frames — a late frame swallows the ticks it overran — so the
/// runs are lined up by vsync tick: at each tick, a run's work is that of the frame it
/// presented at the tick or, inside a late frame, of the frame still being made. The chart
/// draws the band behind the representative run's bars.
public struct FrameWorkBand: Equatable, Sendable {
    public var p10: [Double]
    public var p90: [Double]

    public init(p10: [Double], p90: [Double]) {
        self.p10 = p10
        self.p90 = p90
    }

    /// Each run's work per vsync tick (`ticks` of them): what the band is made from.
    /// - Complexity: O(frames + ticks).
    public static func workByTick(_ frames: FrameSeries, periodMs: Double, ticks: Int) -> [Float] {
        var work = [Float](repeating: 0, count: ticks)
        let time = frames.timeMs
        let ms = frames.workMs
        var tick = 0
        var current: Float = 0
        for f in 0..<frames.count {
            let start = min(ticks, Int((time[f] / periodMs).rounded()))
            while tick < start { work[tick] = current; tick += 1 }
            current = Float(ms[f])
        }
        while tick < ticks { work[tick] = current; tick += 1 }
        return work
    }

    /// The band at the representative run's frames, from every run's work by tick.
    /// - Complexity: O(frames × runs log runs).
    public init(representative frames: FrameSeries, periodMs: Double, runs: [[Float]]) {
        var low: [Double] = []
        var high: [Double] = []
        low.reserveCapacity(frames.count)
        high.reserveCapacity(frames.count)
        let time = frames.timeMs
        var column = [Double](repeating: 0, count: runs.count)
        for f in 0..<frames.count {
            let tick = Int((time[f] / periodMs).rounded())
            for r in runs.indices { column[r] = tick < runs[r].count ? Double(runs[r][tick]) : 0 }
            column.sort()
            low.append(Percentiles.interpolated(column, 0.10))
            high.append(Percentiles.interpolated(column, 0.90))
        }
        self.init(p10: low, p90: high)
    }
}
