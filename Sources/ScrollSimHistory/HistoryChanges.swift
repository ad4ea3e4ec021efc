import Foundation
import ScrollSimKit

/// A commit at which a scenario's metric moved: the answer to "since which commit is this
/// slower?".
public struct HistoryChange: Equatable, Sendable {
    public enum Detection: String, Sendable {
        /// A single run's summary metric (deterministic): any difference from the previous
        /// recorded value.
        case exact
        /// A harness figure (noisy): a change of level found by `StepDetection`.
        case step
        /// An ensemble's mean (either commit's value a mean of runs): the 95 % Welch interval
        /// of the difference of the two means excludes zero.
        case interval
    }

    public enum Direction: String, Sendable {
        /// Worse past the metric's threshold (compare's verdict `regressed`).
        case regression
        /// Better past the metric's threshold (compare's verdict `improved`).
        case improvement
        /// A move compare would not call either: within the metric's threshold, or noted by its
        /// rule (`reason` says which).
        case move
        /// A metric with no better direction (the catalogue's neutral metrics).
        case neutral
    }

    public var scenario: String
    public var metric: String
    public var source: HistorySource
    /// The index in `HistoryData.commits` of the commit where the new value (level) starts.
    public var commit: Int
    /// The commit recorded before it for this series.
    public var previousCommit: Int
    /// The value (for a step: the level's median; for an ensemble: its mean) before and from
    /// `commit`.
    public var before: Double
    public var after: Double
    public var detection: Detection
    public var direction: Direction
    /// The severity of a regression by the thresholds (nil for any other direction, and for
    /// harness steps, which no threshold judges).
    public var severity: Severity? = nil
    /// Why the thresholds decided as they did, when there is more to say than the direction:
    /// "within threshold", compare's reasons ("noted: under half the 8.33 ms frame budget",
    /// "hitch grade good → warning").
    public var reason: String? = nil
    /// For `.interval`: each commit's spread (nil for a side that is a single run) and the
    /// difference of the means with its 95 % Welch interval.
    public var beforeSpread: HistorySpread? = nil
    public var afterSpread: HistorySpread? = nil
    public var difference: PairedDifference? = nil
}

/// Finds the change points of a history: for every scenario and metric, the commits at which
/// it moved, with what changed in the scenario at that commit.
///
/// A summary metric's move is judged as `scrollsim compare` judges the two commits' reports:
/// with the same `Thresholds` (the standard preset by default, or a thresholds file) and the
/// same rules, read from what the history recorded (`JudgingContext`: the later commit's frame
/// budget and hitch grading from its scenario section, both commits' hitch ratios). A move
/// past the threshold is a regression or an improvement; one within it, or one a rule notes,
/// is listed as a `move`, never a regression (issue 43: harmless commits were tagged
/// regressions at +0.0 %).
///
/// Single runs are deterministic, so every move is real and listed. An ensemble's means carry
/// noise: a move counts only when it is larger than its noise — the 95 % Welch interval of the
/// difference of the two means (`PairedDifference(unpaired:_:)`, from each commit's mean, sd
/// and run count) excludes zero — and is otherwise not listed at all. Welch rather than "the
/// two commits' intervals do not overlap": for equal spreads non-overlap needs a difference of
/// 2 × 1.96 standard errors of one mean, 2.77 of the difference, a test at about the 99.4 %
/// level that hides real moves (Schenker and Gentleman, "On judging the significance of
/// differences by examining the overlap between confidence intervals", The American
/// Statistician, 2001). Welch rather than compare's paired interval because the history keeps
/// each commit's mean, sd and run count, not every run's value. Runs i of two commits draw
/// alike (the same seed), so the paired interval is usually the narrower: `scrollsim compare`
/// of the two commits' reports may find significant a move the history leaves out.
public enum HistoryChanges {
    /// Every change of `data`, ordered by scenario, commit, then series order (summary metrics
    /// in display order, then harness figures by name).
    /// - Parameters:
    ///   - thresholds: how far a summary metric must move to be a regression or improvement,
    ///     as compare's `--thresholds`/`--preset`.
    /// - Complexity: O(values) for the summary metrics (a scenario section parsed once per
    ///   commit with a change), O(n log² n) per harness series.
    public static func find(_ data: HistoryData, thresholds: Thresholds = .standard,
                            parameters: StepDetection.Parameters = .standard) -> [HistoryChange] {
        var changes: [(order: Int, change: HistoryChange)] = []
        var contexts = HistoryJudgingContexts(data: data)
        for (order, series) in data.series.enumerated() {
            let points = series.points
            let polarity = polarity(metric: series.metric, source: series.source)
            func change(_ at: Int, _ before: Double, _ after: Double, _ detection: HistoryChange.Detection) -> HistoryChange {
                HistoryChange(scenario: series.scenario, metric: series.metric, source: series.source, commit: points[at].commit,
                              previousCommit: points[at - 1].commit, before: before, after: after, detection: detection,
                              direction: direction(before: before, after: after, polarity: polarity))
            }
            switch series.source {
            case .summary:
                let threshold = thresholds.threshold(for: series.metric, scenario: series.scenario)
                for index in points.indices.dropFirst() where points[index].value != points[index - 1].value {
                    let (a, b) = (points[index - 1], points[index])
                    var found = change(index, a.value, b.value, .exact)
                    if a.spread != nil || b.spread != nil {
                        let difference = PairedDifference(unpaired: (a.value, a.spread?.sd ?? 0, a.runs), (b.value, b.spread?.sd ?? 0, b.runs))
                        guard difference.isSignificant else { continue }
                        (found.detection, found.beforeSpread, found.afterSpread, found.difference) = (.interval, a.spread, b.spread, difference)
                    }
                    judge(&found, threshold: threshold, polarity: polarity,
                          context: contexts.context(series.scenario, from: a.commit, to: b.commit))
                    changes.append((order, found))
                }
            case .harness:
                for step in StepDetection.steps(points.map(\.value), parameters: parameters) {
                    changes.append((order, change(step.index, step.before, step.after, .step)))
                }
            }
        }
        return changes.sorted { a, b in
            if a.change.scenario != b.change.scenario { return a.change.scenario < b.change.scenario }
            if a.change.commit != b.change.commit { return a.change.commit < b.change.commit }
            return a.order < b.order
        }.map(\.change)
    }

