import Foundation
import Testing
@testable import ScrollSimKit

/// Calibration at its edges: the sample counts where a fit changes form, the lognormal's σ with
/// n − 1, and the window's half-open bounds. Figures worked by hand beside each case.
@Suite struct CalibrationEdgeTests {
    /// Samples e^−2, e^−1, e^−1, 1, 1, 1, 1, e, e, e²: the logs −2, −1, −1, 0, 0, 0, 0, 1, 1, 2
    /// have μ = 0 and Σx² = 12, so σ = √(12 / 9) = 1.154701 (the n − 1 deviation; √(12 / 10)
    /// would be 1.095445). Lilliefors: D = 0.2 (at x = 0: Φ(0) = 0.5 against 7/10 of the
    /// samples at or below) ≤ 0.886 / √10 = 0.2802, so the lognormal is kept: p50 = e^0 = 1,
    /// p95 = e^(1.6448536 · 1.154701) = 6.681305.
    @Test func aLognormalUsesTheSampleDeviation() throws {
        let logs: [Double] = [-2, -1, -1, 0, 0, 0, 0, 1, 1, 2]
        let fit = CostFit(samples: logs.map { Foundation.exp($0) })
        guard case .lognormal(let p50, let p95) = fit.form else {
            Issue.record("not a lognormal: \(fit.form)")
            return
        }
        #expect(abs(p50 - 1) < 1e-12)
        #expect(abs(p95 - 6.681305272905107) < 1e-9, "\(p95)")
        #expect(abs(try #require(fit.statistic) - 0.2) < 1e-9)
        #expect(abs(try #require(fit.critical) - 0.886 / 10.0.squareRoot()) < 1e-12)
    }

    /// A lognormal is tried from 8 samples on (7 give quantiles, untested); under 30 the fit is
    /// thin, at 30 it is not.
    @Test func theSampleCountsWhereTheFitChanges() {
        let eight = (1...8).map(Double.init)
        #expect(CostFit(samples: eight).statistic != nil)
        #expect(CostFit(samples: Array(eight.prefix(7))).statistic == nil)
        if case .quantiles = CostFit(samples: Array(eight.prefix(7))).form {} else { Issue.record("7 samples are not quantiles") }
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
