import Foundation
import XCTest
@testable import ScrollSimCLI

final class RunCommandTests: XCTestCase {
    func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    let passing = """
    {"schema": 1, "name": "ok", "description": "d", "duration": 1,
     "content": {"count": 200, "types": [{"name": "c", "height": {"fixed": 90}}]},
     "script": [{"at": 0.1, "fling": {"velocity": 3000}}],
     "budgets": {"droppedFrames": 0, "frameWorkMs.p99": 8.33}}
    """

    func testRunWritesAReportAndPassesBudgets() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(passing, "ok.json", in: directory)
        let out = directory.appendingPathComponent("reports").path
        let run = ToolRun(["run", file, "--out", out])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("ok  lazyVStack, 200 elements"), run.out)
        XCTAssertTrue(run.out.contains("budgets: droppedFrames 0 ≤ 0 ok"), run.out)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/ok.json"))
    }

    func testExceededBudgetExitsOneAndSaysWhich() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(passing.replacingOccurrences(of: "\"frameWorkMs.p99\": 8.33", with: "\"frameWorkMs.p99\": 0.1"), "ok.json", in: directory)
        let run = ToolRun(["run", file, "--out", directory.appendingPathComponent("r").path, "--quiet"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.err.contains("budget exceeded: ok: frameWorkMs.p99 "), run.err)
        XCTAssertTrue(run.err.contains(" > 0.10 ms"), run.err)
    }

    func testMalformedScenarioExitsTwoNamingTheKeyPathAndWritesNothing() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(passing.replacingOccurrences(of: "\"fixed\": 90", with: "\"fixed\": \"90\""), "bad.json", in: directory)
        let out = directory.appendingPathComponent("r")
        let run = ToolRun(["run", file, "--out", out.path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("content.types[0].height.fixed: expected a number in 0...100000"), run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing written for invalid input")
    }

    func testSyntaxErrorExitsTwoWithLineAndColumn() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write("{\n \"schema\": 1\n \"name\": \"x\"}", "bad.json", in: directory)
        let run = ToolRun(["validate", file])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.contains("bad.json:3:2: "), run.err)
    }

    func testUnwritableOutputExitsTwo() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(passing, "ok.json", in: directory)
        let blocker = try write("x", "blocker", in: directory)
        let run = ToolRun(["run", file, "--out", blocker + "/reports"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.err.hasPrefix("Error: cannot write"), run.err)
    }

    func testMissingFileAndUnknownOptionAreUsageErrors() {
        let missing = ToolRun(["run", "/nonexistent/x.json"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("/nonexistent/x.json: no such file or directory"), missing.err)
        let option = ToolRun(["run", "--ot", "x", Paths.scenarios])
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.err.contains("unknown option '--ot' (did you mean '--out'?)"), option.err)
        XCTAssertTrue(option.err.contains("See 'scrollsim run --help'"), option.err)
        let command = ToolRun(["rn"])
        XCTAssertEqual(command.status, 2)
        XCTAssertTrue(command.err.contains("did you mean 'run'?"), command.err)
    }

    func testHelpIsTheSameEverywhere() {
        let a = ToolRun(["run", "--help"])
        let b = ToolRun(["run", "-h"])
        let c = ToolRun(["help", "run"])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.out, b.out)
        XCTAssertEqual(a.out, c.out)
        XCTAssertTrue(a.out.contains("USAGE: scrollsim run [options] FILE|DIR..."), a.out)
        XCTAssertTrue(a.out.contains("--out PATH"), a.out)
        let overview = ToolRun(["--help"])
        for name in ["run", "validate", "compare", "report", "bench"] {
            XCTAssertTrue(overview.out.contains("  \(name) "), name)
        }
    }

    func testValidateAcceptsTheShippedScenarios() {
        let run = ToolRun(["validate", Paths.scenarios])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("ok  "), run.out)
    }

    func testTwoRunsWriteIdenticalReportsOutsideHarness() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(passing, "ok.json", in: directory)
        for name in ["a", "b"] {
            XCTAssertEqual(ToolRun(["run", file, "--out", directory.appendingPathComponent(name).path, "-q"]).status, 0)
        }
        func body(_ name: String) throws -> String {
            let text = try String(contentsOf: directory.appendingPathComponent("\(name)/ok.json"), encoding: .utf8)
            let start = try XCTUnwrap(text.range(of: "  \"harness\": {"), "no harness section")
            let end = try XCTUnwrap(text.range(of: "\n  },\n", range: start.upperBound..<text.endIndex), "no end to the harness section")
            return String(text[..<start.lowerBound]) + String(text[end.upperBound...])
        }
        XCTAssertEqual(try body("a"), try body("b"))
    }

    /// The case worked out by hand in ScrollSimKitTests' AttributionTests: the summary's last
    /// lines name the reel as the cause of all over-budget work, and the worst frame.
    func testTheSummaryEndsWithTheCauses() throws {
        let directory = try Paths.temporaryDirectory()
        let scenario = Paths.root.appendingPathComponent("Tests/ScrollSimKitTests/Fixtures/attribution/two-heavy-types.json").path
        let run = ToolRun(["run", scenario, "--out", directory.path])
        XCTAssertEqual(run.status, 0, run.err)
        let block = run.out.components(separatedBy: "\n\n")[0].split(separator: "\n").map(String.init)
        XCTAssertEqual(block.suffix(2), [
            "  cause: reel 100% of over-budget work (3 cold builds, mostly body)",
            "  worst frame 58 at 0.48 s: 12.6 ms, body 12.0 ms, 1 dropped; built reel (element e8); after drag at 0 s",
        ], run.out)
        // The simulator's figures: the loop and the set-up apart.
        XCTAssertTrue(block.contains { $0.hasPrefix("  simulator: loop ") && $0.contains(" frames/s), set-up ") && $0.contains(", report ") && $0.contains(", peak RSS ") }, run.out)
        // The key figures, by the metrics' names under their concern: commit and render
        // hitches (3 dropped × 8.33 ms = 25.0 ms), launch, prefetch overruns.
        XCTAssertTrue(block.contains { $0.contains("commitHitchTimeMs 25.0 ms") }, run.out)
        XCTAssertTrue(block.contains { $0.hasPrefix("  launch ") && $0.contains("launch.frames 1") }, run.out)
        XCTAssertTrue(block.contains { $0.hasPrefix("  prefetch ") && $0.contains("prefetchOverrunFrames 0") }, run.out)
        // droppedFrames carries its budget, hitchRatio its grade.
        XCTAssertTrue(block.contains { $0.hasPrefix("  smoothness") && $0.contains("hitchRatio ") && $0.contains(" critical") }, run.out)
    }

    /// A deliberate anti-pattern (`"expect": "over-budget"`) that breaks exactly the budgets it
    /// names exits 0 and says so; one that breaks another budget as well exits 1 naming it. The
    /// passing scenario made slow: 200 rows of 9 ms body flung at 3,000 pt/s drop frames.
    func testADeliberateAntiPatternDoesNotFailButAnUnexpectedBreakDoes() throws {
        let directory = try Paths.temporaryDirectory()
        let slow = passing.replacingOccurrences(of: "\"height\": {\"fixed\": 90}", with: "\"height\": {\"fixed\": 90}, \"bodyMs\": 9")
        XCTAssertNotEqual(slow, passing)
        let marked = slow.replacingOccurrences(of: "\"frameWorkMs.p99\": 8.33}}", with: "\"frameWorkMs.p99\": 8.33}, \"expect\": \"over-budget\", \"expectedOver\": [\"droppedFrames\", \"frameWorkMs.p99\"]}")
        XCTAssertNotEqual(marked, slow)
        let expected = ToolRun(["run", try write(marked, "ok.json", in: directory), "--out", directory.appendingPathComponent("a").path])
        XCTAssertEqual(expected.status, 0, expected.err)
        XCTAssertTrue(expected.out.contains("over budget as expected (a deliberate anti-pattern, not a failure): ok: droppedFrames "), expected.out)
        XCTAssertTrue(expected.out.contains("1 scenario run, 0 within budget, 1 over as expected, 0 over"), expected.out)
        // Naming only droppedFrames: the p99 break is unexpected.
        let partly = marked.replacingOccurrences(of: "[\"droppedFrames\", \"frameWorkMs.p99\"]", with: "[\"droppedFrames\"]")
        let unexpected = ToolRun(["run", try write(partly, "ok.json", in: directory), "--out", directory.appendingPathComponent("b").path])
        XCTAssertEqual(unexpected.status, 1, unexpected.err)
        XCTAssertTrue(unexpected.err.contains("budget exceeded: ok: frameWorkMs.p99 "), unexpected.err)
        XCTAssertFalse(unexpected.err.contains("droppedFrames"), unexpected.err)
    }

    /// `run --html` draws the pages `report` draws from the written reports, byte for byte.
    func testRunAndReportDrawTheSamePages() throws {
        let directory = try Paths.temporaryDirectory()
        let scenarios = ["origami-rotate-return", "loader-onappear"].map { "\(Paths.scenarios)/\($0).json" }
        let reports = directory.appendingPathComponent("reports").path
        let fromRun = directory.appendingPathComponent("run-html").path
        let fromReport = directory.appendingPathComponent("report-html").path
        XCTAssertNotEqual(ToolRun(["run"] + scenarios + ["--out", reports, "--html", fromRun, "-q"]).status, 2, "origami-rotate-return exceeds its corrections budget (status 1) on purpose")
        XCTAssertEqual(ToolRun(["report", reports, "-o", fromReport]).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: fromRun).sorted()
        XCTAssertEqual(names, ["index.html", "loader-onappear.html", "origami-rotate-return.html"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fromReport).sorted(), names)
        for name in names {
            let a = try String(contentsOfFile: "\(fromRun)/\(name)", encoding: .utf8)
            let b = try String(contentsOfFile: "\(fromReport)/\(name)", encoding: .utf8)
            XCTAssertTrue(a == b, "\(name) differs between run --html and report")
        }
    }

    func testTraceRangeNeedsATraceAndARange() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(passing, "ok.json", in: directory)
        let alone = ToolRun(["run", file, "--out", directory.path, "--trace-range", "1:2"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.err.contains("--trace-range needs --trace PATH"), alone.err)
        let bad = ToolRun(["run", file, "--out", directory.path, "--trace", directory.appendingPathComponent("t.json").path, "--trace-range", "2:1"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("--trace-range '2:1' ends before it starts"), bad.err)
        // Reports go beside, not over, the scenario (ok.json would be its own report).
        let good = ToolRun(["run", file, "--out", directory.appendingPathComponent("reports").path, "--trace", directory.appendingPathComponent("t.json").path, "--trace-range", "0.5:"])
        XCTAssertEqual(good.status, 0, good.err)
        let trace = try String(contentsOf: directory.appendingPathComponent("t.json"), encoding: .utf8)
        // 1 s at 120 Hz; from 0.5 s on: frames 60 … 119.
        XCTAssertFalse(trace.contains("\"name\":\"Frame 59\""))
        XCTAssertTrue(trace.contains("\"name\":\"Frame 60\"") && trace.contains("\"name\":\"Frame 119\""))
    }
}
