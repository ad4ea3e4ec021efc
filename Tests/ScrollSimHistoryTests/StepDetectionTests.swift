@testable import ScrollSimHistory
import Testing

/// The step detection of noisy harness figures, on series whose levels are worked out by hand.
@Suite struct StepDetectionTests {
    /// Running L1 costs by hand: [3] → 0; [3, 1]: median 1 (the lower middle), |3−1| = 2;
    /// [3, 1, 2]: median 2, |3−2| + |1−2| = 2.
    @Test func runningCostsAreTheDistancesToTheRunningMedian() {
        #expect(StepDetection.runningCosts([3, 1, 2]) == [0, 2, 2])
        // [5, 5, 5, 9]: median 5, cost 4; [.., 9, 9]: median 5 (lower of 5, 9), cost 8.
        #expect(StepDetection.runningCosts([5, 5, 5, 9, 9]) == [0, 0, 0, 4, 8])
    }

    /// A clean step: the noise scale (median of |differences| 0, 0, 0, 10, 0, 0, 0) is 0, so
    /// any split that explains points is kept; the halves then cost nothing.
    @Test func aCleanStepIsFoundWhereTheNewLevelStarts() {
        #expect(StepDetection.steps([10, 10, 10, 10, 20, 20, 20, 20]) == [.init(index: 4, before: 10, after: 20)])
    }

    /// Alternating noise of 1 on two levels: |differences| are 1 except the 9 at the step, so
    /// σ = 1 / 0.954 and γ = 3σ·ln 12 ≈ 7.8. Splitting at 6 lowers the L1 cost from 59 (every
    /// point against one median, 11) to 6 (each half against 10 and 20: six points off by 1),
    /// by 53 > γ; splitting a half gains nothing. Levels are the halves' medians (the lower
    /// middle of 10, 10, 10, 11, 11, 11 is 10.5 as the mean of the middle two).
    @Test func aStepInNoiseIsFoundAndItsLevelsAreMedians() {
        let steps = StepDetection.steps([10, 11, 10, 11, 10, 11, 20, 21, 20, 21, 20, 21])
        #expect(steps == [.init(index: 6, before: 10.5, after: 20.5)])
    }

    /// One wild value cannot open a level: a level spans at least two commits, and with L1 the
    /// pair (10, 50) costs as much apart as inside the long level (40 either way).
    @Test func oneSlowCommitIsNotAStep() {
        #expect(StepDetection.steps([10, 10, 10, 50, 10, 10, 10, 10]).isEmpty)
    }

    /// 100 → 103 is a 3% move, under the 5% floor, so it is merged away.
    @Test func aStepUnderFivePercentIsIgnored() {
        #expect(StepDetection.steps([100, 101, 100, 101, 100, 103, 104, 103, 104, 103]).isEmpty)
    }

    @Test func tooShortASeriesHasNoSteps() {
        #expect(StepDetection.steps([1, 5, 5]).isEmpty)
        #expect(StepDetection.steps([1, 1, 5, 5]) == [.init(index: 2, before: 1, after: 5)])
    }

    /// Uniform noise of ±5 around 100 (a fixed linear congruential sequence): no step in 200
    /// values; with 20 added from index 120 on, the levels (95…105 and 115…125) do not overlap,
    /// so the best split is exactly 120 and nothing else passes the penalty and the floor.
    @Test func noiseAloneHasNoStepsAndAStepInItIsFoundExactly() {
        var state: UInt64 = 12345
        let noise = (0..<200).map { _ -> Double in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * 10 - 5
        }
        #expect(StepDetection.steps(noise.map { 100 + $0 }).isEmpty)
        let stepped = noise.enumerated().map { 100 + $1 + ($0 >= 120 ? 20 : 0) }
        #expect(StepDetection.steps(stepped).map(\.index) == [120])
    }

    /// Two steps, up then down (a regression fixed later): both found.
    @Test func aRegressionAndItsFixAreTwoSteps() {
        let values: [Double] = [50, 51, 50, 51, 50, 80, 81, 80, 81, 80, 50, 51, 50, 51]
        #expect(StepDetection.steps(values).map(\.index) == [5, 10])
    }
}
