import Foundation
import Testing
@testable import ScrollSimKit
@testable import ScrollSimPresentation

/// The terminal comparison reads in the order a reader acts: regressions first, improvements
/// grouped on a line, unchanged scenarios collapsed into one line; values at display precision.
@Suite struct CompareQuietTextTests {
    typealias F = CompareFixtures

    @Test func regressionsComeFirstAndUnchangedScenariosAreCollapsed() throws {
        let base = try ["a-calm", "b-better", "c-worse", "d-quiet"].map { try F.report($0, F.summary) }
        let current = [
            try F.report("a-calm", F.summary),
            try F.report("b-better", F.summary(["frameWorkMs.p99": 0.9, "wastedPrefetchMs": 1.4])),
            try F.report("c-worse", F.summary(["droppedFrames": 2, "frameWorkMs.p99": 0.9])),
            try F.report("d-quiet", F.summary),
        ]
        let text = Comparison(baseline: base, current: current, thresholds: .relative).text()
        let worse = try #require(text.range(of: "\nc-worse: REGRESSED (failed: droppedFrames; 1 improved)\n"))
        let better = try #require(text.range(of: "\nb-better: improved (2 metrics)\n"))
        let unchanged = try #require(text.range(of: "\nunchanged: a-calm, d-quiet\n"))
        #expect(worse.lowerBound < better.lowerBound && better.lowerBound < unchanged.lowerBound)
        // The regression in a table; the improvement beside it on one line; p99 1.1 → 0.9 ms is
        // -18.2 %, wasted prefetch 2.8 → 1.4 ms is -50 %.
        // Columns as wide as their widest cell ("droppedFrames", "baseline", "current",
        // "delta", "change"), two spaces apart, numbers right-aligned.
        #expect(text.contains("  droppedFrames         0        2     +2     n/a  regressed: error, over 0\n"), "\(text)")
        #expect(text.contains("  improved: frameWorkMs.p99 1.10 ms → 0.90 ms (-18.2%)\n"), "\(text)")
        #expect(text.contains("  improved: frameWorkMs.p99 1.10 ms → 0.90 ms (-18.2%); wastedPrefetchMs 2.80 ms → 1.40 ms (-50.0%)\n"), "\(text)")
        #expect(!text.contains("a-calm:"))
        // --all: every scenario with a table, in name order.
        let all = Comparison(baseline: base, current: current, thresholds: .relative).text(all: true)
        #expect(all.contains("a-calm: unchanged (all 10 metrics identical)"))
    }

    /// One improvement is enough to call a scenario improved, in the singular.
    @Test func oneImprovedMetricMakesTheScenarioImproved() throws {
        let comparison = Comparison(baseline: [try F.report("e-one", F.summary)],
                                    current: [try F.report("e-one", F.summary(["wastedPrefetchMs": 1.4]))], thresholds: .relative)
        for text in [comparison.text(), comparison.text(all: true)] {
            #expect(text.contains("\ne-one: improved (1 metric)\n") || text.hasPrefix("e-one: improved (1 metric)\n"), "\(text)")
        }
    }

    /// Display precision, and the report's where display precision would show a change as none.
    @Test func valuesAreShownAtDisplayPrecision() throws {
        let comparison = Comparison(baseline: try F.report(F.summary(["frameWorkMs.p50": 0.6312, "hitchTimeMs": 4050.1994])),
                                    current: try F.report(F.summary(["frameWorkMs.p50": 0.632, "hitchTimeMs": 0])), thresholds: .relative)
        let metrics = try #require(comparison.scenarios.first?.metrics)
        let hitch = try #require(metrics.first { $0.path == "hitchTimeMs" })
        // 4,050.1994 ms at display precision: one decimal above 1,000 → "4,050 ms"; the change
        // -4,050.1994 ms likewise.
        #expect(CompareFormat.shown(hitch) == ("4,050 ms", "0.00 ms", "-4,050 ms"))
        // 0.6312 and 0.632 ms both read "0.63 ms": both switch to the report's precision, and
        // the change (0.0008 ms, "0.00 ms" at display precision) too.
        let p50 = try #require(metrics.first { $0.path == "frameWorkMs.p50" })
        #expect(CompareFormat.shown(p50) == ("0.6312 ms", "0.632 ms", "+0.0008 ms"))
        #expect(!comparison.text(all: true).contains("4050.1994"))
    }
}
