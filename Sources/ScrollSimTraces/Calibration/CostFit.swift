import ScrollSimKit
import Foundation
import ScrollSimEngine

/// The distribution fitted to one cost's measured samples, and the figures it is shown with.
/// A fit never claims more than its samples show: under 30 samples they are written as they
/// are, and a lognormal is written only where it stays within the data.
///
/// **Fewer than 30 samples: their own quantiles.** `{"quantiles": [[0.01, p1], [0.1, p10],
/// [0.5, p50], [0.9, p90], [0.99, p99], [1, max]]}`, a piecewise-linear inverse CDF through
/// the samples' type-7 quantiles: every draw lies between the smallest and the largest sample.
/// Thirty is where Lilliefors' large-sample critical value below becomes accurate (his table
/// gives 0.161 at n = 30, the formula 0.1618) and where a sample's p95 is an interpolation
/// between measured values rather than an extrapolation; with fewer, a fitted tail is a guess
/// (8 samples with median 552 ms and max 1,053 ms once gave a "lognormal" with p50 78.75 and
/// p95 12,362 ms — the geometric mean pulled down by three fast outliers, the tail 12× past
/// anything measured).
///
/// **From 30 samples, a lognormal when it fits and stays within the data.** μ and σ are the
/// mean and the standard deviation (n − 1) of the samples' natural logarithms; the fit is
/// accepted when the Lilliefors test — Kolmogorov–Smirnov on the log-samples against a normal
/// with those estimated μ, σ — does not reject it at the 5 % level: D = sup |F̂(x) − Φ((x − μ)/σ)|
/// ≤ 0.886/√n (Lilliefors 1967; the plain KS value 1.36/√n would accept far too much, because
/// μ and σ come from the same samples), and when its p50 = e^μ lies within the samples' range
/// (the geometric mean always does, up to rounding) and its p95 = e^(μ + 1.6449σ) is at most
/// `tailLimit` (1.5) × the largest sample. A lognormal's p95 may well lie above the largest of
/// 30 honest samples (all 30 fall below the true p95 with probability 0.95^30 = 21 %), but
/// seldom by more than half again: of about 3,800 simulated lognormal samples per case that the
/// test accepted (4,000 drawn), the fitted p95 exceeded 1.5 × the largest sample at n = 30 in
/// none for σ ≤ 0.5, 0.08 % for σ = 1, 0.9 % for σ = 1.5 and 1.6 % for σ = 2 (a p95 27× the
/// p50); at n = 50 only for σ = 2 (0.16 %); from n = 100 in none. A fit past the limit is a tail the samples do not support — most often costs
/// that saturate (a timeout, a cache), whose upper tail is cut — and quantiles are written
/// instead; that costs nothing but the smooth tail. A lognormal is written
/// `{"lognormal": {"p50": e^μ, "p95": e^(μ + 1.6449σ)}}`.
///
/// **Otherwise quantiles**, as above. The two lower points are there because the form's value
/// below its first probability is its first value: starting at 0.5 would draw p50 for the
/// whole lower half, and the mean — what sums into a frame — would come out high.
/// Quantiles are type 7 of Hyndman & Fan (1996): linear interpolation between the closest
/// ranks, h = (n − 1)·p (numpy's `linear`, R's default, Excel's `PERCENTILE.INC`).
///
/// Samples all equal are written as that number; a sample at 0 rules the lognormal out.
public struct CostFit: Equatable, Sendable {
    public enum Form: Equatable, Sendable {
        /// Every sample the same: the number itself.
        case constant(Double)
        case lognormal(p50: Double, p95: Double)
        case quantiles([[Double]])
    }

