import Foundation
import Testing
@testable import ScrollSimKit

/// Every shipped scenario meets its own budgets, unless it is a deliberate anti-pattern that
/// declares the budgets it breaks (`"expect": "over-budget"`, `expectedOver`): then it must break
/// exactly those (`BudgetExpectation`, the rule `scrollsim run` applies). The figures are the
/// baseline's (`Reports/baseline`, which the exact gate holds equal to a fresh run), the
/// declarations the scenario files'; so a scenario that drifts over a budget it did not name, or
/// back within one it names, fails here as it fails `scrollsim run`.
@Suite struct ShippedScenarioBudgetsTests {
    static let baseline = ReportFixtures.packageRoot.appendingPathComponent("Reports/baseline")

    static let scenarios: [String] = ((try? ScenarioLoader.expand([ScenarioPairsTests.directory])) ?? []).sorted()

    @Test func everyShippedScenarioMeetsItsBudgetsOrBreaksExactlyThoseItDeclares() throws {
        #expect(Self.scenarios.count >= 62)
        var failures: [String] = []
        for file in Self.scenarios {
            let scenario = try ScenarioLoader.load(path: file)
            let report = try Report.load(path: Self.baseline.appendingPathComponent("\(scenario.name).json").path)
            let expectation = BudgetExpectation(results: report.budgetResults, expectedOver: scenario.expectedOverBudget)
            if let text = expectation.failureText { failures.append("\(scenario.name): \(text)") }
        }
        #expect(failures.isEmpty, "\(failures.count) shipped scenario(s) break budgets they do not declare, or hold budgets they declare broken:\n\(failures.joined(separator: "\n"))")
    }
}
