import Foundation
import Testing
import ScrollSimKit

@Suite struct CompareBaselineCommandTests {
    typealias CLI = CompareCLI

    /// A scenario directory holding a small copy of a list; `bodyMs` is the model knob tests turn.
    static func scenarios(bodyMs: Double = 0.12, in directory: String? = nil) throws -> String {
        let directory = try directory ?? CLI.temporaryDirectory("scenarios")
        let text = """
        {"schema": 1, "name": "list", "duration": 1.5,
         "content": {"count": 300, "types": [{"name": "row", "height": {"fixed": 90}, "initMs": 0.05, "bodyMs": \(bodyMs), "layoutMs": 0.2}]},
         "script": [{"at": 0.1, "fling": {"velocity": 5000}}]}
        """
        try text.write(toFile: (directory as NSString).appendingPathComponent("list.json"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func writesReportsWithoutTheHarnessAndSaysWhatChanged() throws {
        let scenarios = try Self.scenarios()
        let baseline = (try CLI.temporaryDirectory() as NSString).appendingPathComponent("baseline")
        let first = CLI.run(["baseline", scenarios, "--out", baseline])
        #expect(first.status == 0)
        let file = (baseline as NSString).appendingPathComponent("list.json")
        #expect(first.out == "added  list  \(file)\nbaseline \(baseline): 1 scenario; 1 added\n")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("\"harness\""))

        let second = CLI.run(["baseline", scenarios, "--out", baseline])
        #expect(second.out == "unchanged  list  \(file)\nbaseline \(baseline): 1 scenario; 1 unchanged\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        #expect(CLI.run(["baseline", scenarios, "--out", baseline, "--quiet"]).out == "baseline \(baseline): 1 scenario; 1 unchanged\n")

        _ = try Self.scenarios(bodyMs: 0.9, in: scenarios)
        let third = CLI.run(["baseline", scenarios, "--out", baseline])
        #expect(third.status == 0)
        #expect(third.out.hasPrefix("updated  list  \(file)  (content changed; "))
        #expect(third.out.contains("metrics moved: "))
    }

    @Test func anInvalidScenarioExits2AndWritesNothing() throws {
        let scenarios = try CLI.temporaryDirectory()
        let bad = (scenarios as NSString).appendingPathComponent("bad.json")
        try #"{"schema": 1, "name": "bad", "duration": 1, "content": {"count": 10, "types": [{"name": "row", "hieght": {"fixed": 10}}]}}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let baseline = (try CLI.temporaryDirectory() as NSString).appendingPathComponent("baseline")
        let result = CLI.run(["baseline", scenarios, "--out", baseline])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("Error: \(bad): content.types[0]"))
        #expect(!FileManager.default.fileExists(atPath: baseline))
    }

    /// The issue's third acceptance bullet at the level of the tool: changing a scenario's model
    /// without refreshing the baseline fails the comparison; refreshing makes it pass.
    @Test func changingAModelFailsTheComparisonUntilTheBaselineIsRefreshed() throws {
        let scenarios = try Self.scenarios()
        let root = try CLI.temporaryDirectory()
        let baseline = (root as NSString).appendingPathComponent("baseline")
        let latest = (root as NSString).appendingPathComponent("latest")
        #expect(CLI.run(["baseline", scenarios, "--out", baseline]).status == 0)
        #expect(CLI.run(["run", scenarios, "--out", latest, "--quiet"]).status == 0)
        #expect(CLI.run(["compare", baseline, latest]).status == 0)

        _ = try Self.scenarios(bodyMs: 0.9, in: scenarios)
        #expect(CLI.run(["run", scenarios, "--out", latest, "--quiet"]).status == 0)
        // Strict about content (this repository's CI), the changed scenario is refused.
        let stale = CLI.run(["compare", baseline, latest, "--strict-content"])
        #expect(stale.status == 1)
        #expect(stale.out.contains("list: NOT COMPARED (content changed)"))
        #expect(stale.out.contains("    content.types[row].bodyMs 0.12 → 0.9\n"), "\(stale.out)")
        // By default it is compared by name: what changed first, then the heavier body as a
        // regression in its own right (exit 1, naming the metric).
        let compared = CLI.run(["compare", baseline, latest])
        #expect(compared.status == 1)
        #expect(compared.out.contains("list: REGRESSED ("), "\(compared.out)")
        // The verdict, the scenario's change and its hitch grade, each apart.
        #expect(compared.out.contains(" · scenario changed · grade good\n"), "\(compared.out)")
        let changes = try #require(compared.out.range(of: "  what changed in the scenario (baseline → current):\n    content.types[row].bodyMs 0.12 → 0.9\n"))
        let table = try #require(compared.out.range(of: "frameWorkMs.max"))
        #expect(changes.upperBound <= table.lowerBound, "the diff comes before the metrics")
        #expect(compared.out.hasSuffix("1 scenario changed\n"), "\(compared.out)")
        // The JSON has the diff as entries.
        let json = try JSONValue.parse(Data(CLI.run(["compare", baseline, latest, "--format", "json"]).out.utf8))
        let entry = json["scenarios"]?.arrayValue?.first?["scenarioChanges"]?.arrayValue?.first
        #expect(entry == .object(["path": .string("content.types[row].bodyMs"), "old": .string("0.12"), "new": .string("0.9"), "kind": .string("changed")]))

        #expect(CLI.run(["baseline", scenarios, "--out", baseline]).status == 0)
        let refreshed = CLI.run(["compare", baseline, latest])
        #expect(refreshed.status == 0, "\(refreshed.out)")
    }

    @Test func helpDescribesTheDefaults() {
        let result = CLI.run(["baseline", "--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("USAGE: scrollsim baseline [options] [FILE|DIR...]"))
        #expect(result.out.contains("--out DIR"))
        // The overview lists the command with its abstract (padded to the longest command name).
        let overview = CLI.run(["--help"]).out.split(separator: "\n")
        #expect(overview.contains { $0.hasPrefix("  baseline ") && $0.contains(" Refresh the baseline reports CI compares with") })
    }
}
