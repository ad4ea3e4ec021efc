import Foundation
import Testing
import ScrollSimKit

/// `scrollsim baseline --check`, the exact gate `.ci/run` runs, on copies of the committed
/// baseline: one number edited in one report (better or worse), one frame of a column, a
/// missing report and an extra one each fail it with status 1, naming scenario and metric.
@Suite struct BaselineCheckCommandTests {
    typealias CLI = CompareCLI

    static let scenario = "origami-lazy"

    /// A temporary baseline directory holding a copy of the committed report of `scenario`.
    func copyOfTheCommittedBaseline() throws -> String {
        let directory = try CLI.temporaryDirectory("baseline-check")
        try FileManager.default.copyItem(atPath: CLI.path("Reports/baseline/\(Self.scenario).json"),
                                         toPath: (directory as NSString).appendingPathComponent("\(Self.scenario).json"))
        return directory
    }

    func check(_ directory: String) -> CompareCLI.Result {
        CLI.run(["baseline", "--check", CLI.path("Scenarios/\(Self.scenario).json"), "--out", directory])
    }

    /// Replaces the first occurrence of `old` in the copied report's text with `new`.
    func editText(_ directory: String, _ old: String, _ new: String) throws {
        let path = (directory as NSString).appendingPathComponent("\(Self.scenario).json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let range = try #require(text.range(of: old), "\(old) is not in \(path)")
        try text.replacingCharacters(in: range, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func theCommittedBaselinePasses() throws {
        let result = check(try copyOfTheCommittedBaseline())
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.hasPrefix("OK: 1 scenario, every report exactly as in the baseline "))
    }

    /// The committed origami-lazy report says `"peakResidentViews": 14`. Making it 13 makes the
    /// run look worse than the baseline; making it 15 makes it look better: both fail.
    @Test(arguments: ["13", "15"])
    func oneEditedSummaryNumberFailsNamingScenarioAndMetric(edited: String) throws {
        let directory = try copyOfTheCommittedBaseline()
        try editText(directory, "\"peakResidentViews\": 14,", "\"peakResidentViews\": \(edited),")
        let result = check(directory)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("origami-lazy: 1 difference from ") == true, "\(result.out)")
        #expect(lines.contains("  summary.peakResidentViews: \(edited) → 14"), "\(result.out)")
        #expect(lines.last?.hasPrefix("FAILED: 1 of 1 scenario differs from the baseline in \(directory).") == true, "\(result.out)")
    }

    /// The offset column starts `[0,0,...`: frame 1 made 0.5 is one differing frame.
    @Test func oneEditedFrameFailsNamingTheColumnAndFrame() throws {
        let directory = try copyOfTheCommittedBaseline()
        try editText(directory, "\"offset\": [0,0,", "\"offset\": [0,0.5,")
        let result = check(directory)
        #expect(result.status == 1)
        #expect(result.out.contains("\n  frames.offset: 1 of 960 frames differ, first at frame 1: 0.5 → 0\n"), "\(result.out)")
    }

    @Test func aMissingReportFailsAndSoDoesAnExtraOne() throws {
        let empty = try CLI.temporaryDirectory("baseline-check-empty")
        let missing = check(empty)
        #expect(missing.status == 1)
        #expect(missing.out.hasPrefix("origami-lazy: no baseline report (\((empty as NSString).appendingPathComponent("origami-lazy.json")))\n"), "\(missing.out)")

        // A report of a scenario that is not played (here: a copy renamed) is a difference too.
        let directory = try copyOfTheCommittedBaseline()
        let extra = (directory as NSString).appendingPathComponent("old-list.json")
        let text = try String(contentsOfFile: (directory as NSString).appendingPathComponent("origami-lazy.json"), encoding: .utf8)
        try text.replacingOccurrences(of: "\"name\": \"origami-lazy\"", with: "\"name\": \"old-list\"")
            .write(toFile: extra, atomically: true, encoding: .utf8)
        let stale = check(directory)
        #expect(stale.status == 1)
        #expect(stale.out.contains("old-list: a baseline report of a scenario not given (\(extra))\n"), "\(stale.out)")
        #expect(stale.out.contains("\nFAILED: the baseline in \(directory) holds 1 report of no given scenario. "), "\(stale.out)")
    }

    @Test func aMissingDirectoryIsAnInputError() throws {
        let nowhere = (try CLI.temporaryDirectory("baseline-check-nowhere") as NSString).appendingPathComponent("none")
        let result = check(nowhere)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("Error: \(nowhere): no such directory"))
        #expect(result.out.isEmpty)
    }

    @Test func helpDescribesTheCheck() {
        let help = CLI.run(["baseline", "--help"]).out
        #expect(help.contains("--check"))
        #expect(help.contains("With --check nothing is written"))
    }
}
