import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import ScrollSimKit

@Suite struct CompareCommandTests {
    typealias CLI = CompareCLI

    /// `base.json`, the whole report of origami-lazy, and `worse.json`, a copy whose dropped
    /// frames rose by 5 and whose p99 frame work rose 50 %. Written once, only read.
    static var fullReports: (base: String, worse: String) {
        get throws { try fullReportFiles.get() }
    }

    private static let fullReportFiles = Swift.Result { try reports(CLI.origamiLazy, "full") }

    /// The same without `frames` and `events` (compare reads only `scenario` and `summary`):
    /// most tests use these, because parsing a whole report costs a few tenths of a second in
    /// a debug build under the test runner.
    static var lightReports: (base: String, worse: String) {
        get throws { try lightReportFiles.get() }
    }

    private static let lightReportFiles = Swift.Result { try reports(CLI.summaryOnly(CLI.origamiLazy), "light") }

    static func reports(_ report: JSONValue, _ label: String) throws -> (base: String, worse: String) {
        let directory = try CLI.temporaryDirectory(label)
        let base = try CLI.write(report, to: directory, as: "base.json")
        let worse = try CLI.write(CLI.edit(report, ["summary.droppedFrames": { $0 + 5 }, "summary.frameWorkMs.p99": { $0 * 1.5 }]),
                              to: directory, as: "worse.json")
        return (base, worse)
    }

    /// A fresh directory of the test's own, and the light reports.
    static func fixtures(_ label: String = #function) throws -> (directory: String, base: String, worse: String) {
        (try CLI.temporaryDirectory(label), try lightReports.base, try lightReports.worse)
    }

    // MARK: the issue's acceptance

    @Test func aReportComparedWithItselfExits0() throws {
        let f = try Self.fullReports
        let result = CLI.run(["compare", f.base, f.base])
        #expect(result.status == 0)
        #expect(result.out.contains("\nunchanged: origami-lazy\n"))
        #expect(result.out.hasSuffix("OK: no regressions in 1 compared scenario\n"))
        #expect(result.err == "")
    }

