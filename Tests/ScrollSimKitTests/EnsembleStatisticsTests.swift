import Testing
@testable import ScrollSimKit

/// The statistics an ensemble is read with: Student's t, a metric's spread over runs and its
/// interval, paired and unpaired differences, and which run a report shows.
///
/// The expected figures are the textbook ones: t quantiles as printed in any t table (and as
/// scipy.stats.t.ppf gives them to 15 digits), intervals worked from their formulas.
struct EnsembleStatisticsTests {
    @Test(arguments: [(1.0, 12.706204736174694), (2, 4.302652729749462), (5, 2.5705818356363146), (10, 2.228138851986274),
                      (29, 2.045229642132703), (1000, 1.9623390808264083)])
    func tQuantilesAreTheTables(df: Double, expected: Double) {
        #expect(abs(StudentT.quantile(0.975, degreesOfFreedom: df) - expected) < 1e-9)
        #expect(abs(StudentT.quantile(0.025, degreesOfFreedom: df) + expected) < 1e-9)
    }

    @Test func tCDFIsTheTables() {
        // P(T ≤ 2) with 7 degrees of freedom.
        #expect(abs(StudentT.cdf(2, degreesOfFreedom: 7) - 0.957190335718512) < 1e-12)
        #expect(StudentT.cdf(0, degreesOfFreedom: 3) == 0.5)
        #expect(StudentT.critical95(draws: 1) == nil)
    }

    /// [1, 2, 3, 4]: mean 2.5, sd √(5/3) = 1.29099, percentiles interpolated between ranks
    /// (p10 at rank 0.3: 1.3; p90 at rank 2.7: 3.7), interval 2.5 ± t(0.975, 3) · 1.29099 / 2
    /// = 2.5 ± 2.05426.
    @Test func aSpreadIsItsFormulas() {
        let s = RunSpread(of: [4, 1, 3, 2])
        #expect(s.runs == 4 && s.mean == 2.5 && s.min == 1 && s.max == 4)
        #expect(abs(s.sd - 1.2909944487358056) < 1e-12)
        #expect(abs(s.p10 - 1.3) < 1e-12 && s.p50 == 2.5 && abs(s.p90 - 3.7) < 1e-12)
        #expect(abs(s.low - 0.4457397432394794) < 1e-9 && abs(s.high - 4.554260256760521) < 1e-9)
        // One run, or runs that agree: the interval is the value.
        let one = RunSpread(of: [7])
        #expect(one.low == 7 && one.high == 7 && one.sd == 0)
        let same = RunSpread(of: [3, 3, 3])
        #expect(same.low == 3 && same.high == 3)
    }

    /// Pairs (10, 11), (12, 14), (11, 12), (13, 15): differences 1, 2, 1, 2, mean 1.5, sd
    /// √(1/3), interval 1.5 ± 3.18245 · 0.57735 / 2 = 0.58131…2.41869: significant. The same
    /// values unpaired are not (their spread swamps the change).
    @Test func pairingTakesOutWhatTheRunsShare() {
        let baseline: [Double] = [10, 12, 11, 13]
        let current: [Double] = [11, 14, 12, 15]
        let paired = PairedDifference(pairing: baseline, with: current)
        #expect(paired.kind == .paired && paired.count == 4 && paired.mean == 1.5)
        #expect(abs(paired.low - 0.5813068844814607) < 1e-9 && abs(paired.high - 2.4186931155185394) < 1e-9)
        #expect(paired.isSignificant)
        #expect(!PairedDifference(unpaired: baseline, current).isSignificant)
    }

    /// Welch: [1, 2, 3, 4] against [2, 4, 6, 8]: means 2.5 and 5, variances of the means 5/12 and
    /// 5/3, ν = (25/12)² / ((5/12)²/3 + (5/3)²/3) = 4.41176, interval 2.5 ± t(0.975, 4.41176) ·
    /// √(25/12) = −1.36417…6.36417.
    @Test func unpairedIsWelch() {
        let d = PairedDifference(unpaired: [1, 2, 3, 4], [2, 4, 6, 8])
        #expect(d.kind == .unpaired && d.mean == 2.5)
        #expect(abs(d.low - -1.364167215486198) < 1e-6 && abs(d.high - 6.364167215486198) < 1e-6)
        #expect(!d.isSignificant)
        // Against one exact value: the other side's own interval, shifted.
        let one = PairedDifference(unpaired: [3], [1, 2, 3, 4])
        #expect(abs(one.low - (0.4457397432394794 - 3)) < 1e-6 && abs(one.high - (4.554260256760521 - 3)) < 1e-6)
    }

    @Test func pairsStopAtTheShorterEnsembleAndAnEqualMoveIsSignificant() {
        let d = PairedDifference(pairing: [1, 2, 3], with: [3, 4, 5, 100])
        #expect(d.count == 3 && d.mean == 2 && d.low == 2 && d.high == 2 && d.isSignificant)
        #expect(!PairedDifference(pairing: [1, 2], with: [1, 2]).isSignificant)
    }

    /// Hitch ratios 0, 10, 4, 5, 6 (median 5): run 3 is exactly at the median. Ties on the
    /// ratio go to the p99 nearest its median, then to the earlier run.
    @Test func theRepresentativeRunIsTheMedianOne() {
        #expect(RepresentativeRun.choose(hitchRatio: [0, 10, 4, 5, 6], frameWorkP99: [1, 1, 1, 1, 1]) == 3)
        // Ratios 2, 4, 2, 4 (median 3): all four are 1 away; p99s 9, 5, 6, 7 (median 6.5):
        // run 3 (7) and run 2 (6) are 0.5 away; the earlier, run 2, wins.
        #expect(RepresentativeRun.choose(hitchRatio: [2, 4, 2, 4], frameWorkP99: [9, 5, 6, 7]) == 2)
        #expect(RepresentativeRun.choose(hitchRatio: [3], frameWorkP99: [1]) == 0)
    }
}
