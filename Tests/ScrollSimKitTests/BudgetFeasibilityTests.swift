import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
import Testing

/// Budgets on frame work that the scenario's own costs rule out are warned about when the file
/// is read (issue 43: "frameWorkMs.p99 0.05 ms where one type's body alone is 4.5 ms" validated
/// as ok). post builds in 0.05 + 0.2 + 0.1 = 0.35 ms, reel in 0.1 + 4.5 + 0.3 = 4.9 ms.
@Suite struct BudgetFeasibilityTests {
    func decode(budgets: String) throws -> Scenario {
        let text = """
        {"schema": 1, "name": "b", "duration": 1,
         "content": {"count": 10, "types": [
           {"name": "post", "height": {"fixed": 100}, "initMs": 0.05, "bodyMs": 0.2, "layoutMs": 0.1},
           {"name": "reel", "height": {"fixed": 400}, "initMs": 0.1, "bodyMs": 4.5, "layoutMs": 0.3}]},
         "budgets": \(budgets)}
        """
        return try ScenarioLoader.decode(Data(text.utf8), file: "b.json")
    }

    @Test func aPercentileUnderOneBuildIsWarnedNamingTheCosts() throws {
        let scenario = try decode(budgets: #"{"frameWorkMs.p99": 0.05}"#)
        #expect(scenario.warnings == [ScenarioWarning(file: "b.json", keyPath: "budgets.frameWorkMs.p99", message:
            "frameWorkMs.p99 ≤ 0.05 ms is below what building one view costs: the cheapest view type, post, costs 0.35 ms to build (init + body + layout); one reel body alone costs 4.5 ms; every frame that builds a view is over it")])
    }

    @Test func theMaximumUnderTheFirstFrameOrOneBodyIsWarned() throws {
        #expect(try decode(budgets: #"{"frameWorkMs.max": 0.3}"#).warnings.map(\.message) == [
            "frameWorkMs.max ≤ 0.3 ms cannot be met: the first frame builds the views on screen, and the cheapest view type, post, costs 0.35 ms to build (init + body + layout); one reel body alone costs 4.5 ms"])
        #expect(try decode(budgets: #"{"frameWorkMs.max": 3}"#).warnings.map(\.message) == [
            "frameWorkMs.max ≤ 3 ms, but one reel body costs 4.5 ms: every frame that builds a reel is over it"])
    }

    /// Budgets the costs allow, and budgets on other metrics, say nothing.
    @Test func reachableBudgetsAreQuiet() throws {
        #expect(try decode(budgets: #"{"frameWorkMs.p99": 0.35, "frameWorkMs.max": 8.33, "droppedFrames": 0}"#).warnings == [])
        #expect(try decode(budgets: #"{"frameWorkMs.p50": 0.349}"#).warnings.count == 1)
    }

    /// `silence` quiets it like any warning, by its key path.
    @Test func silenceQuietsIt() throws {
        let text = """
        {"schema": 1, "name": "b", "duration": 1, "silence": ["budgets.frameWorkMs.p99"],
         "content": {"count": 10, "types": [{"name": "post", "height": {"fixed": 100}, "bodyMs": 4.5}]},
         "budgets": {"frameWorkMs.p99": 0.05}}
        """
        #expect(try ScenarioLoader.decode(Data(text.utf8), file: "b.json").warnings == [])
    }
}
