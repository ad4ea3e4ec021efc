import Testing
@testable import ScrollSimEngine

/// `HeightEstimator`: the running average at the current width, worked out by hand.
@Suite struct HeightEstimatorTests {
    @Test func theEstimateIsTheAverageOfWhatWasMeasured() {
        var e = HeightEstimator()
        #expect(e.estimate == nil)
        e.record(100, replacing: nil)
        #expect(e.estimate == 100)
        e.record(300, replacing: nil)
        #expect(e.estimate == 200)       // (100 + 300) / 2
        e.record(50, replacing: nil)
        #expect(e.estimate == 150)       // (100 + 300 + 50) / 3
        e.record(0, replacing: nil)
        #expect(e.estimate == 112.5)     // 450 / 4
    }

    @Test func aRowMeasuredAgainReplacesItsHeight() {
        var e = HeightEstimator()
        e.record(100, replacing: nil)
        e.record(300, replacing: nil)
        e.record(500, replacing: 300)    // the second row grew: (100 + 500) / 2
        #expect(e.estimate == 300)
        #expect(e.count == 2)
    }

    @Test func aNewWidthStartsAgain() {
        var e = HeightEstimator()
        e.record(100, replacing: nil)
        e.startNewWidth()
        #expect(e.estimate == nil)
        e.record(40, replacing: nil)
        #expect(e.estimate == 40)
    }
}
