import Foundation
import Testing
@testable import ScrollSimKit
@testable import ScrollSimPresentation

/// The issue's acceptance through a whole comparison under the default (standard) preset: a
/// scenario graded critical never reads "unchanged ✅", the grade is shown apart from the
/// verdict in every rendering, and the moves a user would not notice pass. Figures by hand: a
/// hitch ratio of 15 ms/s is critical (above 10), 1.46 is good (under 5).
@Suite struct CompareGradeRenderingTests {
    typealias F = CompareFixtures

    static func pair(_ before: [String: Double], _ after: [String: Double]) throws -> Comparison {
        Comparison(baseline: [try F.report("list", F.summary(before))], current: [try F.report("list", F.summary(after))])
    }

    @Test func aCriticalScenarioThatDidNotMoveShowsItsGrade() throws {
        let comparison = try Self.pair(["hitchRatio": 15], ["hitchRatio": 15])
        #expect(!comparison.failed)
        #expect(comparison.scenarios[0].hitchGrade == HitchGrade.Change(baseline: .critical, current: .critical))
        #expect(comparison.text().contains("\nunchanged · grade critical ⛔: list\n"))
        let markdown = comparison.markdown()
        #expect(markdown.contains("| list | unchanged · grade critical ⛔ |"))
        #expect(!markdown.contains("✅ unchanged"))
        let json = comparison.json()
        #expect(json["scenarios"]?.arrayValue?.first?["hitchGrade"]?["current"]?.stringValue == "critical")
        #expect(comparison.junit().contains("<property name=\"hitchGrade\" value=\"critical\"/>"))
    }

    @Test func aGoodScenarioReadsUnchangedWithACheckMark() throws {
        let comparison = try Self.pair(["hitchRatio": 0], ["hitchRatio": 0])
        #expect(comparison.markdown().contains("| list | ✅ unchanged · grade good |"))
        #expect(comparison.text().contains("\nunchanged: list\n"))
    }

    @Test func theIssuesMovesPassUnderTheStandardPreset() throws {
        // bodyEvaluations 48 → 49 (slack 2), p99 1.09 → 3.94 ms (under half of 8.33 ms),
        // hitch ratio 0 → 1.46 ms/s (stays good).
        let comparison = try Self.pair(["bodyEvaluations": 48, "frameWorkMs.p99": 1.09, "hitchRatio": 0],
                                       ["bodyEvaluations": 49, "frameWorkMs.p99": 3.94, "hitchRatio": 1.46])
        #expect(!comparison.failed, "\(comparison.text())")
        let p99 = try #require(comparison.scenarios[0].metrics.first { $0.path == "frameWorkMs.p99" })
        #expect(p99.verdict == .unchanged && p99.reason == "noted: under half the 8.33 ms frame budget")
        #expect(comparison.text().contains("\nunchanged: list (3 within thresholds)\n"))
        // (3.94 − 1.09) / 1.09 = +261.5 %
        #expect(comparison.text(all: true).contains("+261.5%  noted: under half the 8.33 ms frame budget"))
    }

    @Test func aWorseGradeFailsAndSaysSo() throws {
        // 1.46 → 6 ms/s: good → warning.
        let comparison = try Self.pair(["hitchRatio": 1.46], ["hitchRatio": 6])
        #expect(comparison.failed)
        let text = comparison.text()
        #expect(text.contains("list: REGRESSED (failed: hitchRatio) · grade good → warning ⚠️"))
        #expect(text.contains("regressed: error, hitch grade good → warning"))
    }

    @Test func aBudgetExceededWithoutMovingFailsAndSaysSo() throws {
        // droppedFrames 3 against its budget of 0 in both reports: not moved, still an error.
        var summary = F.summary(["droppedFrames": 3, "hitchRatio": 0])
        summary["budgets"] = .object(["droppedFrames": .object(["limit": .number(0), "value": .number(3), "pass": .bool(false)])])
        let report = try F.report("list", summary)
        let comparison = Comparison(baseline: [report], current: [report])
        #expect(comparison.failed)
        #expect(comparison.counts.overBudget == 1 && comparison.counts.errors == 0)
        #expect(comparison.headline == "FAILED: no regressions in 1 compared scenario; 1 metric over budget")
        #expect(comparison.text().contains("unchanged · over budget 3 > 0: error"))
        #expect(comparison.markdown().contains("| list | ❌ over budget (failed: droppedFrames (over budget)) · grade good |"))
        // The repository's own thresholds file turns budgets off: the same pair passes.
        let off = Comparison(baseline: [report], current: [report], thresholds: Thresholds(overBudget: .set(nil)))
        #expect(!off.failed)
    }

    /// Markdown lists a metric over its budget once: a regression over budget under
    /// "Regressions" (droppedFrames 0 → 5, budget 0), one that did not move under "Over budget"
    /// (visibleJumps 2 in both, budget 0).
    @Test func markdownListsAMetricOverBudgetUnderOneHeading() throws {
        func budgets(_ dropped: Double) -> JSONValue {
            .object(["droppedFrames": .object(["limit": .number(0), "value": .number(dropped), "pass": .bool(dropped == 0)]),
                     "visibleJumps": .object(["limit": .number(0), "value": .number(2), "pass": .bool(false)])])
        }
        var before = F.summary(["visibleJumps": 2]), after = F.summary(["droppedFrames": 5, "visibleJumps": 2])
        before["budgets"] = budgets(0)
        after["budgets"] = budgets(5)
        let markdown = Comparison(baseline: [try F.report("list", before)], current: [try F.report("list", after)]).markdown()
        func section(_ title: String) -> String {
            guard let start = markdown.range(of: "### \(title)\n") else { return "" }
            let rest = markdown[start.upperBound...]
            return String(rest[..<(rest.range(of: "\n### ")?.lowerBound ?? rest.endIndex)])
        }
        let regressions = section("Regressions"), overBudget = section("Over budget")
        #expect(regressions.contains("`droppedFrames`") && !regressions.contains("`visibleJumps`"), "\(markdown)")
        #expect(overBudget.contains("`visibleJumps`") && !overBudget.contains("`droppedFrames`"), "\(markdown)")
    }
}
