import Foundation
import ScrollSimEngine

/// The distribution fitted to one cost's measured samples, and the figures it is shown with.
///
/// **Lognormal when it fits.** μ and σ are the mean and the standard deviation (n − 1) of the
/// samples' natural logarithms; the fit is accepted when the Lilliefors test — Kolmogorov–
/// Smirnov on the log-samples against a normal with those estimated μ, σ — does not reject it
/// at the 5 % level: D = sup |F̂(x) − Φ((x − μ)/σ)| ≤ 0.886/√n (Lilliefors 1967, the large-n
/// critical value; the plain KS value 1.36/√n would accept far too much, because μ and σ come
/// from the same samples). A lognormal is written `{"lognormal": {"p50": e^μ, "p95": e^(μ + 1.6449σ)}}`.
///
/// **Otherwise quantiles**: `{"quantiles": [[0.01, p1], [0.1, p10], [0.5, p50], [0.9, p90], [0.99, p99], [1, max]]}`.
/// The two lower points are there because the form's value below its first probability is
/// its first value: starting at 0.5 would draw p50 for the whole lower half, and the mean —
/// what sums into a frame — would come out high.
/// Quantiles are type 7 of Hyndman & Fan (1996): linear interpolation between the closest
/// ranks, h = (n − 1)·p (numpy's `linear`, R's default, Excel's `PERCENTILE.INC`).
///
/// Samples all equal are written as that number. A lognormal needs at least 8 samples and every sample above 0; fewer, or a zero, gives
/// quantiles. Under 30 samples the fit is flagged (`isThin`): its tail is a guess.
public struct CostFit: Equatable, Sendable {
    public enum Form: Equatable, Sendable {
        /// Every sample the same: the number itself.
        case constant(Double)
        case lognormal(p50: Double, p95: Double)
        case quantiles([[Double]])
    }

    public var n: Int
    public var p50: Double
    public var p90: Double
    public var p95: Double
    public var p99: Double
    public var max: Double
    public var form: Form
    /// The Lilliefors statistic D and its 5 % critical value (nil when no lognormal was tried).
    public var statistic: Double?
    public var critical: Double?

    /// Fewer samples than this make a warning.
    public static let thinBelow = 30
    /// The fewest samples a lognormal is tried on.
    public static let lognormalMinimum = 8
    /// z of the normal's 95th percentile.
    static let z95 = 1.6448536269514722

    public var isThin: Bool { n < CostFit.thinBelow }

    /// Fits `samples` (ms, at least one).
    /// - Complexity: O(n log n).
    public init(samples: [Double]) {
        let sorted = samples.sorted()
        n = sorted.count
        p50 = Percentiles.interpolated(sorted, 0.5)
        p90 = Percentiles.interpolated(sorted, 0.9)
        p95 = Percentiles.interpolated(sorted, 0.95)
        p99 = Percentiles.interpolated(sorted, 0.99)
        max = sorted.last ?? 0
        let quantiles: Form = .quantiles([[0.01, Percentiles.interpolated(sorted, 0.01)], [0.1, Percentiles.interpolated(sorted, 0.1)],
                                          [0.5, p50], [0.9, p90], [0.99, p99], [1, max]])
        form = quantiles
        if let first = sorted.first, first == max {
            form = .constant(first)
            return
        }
        guard n >= CostFit.lognormalMinimum, let first = sorted.first, first > 0 else { return }
        let logs = sorted.map { Foundation.log($0) }
        let mu = logs.reduce(0, +) / Double(n)
        let variance = logs.reduce(0) { $0 + ($1 - mu) * ($1 - mu) } / Double(n - 1)
        let sigma = variance.squareRoot()
        guard sigma > 0 else { return }
        var d = 0.0
        for (i, x) in logs.enumerated() {
            let f = 0.5 * (1 + erf((x - mu) / (sigma * 2.0.squareRoot())))
            d = Swift.max(d, Double(i + 1) / Double(n) - f, f - Double(i) / Double(n))
        }
        let critical = 0.886 / Double(n).squareRoot()
        statistic = d
        self.critical = critical
        if d <= critical {
            form = .lognormal(p50: exp(mu), p95: exp(mu + CostFit.z95 * sigma))
        }
    }

    /// The form's name: `constant`, `lognormal` or `quantiles`.
    public var formName: String {
        switch form {
        case .constant: return "constant"
        case .lognormal: return "lognormal"
        case .quantiles: return "quantiles"
        }
    }

    /// The cost's value as scenario JSON text, numbers to four significant digits.
    public var scenarioText: String {
        switch form {
        case .constant(let value):
            return CostFit.text(value)
        case .lognormal(let p50, let p95):
            return "{\"lognormal\": {\"p50\": \(CostFit.text(p50)), \"p95\": \(CostFit.text(p95))}}"
        case .quantiles(let points):
            return "{\"quantiles\": [" + points.map { "[\(CostFit.text($0[0])), \(CostFit.text($0[1]))]" }.joined(separator: ", ") + "]}"
        }
    }

    /// A number to four significant digits, in JSONWriter's format (no exponent below 1e15).
    static func text(_ value: Double) -> String {
        guard value > 0, value.isFinite else { return "0" }
        let digits = Swift.max(0, Swift.min(9, 3 - Int(Foundation.floor(Foundation.log10(value)))))
        return JSONWriter.text(value, decimals: digits)
    }
}