    /// Why the form was chosen.
    public enum Reason: Equatable, Sendable {
        /// Every sample the same.
        case allEqual
        /// Fewer than `lognormalMinimum` samples: their own quantiles.
        case fewSamples
        /// A sample at or below 0: no logarithm.
        case notPositive
        /// The Lilliefors test accepts the lognormal, within the data.
        case lognormal
        /// The Lilliefors test rejects the lognormal (`statistic` > `critical`).
        case notLognormal
        /// The lognormal's p95 is `ratio` × the largest sample, past `tailLimit`.
        case tailBeyondData(ratio: Double)
        /// The lognormal's p50 lies outside the samples' range (rounding at the edges).
        case medianOutsideData
    }

    public var n: Int
    public var p50: Double
    public var p90: Double
    public var p95: Double
    public var p99: Double
    public var max: Double
    public var form: Form
    public var reason: Reason
    /// The Lilliefors statistic D and its 5 % critical value (nil when no lognormal was tried).
    public var statistic: Double?
    public var critical: Double?

    /// Fewer samples than this make a warning, and are written as their own quantiles.
    public static let thinBelow = 30
    /// The fewest samples a lognormal is tried on.
    public static let lognormalMinimum = thinBelow
    /// A lognormal's p95 may be at most this multiple of the largest sample.
    public static let tailLimit = 1.5
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
        guard let first = sorted.first, first != max else {
            form = .constant(sorted.first ?? 0)
            reason = .allEqual
            return
        }
        guard n >= CostFit.lognormalMinimum else {
            reason = .fewSamples
            return
        }
        guard first > 0 else {
            reason = .notPositive
            return
        }
        let logs = sorted.map { Foundation.log($0) }
        let (mu, sigma) = Lilliefors.normal(fittedTo: logs)
        let d = Lilliefors.statistic(sorted: logs)
        let critical = Lilliefors.critical(n: n)
        statistic = d
        self.critical = critical
        let fittedP50 = exp(mu), fittedP95 = exp(mu + CostFit.z95 * sigma)
        if d > critical {
            reason = .notLognormal
        } else if fittedP50 < first || fittedP50 > max {
            reason = .medianOutsideData
        } else if fittedP95 > CostFit.tailLimit * max {
            reason = .tailBeyondData(ratio: fittedP95 / max)
        } else {
            reason = .lognormal
            form = .lognormal(p50: fittedP50, p95: fittedP95)
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

    /// What is written, in words and the written numbers: `lognormal p50 0.3012 p95 1.183`,
    /// `quantiles 0.01:0.9306 0.1:1.926 0.5:552 …`, `constant 0.15`.
    public var written: String {
        switch form {
        case .constant(let value):
            return "constant \(CostFit.text(value))"
        case .lognormal(let p50, let p95):
            return "lognormal p50 \(CostFit.text(p50)) p95 \(CostFit.text(p95))"
        case .quantiles(let points):
            return "quantiles " + points.map { "\(CostFit.text($0[0])):\(CostFit.text($0[1]))" }.joined(separator: " ")
        }
    }

    /// Why this form, with the figures that decided it.
    public var why: String {
        let test = statistic.map { "D \(DisplayFormat.fixed($0, 3)) \(reason == .notLognormal ? ">" : "≤") \(DisplayFormat.fixed(critical ?? 0, 3))" } ?? ""
        switch reason {
        case .allEqual: return "every sample equal"
        case .fewSamples: return "\(n) < \(CostFit.lognormalMinimum) samples: their own quantiles"
        case .notPositive: return "a sample ≤ 0: no lognormal"
        case .lognormal: return "Lilliefors \(test)"
        case .notLognormal: return "not lognormal: \(test)"
        case .tailBeyondData(let ratio): return "lognormal's p95 \(DisplayFormat.fixed(ratio, 2))× the largest sample (over \(DisplayFormat.fixed(CostFit.tailLimit, 1))×; \(test))"
        case .medianOutsideData: return "lognormal's p50 outside the samples (\(test))"
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
    public static func text(_ value: Double) -> String {
        guard value > 0, value.isFinite else { return "0" }
        let digits = Swift.max(0, Swift.min(9, 3 - Int(Foundation.floor(Foundation.log10(value)))))
        return JSONWriter.text(value, decimals: digits)
    }
}
