import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
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

    /// A sample of 0 ms (a phase a trace timed as nothing) rules a lognormal out: its log is −∞.
    /// 400 samples at a lognormal's exact quantiles, which fit one alone, with the smallest made
    /// 0 are quantiles, said so (`notPositive`), with no statistic computed; a negative sample
    /// the same.
    @Test func aSampleOfZeroOrLessIsNoLognormal() {
        for smallest in [0.0, -0.01] {
            var samples = Self.lognormalQuantiles(mu: log(0.2), sigma: 0.5, n: 400)
            samples[0] = smallest
            let fit = CostFit(samples: samples)
            #expect(fit.reason == .notPositive, "smallest \(smallest): \(fit.reason)")
            guard case .quantiles(let points) = fit.form else {
                Issue.record("smallest \(smallest): expected quantiles, got \(fit.form)")
                continue
            }
            #expect(points.last == [1, samples.max()!])
            #expect(fit.statistic == nil)
        }
    }

    @Test func uniformSamplesAreQuantiles() {
        // 1,001 evenly spaced samples on [1, 2]: type 7 puts p = k/1000 exactly on 1 + k/1000.
        let samples = (0...1000).map { 1 + Double($0) / 1000 }
        let fit = CostFit(samples: samples.reversed())
        #expect(fit.formName == "quantiles", "a uniform's logs are no normal: D \(fit.statistic ?? -1) > \(fit.critical ?? -1)")
        #expect(fit.form == .quantiles([[0.01, 1.01], [0.1, 1.1], [0.5, 1.5], [0.9, 1.9], [0.99, 1.99], [1, 2]]))
        #expect(fit.scenarioText == "{\"quantiles\": [[0.01, 1.01], [0.1, 1.1], [0.5, 1.5], [0.9, 1.9], [0.99, 1.99], [1, 2]]}")
    }

    /// The reported case: 8 samples, median 552 ms, max 1,053 ms, were written as
    /// `lognormal {p50 78.75, p95 12,362}`. Worked: the logs are −0.19845, 0.87547, 1.49065,
    /// 5.70378, 6.68960 (twice), 6.72022, 6.95940; Σ = 34.93027, μ = 4.366284, e^μ = 78.750;
    /// Σ(l − μ)² = 66.14159, σ = √(66.14159 / 7) = 3.073890, e^(μ + 1.6449σ) = 12,362 — a p50
    /// 7× below the median and a p95 12× past the largest sample, which Lilliefors' test let
    /// through (D 0.2933 ≤ 0.886/√8 = 0.3132). Now fewer than 30 samples are their own type-7
    /// quantiles, h = 7p: p1 = 0.82 + 0.07 · 1.58 = 0.9306, p10 = 0.82 + 0.7 · 1.58 = 1.926,
    /// p50 = 300 + 0.5 · 504 = 552, p90 = 829 + 0.3 · 224 = 896.2, p99 = 829 + 0.93 · 224 =
    /// 1,037.32 (written 1037), max 1,053: nothing outside the samples.
    @Test func eightSamplesAreWrittenAsTheirOwnQuantiles() {
        let samples = [804, 0.82, 1053, 300, 4.44, 829, 2.4, 804]
        let fit = CostFit(samples: samples)
        #expect(fit.p50 == 552 && fit.max == 1053)
        #expect(fit.reason == .fewSamples)
        #expect(fit.statistic == nil, "no lognormal is tried under 30 samples")
        #expect(fit.scenarioText == "{\"quantiles\": [[0.01, 0.9306], [0.1, 1.926], [0.5, 552], [0.9, 896.2], [0.99, 1037], [1, 1053]]}", "\(fit.scenarioText)")
        #expect(fit.written == "quantiles 0.01:0.9306 0.1:1.926 0.5:552 0.9:896.2 0.99:1037 1:1053", "the table shows what is written")
        guard case .quantiles(let points) = fit.form else { return }
        #expect(points.allSatisfy { $0[1] >= 0.82 && $0[1] <= 1053 })
    }

    /// A lognormal whose tail the samples do not support: 30 lognormal(0, 1) quantiles capped at
    /// e^0.7 = 2.01375 (a cost that saturates: the 7 with z ≥ 0.7 become 0.7). Worked: the 7 top
    /// z sum to 9.07038, so Σ logs = 0 − 9.07038 + 7 · 0.7 = −4.17038 and μ = −0.139013;
    /// σ = 0.799542; Lilliefors accepts (D 0.1470 ≤ 0.1618); the lognormal's p95 =
    /// e^(−0.139013 + 1.6448536 · 0.799542) = 3.24176 = 1.6098 × the largest sample, past
    /// 1.5×: quantiles. Capped at e^0.9 instead (6 capped; μ = −0.096229, σ = 0.848621,
    /// D 0.1202) the p95 is 3.66793 = 1.4913 × e^0.9: the lognormal is kept.
    @Test func aLognormalTailPastOneAndAHalfTheLargestSampleIsQuantiles() {
        let quantiles = Self.lognormalQuantiles(mu: 0, sigma: 1, n: 30)
        let capped = CostFit(samples: quantiles.map { min($0, exp(0.7)) })
        #expect(abs((capped.statistic ?? 1) - 0.147005) < 1e-5, "the test accepts: the tail rule decides")
        guard case .tailBeyondData(let ratio) = capped.reason else {
            Issue.record("expected the tail rule, got \(capped.reason): \(capped.written)")
            return
        }
        #expect(abs(ratio - 1.609811) < 1e-5, "\(ratio)")
        #expect(capped.formName == "quantiles")
        #expect(capped.why.contains("1.61× the largest sample"), "\(capped.why)")
        let kept = CostFit(samples: quantiles.map { min($0, exp(0.9)) })
        guard case .lognormal(let p50, let p95) = kept.form else {
            Issue.record("expected a lognormal, got \(kept.reason)")
            return
        }
        #expect(abs(p50 - exp(-0.0962292447)) < 1e-8)
        #expect(abs(p95 - 3.667931) < 1e-5)
        #expect(p95 <= CostFit.tailLimit * exp(0.9))
    }

    @Test func typeSevenInterpolatesBetweenRanks() {
        // [1, 2, 3, 4]: h = 3p; p50 → h 1.5 → 2.5; p90 → h 2.7 → 3.7; p99 → h 2.97 → 3.97.
        let fit = CostFit(samples: [4, 1, 3, 2])
        #expect(fit.p50 == 2.5)
        #expect(abs(fit.p90 - 3.7) < 1e-12)
        #expect(abs(fit.p99 - 3.97) < 1e-12)
        #expect(fit.max == 4)
        #expect(fit.isThin, "4 samples are fewer than 30")
        #expect(fit.statistic == nil, "no lognormal is tried under 30 samples")
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

    /// A number with no digits to keep (0, below 0, not finite) is written 0: its logarithm
    /// would be -infinity or NaN, and an integer cannot hold that.
    @Test func aNumberWithNoDigitsIsZero() {
        #expect(CostFit.text(0) == "0")
        #expect(CostFit.text(-0.0) == "0")
        #expect(CostFit.text(-1.5) == "0")
        #expect(CostFit.text(.infinity) == "0")
        #expect(CostFit.text(.nan) == "0")
    }
}
