@testable import ScrollSimHistory
import Testing

/// Step detection at its edges, worked by hand: the shortest series that can hold a step, a
/// step of exactly the 5 % floor, and the medians of even-length levels and differences.
@Suite struct StepDetectionEdgeTests {
    /// Four commits are two levels of the minimum two: [1, 1, 9, 9] has |differences| 0, 8, 0,
    /// median 0, so γ = 0; splitting at 2 lowers the L1 cost from 16 to 0. Three commits cannot.
    @Test func fourCommitsAreEnoughForAStep() {
        #expect(StepDetection.steps([1, 1, 9, 9]) == [.init(index: 2, before: 1, after: 9)])
        #expect(StepDetection.steps([1, 9, 9]).isEmpty)
    }

    /// 100 → 105 is exactly 5 %: not under the floor, kept; 100 → 104.9 (4.9 %) is merged.
    @Test func aStepOfExactlyTheFloorIsKept() {
        let flat = [Double](repeating: 100, count: 6)
        #expect(StepDetection.steps(flat + [Double](repeating: 105, count: 6)) == [.init(index: 6, before: 100, after: 105)])
        #expect(StepDetection.steps(flat + [Double](repeating: 104.9, count: 6)).isEmpty)
    }

    /// Even counts take the mean of the middle two: levels [1, 2, 3, 10] → 2.5; differences of
    /// [0, 1, 3, 6, 10] are 1, 2, 3, 4 → median 2.5, noise 2.5 / 0.954.
    @Test func evenCountsTakeTheMeanOfTheMiddleTwo() {
        #expect(StepDetection.medians([1, 2, 3, 10], []) == [2.5])
        #expect(StepDetection.medians([1, 2, 3, 10, 20, 30], [4]) == [2.5, 25])
        #expect(abs(StepDetection.noise([0, 1, 3, 6, 10]) - 2.5 / 0.954) < 1e-12)
        #expect(abs(StepDetection.noise([0, 1, 3, 6]) - 2 / 0.954) < 1e-12)
    }
}
