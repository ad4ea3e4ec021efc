import Foundation
import XCTest
@testable import ScrollSimCLI

/// `scrollsim bench` prints its tables (numbers are not asserted: machines are noisy).
final class BenchCommandTests: XCTestCase {
    func testBenchPrintsScenarioAndScalingTables() throws {
        let directory = try Paths.temporaryDirectory()
        let out = directory.appendingPathComponent("bench.md").path
        let run = ToolRun(["bench", Paths.scenarios + "/origami-lazy.json", "--runs", "1", "--sizes", "100,1000", "--out", out])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("| origami-lazy | 960 |"), run.out)
        XCTAssertTrue(run.out.contains("| 1,000 |"), run.out)
        XCTAssertTrue(run.out.contains("Debug build"), "a debug build says its numbers are not representative")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), run.out)
    }

    func testBadOptionsAreUsageErrors() {
        for arguments in [["bench", "--sizes", "10,x"], ["bench", "--runs", "0"]] {
            let run = ToolRun(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.err.contains("See 'scrollsim bench --help'"), run.err)
        }
    }
}
