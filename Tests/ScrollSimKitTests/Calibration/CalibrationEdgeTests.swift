import Foundation
import Testing
@testable import ScrollSimKit
@testable import ScrollSimTraces

/// Calibration at its edges: the sample counts where a fit changes form, the lognormal's σ with
/// n − 1, and the window's half-open bounds. Figures worked by hand beside each case.
@Suite struct CalibrationEdgeTests {
    /// Thirty samples at the exact quantiles of a lognormal(0, 1): x_i = e^(z_i), z_i = Φ⁻¹((i − 0.5)/30).
    /// The z_i are symmetric, so μ = 0 and p50 = e^0 = 1; Σz² = 28.75871, so σ = √(28.75871 / 29)
    /// = 0.995831 (the n − 1 deviation; √(28.75871 / 30) = 0.979093 would give p95 5.0051).
    /// p95 = e^(1.6448536 · 0.995831) = 5.144851, below 1.5 × the largest sample e^2.128045 = 8.3984.
    /// Lilliefors: D = 0.0177 ≤ 0.886/√30 = 0.1618.
    @Test func aLognormalUsesTheSampleDeviation() throws {
        let fit = CostFit(samples: CostFitTests.lognormalQuantiles(mu: 0, sigma: 1, n: 30))
        guard case .lognormal(let p50, let p95) = fit.form else {
            Issue.record("not a lognormal: \(fit.form) (\(fit.why))")
            return
        }
        #expect(abs(p50 - 1) < 1e-9)
        #expect(abs(p95 - 5.144850927147417) < 1e-6, "\(p95)")
        #expect(abs(try #require(fit.statistic) - 0.017676) < 1e-5)
        #expect(abs(try #require(fit.critical) - 0.886 / 30.0.squareRoot()) < 1e-12)
        #expect(fit.reason == .lognormal)
    }

    /// A lognormal is tried from 30 samples on: 29 are written as their own quantiles (no test
    /// statistic), 30 are tested; under 30 the fit is thin, at 30 it is not.
    @Test func theSampleCountsWhereTheFitChanges() {
        let thirty = CostFitTests.lognormalQuantiles(mu: 0, sigma: 0.5, n: 30)
        #expect(CostFit(samples: thirty).statistic != nil)
        #expect(CostFit(samples: thirty).formName == "lognormal")
        let twentyNine = Array(thirty.dropLast())
        #expect(CostFit(samples: twentyNine).statistic == nil)
        #expect(CostFit(samples: twentyNine).reason == .fewSamples)
        if case .quantiles = CostFit(samples: twentyNine).form {} else { Issue.record("29 samples are not quantiles") }
        #expect(CostFit(samples: (1...29).map(Double.init)).isThin)
        #expect(!CostFit(samples: (1...30).map(Double.init)).isThin)
    }

    /// `--window 5:7` holds intervals starting at 5 s up to, not including, 7 s.
    @Test func theWindowIsHalfOpen() throws {
        let window = try CalibrationWindow(argument: "5:7")
        #expect(window.contains(offsetNs: 5_000_000_000))
        #expect(window.contains(offsetNs: 6_999_999_999))
        #expect(!window.contains(offsetNs: 7_000_000_000))
        #expect(!window.contains(offsetNs: 4_999_999_999))
        #expect(CalibrationWindow().contains(offsetNs: 0))
    }
}
