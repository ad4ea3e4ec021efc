import Testing
@testable import ScrollSimEngine

/// Cost distributions as inverse CDFs: each form's quantile function and mean against figures
/// worked out by hand (or, for Φ⁻¹, against published values of the normal quantile).
struct CostDistributionTests {
    @Test func theNormalQuantileMatchesPublishedValues() {
        // Standard normal table values: Φ⁻¹(0.95) = 1.6448536269514722, Φ⁻¹(0.975) =
        // 1.959963984540054, Φ⁻¹(0.5) = 0, and the lower tail is symmetric.
        #expect(abs(NormalQuantile.z(0.95) - 1.6448536269514722) < 1e-12)
        #expect(abs(NormalQuantile.z(0.975) - 1.959963984540054) < 1e-12)
        #expect(NormalQuantile.z(0.5) == 0)
        #expect(abs(NormalQuantile.z(0.05) + 1.6448536269514722) < 1e-12)
        // Deep in the tail (the third region of AS 241, u under e⁻²⁵), down to the clamp at
        // 2⁻⁵³: Φ(Φ⁻¹(u)) = u, checked with libm's erfc, relative to u alone. An absolute floor
        // of 1e-15 let every u under 1e-6 pass whatever its quantile: a generated mutant of the
        // third region's denominator, 1.8e-6 off at 1e-12 and 7e-4 at 1e-15, passed under it.
        for u in [0x1.0p-53, 1e-15, 1e-12, 1e-6, 0.001, 0.2, 0.7, 0.999, 1 - 1e-9] {
            let back = NormalQuantile.cdf(NormalQuantile.z(u))
            #expect(abs(back - u) <= u * 1e-9, "u = \(u)")
        }
        #expect(NormalQuantile.z(1e-300) == NormalQuantile.z(0x1.0p-53), "u is clamped to [2⁻⁵³, 1 − 2⁻⁵³]")
        // AS 241 is accurate to about 1e-16, so Φ(Φ⁻¹(u)) = u holds to 2e-13 of u (libm's erfc
        // and the slope of Φ in the far tail take the rest) on a grid of eight points a decade
        // from 0.5 down to the clamp: every region and both sides of each border.
        // At 1e-9 a mutant that moved the border between the second and third regions from
        // r = 5 to 4 or 6 (each region's fit used a little outside its range) passed.
        var u = 0.5
        while u > 0x1.0p-53 {
            let low = NormalQuantile.cdf(NormalQuantile.z(u))
            #expect(abs(low - u) <= u * 2e-13, "u = \(u)")
            // The upper tail is the lower one's mirror, exactly: 1 − u and 1 − (1 − u) are both
            // doubles, and so are their distances from 0.5.
            #expect(NormalQuantile.z(1 - u) == -NormalQuantile.z(1 - (1 - u)), "1 − u for u = \(u)")
            u /= 1.333521432163324  // 10^(1/8)
        }
        // And at the top: u = 1 is 1 − 2⁻⁵³, whose quantile is the bottom one's, negated. An
        // upper clamp of 1 + 2⁻⁵³ (which rounds to 1) would take log(0) and return NaN.
        #expect(NormalQuantile.z(1) == -NormalQuantile.z(0x1.0p-53))
        #expect(NormalQuantile.z(1).isFinite)
    }

    /// A normal of sd 0 is its mean, clamped, also when the mean sits on its floor or ceiling,
    /// where the formula's (low − mean) / sd would be 0 / 0. Found by a generated mutant that
    /// let sd 0 into the formula: NaN at the edge, the clamped mean elsewhere.
    @Test func aClampedNormalWithoutSpreadIsItsMeanClamped() {
        #expect(NormalQuantile.clampedMean(mean: 5, sd: 0, low: 5, high: nil) == 5)
        #expect(NormalQuantile.clampedMean(mean: 5, sd: 0, low: 0, high: 5) == 5)
        #expect(NormalQuantile.clampedMean(mean: 5, sd: 0, low: 6, high: nil) == 6)
        #expect(NormalQuantile.clampedMean(mean: 5, sd: 0, low: 0, high: 4) == 4)
    }

    @Test func quantilesInterpolateAndHoldTheFirstValueBelowTheFirstProbability() {
        let q = CostDistribution.quantiles([.init(probability: 0.5, value: 1), .init(probability: 0.9, value: 2), .init(probability: 1, value: 6)])
        #expect(q.quantile(0.1) == 1)    // below p₁ = 0.5: v₁
        #expect(q.quantile(0.5) == 1)
        #expect(abs(q.quantile(0.7) - 1.5) < 1e-12)   // halfway from (0.5, 1) to (0.9, 2)
        #expect(abs(q.quantile(0.95) - 4) < 1e-12)    // halfway from (0.9, 2) to (1, 6)
        #expect(q.quantile(1) == 6)
        // Mean: 0.5·1 + 0.4·(1+2)/2 + 0.1·(2+6)/2 = 0.5 + 0.6 + 0.4 = 1.5
        #expect(abs(q.mean - 1.5) < 1e-12)
    }

