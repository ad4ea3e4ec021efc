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
}
