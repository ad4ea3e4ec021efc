import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
import Testing

/// Interval honesty: an ensemble's 95 % interval of the mean must cover the true mean about 95
/// times in 100. The true mean of a scenario's metric is taken from 2,000 runs (runs 0…1999);
/// 200 ensembles of 30 runs each, drawn from runs no other ensemble uses (runs 2000…7999),
/// must cover it at least 180 times (90 %; at the nominal 95 % the count is 190 ± 3).
///
/// The scenario is chosen to be hard for an interval of the mean: dropped frames in a short
/// fling over cards whose prefetch lands near the frame budget (`jitter` 0.3), a small whole
/// number (mean about 2, sd about 1.2, 0 in one run out of ten) that jumps by whole frames; the
/// hitch ratio and the p99 frame work are checked too. Everything is seeded, so the count is the
/// same on every run of the test. (It plays 8,000 runs, about 50 s of CPU in a debug build; the
/// sanitizer builds skip it with `SCROLLSIM_ENSEMBLE_COVERAGE=0`.)
struct EnsembleCoverageTests {
    static let text = """
    {"schema": 1, "name": "coverage", "seed": 5, "duration": 0.5,
     "stack": {"kind": "lazyVStack", "prefetch": {"policy": "chunked"}},
     "content": {"count": 120, "types": [
       {"name": "card", "height": {"fixed": 250}, "initMs": 0.5, "bodyMs": 5, "layoutMs": 1.5, "jitter": 0.3, "memory": {"view": 1000}},
       {"name": "text", "height": {"fixed": 80}, "bodyMs": 0.2, "layoutMs": 0.2, "jitter": 0.3, "memory": {"view": 500}}]},
     "script": [{"at": 0.0, "fling": {"velocity": 6000}}]}
    """

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCROLLSIM_ENSEMBLE_COVERAGE"] != "0", "SCROLLSIM_ENSEMBLE_COVERAGE=0"))
    func thirtyRunIntervalsCoverTheTrueMeanAtLeast90TimesIn100() throws {
        let scenario = try ScenarioLoader.decode(Data(Self.text.utf8), file: "coverage.json")
        let metrics: [Metric] = [.droppedFrames, .hitchRatio, .frameWorkP99]
        let population = Ensemble.play(scenario, plan: EnsemblePlan(runs: 2000), jobs: 2)
        let truth = metrics.map { population.spread($0).mean }
        // The metric does vary, or covering it proves nothing.
        #expect(population.spread(.droppedFrames).sd > 0.5)
        var covered = [Int](repeating: 0, count: metrics.count)
        for k in 0..<200 {
            let ensemble = Ensemble.play(scenario, plan: EnsemblePlan(runs: 30, firstRun: 2000 + 30 * k), jobs: 2)
            for (m, metric) in metrics.enumerated() {
                let spread = ensemble.spread(metric)
                if spread.low <= truth[m] && truth[m] <= spread.high { covered[m] += 1 }
            }
        }
        print("interval coverage of 200 ensembles of 30 runs: " + metrics.indices.map { "\(metrics[$0].path) \(covered[$0])/200 (true mean \(truth[$0]))" }.joined(separator: ", "))
        for (m, metric) in metrics.enumerated() {
            #expect(covered[m] >= 180, "\(metric.path): \(covered[m]) of 200 intervals cover the mean of 2,000 runs, \(truth[m])")
        }
    }
}
