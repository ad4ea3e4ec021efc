/// A metric's change between two ensembles, current minus baseline, with its 95 % interval.
///
/// When run i of both ensembles drew the same (the same scenario seed: `EnsembleRun` seeds
/// run i alike), the change is measured on the pairs: d_i = current_i − baseline_i, and the
/// interval is d̄ ± t(0.975, n − 1) · sd(d) / √n. Pairing takes out what the two runs share — a
/// fling landing in the same phase of vsync, the same element drawing a heavy cost — so the
/// interval measures the change, not the runs' spread (a paired t interval; Student, 1908). Runs
/// beyond the shorter ensemble's count are left out of the pairs.
///
/// Ensembles whose runs did not draw alike (their seeds differ) are compared unpaired: the
/// difference of the means, with Welch's interval (Welch, 1947): the standard error
/// √(s²_b/n_b + s²_c/n_c) and the Welch–Satterthwaite degrees of freedom.
///
/// `isSignificant` is the interval lying wholly on one side of zero. A change whose every pair
/// moved by the same amount has a zero-width interval at that amount: significant unless it is
/// 0.
public struct PairedDifference: Equatable, Sendable {
    /// How the interval was made.
    public enum Kind: String, Equatable, Sendable {
        case paired
        case unpaired
    }

    public var kind: Kind
    /// Pairs (paired), or the smaller ensemble's runs (unpaired).
    public var count: Int
    public var mean: Double
    public var low: Double
    public var high: Double

    /// Paired differences of `current[i] − baseline[i]` over the shorter length (at least 1).
    /// - Complexity: O(n)
    public init(pairing baseline: [Double], with current: [Double]) {
        let n = Swift.min(baseline.count, current.count)
        precondition(n >= 1, "a paired difference of no pairs")
        let d = (0..<n).map { current[$0] - baseline[$0] }
        let spread = RunSpread(of: d)
        kind = .paired
        count = n
        mean = spread.mean
        low = spread.low
        high = spread.high
    }

    /// Welch's interval for the difference of the means of two independent samples.
    /// - Complexity: O(n)
    public init(unpaired baseline: [Double], _ current: [Double]) {
        precondition(!baseline.isEmpty && !current.isEmpty, "an unpaired difference of no runs")
        let b = RunSpread(of: baseline)
        let c = RunSpread(of: current)
        self.init(unpaired: (b.mean, b.sd, baseline.count), (c.mean, c.sd, current.count))
    }

    /// Welch's interval from each sample's mean, standard deviation (n − 1 in the denominator)
    /// and size alone: what `init(unpaired:_:)` computes from the runs, for a reader that kept
    /// only those (the history keeps an ensemble's mean, sd and run count per commit). A
    /// sample of one (`count` 1, `sd` 0) counts as one exact value.
    /// - Precondition: both counts are at least 1.
    /// - Complexity: O(1)
    public init(unpaired baseline: (mean: Double, sd: Double, count: Int), _ current: (mean: Double, sd: Double, count: Int)) {
        precondition(baseline.count >= 1 && current.count >= 1, "an unpaired difference of no runs")
        kind = .unpaired
        count = Swift.min(baseline.count, current.count)
        mean = current.mean - baseline.mean
        let vb = baseline.sd * baseline.sd / Double(baseline.count)
        let vc = current.sd * current.sd / Double(current.count)
        let se = (vb + vc).squareRoot()
        guard se > 0, baseline.count > 1 || current.count > 1 else {
            low = mean
            high = mean
            return
        }
        // Welch–Satterthwaite; a sample of one run adds its (zero) variance and no freedom.
        var denominator = 0.0
        if baseline.count > 1 { denominator += vb * vb / Double(baseline.count - 1) }
        if current.count > 1 { denominator += vc * vc / Double(current.count - 1) }
        let nu = denominator > 0 ? Swift.max(1, (vb + vc) * (vb + vc) / denominator) : 1
        let t = StudentT.quantile(0.975, degreesOfFreedom: nu)
        low = mean - t * se
        high = mean + t * se
    }

    public init(kind: Kind, count: Int, mean: Double, low: Double, high: Double) {
        self.kind = kind
        self.count = count
        self.mean = mean
        self.low = low
        self.high = high
    }

    /// Whether the interval lies wholly on one side of zero.
    public var isSignificant: Bool { low > 0 || high < 0 }
}
