import Foundation
import Testing
import ScrollSimEngine
@testable import ScrollSimKit
@testable import ScrollSimPresentation

@Suite struct CompareBaselineTests {
    typealias F = CompareFixtures

    func scenario(_ name: String, bodyMs: Double = 0.12, file: String? = nil) throws -> Scenario {
        let text = """
        {"schema": 1, "name": "\(name)", "duration": 1,
         "content": {"count": 200, "types": [{"name": "row", "height": {"fixed": 80}, "bodyMs": \(bodyMs)}]},
         "script": [{"at": 0.1, "fling": {"velocity": 3000}}]}
        """
        return try ScenarioLoader.decode(Data(text.utf8), file: file ?? "\(name).json")
    }

    @Test func baselineReportsHaveNoHarnessAndAreDeterministic() throws {
        let s = try scenario("list")
        let first = JSONWriter().string(Baseline.report(for: s))
        #expect(first == JSONWriter().string(Baseline.report(for: s)))
        #expect(!first.contains("\"harness\""))
    }

    @Test func refreshAddsKeepsUpdatesAndRemoves() throws {
        let directory = try F.temporaryDirectory()
        let first = try Baseline.refresh([try scenario("a"), try scenario("b")], directory: directory)
        #expect(first.map(\.change) == [.added, .added])
        #expect(first.map(\.scenario) == ["a", "b"])

        let aPath = (directory as NSString).appendingPathComponent("a.json")
        let before = try FileManager.default.attributesOfItem(atPath: aPath)[.modificationDate] as? Date
        let second = try Baseline.refresh([try scenario("a"), try scenario("b")], directory: directory)
        #expect(second.map(\.change) == [.unchanged, .unchanged])
        #expect(try FileManager.default.attributesOfItem(atPath: aPath)[.modificationDate] as? Date == before)

        // A stray note is left alone; a report of a scenario no longer given is removed.
        let note = (directory as NSString).appendingPathComponent("README.json")
        try "{\"not\": \"a report\"}".write(toFile: note, atomically: true, encoding: .utf8)
        let third = try Baseline.refresh([try scenario("a", bodyMs: 0.5)], directory: directory)
        #expect(third.count == 2)
        guard case .updated(let contentChanged, let moved) = third[0].change else {
            Issue.record("a changed scenario was not updated: \(third[0].change)")
            return
        }
        #expect(contentChanged)
        #expect(moved.contains("frameWorkMs.max"))
        #expect(third[1] == Baseline.Entry(scenario: "b", path: (directory as NSString).appendingPathComponent("b.json"), change: .removed))
        #expect(FileManager.default.fileExists(atPath: note))
        #expect(try ReportSet.load(aPath)[0].contentHash == (try scenario("a", bodyMs: 0.5)).contentHash)
    }

    @Test func anUnreadableReportIsReplaced() throws {
        let directory = try F.temporaryDirectory()
        try "{ broken".write(toFile: (directory as NSString).appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        let entries = try Baseline.refresh([try scenario("a")], directory: directory)
        guard case .replacedInvalid(let reason) = entries[0].change else {
            Issue.record("expected a replacement, got \(entries[0].change)")
            return
        }
        #expect(reason.hasPrefix("1:"))
        #expect(try ReportSet.load(directory).map(\.scenarioName) == ["a"])
    }

    @Test func duplicateNamesAreRefusedBeforeAnythingIsWritten() throws {
        let directory = try F.temporaryDirectory()
        #expect(throws: ScrollSimError.self) {
            try Baseline.refresh([try scenario("a", file: "one.json"), try scenario("a", file: "two.json")], directory: directory)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// A refreshed baseline compares clean with a run of the same scenarios, each report with a
    /// harness section of its own as `scrollsim run` writes (figures that differ from run to run),
    /// and a changed model compared against it (by name, as a changed scenario) is a regression.
    @Test func aRefreshedBaselineComparesCleanWithTheRun() throws {
        let directory = try F.temporaryDirectory()
        let scenarios = [try scenario("a"), try scenario("b")]
        _ = try Baseline.refresh(scenarios, directory: directory)
        var wall = 1.0
        func run(_ scenario: Scenario) throws -> Report {
            let result = Simulation.run(scenario.config)
            wall += 1.5
            let figures = HarnessFigures(allocator: "jemalloc 5.3.0", build: "debug", wallTimeMs: wall, simulatedFramesPerSecond: 1e5 / wall,
                                         microsecondsPerFrame: wall, allocatedBytes: 1000, allocations: 10, steadyStateFrames: 100,
                                         allocationsPerFrame: 0, bytesPerFrame: 0, processAllocatedBytes: 100_000)
            let text = JSONWriter().string(ReportBuilder.build(scenario: scenario, result: result, harness: figures))
            return try Report(path: "latest/\(scenario.name).json", root: JSONValue.parse(Data(text.utf8)))
        }
        let latest = try scenarios.map(run)
        #expect(latest.allSatisfy { $0.root["harness"] != nil })
        let comparison = Comparison(baseline: try ReportSet.load(directory), current: latest, thresholds: .relative)
        #expect(!comparison.failed, "\(comparison.text())")
        #expect(comparison.counts.compared == 2)
        #expect(try Baseline.check(scenarios, directory: directory).isEmpty)

        // b's rows get a body five times heavier: the comparison must notice.
        let heavier = try run(try scenario("b", bodyMs: 0.6))
        let changed = Comparison(baseline: try ReportSet.load(directory), current: [latest[0], heavier], thresholds: .relative)
        #expect(changed.failed, "\(changed.text())")
        // What changed is named from the reports' recorded sources (0.12 → 0.6 in scenario(_:bodyMs:)).
        let b = try #require(changed.scenarios.first { $0.name == "b" })
        #expect(b.scenarioChangeLines == ["content.types[row].bodyMs 0.12 → 0.6"])
    }
}
