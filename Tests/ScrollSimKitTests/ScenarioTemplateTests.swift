import Foundation
import Testing
@testable import ScrollSimKit

/// Every `scrollsim init` template validates and runs as written, and its description's advice
/// holds: the change it suggests brings the run within its budgets.
@Suite struct ScenarioTemplateTests {
    func play(_ text: String, name: String) throws -> Report {
        try ScenarioLoader.decode(Data(text.utf8), file: "\(name).json").report()
    }

    @Test(arguments: ScenarioTemplate.all.map(\.name))
    func templateValidatesAndRuns(name: String) throws {
        let template = try #require(ScenarioTemplate.named(name))
        let scenario = try ScenarioLoader.decode(Data(template.text.utf8), file: "\(name).json")
        #expect(scenario.name == name)
        #expect(scenario.warnings.isEmpty, "\(scenario.warnings)")
        #expect(!scenario.budgets.isEmpty, "a starter says what it must stay within")
        let report = try play(template.text, name: name)
        #expect((report.metrics["frames"] ?? 0) > 0)
        // The description names metrics the report has.
        let description = scenario.description
        let named = Metric.allCases.filter { description.contains($0.path) }
        #expect(named.count >= 3, "\(name): the description should say which metrics to read")
    }

    /// Every template runs within its budgets, or is marked a deliberate anti-pattern
    /// (`"expect": "over-budget"`) and breaks exactly the budgets its `expectedOver` names, which
    /// its description names too; `scrollsim run` then exits 0 (`BudgetExpectation`).
    @Test(arguments: ScenarioTemplate.all.map(\.name))
    func templateIsWithinItsBudgetsOrMarked(name: String) throws {
        let template = try #require(ScenarioTemplate.named(name))
        let scenario = try ScenarioLoader.decode(Data(template.text.utf8), file: "\(name).json")
        #expect(scenario.expectedOverBudget == template.expectedOver)
        let report = try play(template.text, name: name)
        let standing = BudgetExpectation(results: report.budgetResults, expectedOver: scenario.expectedOverBudget)
        #expect(!standing.failed, "\(name): \(standing.failureText ?? "")")
        let over = report.budgetResults.filter { !$0.pass }
        if over.isEmpty {
            #expect(standing == .within)
            #expect(!template.text.contains("\"expect\""))
        } else {
            #expect(template.text.contains("\"expect\": \"over-budget\""))
            #expect(scenario.description.contains("deliberate anti-pattern"))
            for budget in over { #expect(scenario.description.contains(budget.key), "\(name): the description should name \(budget.key)") }
        }
    }

    /// The two anti-patterns, and which budgets they break: heavy cells drop 23 frames (limit 2),
    /// grade critical and overrun 23 times (limit 0); unsized async images jump.
    @Test func theMarkedTemplatesAreTheTwoAntiPatterns() {
        #expect(ScenarioTemplate.all.filter { !$0.expectedOver.isEmpty }.map(\.name) == ["heavy-cells", "async-images"])
        #expect(ScenarioTemplate.heavyCells.expectedOver == [.droppedFrames, .hitchRatio, .prefetchOverrunFrames])
        #expect(ScenarioTemplate.asyncImages.expectedOver == [.visibleJumps])
    }

    /// The feed is within its budgets as written, and every template is an ensemble whose costs
    /// vary (distributions or jitter), so its figures come with their intervals.
    @Test func theFeedPasses() throws {
        for template in ScenarioTemplate.all {
            let scenario = try ScenarioLoader.decode(Data(template.text.utf8), file: "\(template.name).json")
            #expect(scenario.ensemble.runs == ScenarioTemplate.runs, "\(template.name)")
            #expect(scenario.config.content.types.allSatisfy { $0.costs.jitter > 0 || !$0.costDistributions.isEmpty }, "\(template.name)")
        }
        let report = try play(ScenarioTemplate.feed.text, name: "feed")
        #expect(report.budgetResults.filter { !$0.pass }.isEmpty, "\(report.budgetResults.filter { !$0.pass })")
    }

    /// Heavy cells are over budget with chunked prefetch and within it with the deadline policy:
    /// the template is the shipped pair prefetch-chunked-heavy-cells → prefetch-deadline-heavy-
    /// cells (the same cards, seed and script; as an ensemble with the template's cost
    /// distributions and jitter, every run of the fix drops nothing and overruns nothing, and the
    /// anti-pattern drops and overruns more than its budgets allow on average).
    @Test func heavyCellsPassWithTheDeadlinePolicy() throws {
        let text = ScenarioTemplate.heavyCells.text
        let before = try play(text, name: "heavy-cells")
        #expect(before.ensemble?.runs == ScenarioTemplate.runs)
        #expect(!before.budgetResults.filter { !$0.pass }.isEmpty)
        let fixed = text.replacingOccurrences(of: "\"policy\": \"chunked\"", with: "\"policy\": \"deadline\"")
        #expect(fixed != text)
        let after = try play(fixed, name: "heavy-cells")
        // Paired run by run (the same seed and script), the fix drops fewer frames and overruns
        // less, significantly; a card drawn heavier than its type's average can still overrun in
        // a run or two, which the p90 budget on overruns allows.
        let comparison = ScenarioComparison(name: "heavy-cells", baseline: before, current: after, thresholds: .standard)
        for path in ["droppedFrames", "prefetchOverrunFrames"] {
            let d = try #require(comparison.metrics.first { $0.path == path }?.difference)
            #expect(d.kind == .paired && d.high < 0, "\(path): \(d)")
        }
        #expect(after.budgetResults.first { $0.key == "prefetchOverrunFrames" }?.over == .p90)
        #expect(after.budgetResults.filter { !$0.pass }.isEmpty, "\(after.budgetResults.filter { !$0.pass })")
    }

    /// Unsized placeholders make visible jumps; sized ones make none (the shipped pair
    /// asyncimage-unsized → asyncimage-sized).
    @Test func asyncImagesPassWithSizedPlaceholders() throws {
        let text = ScenarioTemplate.asyncImages.text
        let before = try play(text, name: "async-images")
        #expect((before.metrics["visibleJumps"] ?? 0) > 0)
        let fixed = text.replacingOccurrences(of: "\"placeholderSized\": false", with: "\"placeholderSized\": true")
        #expect(fixed != text)
        let after = try play(fixed, name: "async-images")
        #expect(after.metrics["visibleJumps"] == 0)
        #expect(after.budgetResults.filter { !$0.pass }.isEmpty, "\(after.budgetResults.filter { !$0.pass })")
    }
}
