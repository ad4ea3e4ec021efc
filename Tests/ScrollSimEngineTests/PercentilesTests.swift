import Testing
import ScrollSimEngine

/// The frame-work percentiles of every report (`frameWorkMs.p50` … `p99`): the q-quantile of n
/// sorted values is interpolated at rank q · (n − 1), between the values either side of it.
/// The figures are worked out by hand.
@Suite struct PercentilesTests {
    /// 1 … 10, given out of order. Ranks: p50 at 4.5 (between 5 and 6), p90 at 8.1 (between 9
    /// and 10, a tenth of the way), p95 at 8.55, p99 at 8.91.
    @Test func tenValuesAreInterpolatedBetweenTheirNeighbours() {
        let p = Percentiles(of: [10, 1, 9, 2, 8, 3, 7, 4, 6, 5])
        #expect(p.mean == 5.5)
        #expect(p.p50 == 5.5)
        #expect(abs(p.p90 - 9.1) < 1e-12)
        #expect(abs(p.p95 - 9.55) < 1e-12)
        #expect(abs(p.p99 - 9.91) < 1e-12)
        #expect(p.max == 10)
    }

    /// Two values, 0 and 100: rank q · 1, so each percentile is q · 100.
    @Test func twoValuesGiveTheQuantileAlongTheLineBetweenThem() {
        let p = Percentiles(of: [100, 0])
        #expect(p.p50 == 50)
        #expect(abs(p.p90 - 90) < 1e-12)
        #expect(abs(p.p95 - 95) < 1e-12)
        #expect(abs(p.p99 - 99) < 1e-12)
        #expect(p.mean == 50 && p.max == 100)
    }

    /// 99 frames of 2 ms and one of 40 ms: p99 sits at rank 98.01, a hundredth of the way from
    /// the last 2 ms frame to the 40 ms one: 2 + 0.01 · 38 = 2.38 ms. The median stays 2.
    @Test func oneSlowFrameInAHundredMovesP99ByAHundredthOfItsExcess() {
        let p = Percentiles(of: [Double](repeating: 2, count: 99) + [40])
        #expect(p.p50 == 2)
        #expect(abs(p.p99 - 2.38) < 1e-12)
        #expect(p.max == 40)
        #expect(abs(p.mean - 2.38) < 1e-12)
    }

    @Test func theEndsAreTheSmallestAndTheLargestValue() {
        let sorted: [Double] = [1, 4, 9, 16]
        #expect(Percentiles.interpolated(sorted, 0) == 1)
        #expect(Percentiles.interpolated(sorted, 1) == 16)
        // Rank 0.5 · 3 = 1.5: halfway from 4 to 9.
        #expect(Percentiles.interpolated(sorted, 0.5) == 6.5)
    }

    @Test func oneValueIsEveryPercentileAndNoneIsZero() {
        let one = Percentiles(of: [4.25])
        #expect(one == Percentiles(mean: 4.25, p50: 4.25, p90: 4.25, p95: 4.25, p99: 4.25, max: 4.25))
        #expect(Percentiles(of: [Double]()) == .zero)
    }
}
