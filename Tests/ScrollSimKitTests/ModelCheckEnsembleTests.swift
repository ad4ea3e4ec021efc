import Testing
@testable import ScrollSimKit
@testable import ScrollSimTraces

/// A measured figure's place among an ensemble's predicted runs.
struct ModelCheckEnsembleTests {
    /// Runs predicting 1, 2, 3, 4: a measured 2 has one run below it and one tied, so
    /// (1 + ½) / 4 = 37.5; below every run 0, above every run 100, between 2 and 3 exactly 50.
    @Test func thePercentileIsTheShareOfRunsPredictingLessTiesHalf() {
        let row = ModelCheckEnsemble.Row(key: "HitchRatio", label: "hitch time ratio", unit: "ms/s", predicted: [3, 1, 4, 2], measured: [2])
        #expect(row.percentile(of: 2) == 37.5)
        #expect(row.percentile(of: 0) == 0)
        #expect(row.percentile(of: 9) == 100)
        #expect(row.percentile(of: 2.5) == 50)
        #expect(row.spread.mean == 2.5)
    }
}