    /// `compare --html DIR` writes the pages `report --baseline` writes (issue 43: CI artifacts
    /// held no compare page), and exits as compare does; the folder is refused like any output.
    @Test func htmlWritesTheComparePageAndTheIndex() throws {
        let f = try Self.fullReports
        let directory = try CLI.temporaryDirectory()
        let html = (directory as NSString).appendingPathComponent("pages")
        let result = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "--html", html])
        #expect(result.status == 1, "\(result.err)")
        let written = try FileManager.default.contentsOfDirectory(atPath: html).sorted()
        #expect(written.contains("index.html") && written.contains { $0.hasSuffix(".compare.html") }, "\(written)")
        let page = try String(contentsOfFile: (html as NSString).appendingPathComponent(try #require(written.first { $0.hasSuffix(".compare.html") })), encoding: .utf8)
        #expect(page.contains("droppedFrames"))
        #expect(result.err.contains("written to \(html) (1 comparison page; open "), "\(result.err)")
        #expect(result.out.contains("FAILED: 2 regressions (2 errors) in 1 of 1 scenario"))
        // --clean needs --html; an input is never a page folder.
        #expect(CLI.run(["compare", f.base, f.worse, "--clean"]).status == 2)
        let refused = CLI.run(["compare", f.base, f.worse, "--html", f.base])
        #expect(refused.status == 2, "\(refused.err)")
    }

    @Test func droppedFramesAndP99RegressionsExit1NamingBoth() throws {
        let f = try Self.fullReports
        let result = CLI.run(["compare", "--preset", "relative", f.base, f.worse])
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("droppedFrames") && $0.contains("+5") && $0.contains("regressed: error, over 0") })
        #expect(lines.contains { $0.contains("frameWorkMs.p99") && $0.contains("+50.0%") && $0.contains("regressed: error, over 10%") })
        #expect(result.out.contains("FAILED: 2 regressions (2 errors) in 1 of 1 scenario"))
    }

    @Test func aCorruptFileExits2WithAMessageNamingIt() throws {
        let f = (directory: try CLI.temporaryDirectory(), base: try Self.fullReports.base)
        let corrupt = (f.directory as NSString).appendingPathComponent("corrupt.json")
        let text = try String(contentsOfFile: f.base, encoding: .utf8)
        try String(text.prefix(300)).write(toFile: corrupt, atomically: true, encoding: .utf8)
        let output = (f.directory as NSString).appendingPathComponent("summary.md")
        let result = CLI.run(["compare", f.base, corrupt, "--output", output])
        #expect(result.status == 2)
        // Cut at 300 characters, the text ends inside the report: a syntax error, FILE:LINE:COLUMN first.
        #expect(result.err.hasPrefix("Error: \(corrupt):"))
        #expect(result.err.contains(": unexpected end of the file"))
        #expect(result.out == "")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [
        (#"{"schema": 3, "scenario": {"name": "x"}, "summary": {}}"#, ": report schema 3 is not supported (this ScrollSim reads schemas 1 and 2)"),
        (#"{"schema": 2, "scenario": {"name": "x"}, "summary": {}}"#, ": a schema 2 report needs its ensemble section"),
        (#"{"schema": 1, "name": "origami-lazy", "content": {}}"#, ": not a ScrollSim report (no scenario.name)"),
        (#"[1, 2]"#, ": not a ScrollSim report (expected a JSON object)"),
        // A syntax error reads FILE:LINE:COLUMN: (an empty file, at 1:1).
        ("", ":1:1: the file is empty"),
    ])
    func badInputExits2(text: String, message: String) throws {
        let f = try Self.fixtures()
        let bad = (f.directory as NSString).appendingPathComponent("bad.json")
        try text.write(toFile: bad, atomically: true, encoding: .utf8)
        let result = CLI.run(["compare", bad, f.base])
        #expect(result.status == 2)
        #expect(result.err == "Error: \(bad)\(message)\n")
    }

    @Test func unreadableAndMissingInputsExit2ListingEveryProblem() throws {
        let f = try Self.fixtures()
        let result = CLI.run(["compare", "/nonexistent/base", (f.directory as NSString).appendingPathComponent("nope.json")])
        #expect(result.status == 2)
        #expect(result.err.contains("Error: /nonexistent/base: no such file or directory\n"))
        #expect(result.err.contains("nope.json: no such file or directory\n"))
    }

    // MARK: formats and outputs

    @Test func outputsAreWrittenInTheFormatTheirExtensionNames() throws {
        let f = try Self.fixtures()
        func out(_ name: String) -> String { (f.directory as NSString).appendingPathComponent("out/\(name)") }
        let result = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "-o", out("summary.md"), "-o", out("junit.xml"), "-o", out("result.json"), "-o", out("result.txt")],
                             terminal: true)
        #expect(result.status == 1)
        #expect(result.out.contains("\u{1B}[31m"))
        let markdown = try String(contentsOfFile: out("summary.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("## ScrollSim comparison: ❌ failed"))
        #expect(markdown.contains("| origami-lazy | `droppedFrames` | 0 | 5 | +5 | n/a | **regressed: error, over 0** |"))
        let junit = try XMLDocument(contentsOf: URL(fileURLWithPath: out("junit.xml")))
        // One test case per scenario: origami-lazy's, failing on both regressions.
        #expect(junit.rootElement()?.attribute(forName: "failures")?.stringValue == "1")
        let json = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: out("result.json"))))
        #expect(json["failed"]?.boolValue == true)
        let text = try String(contentsOfFile: out("result.txt"), encoding: .utf8)
        #expect(!text.contains("\u{1B}["))
        #expect(text.contains("frameWorkMs.p99"))
    }

    @Test func anUnwritableOutputExits2BeforeAnyOutputIsWritten() throws {
        let f = try Self.fixtures()
        let first = (f.directory as NSString).appendingPathComponent("summary.md")
        let result = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "-o", first, "-o", f.directory])
        #expect(result.status == 2)
        #expect(result.err == "Error: cannot write \(f.directory): it is a directory\n")
        #expect(!FileManager.default.fileExists(atPath: first))
    }

    @Test(arguments: [("markdown", "## ScrollSim comparison"), ("json", "{\n  \"baseline\": "), ("junit", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites")])
    func formatsGoToStandardOutputWithASummaryOnStandardError(format: String, prefix: String) throws {
        let f = try Self.fixtures()
        let result = CLI.run(["compare", "--preset", "relative", "--format", format, f.base, f.worse])
        #expect(result.status == 1)
        #expect(result.out.hasPrefix(prefix))
        #expect(result.err == "FAILED: 2 regressions (2 errors) in 1 of 1 scenario\n  origami-lazy: droppedFrames error\n  origami-lazy: frameWorkMs.p99 error\n")
    }

    @Test func colourIsUsedOnlyOnATerminal() throws {
        let f = try Self.fixtures()
        #expect(!CLI.run(["compare", "--preset", "relative", f.base, f.worse]).out.contains("\u{1B}["))
        #expect(CLI.run(["compare", "--preset", "relative", f.base, f.worse], terminal: true).out.contains("\u{1B}[31mregressed: error, over 0\u{1B}[0m"))
    }

    // MARK: thresholds

    @Test func thresholdArgumentsLoosenWhatTheyName() throws {
        let f = try Self.fixtures()
        let p99Only = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "--threshold", "droppedFrames=5"])
        #expect(p99Only.status == 1)
        #expect(!p99Only.out.contains("regressed: error, over 0"))
        let loose = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "-t", "droppedFrames=5", "--threshold=frameWorkMs.p99=60%"])
        #expect(loose.status == 0)
        #expect(loose.out.contains("thresholds: preset relative + --threshold"))
    }

    @Test func aThresholdsFileApplies() throws {
        let f = try Self.fixtures()
        let file = (f.directory as NSString).appendingPathComponent("thresholds.json")
        try #"{"schema": 1, "metrics": {"droppedFrames": 10, "frameWorkMs.*": "off"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "--thresholds", file])
        #expect(result.status == 0)
        #expect(result.out.contains("not judged)"))
        let exact = CLI.run(["compare", "--preset", "relative", f.base, f.worse, "--thresholds", file, "--threshold", "droppedFrames=0"])
        #expect(exact.status == 1)
    }

    @Test func theRepositoryThresholdsFileIsUsable() throws {
        let f = try Self.fixtures()
        let result = CLI.run(["compare", f.base, f.base, "--thresholds", CLI.path("Reports/thresholds.json")])
        #expect(result.status == 0)
    }

    @Test func aBadThresholdsFileExits2WithItsKeyPath() throws {
        let f = try Self.fixtures()
        let file = (f.directory as NSString).appendingPathComponent("thresholds.json")
        try #"{"schema": 1, "metrics": {"droppedFrame": 1}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = CLI.run(["compare", f.base, f.base, "--thresholds", file])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("Error: \(file): metrics.droppedFrame: unknown metric \"droppedFrame\" (did you mean \"droppedFrames\"?)"))
    }

    @Test func warningsFailOnlyWithFailOnWarning() throws {
        let f = try Self.fixtures()
        let bigger = try CLI.write(CLI.edit(try CLI.summaryOnly(try CLI.origamiLazy), ["summary.peakMemoryBytes": { $0 * 1.03 }]), to: f.directory, as: "bigger.json")
        let lenient = CLI.run(["compare", f.base, bigger])
        #expect(lenient.status == 0)
        #expect(lenient.out.contains("regressed: warning, over 2%"))
        #expect(CLI.run(["compare", f.base, bigger, "--fail-on", "warning"]).status == 1)
    }

    @Test func presetExactFailsOnAnyChange() throws {
        let f = try Self.fixtures()
        let slightly = try CLI.write(CLI.edit(try CLI.summaryOnly(try CLI.origamiLazy), ["summary.frameWorkMs.p50": { $0 + 0.001 }]), to: f.directory, as: "slightly.json")
        #expect(CLI.run(["compare", f.base, slightly]).status == 0)
        #expect(CLI.run(["compare", f.base, slightly, "--preset", "exact"]).status == 1)
    }

    @Test(arguments: [
        (["--format", "html"], "Error: --format 'html' is not one of text, markdown, json, junit"),
        (["--fail-on", "fatal"], "Error: --fail-on 'fatal' is not one of error, warning"),
        (["--preset", "strict"], "Error: --preset 'strict' is not one of standard, relative, exact"),
        (["--threshold", "frames=5%"], "Error: --threshold frames is neutral"),
        (["--threshold", "droppedFrames"], "Error: --threshold \"droppedFrames\" is not METRIC=LIMIT"),
        (["--thresold", "x"], "Error: unknown option '--thresold' (did you mean '--threshold'?)"),
    ])
    func usageMistakesExit2WithTheUsageLine(extra: [String], message: String) throws {
        let f = try Self.fixtures()
        let result = CLI.run(["compare", f.base, f.base] + extra)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("Usage: scrollsim compare [options] BASE CURRENT"))
    }

    // MARK: scenarios and content

    @Test func differentContentIsRefusedWithTheReasonWhenStrict() throws {
        let f = try Self.fixtures()
        let changed = try CLI.write(try CLI.withHash(try CLI.summaryOnly(try CLI.origamiLazy), "ffffffffffffffff"), to: f.directory, as: "changed.json")
        let refused = CLI.run(["compare", f.base, changed, "--strict-content"])
        #expect(refused.status == 1)
        #expect(refused.out.contains("origami-lazy: NOT COMPARED (content changed)"))
        #expect(refused.out.contains("→ ffffffffffffffff"))
        #expect(refused.out.contains("Refresh the baseline if the change is intended, or compare it by name without --strict-content."))
        // By default (and with the deprecated --allow-content-change, now a no-op) it is compared.
        for extra in [[], ["--allow-content-change"]] {
            let compared = CLI.run(["compare", f.base, changed] + extra)
            #expect(compared.status == 0)
            #expect(compared.out.contains("origami-lazy: unchanged (all 68 metrics identical) · scenario changed"), "\(compared.out)")
            #expect(compared.out.contains("scenario changed (content hash"))
        }
        // A baseline written before reports recorded their scenario's source still compares.
        var old = try #require(try CLI.summaryOnly(try CLI.origamiLazy).objectValue)
        var scenario = try #require(old["scenario"]?.objectValue)
        #expect(scenario.removeValue(forKey: "source") != nil)
        old["scenario"] = .object(scenario)
        let oldBase = try CLI.write(try CLI.withHash(.object(old), "aaaaaaaaaaaaaaaa"), to: f.directory, as: "old.json")
        let fromOld = CLI.run(["compare", oldBase, f.base])
        #expect(fromOld.status == 0)
        let hash = try #require(try CLI.origamiLazy["scenario"]?["contentHash"]?.stringValue)
        #expect(fromOld.out.contains("    scenario source not recorded in the baseline; content hash aaaaaaaaaaaaaaaa → \(hash)\n"), "\(fromOld.out)")

        let both = CLI.run(["compare", f.base, changed, "--strict-content", "--allow-content-change"])
        #expect(both.status == 2)
        #expect(both.err.contains("--strict-content refuses changed scenarios and --allow-content-change compares them; give one"))
    }

    @Test func directoriesAreMatchedByScenarioNameWithNewAndMissingReported() throws {
        let base = try CLI.temporaryDirectory()
        let current = try CLI.temporaryDirectory()
        func named(_ name: String) throws -> JSONValue {
            var root = try #require(try CLI.summaryOnly(CLI.origamiLazy).objectValue)
            var scenario = try #require(root["scenario"]?.objectValue)
            scenario["name"] = .string(name)
            root["scenario"] = .object(scenario)
            return .object(root)
        }
        try CLI.write(named("kept"), to: base, as: "kept.json")
        try CLI.write(named("gone"), to: base, as: "gone.json")
        try CLI.write(named("kept"), to: current, as: "kept.json")
        try CLI.write(named("added"), to: current, as: "added.json")
        let result = CLI.run(["compare", base, current])
        #expect(result.status == 0)
        #expect(result.out.contains("added: new · grade good\n  new scenario: no baseline report"))
        #expect(result.out.contains("gone: MISSING · grade good\n  missing: the baseline has this scenario"))
        #expect(result.out.hasSuffix("OK: no regressions in 1 compared scenario; 1 missing; 1 new\n"))
        #expect(CLI.run(["compare", base, current, "--fail-on", "warning"]).status == 1)
    }

    @Test func helpListsEveryOption() {
        let result = CLI.run(["compare", "--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("OVERVIEW: Compare reports (or directories of reports) against a baseline.\n\nUSAGE: scrollsim compare [options] BASE CURRENT\n"))
        for option in ["--threshold METRIC=LIMIT", "--thresholds FILE", "--preset NAME", "--format FORMAT", "--output FILE",
                       "--strict-content", "--allow-content-change", "--fail-on LEVEL", "--suite NAME", "--all"] {
            #expect(result.out.contains(option), "help does not list \(option)")
        }
        #expect(result.out.contains("Deprecated, does nothing"))
        #expect(CLI.run(["help", "compare"]).out == result.out)
    }
}