    /// A normal cost's value at u is its mean plus sd × Φ⁻¹(u): with Φ⁻¹(0.975) = 1.959964, a
    /// normal of mean 10 and sd 2 gives 13.919928 at u = 0.975 and 6.080072 at 0.025 (a higher u,
    /// a higher cost, so draws keep their order), and its floor and ceiling hold. (The
    /// distribution's tests only asked for its mean and spread, which `mean - sd × Φ⁻¹(u)`, a
    /// generated mutant, shares.)
    @Test func aNormalsValueIsItsMeanPlusSdTimesTheNormalQuantile() {
        let d = CostDistribution.normal(mean: 10, sd: 2, min: 0, max: nil)
        #expect(abs(d.quantile(0.975) - 13.919928) < 1e-4)
        #expect(abs(d.quantile(0.025) - 6.080072) < 1e-4)
        #expect(d.quantile(0.5) == 10)
        let clamped = CostDistribution.normal(mean: 10, sd: 2, min: 8, max: 12)
        #expect(clamped.quantile(0.025) == 8)
        #expect(clamped.quantile(0.975) == 12)
    }

    @Test func aLognormalHasItsP50AndP95() {
        let d = CostDistribution.lognormal(p50: 0.4, p95: 1.6)
        #expect(abs(d.quantile(0.5) - 0.4) < 1e-12)
        // σ = ln 4 / 1.6449; the 95th percentile is 0.4 · 4^(1.6448536/1.6449) = 1.59993…
        #expect(abs(d.quantile(0.95) - 1.6) < 1e-3)
        // mean = p50 · exp(σ²/2) = 0.4 · exp((1.386294/1.6449)²/2) = 0.4 · exp(0.355141) = 0.570561
        #expect(abs(d.mean - 0.570561) < 1e-5)
    }

    @Test func aClampedNormalsMeanCountsTheClampedMass() {
        // E[max(X, 0)] for X ~ N(0, 1) is φ(0) = 1/√(2π) = 0.398942.
        #expect(abs(CostDistribution.normal(mean: 0, sd: 1, min: 0, max: nil).mean - 0.398942) < 1e-6)
        // Clamped on both sides at ±1: by symmetry the mean stays 0.
        #expect(abs(CostDistribution.normal(mean: 0, sd: 1, min: -1, max: 1).mean) < 1e-12)
        // Off centre and clamped unevenly, X ~ N(10, 2) into [8, 13]: α = −1, β = 1.5, and
        // E = 8 Φ(−1) + 2 φ(−1) + 13 (1 − Φ(1.5)) + 10 (Φ(1.5) − Φ(−1)) − 2 φ(1.5)
        //   = 1.269242 + 0.483941 + 0.868494 + 7.745375 − 0.259035 = 10.108017
        // (a numerical integration of clamp(x) against the density gives the same to 1e-9):
        // the lower clamp, nearer the mean, lifts it more than the upper one lowers it.
        #expect(abs(CostDistribution.normal(mean: 10, sd: 2, min: 8, max: 13).mean - 10.108017) < 1e-6)
        #expect(CostDistribution.normal(mean: 2, sd: 0, min: 0, max: nil).mean == 2)
        #expect(CostDistribution.uniform(min: 1, max: 3).mean == 2)
        #expect(CostDistribution.uniform(min: 1, max: 3).quantile(0.25) == 1.5)
    }

    @Test func scalingMultipliesEveryValue() {
        #expect(CostDistribution.lognormal(p50: 1, p95: 2).scaled(by: 1.5) == .lognormal(p50: 1.5, p95: 3))
        #expect(CostDistribution.quantiles([.init(probability: 1, value: 2)]).scaled(by: 0.5) == .quantiles([.init(probability: 1, value: 1)]))
        #expect(CostDistribution.normal(mean: 1, sd: 0.5, min: 0.25, max: 2).scaled(by: 2) == .normal(mean: 2, sd: 1, min: 0.5, max: 4))
        #expect(CostDistribution.fixed(1.5).scaled(by: 2) == .fixed(3))
        // Both ends of a uniform range (a slower CPU widens it: [1, 3] ms × 2 is [2, 6] ms).
        #expect(CostDistribution.uniform(min: 1, max: 3).scaled(by: 2) == .uniform(min: 2, max: 6))
        #expect(CostDistribution.uniform(min: 1, max: 3).scaled(by: 2).mean == 4)
    }
}
