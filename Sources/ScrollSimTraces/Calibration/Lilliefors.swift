import ScrollSimKit
import Foundation

/// Lilliefors' test of normality: the Kolmogorov–Smirnov distance between a sample's empirical
/// distribution and the normal whose mean and standard deviation are estimated from the same
/// sample, judged against Lilliefors' own critical values (the plain KS values would accept far
/// too much, because the normal was fitted to the very points it is tested on).
///
/// The calibration tests the natural logarithms of a cost's samples, so a lognormal is written
/// only for samples whose logs look normal (`CostFit`).
enum Lilliefors {
    /// D = sup |F̂(x) − Φ((x − μ)/σ)| over `sorted` (ascending; at least two values, not all
    /// equal), with μ the mean and σ the standard deviation (n − 1). The empirical distribution
    /// is a step: just below the i-th value (0-based) it is i/n, at it (i + 1)/n, so the supremum
    /// is the larger of the two one-sided distances, D⁺ = max((i + 1)/n − Φᵢ) (the step above the
    /// curve) and D⁻ = max(Φᵢ − i/n) (the curve above the step before it); either can be the
    /// larger, and a test that read one side only would pass samples that miss on the other.
    /// - Complexity: O(n).
    static func statistic(sorted: [Double]) -> Double {
        let n = Double(sorted.count)
        let (mu, sigma) = normal(fittedTo: sorted)
        var d = 0.0
        for (i, x) in sorted.enumerated() {
            let f = 0.5 * (1 + erf((x - mu) / (sigma * 2.0.squareRoot())))
            d = Swift.max(d, Double(i + 1) / n - f, f - Double(i) / n)
        }
        return d
    }

    /// The normal the test fits to `values`: their mean and standard deviation (n − 1).
    static func normal(fittedTo values: [Double]) -> (mu: Double, sigma: Double) {
        let mu = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mu) * ($1 - mu) } / Double(values.count - 1)
        return (mu, variance.squareRoot())
    }

    /// The 5 % critical value for `n` samples, 0.886/√n: Lilliefors' (1967) large-sample form,
    /// which his table matches from n = 30 (0.161 there; the form gives 0.1618). Below 30 the
    /// form is no longer his table (0.886/√8 = 0.3132 against his 0.285 at n = 8), which is one
    /// reason the calibration tries no lognormal on fewer than 30 samples.
    static func critical(n: Int) -> Double {
        0.886 / Double(n).squareRoot()
    }
}