    /// Sets a summary metric's direction, severity and reason from compare's verdict on the
    /// move (`MetricComparison`, with the ensemble's difference when there is one).
    static func judge(_ change: inout HistoryChange, threshold: Threshold, polarity: Metric.Polarity, context: JudgingContext) {
        guard polarity != .neutral else { return }
        let comparison = MetricComparison(path: change.metric, baseline: change.before, current: change.after,
                                          threshold: threshold, context: context, difference: change.difference)
        change.severity = comparison.moveSeverity
        change.reason = comparison.reason
        switch comparison.verdict {
        case .regressed: change.direction = .regression
        case .improved: change.direction = .improvement
        default:
            change.direction = .move
            if change.reason == nil { change.reason = threshold.isOff ? "not judged (threshold off)" : "within threshold" }
        }
    }

    /// What changed in the scenario between two recorded versions, one line per change
    /// (empty when nothing did): the structural diff of the reports' `scenario.source`
    /// (`ScenarioDiff`: key path, old → new), or the content hash's change when a version was
    /// recorded from a report that does not carry its scenario's source.
    public static func scenarioDiff(old: HistoryData.ScenarioVersion?, new: HistoryData.ScenarioVersion?) -> [String] {
        guard let old, let new, old.contentHash != new.contentHash else { return [] }
        func source(_ version: HistoryData.ScenarioVersion) -> JSONValue? {
            guard let section = try? JSONValue.parse(Data(version.json.utf8)), let source = section["source"], case .object = source else { return nil }
            return source
        }
        if let a = source(old), let b = source(new) {
            // The first `ScenarioDiff.shownChanges`, then how many more.
            let (changes, total) = ScenarioDiff.changes(from: a, to: b, limit: ScenarioDiff.shownChanges)
            if !changes.isEmpty {
                return changes.map(\.description) + (total > changes.count ? [ScenarioComparison.moreChanges(total - changes.count, of: total)] : [])
            }
        }
        return ["contentHash \(old.contentHash) → \(new.contentHash)"]
    }

    /// Which way is better for a stored metric: the catalogue's polarity for summary metrics;
    /// for harness figures, lower is better except the frame rate (higher) and the count of
    /// steady-state frames (the scenario's length, neutral).
    public static func polarity(metric: String, source: HistorySource) -> Metric.Polarity {
        switch source {
        case .summary: return Metric(rawValue: metric)?.polarity ?? .lowerIsBetter
        case .harness:
            switch metric {
            case "simulatedFramesPerSecond": return .higherIsBetter
            case "steadyStateFrames": return .neutral
            default: return .lowerIsBetter
            }
        }
    }

    static func direction(before: Double, after: Double, polarity: Metric.Polarity) -> HistoryChange.Direction {
        switch polarity {
        case .neutral: return .neutral
        case .lowerIsBetter: return after > before ? .regression : .improvement
        case .higherIsBetter: return after < before ? .regression : .improvement
        }
    }
}
