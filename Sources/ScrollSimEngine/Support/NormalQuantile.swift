/// The standard normal distribution's quantile function Φ⁻¹, its CDF Φ and density φ, for cost
/// distributions drawn from a uniform `u` (`CostDistribution.quantile(_:)`).
///
/// Φ⁻¹ is Wichura's algorithm AS 241 (PPND16, Applied Statistics 37(3), 1988): rational
/// approximations in three regions, accurate to about 1e-16 — one call per draw and no
/// generator state, unlike Box–Muller's two draws.
public enum NormalQuantile {
    /// Φ⁻¹(u) for u in (0, 1); u is clamped to [2⁻⁵³, 1 − 2⁻⁵³].
    /// - Complexity: O(1)
    public static func z(_ u: Double) -> Double {
        let p = Swift.min(Swift.max(u, 0x1.0p-53), 1 - 0x1.0p-53)
        let q = p - 0.5
        if abs(q) <= 0.425 {
            let r = 0.180625 - q * q
            let num = (((((((2.5090809287301226727e3 * r + 3.3430575583588128105e4) * r + 6.7265770927008700853e4) * r
                + 4.5921953931549871457e4) * r + 1.3731693765509461125e4) * r + 1.9715909503065514427e3) * r
                + 1.3314166789178437745e2) * r + 3.3871328727963666080e0)
            let den = (((((((5.2264952788528545610e3 * r + 2.8729085735721942674e4) * r + 3.9307895800092710610e4) * r
                + 2.1213794301586595867e4) * r + 5.3941960214247511077e3) * r + 6.8718700749205790830e2) * r
                + 4.2313330701600911252e1) * r + 1)
            return q * num / den
        }
        var r = (-_log(q < 0 ? p : 1 - p)).squareRoot()
        let value: Double
        if r <= 5 {
            r -= 1.6
            let num = (((((((7.74545014278341407640e-4 * r + 2.27238449892691845833e-2) * r + 2.41780725177450611770e-1) * r
                + 1.27045825245236838258e0) * r + 3.64784832476320460504e0) * r + 5.76949722146069140550e0) * r
                + 4.63033784615654529590e0) * r + 1.42343711074968357734e0)
            let den = (((((((1.05075007164441684324e-9 * r + 5.47593808499534494600e-4) * r + 1.51986665636164571966e-2) * r
                + 1.48103976427480074590e-1) * r + 6.89767334985100004550e-1) * r + 1.67638483018380384940e0) * r
                + 2.05319162663775882187e0) * r + 1)
            value = num / den
        } else {
            r -= 5
            let num = (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 1.24266094738807843860e-3) * r
                + 2.65321895265761230930e-2) * r + 2.96560571828504891230e-1) * r + 1.78482653991729133580e0) * r
                + 5.46378491116411436990e0) * r + 6.65790464350110377720e0)
            let den = (((((((2.04426310338993978564e-15 * r + 1.42151175831644588870e-7) * r + 1.84631831751005468180e-5) * r
                + 7.86869131145613259100e-4) * r + 1.48753612908506148525e-2) * r + 1.36929880922735805310e-1) * r
                + 5.99832206555887937690e-1) * r + 1)
            value = num / den
        }
        return q < 0 ? -value : value
    }

    /// Φ(x), the standard normal CDF.
    public static func cdf(_ x: Double) -> Double { 0.5 * _erfc(-x / 2.0.squareRoot()) }

    /// φ(x), the standard normal density.
    public static func density(_ x: Double) -> Double { _exp(-x * x / 2) / (2 * Double.pi).squareRoot() }

    /// E[clamp(X, low, high)] for X ~ N(mean, sd²): the mean of a clamped normal draw,
    /// low·Φ(α) + high·(1 − Φ(β)) + mean·(Φ(β) − Φ(α)) + sd·(φ(α) − φ(β)) with α = (low − mean)/sd,
    /// β = (high − mean)/sd (no upper clamp: β = +∞).
    public static func clampedMean(mean: Double, sd: Double, low: Double, high: Double?) -> Double {
        guard sd > 0 else { return Swift.min(Swift.max(mean, low), high ?? .infinity) }
        let alpha = (low - mean) / sd
        let cdfAlpha = cdf(alpha)
        var result = low * cdfAlpha + sd * density(alpha)
        if let high {
            let beta = (high - mean) / sd
            let cdfBeta = cdf(beta)
            result += high * (1 - cdfBeta) + mean * (cdfBeta - cdfAlpha) - sd * density(beta)
        } else {
            result += mean * (1 - cdfAlpha)
        }
        return result
    }
}
