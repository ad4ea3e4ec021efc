import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The goodness-of-fit statistic that decides between a lognormal and quantiles, worked by hand
/// on three-point samples, and its critical values against Lilliefors' published table.
@Suite struct LillieforsTests {
    /// Logs 0, 1, 5: μ = 2, σ = √((4 + 1 + 9)/2) = √7 = 2.645751; z = −0.755929, −0.377964,
    /// 1.133893; Φ = 0.224846, 0.352728, 0.871580.
    ///
    ///     D⁺ = max(1/3 − 0.224846, 2/3 − 0.352728, 1 − 0.871580) = max(0.108487, 0.313938, 0.128420) = 0.313938
    ///     D⁻ = max(0.224846 − 0, 0.352728 − 1/3, 0.871580 − 2/3) = max(0.224846, 0.019395, 0.204913) = 0.224846
    ///
    /// D = 0.313938, from the step above the curve at the second point.
    @Test func theStepAboveTheCurveCounts() {
        #expect(abs(Lilliefors.statistic(sorted: [0, 1, 5]) - 0.313938) < 1e-6)
    }

    /// The mirror image, logs 0, 4, 5: μ = 3, σ = √7; Φ = 0.128420, 0.647272, 0.775154.
    ///
    ///     D⁺ = max(0.204913, 0.019395, 0.224846) = 0.224846
    ///     D⁻ = max(0.128420, 0.647272 − 1/3, 0.775154 − 2/3) = max(0.128420, 0.313938, 0.108487) = 0.313938
    ///
    /// D = 0.313938 again, now from the curve above the step before the second point: a
    /// statistic reading only D⁺ would say 0.224846 here, and only D⁻ 0.224846 above.
    @Test func theCurveAboveTheStepBeforeCounts() {
        #expect(abs(Lilliefors.statistic(sorted: [0, 4, 5]) - 0.313938) < 1e-6)
    }

    /// Logs −1, 0, 1: μ = 0, σ = 1; Φ = 0.158655, 0.5, 0.841345; both sides give
    /// 1/3 − 0.158655 = 0.841345 − 2/3 = 0.174678. Shifting and scaling the logs changes
    /// nothing: the normal is fitted to them.
    @Test func aSymmetricSampleAndItsAffineImage() {
        #expect(abs(Lilliefors.statistic(sorted: [-1, 0, 1]) - 0.174678) < 1e-6)
        #expect(abs(Lilliefors.statistic(sorted: [7, 10, 13]) - 0.174678) < 1e-6)
    }

    /// Lilliefors (1967), table 1, 5 % column: 0.161 at n = 30, and 0.886/√n beyond; the form
    /// must agree with his table where the calibration starts using it.
    @Test func criticalValuesMatchThePublishedTable() {
        #expect(abs(Lilliefors.critical(n: 30) - 0.161) < 0.001)
        #expect(abs(Lilliefors.critical(n: 100) - 0.0886) < 1e-12)
        #expect(Lilliefors.critical(n: 30) > Lilliefors.critical(n: 31), "the value falls as the sample grows")
    }

    /// The fit reports the statistic it decided by, and refuses a lognormal past the critical
    /// value: 30 samples whose logs are 29 points evenly spread on [0, 1] and one far below
    /// (−6). The fitted normal, pulled down and widened by the outlier, puts much of its mass
    /// below the bulk, where the empirical distribution holds one point: D⁺ = 0.2791 and
    /// D⁻ = 0.3751 (worked apart from the project), both past 0.886/√30 = 0.1618.
    @Test func aSampleThatMissesOnOneSideIsNotWrittenAsALognormal() {
        let logs = [-6.0] + (0..<29).map { Double($0) / 28 }
        let fit = CostFit(samples: logs.map { exp($0) })
        let d = Lilliefors.statistic(sorted: logs)
        #expect(fit.statistic.map { abs($0 - d) < 1e-12 } == true)
        #expect(abs(d - 0.3751) < 1e-4, "D \(d)")
        #expect(fit.reason == .notLognormal)
    }
}
