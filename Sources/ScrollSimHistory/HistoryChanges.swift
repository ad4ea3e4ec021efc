import Foundation
import ScrollSimKit

/// A commit at which a scenario's metric moved: the answer to "since which commit is this
/// slower?".
public struct HistoryChange: Equatable, Sendable {
    public enum Detection: String, Sendable {
        /// A summary metric (deterministic): any difference from the previous recorded value.
        case exact
        /// A harness figure (noisy): a change of level found by `StepDetection`.
        case step
    }

    public enum Direction: String, Sendable {
        case regression, improvement, neutral
    }

    public var scenario: String
    public var metric: String
    public var source: HistorySource
    /// The index in `HistoryData.commits` of the commit where the new value (level) starts.
    public var commit: Int
    /// The commit recorded before it for this series.
    public var previousCommit: Int
    /// The value (for a step: the level's median) before and from `commit`.
    public var before: Double
    public var after: Double
    public var detection: Detection
    public var direction: Direction
}

/// Finds the change points of a history: for every scenario and metric, the commits at which
/// it moved, with what changed in the scenario at that commit.
public enum HistoryChanges {
    /// Every change of `data`, ordered by scenario, commit, then series order (summary metrics
    /// in display order, then harness figures by name).
    /// - Complexity: O(values) for the summary metrics, O(n log² n) per harness series.
    public static func find(_ data: HistoryData, parameters: StepDetection.Parameters = .standard) -> [HistoryChange] {
        var changes: [(order: Int, change: HistoryChange)] = []
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
                for index in points.indices.dropFirst() where points[index].value != points[index - 1].value {
                    changes.append((order, change(index, points[index - 1].value, points[index].value, .exact)))
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
            let changes = ScenarioDiff.changes(from: a, to: b)
            if !changes.isEmpty { return changes.map(\.description) }
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
