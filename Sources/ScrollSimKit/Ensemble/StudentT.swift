import Foundation

/// Student's t distribution: the quantile a confidence interval of a mean takes its width from.
///
/// With n draws of a quantity whose spread is estimated from the same draws, the 95 % interval
/// of the mean is `mean ± t(0.975, n − 1) · sd / √n`; t is wider than the normal's 1.96 for
/// small n (12.71 for 2 draws, 2.045 for 30, 1.984 for 101), which is what keeps the interval
/// honest when the spread itself is uncertain.
///
/// The CDF is computed through the regularized incomplete beta function (for t ≥ 0,
/// P(T ≤ t) = 1 − I_{ν/(ν+t²)}(ν/2, 1/2) / 2), evaluated by its continued fraction (Lentz's
/// method, as in Press et al., *Numerical Recipes*, 3rd ed., §6.4); the quantile solves the CDF
/// by bisection to within 1e-12. Exact to the digits reported; no table.
public enum StudentT {
    /// The `p`-quantile (0 < p < 1) of Student's t with `degreesOfFreedom` (≥ 1).
    /// - Complexity: O(1): about 60 bisection steps of a continued fraction of ≤ 300 terms.
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        precondition(p > 0 && p < 1, "t quantile of \(p): expected 0 < p < 1")
        precondition(nu >= 1, "t quantile with \(nu) degrees of freedom: expected at least 1")
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, degreesOfFreedom: nu) }
        var low = 0.0
        var high = 1.0
        while cdf(high, degreesOfFreedom: nu) < p { high *= 2 }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if cdf(mid, degreesOfFreedom: nu) < p { low = mid } else { high = mid }
            if high - low <= 1e-12 * max(1, high) { break }
        }
        return (low + high) / 2
    }

    /// P(T ≤ t) for Student's t with `degreesOfFreedom`.
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        let x = nu / (nu + t * t)
        let tail = 0.5 * regularizedIncompleteBeta(x, a: nu / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// The two-sided 95 % critical value for `n` draws (n − 1 degrees of freedom); nil below 2
    /// draws, which give no spread.
    public static func critical95(draws n: Int) -> Double? {
        n >= 2 ? quantile(0.975, degreesOfFreedom: Double(n - 1)) : nil
    }

    /// I_x(a, b).
    static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logGammas + logPowers
        let front = exp(logFront)
        // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry
        // I_x(a, b) = 1 − I_{1−x}(b, a) otherwise.
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
    }

    /// The incomplete beta's continued fraction by the modified Lentz method.
    static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...300 {
            let m = Double(m)
            let m2 = 2 * m
            var aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return h
    }
}
