import Foundation
import Testing
@testable import ScrollSimKit
@testable import ScrollSimPresentation

/// The exact baseline gate (`Baseline.check`, `ReportDiff`, `Baseline.checkText`): any
/// difference from the committed reports is found and named, in both directions.
@Suite struct BaselineCheckTests {
    /// Two texts of the same values written differently are told apart by their first differing
    /// line, 1-based, trimmed: a number written 1.50 for 1.5 differs at line 2. Where one text
    /// is the other with a line more (a trailing newline), the first difference is past the
    /// shorter's end, line 4, and that side reads "end of file". A long line is cut at 59
    /// characters and an ellipsis.
    @Test func theSameValuesWrittenDifferentlyNameTheirFirstDifferingLine() {
        func change(_ old: String, _ new: String) -> String {
            Baseline.textDifference(old: Data(old.utf8), new: Data(new.utf8)).change
        }
        #expect(change("{\n  \"a\": 1.50\n}", "{\n  \"a\": 1.5\n}")
                == "the same values written differently, first at line 2: `\"a\": 1.50` → `\"a\": 1.5`")
        #expect(change("a\nb\nc", "a\nb\nc\n") == "the same values written differently, first at line 4: end of file → ``")
        #expect(change("a\nb\nc\n", "a\nb\nc") == "the same values written differently, first at line 4: `` → end of file")
        let long = String(repeating: "x", count: 70)
        #expect(change("a\n" + long, "a\ny") == "the same values written differently, first at line 2: `" + String(repeating: "x", count: 59) + "…` → `y`")
    }

    typealias F = CompareFixtures

    func scenario(_ name: String, bodyMs: Double = 0.12) throws -> Scenario {
        let text = """
        {"schema": 1, "name": "\(name)", "duration": 1,
         "content": {"count": 200, "types": [{"name": "row", "height": {"fixed": 80}, "bodyMs": \(bodyMs)}]},
         "script": [{"at": 0.1, "fling": {"velocity": 3000}}]}
        """
        return try ScenarioLoader.decode(Data(text.utf8), file: "\(name).json")
    }

    func file(_ directory: String, _ name: String) -> String {
        (directory as NSString).appendingPathComponent("\(name).json")
    }

    /// The baseline file of `name` with `edit` applied to its parsed JSON, written back in the
    /// report format.
    func edit(_ directory: String, _ name: String, _ edit: (inout [String: JSONValue]) throws -> Void) throws {
        let path = file(directory, name)
        var root = try #require(try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path))).objectValue)
        try edit(&root)
        try OutputWriter.write(JSONWriter().string(.object(root)), to: path)
    }

    // MARK: ReportDiff on hand-made values

    @Test func aChangedScalarIsNamedWithOldAndNewValue() {
        let old: JSONValue = .object(["summary": .object(["droppedFrames": .number(0), "frameWorkMs": .object(["p99": .number(1.1)])])])
        let new: JSONValue = .object(["summary": .object(["droppedFrames": .number(2), "frameWorkMs": .object(["p99": .number(1.1001)])])])
        let items = ReportDiff.items(baseline: old, current: new)
        #expect(items.map(\.description) == ["summary.droppedFrames: 0 → 2", "summary.frameWorkMs.p99: 1.1 → 1.1001"])
    }

    @Test func aColumnNamesItsFirstDifferingFrameAndHowManyDiffer() {
        func frames(_ offsets: [Double]) -> JSONValue { .object(["frames": .object(["offset": .array(offsets.map { .number($0) })])]) }
        let items = ReportDiff.items(baseline: frames([0, 10, 20, 30, 40]), current: frames([0, 10, 21, 30, 41.5]))
        #expect(items.map(\.description) == ["frames.offset: 2 of 5 frames differ, first at frame 2: 20 → 21"])
        let shorter = ReportDiff.items(baseline: frames([0, 10, 20]), current: frames([0, 10]))
        #expect(shorter.map(\.description) == ["frames.offset: 3 → 2 frames; the first 2 are equal"])
    }

    @Test func eventsAreSummarizedByCountsPerKindAndTheFirstDifferingEvent() {
        func events(_ list: [(frame: Int, kind: String, row: Int, value: Double)]) -> JSONValue {
            .object(["events": .object([
                "count": .number(Double(list.count)),
                "frame": .array(list.map { .number(Double($0.frame)) }),
                "kind": .array(list.map { .string($0.kind) }),
                "row": .array(list.map { .number(Double($0.row)) }),
                "element": .array(list.map { .number(Double($0.row)) }),
                "value": .array(list.map { .number($0.value) }),
            ])])
        }
        let old = events([(0, "build", 0, 0), (0, "appear", 0, 0), (3, "release", 5, 0.6)])
        let new = events([(0, "build", 0, 0), (0, "appear", 0, 0), (3, "stateLoss", 5, 0), (4, "release", 5, 0.6)])
        let items = ReportDiff.items(baseline: old, current: new)
        #expect(items.map(\.description) == [
            "events: 3 → 4 events (stateLoss 0 → 1); first difference at event 2: release row 5 at frame 3, value 0.6 → stateLoss row 5 at frame 3",
        ])
    }

    /// An event names its element beside its row when they differ (a sectioned list's rows
    /// count headers), and not when it is the row's or none (−1); an event with no row (−1)
    /// names its element alone.
    @Test func anEventNamesItsElementWhenItIsNotItsRow() {
        func events(_ list: [(kind: String, row: Int, element: Int)]) -> JSONValue {
            .object(["events": .object([
                "count": .number(Double(list.count)),
                "frame": .array(list.map { _ in .number(3) }),
                "kind": .array(list.map { .string($0.kind) }),
                "row": .array(list.map { .number(Double($0.row)) }),
                "element": .array(list.map { .number(Double($0.element)) }),
                "value": .array(list.map { _ in .number(0) }),
            ])])
        }
        func first(_ old: (String, Int, Int), _ new: (String, Int, Int)) -> String {
            let item = ReportDiff.items(baseline: events([old]), current: events([new])).first?.description ?? ""
            return String(item.split(separator: ": ", maxSplits: 2).last ?? "")
        }
        #expect(first(("release", 12, 5), ("build", 12, 5)) == "release row 12 (element 5) at frame 3 → build row 12 (element 5) at frame 3")
        #expect(first(("release", 12, 12), ("build", 0, -1)) == "release row 12 at frame 3 → build row 0 at frame 3")
        #expect(first(("scrollTo", -1, 7), ("scrollTo", -1, 8)) == "scrollTo (element 7) at frame 3 → scrollTo (element 8) at frame 3")
    }

    /// Reports that are not objects (a corrupt file read as an array or a number) are compared
    /// whole: equal, no difference; different, one item for the whole report.
    @Test func reportsThatAreNotObjectsAreComparedWhole() {
        #expect(ReportDiff.items(baseline: .array([.number(1)]), current: .array([.number(1)])).isEmpty)
        let items = ReportDiff.items(baseline: .number(1), current: .number(2))
        #expect(items.map(\.path) == ["(report)"] && items.first?.change == "1 → 2")
    }

    @Test func sectionsComeInOrderAndHarnessIsNeverCompared() {
        let old: JSONValue = .object([
            "summary": .object(["a": .number(1)]), "scenario": .object(["contentHash": .string("aa")]),
            "schema": .number(1), "harness": .object(["wallTimeMs": .number(3)]), "frames": .object(["count": .number(2)]),
        ])
        let new: JSONValue = .object([
            "summary": .object(["a": .number(2), "b": .number(0)]), "scenario": .object(["contentHash": .string("bb")]),
            "schema": .number(2), "harness": .object(["wallTimeMs": .number(4)]),
        ])
        #expect(ReportDiff.items(baseline: old, current: new).map(\.description) == [
            "scenario.contentHash: \"aa\" → \"bb\"",
            "summary.a: 1 → 2",
            "summary.b: added (0)",
            "frames: removed (was {1 keys})",
            "schema: 1 → 2",
        ])
        #expect(ReportDiff.items(baseline: old, current: old).isEmpty)
    }

    // MARK: Baseline.check on files

    @Test func aFreshBaselinePassesAndEveryKindOfDifferenceIsFound() throws {
        let directory = try F.temporaryDirectory()
        let scenarios = [try scenario("a"), try scenario("b"), try scenario("c")]
        _ = try Baseline.refresh(scenarios, directory: directory)
        #expect(try Baseline.check(scenarios, directory: directory).isEmpty)

        // a: one summary number made better than the run (the run looks worse), and one frame.
        var layoutPasses = 0.0
        try edit(directory, "a") { root in
            var summary = try #require(root["summary"]?.objectValue)
            layoutPasses = try #require(summary["layoutPasses"]?.numberValue)
            summary["layoutPasses"] = .number(layoutPasses - 1)
            root["summary"] = .object(summary)
            var frames = try #require(root["frames"]?.objectValue)
            var offsets = try #require(frames["offset"]?.arrayValue)
            offsets[30] = .number(1234.5)
            frames["offset"] = .array(offsets)
            root["frames"] = .object(frames)
        }
        // b is gone; a report of a scenario "old" that is no longer given is there.
        try FileManager.default.removeItem(atPath: file(directory, "b"))
        try FileManager.default.copyItem(atPath: file(directory, "c"), toPath: file(directory, "old"))
        try edit(directory, "old") { root in
            root["scenario"] = .object(["name": .string("old"), "contentHash": .string("0")])
        }
        // A note that is not a report is not the gate's business (refresh leaves it too).
        try #"{"note": true}"#.write(toFile: file(directory, "README"), atomically: true, encoding: .utf8)

        let mismatches = try Baseline.check(scenarios, directory: directory)
        #expect(mismatches.map(\.scenario) == ["a", "b", "old"])
        guard case .differs(let items) = mismatches[0].problem else {
            Issue.record("a: expected differences, got \(mismatches[0].problem)")
            return
        }
        let paths = items.map(\.path)
        #expect(paths == ["summary.layoutPasses", "frames.offset"])
        #expect(items[0].change == "\(Int(layoutPasses) - 1) → \(Int(layoutPasses))")
        #expect(items[1].change.hasPrefix("1 of 120 frames differ, first at frame 30: 1234.5 → "))
        #expect(mismatches[1].problem == .noBaselineReport)
        #expect(mismatches[2].problem == .noScenario)
    }

    @Test func aCorruptBaselineFileIsADifferenceNotASkip() throws {
        let directory = try F.temporaryDirectory()
        let scenarios = [try scenario("a")]
        _ = try Baseline.refresh(scenarios, directory: directory)
        try "{ broken".write(toFile: file(directory, "a"), atomically: true, encoding: .utf8)
        let mismatches = try Baseline.check(scenarios, directory: directory)
        #expect(mismatches.count == 1)
        guard case .unreadable(let reason)? = mismatches.first?.problem else {
            Issue.record("expected an unreadable baseline, got \(mismatches)")
            return
        }
        #expect(reason.hasPrefix("1:3: "))
    }

    /// Same values, other bytes (a number written with a trailing zero): still a difference,
    /// since reports are byte-identical for the same scenario.
    @Test func formattingAloneIsADifference() throws {
        let directory = try F.temporaryDirectory()
        let scenarios = [try scenario("a")]
        _ = try Baseline.refresh(scenarios, directory: directory)
        let path = file(directory, "a")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"frames\": 120,", with: "\"frames\": 120.0,")
        try #require(edited != text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let mismatches = try Baseline.check(scenarios, directory: directory)
        #expect(mismatches.count == 1)
        guard case .differs(let items)? = mismatches.first?.problem else {
            Issue.record("expected a difference, got \(mismatches)")
            return
        }
        #expect(items.map(\.path) == ["(text)"])
        #expect(items.first?.change.contains("`\"frames\": 120.0,` → `\"frames\": 120,`") == true)
    }

    /// A baseline written by `scrollsim run` carries a harness section: compared outside it.
    @Test func aHarnessSectionInTheBaselineIsIgnored() throws {
        let directory = try F.temporaryDirectory()
        let scenarios = [try scenario("a")]
        _ = try Baseline.refresh(scenarios, directory: directory)
        try edit(directory, "a") { root in root["harness"] = .object(["wallTimeMs": .number(12.5)]) }
        #expect(try Baseline.check(scenarios, directory: directory).isEmpty)
        // ... but not what is outside it.
        try edit(directory, "a") { root in root["schema"] = .number(1.5) }
        #expect(try Baseline.check(scenarios, directory: directory).map(\.scenario) == ["a"])
    }

    @Test func aMissingDirectoryOrDuplicateNamesAreInputErrors() throws {
        let missing = (try F.temporaryDirectory() as NSString).appendingPathComponent("nothing")
        #expect(throws: ScrollSimError.self) { try Baseline.check([try scenario("a")], directory: missing) }
        #expect(throws: ScrollSimError.self) {
            try Baseline.check([try scenario("a"), try scenario("a")], directory: F.temporaryDirectory())
        }
    }

    // MARK: The text

    @Test func theTextIsCappedPerSectionAndInScenarios() {
        let summary = (0..<6).map { ReportDiff.Item(path: "summary.m\($0)", change: "\($0) → \($0 + 1)") }
        let frames = [ReportDiff.Item(path: "frames.offset", change: "1 of 9 frames differ, first at frame 3: 1 → 2")]
        let mismatches = (0..<13).map { Baseline.Mismatch(scenario: "s\($0)", path: "B/s\($0).json", problem: .differs(summary + frames)) }
        let text = Baseline.checkText(mismatches, scenarioCount: 20, directory: "B")
        let lines = text.split(separator: "\n")
        // 10 scenarios × (1 heading + 4 summary items + 1 "more" + 1 frames item), one line for
        // the rest, the verdict.
        #expect(lines.count == 10 * 7 + 2)
        #expect(lines[0] == "s0: 7 differences from B/s0.json")
        #expect(lines[1] == "  summary.m0: 0 → 1")
        #expect(lines[4] == "  summary.m3: 3 → 4")
        #expect(lines[5] == "  … and 2 more in summary")
        #expect(lines[6] == "  frames.offset: 1 of 9 frames differ, first at frame 3: 1 → 2")
        #expect(lines[70] == "… and 3 more: s10, s11, s12")
        #expect(lines[71].hasPrefix("FAILED: 13 of 20 scenarios differ from the baseline in B."))
        #expect(Baseline.checkText([], scenarioCount: 3, directory: "B") == "OK: 3 scenarios, every report exactly as in the baseline B\n")
    }
}
