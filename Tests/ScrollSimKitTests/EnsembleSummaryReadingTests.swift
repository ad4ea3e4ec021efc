import Foundation
@testable import ScrollSimKit
import Testing

/// What a reader that kept only an ensemble's summary statistics (the history) needs from the
/// kit: Welch's interval from means, sds and run counts, and an ensemble's report whose count
/// means are not whole numbers read as sound.
@Suite struct EnsembleSummaryReadingTests {
    /// Baseline runs 1, 2, 3 (mean 2, sd 1), current runs 4, 6, 8 (mean 6, sd 2), worked by
    /// hand: difference 4; standard error √(1/3 + 4/3) = √(5/3) = 1.29099; Welch–Satterthwaite
    /// ν = (5/3)² / ((1/3)²/2 + (4/3)²/2) = (25/9) / (17/18) = 50/17 = 2.941. The interval from
    /// the statistics alone is the interval from the runs, bit for bit.
    @Test func welchFromStatisticsIsWelchFromRuns() {
        let fromRuns = PairedDifference(unpaired: [1, 2, 3], [4, 6, 8])
        let fromStatistics = PairedDifference(unpaired: (mean: 2, sd: 1, count: 3), (mean: 6, sd: 2, count: 3))
        #expect(fromStatistics == fromRuns)
        #expect(fromStatistics.mean == 4 && fromStatistics.kind == .unpaired && fromStatistics.count == 3)
        let half = StudentT.quantile(0.975, degreesOfFreedom: 50.0 / 17.0) * (5.0 / 3.0).squareRoot()
        #expect(abs(fromStatistics.high - (4 + half)) < 1e-9 && abs(fromStatistics.low - (4 - half)) < 1e-9)
        // t(0.975) lies between ν = 3's 3.182 and ν = 2's 4.303, so the half-width is between
        // 3.182 × 1.291 = 4.108 and 4.303 × 1.291 = 5.555: the interval 4 ± half holds 0.
        #expect(half > 4.108 && half < 5.555 && !fromStatistics.isSignificant)
    }

    /// A single exact value against a sample: a sample of one adds no variance and no freedom.
    /// Runs 4, 6, 8 against 1 exactly: difference 5, se 2/√3 = 1.1547, ν = 2, t = 4.303: the
    /// interval 5 ± 4.3027 × 1.1547 = 5 ± 4.9683 = 0.0317…9.9683 excludes 0.
    @Test func aSingleRunCountsAsOneExactValue() {
        let d = PairedDifference(unpaired: (mean: 1, sd: 0, count: 1), (mean: 6, sd: 2, count: 3))
        #expect(d == PairedDifference(unpaired: [1], [4, 6, 8]))
        #expect(abs(d.low - 0.0317) < 1e-4 && abs(d.high - 9.9683) < 1e-4 && d.isSignificant)
        // Both single: the difference itself, zero width.
        let exact = PairedDifference(unpaired: (mean: 1, sd: 0, count: 1), (mean: 2, sd: 0, count: 1))
        #expect(exact.low == 1 && exact.high == 1)
    }

    /// An ensemble's summary holds each count's mean over its runs (0, 0, 1, 0, 0 dropped
    /// frames: 0.2), which is not a whole number; the same value in a single run's report is
    /// still corrupt.
    @Test func anEnsemblesCountMeanNeedNotBeWhole() throws {
        let ensemble = try JSONValue.parse(Data("""
        {"schema": 2, "scenario": {"name": "feed"}, "summary": {"droppedFrames": 0.2},
         "ensemble": {"runs": {"index": [0, 1, 2, 3, 4], "seed": ["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004", "0000000000000005"],
                               "droppedFrames": [0, 0, 1, 0, 0]}, "representativeRun": 0}}
        """.utf8))
        let report = try Report(path: "feed.json", root: ensemble).checked()
        #expect(report[.droppedFrames] == 0.2 && report.runCount == 5)
        let single = try JSONValue.parse(Data(#"{"schema": 1, "scenario": {"name": "feed"}, "summary": {"droppedFrames": 0.2}}"#.utf8))
        #expect(throws: ScrollSimError.self) { try Report(path: "feed.json", root: single).checked() }
    }

    /// At the exact precision a whole count prints as before; an ensemble's mean of a count
    /// keeps its decimals (it printed as the rounded count: 0.2 dropped frames as "0").
    @Test func aCountsMeanPrintsItsDecimals() {
        #expect(DisplayFormat.metric(.bodyEvaluations, 12_345, precision: .exact) == "12,345")
        #expect(DisplayFormat.metric(.droppedFrames, 0.2, precision: .exact) == "0.2")
        #expect(DisplayFormat.metric(.bodyEvaluations, 12_345.6667, precision: .exact) == "12,345.6667")
    }
}
