import Foundation
@testable import ScrollSimKit
import ScrollSimEngine
import Testing

/// The fit on samples whose figures are known by construction.
@Suite struct CostFitTests {
    /// Samples at the exact quantiles of a lognormal(μ, σ): x_i = exp(μ + σ·Φ⁻¹((i − 0.5)/n)),
    /// Φ⁻¹ by bisection on erf. Their empirical distribution is the lognormal's, so the test
    /// must accept it and recover p50 = e^μ and p95 = e^(μ + 1.6449σ).
    static func lognormalQuantiles(mu: Double, sigma: Double, n: Int) -> [Double] {
        (0..<n).map { i in
            let p = (Double(i) + 0.5) / Double(n)
            var lo = -10.0, hi = 10.0
            for _ in 0..<100 {
                let mid = (lo + hi) / 2
                if 0.5 * (1 + erf(mid / 2.0.squareRoot())) < p { lo = mid } else { hi = mid }
            }
            return exp(mu + sigma * (lo + hi) / 2)
        }
    }

    @Test func lognormalSamplesFitALognormal() {
        // p50 = e^ln(0.2) = 0.2 ms; p95 = 0.2 · e^(1.6449 · 0.5) = 0.2 · 2.2760 = 0.4552 ms.
        let fit = CostFit(samples: Self.lognormalQuantiles(mu: log(0.2), sigma: 0.5, n: 400))
        guard case .lognormal(let p50, let p95) = fit.form else {
            Issue.record("expected a lognormal, got \(fit.form) (D \(fit.statistic ?? -1) vs \(fit.critical ?? -1))")
            return
        }
        #expect(abs(p50 - 0.2) / 0.2 < 0.01, "p50 \(p50) vs 0.2")
        #expect(abs(p95 - 0.4552) / 0.4552 < 0.01, "p95 \(p95) vs 0.4552")
        #expect(fit.critical == 0.886 / 20, "Lilliefors' 5 % value for n = 400: 0.886/√400 = 0.0443")
        #expect(fit.n == 400 && !fit.isThin)
    }

    @Test func uniformSamplesAreQuantiles() {
        // 1,001 evenly spaced samples on [1, 2]: type 7 puts p = k/1000 exactly on 1 + k/1000.
        let samples = (0...1000).map { 1 + Double($0) / 1000 }
        let fit = CostFit(samples: samples.reversed())
        #expect(fit.formName == "quantiles", "a uniform's logs are no normal: D \(fit.statistic ?? -1) > \(fit.critical ?? -1)")
        #expect(fit.form == .quantiles([[0.01, 1.01], [0.1, 1.1], [0.5, 1.5], [0.9, 1.9], [0.99, 1.99], [1, 2]]))
        #expect(fit.scenarioText == "{\"quantiles\": [[0.01, 1.01], [0.1, 1.1], [0.5, 1.5], [0.9, 1.9], [0.99, 1.99], [1, 2]]}")
    }

    @Test func typeSevenInterpolatesBetweenRanks() {
        // [1, 2, 3, 4]: h = 3p; p50 → h 1.5 → 2.5; p90 → h 2.7 → 3.7; p99 → h 2.97 → 3.97.
        let fit = CostFit(samples: [4, 1, 3, 2])
        #expect(fit.p50 == 2.5)
        #expect(abs(fit.p90 - 3.7) < 1e-12)
        #expect(abs(fit.p99 - 3.97) < 1e-12)
        #expect(fit.max == 4)
        #expect(fit.isThin, "4 samples are fewer than 30")
        #expect(fit.statistic == nil, "no lognormal is tried under 8 samples")
    }

    @Test func equalSamplesAreTheNumber() {
        let fit = CostFit(samples: [0.15, 0.15, 0.15])
        #expect(fit.form == .constant(0.15))
        #expect(fit.scenarioText == "0.15")
    }

    @Test func numbersKeepFourSignificantDigits() {
        #expect(CostFit.text(0.123456) == "0.1235")
        #expect(CostFit.text(12.3456) == "12.35")
        #expect(CostFit.text(0.00012345) == "0.0001235")
        #expect(CostFit.text(1234.5) == "1235")
    }
}
