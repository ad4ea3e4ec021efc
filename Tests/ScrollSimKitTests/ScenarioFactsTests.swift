import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit

/// The scenario facts a report's readers use (`ScenarioFacts`: the features that decide which
/// metrics apply, each view type's build costs, the budgets broken on purpose, the stack) are
/// the decoded configuration's, whether a run has the scenario in hand or a reader has only the
/// report's record of it (`scenario.source`, written at the report's precision).
@Suite struct ScenarioFactsTests {
    /// The facts in a form `#expect` compares.
    struct Comparable: Equatable {
        var features: Set<Metric.Scope>
        var costs: [String: [String]]
        var expected: [Metric]
        var stack: StackConfig?

        init(_ facts: ScenarioFacts) {
            features = facts.features
            costs = facts.viewCosts.mapValues { $0.map { "\($0.phase) \($0.ms)" } }
            expected = facts.expectedOverBudget
            stack = facts.stack
        }
    }

    /// A scenario's source as a report records it: written at 4 decimals and read back.
    static func recorded(_ scenario: Scenario) throws -> JSONValue {
        let source = try #require(scenario.source)
        return try JSONParser.parse(Array(JSONWriter(decimals: 4).string(source).utf8), file: "report.json")
    }

    @Test func everyShippedScenarioReadsBackToTheSameFacts() throws {
        let directory = ReportFixtures.packageRoot.appendingPathComponent("Scenarios").path
        let files = try ScenarioLoader.expand([directory])
        #expect(files.count >= 60)
        var seen: Set<Metric.Scope> = []
        for file in files {
            let scenario = try ScenarioLoader.load(path: file)
            let decoded = Comparable(ScenarioFacts(scenario))
            let read = Comparable(ScenarioFacts(recorded: try Self.recorded(scenario), kind: scenario.config.stack.kind))
            #expect(read == decoded, "\(scenario.name): the recorded source reads back to other facts")
            seen.formUnion(decoded.features)
        }
        // The shipped scenarios use every feature (a model fault's scope is none), so each
        // branch above was compared.
        let features = Set(Metric.Scope.allCases).subtracting([.whenProduced])
        #expect(seen == features, "features no shipped scenario uses: \(features.subtracting(seen))")
    }

    @Test func aTypesCostsAreItsNumbersOrItsMeansToTheHundredth() throws {
        let directory = ReportFixtures.packageRoot.appendingPathComponent("Scenarios").path
        let scenario = try ScenarioLoader.load(path: directory + "/prefetch-chunked-heavy-cells.json")
        let card = try #require(ScenarioFacts(scenario).viewCosts["card"])
        #expect(card.map(\.phase) == ["init", "body", "layout"])
        #expect(card.map(\.ms) == [0.3, 3.2, 4])
    }

    @Test func withoutARecordedSourceOnlyTheStackKindIsKnown() {
        #expect(ScenarioFacts(recorded: nil, kind: .lazyVGrid).features == [.always, .grid])
        #expect(ScenarioFacts(recorded: nil, kind: .masonryColumns).features == [.always, .masonry])
        #expect(ScenarioFacts(recorded: nil, kind: .vStack).features == [.always])
        #expect(ScenarioFacts(recorded: nil, kind: nil).features == [.always])
        let unknown = ScenarioFacts(recorded: nil, kind: .lazyVStack)
        #expect(unknown.viewCosts.isEmpty && unknown.expectedOverBudget.isEmpty && unknown.stack == nil)
    }

    /// A record the decoder has problems with (a data file recorded as its name and hash, a
    /// key of another version) still gives what it says: the problems leave their keys at
    /// their defaults.
    @Test func aRecordWithProblemsGivesWhatItSays() throws {
        let text = """
        {"schema": 1, "name": "x", "duration": 1, "futureKey": true,
         "stack": {"kind": "lazyVGrid", "spacing": 3},
         "content": {"data": {"file": "data/a.jsonl", "contentHash": "0123456789abcdef"},
                     "types": [{"name": "a", "height": {"fixed": 10}, "bodyMs": 2, "asyncContent": {"latencyMs": 100}}]},
         "script": [{"at": 0, "scrollTo": {"edge": "bottom"}}]}
        """
        let facts = ScenarioFacts(recorded: try JSONParser.parse(Array(text.utf8), file: "r.json"), kind: .lazyVGrid)
        #expect(facts.features == [.always, .grid, .asyncContent, .scrollTo])
        #expect(facts.stack?.spacing == 3)
        #expect(facts.viewCosts["a"]?.map(\.ms) == [ViewTypeSpec.Costs()[.initialize], 2, ViewTypeSpec.Costs()[.layout]])
    }
}
