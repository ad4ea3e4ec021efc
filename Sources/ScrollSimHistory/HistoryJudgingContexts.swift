import Foundation
import ScrollSimKit

/// What compare's rules need to judge a scenario's move between two recorded commits
/// (`JudgingContext`), read from the history instead of from two reports: the later commit's
/// frame budget and hitch grading from its recorded `scenario` section, and both commits'
/// hitch ratios from the scenario's `hitchRatio` series — as `JudgingContext(baseline:current:)`
/// takes them from the two reports. Budgets are left out: a change point is about the move, and
/// a metric over its budget is a finding of `compare`, not of the history.
///
/// The history must hold the scenario's `hitchRatio` series for the hitch-grade rule to apply
/// (`HistoryChanges.find` is given every metric of a scenario; without it the limits alone
/// judge, as compare does for a report without a hitch ratio).
///
/// Each scenario section is parsed once, the first time a change at its commit asks for it.
struct HistoryJudgingContexts {
    let data: HistoryData
    /// Per scenario, its hitch ratio (an ensemble's mean) by commit index.
    private let hitchRatios: [String: [Int: Double]]
    /// Per scenario and commit, the recorded scenario section, parsed.
    private var sections: [String: [Int: ReportScenario]] = [:]

    /// - Complexity: O(points of the hitchRatio series).
    init(data: HistoryData) {
        self.data = data
        var ratios: [String: [Int: Double]] = [:]
        for series in data.series where series.source == .summary && series.metric == Metric.hitchRatio.path {
            ratios[series.scenario] = Dictionary(series.points.map { ($0.commit, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        hitchRatios = ratios
    }

    /// The context of `scenario`'s move from commit `before` to commit `after` (indexes in
    /// `data.commits`).
    mutating func context(_ scenario: String, from before: Int, to after: Int) -> JudgingContext {
        let section = self.section(scenario, at: after)
        let budget = section?.budgetMs ?? 0
        return JudgingContext(frameBudgetMs: budget > 0 && budget.isFinite ? budget : JudgingContext.defaultFrameBudgetMs,
                              grading: section?.hitchGrading ?? .apple,
                              baselineHitchRatio: hitchRatios[scenario]?[before], currentHitchRatio: hitchRatios[scenario]?[after])
    }

    private mutating func section(_ scenario: String, at commit: Int) -> ReportScenario? {
        if let known = sections[scenario]?[commit] { return known }
        guard let version = data.version(of: scenario, at: commit),
              let json = try? JSONValue.parse(Data(version.json.utf8)) else { return nil }
        let section = ReportScenario(json)
        sections[scenario, default: [:]][commit] = section
        return section
    }
}
