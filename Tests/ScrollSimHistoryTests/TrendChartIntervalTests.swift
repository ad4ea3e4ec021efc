import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// The trend chart's interval band and error bars for an ensemble's means.
@Suite struct TrendChartIntervalTests {
    /// Four commits at x 0, 10, 20, 30 with intervals 1…2, 2…3, 3…4, 4…5, into 2 buckets:
    /// commits 0–1 span x 0…20 (the next bucket's first commit) from 1 to 3, commits 2–3 span
    /// x 20…30 from 3 to 5; into 8 buckets (more than points) each commit is its own span.
    @Test func theBandKeepsEachBucketsWidestInterval() {
        let spans = TrendChart.bands(lows: [1, 2, 3, 4], highs: [2, 3, 4, 5], xs: [0, 10, 20, 30], columns: 2)
        #expect(spans.map { [$0.x0, $0.x1, $0.low, $0.high] } == [[0, 20, 1, 3], [20, 30, 3, 5]])
        let each = TrendChart.bands(lows: [1, 2, 3, 4], highs: [2, 3, 4, 5], xs: [0, 10, 20, 30], columns: 8)
        #expect(each.map { [$0.x0, $0.x1, $0.low, $0.high] } == [[0, 10, 1, 2], [10, 20, 2, 3], [20, 30, 3, 4], [30, 30, 4, 5]])
        #expect(TrendChart.bandPath([(0, 10, 5, 1)]) == "M0 5H10V1H0z")
    }

    /// A series of single runs draws no band and no error bars; one with an ensemble's mean
    /// draws both, and its dot's tooltip gives the interval and run count.
    @Test func onlyAnEnsemblesPointsDrawIntervals() {
        let commits = (0..<3).map { HistoryData.Commit(sha: "c\($0)", branch: nil, time: "t") }
        var series = HistoryData.Series(scenario: "feed", metric: "droppedFrames", source: .summary,
                                        points: (0..<3).map { HistoryData.Point(commit: $0, value: 4, budget: nil) })
        let plain = TrendChart.render(series, commits: commits, marks: [], id: "a")
        #expect(!plain.contains("interval-band") && !plain.contains("error-bar"))
        series.points[2].value = 4.3
        series.points[2].spread = HistorySpread(runs: 30, sd: 1.6, low: 3.7, high: 4.9)
        let ensemble = TrendChart.render(series, commits: commits, marks: [], id: "a")
        #expect(ensemble.contains("class=\"interval-band\"") && ensemble.components(separatedBy: "class=\"error-bar\"").count == 2)
        #expect(ensemble.contains("c2: 4.3 (95 % interval 3.7…4.9, 30 runs)"))
    }
}
