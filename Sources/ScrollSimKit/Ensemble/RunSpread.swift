import ScrollSimEngine

/// One metric over the runs of an ensemble: its mean with a 95 % interval, its spread, and
/// where its runs fall.
///
/// - `mean`, `sd`: the sample mean and standard deviation (n − 1 in the denominator).
/// - `interval`: the 95 % interval of the mean, `mean ± t(0.975, n − 1) · sd / √n`
///   (`StudentT`): where the mean of many more runs would be, 19 times out of 20. It narrows as
///   1/√n; it is not where one run falls (that is `p10`…`p90`).
/// - `p10`, `p50`, `p90`, `min`, `max`: the runs' order statistics, interpolated between the
///   closest ranks as the summary's percentiles are (`Percentiles.interpolated`).
///
/// With one run (or runs that all agree) the interval is the value itself.
public struct RunSpread: Equatable, Sendable {
    public var runs: Int
    public var mean: Double
    public var sd: Double
    public var p10: Double
    public var p50: Double
    public var p90: Double
    public var min: Double
    public var max: Double
    public var low: Double
    public var high: Double

    /// - Complexity: O(n log n) for n runs.
    public init(of values: [Double]) {
        precondition(!values.isEmpty, "a spread of no runs")
        runs = values.count
        let sorted = values.sorted()
        let mean = values.reduce(0, +) / Double(values.count)
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let sd = values.count > 1 ? (squares / Double(values.count - 1)).squareRoot() : 0
        self.mean = mean
        self.sd = sd
        p10 = Percentiles.interpolated(sorted, 0.10)
        p50 = Percentiles.interpolated(sorted, 0.50)
        p90 = Percentiles.interpolated(sorted, 0.90)
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let half = StudentT.critical95(draws: values.count).map { $0 * sd / Double(values.count).squareRoot() } ?? 0
        low = mean - half
        high = mean + half
    }

    /// A statistic a budget may be judged on (`Budget.Over`).
    public func value(_ statistic: Budget.Over) -> Double {
        switch statistic {
        case .mean: return mean
        case .p50: return p50
        case .p90: return p90
        case .max: return max
        }
    }

    /// Half the interval's width: `mean ± halfWidth`.
    public var halfWidth: Double { (high - low) / 2 }
}
