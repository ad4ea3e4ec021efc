import Foundation
import XCTest
@testable import ScrollSimCLI
import ScrollSimHarness

/// `scrollsim bench` prints its tables (numbers are not asserted: machines are noisy).
final class BenchCommandTests: XCTestCase {
    func testBenchPrintsScenarioAndScalingTables() throws {
        try XCTSkipUnless(Harness.countsAllocations, "bench needs jemalloc")
        let directory = try Paths.temporaryDirectory()
        let out = directory.appendingPathComponent("bench.md").path
        let run = ToolRun(["bench", Paths.scenarios + "/origami-lazy.json", "--runs", "1", "--sizes", "100,1000", "--out", out, "--workloads", "none"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("| origami-lazy | 960 |"), run.out)
        XCTAssertTrue(run.out.contains("| 1,000 |"), run.out)
        XCTAssertTrue(run.out.contains("Debug build"), "a debug build says its numbers are not representative")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), run.out)
    }

    func testBenchMeasuresTheWorkloadsAskedFor() throws {
        try XCTSkipUnless(Harness.countsAllocations, "bench needs jemalloc")
        let run = ToolRun(["bench", "--runs", "1", "--sizes", "100", "--workloads", "feed-10k,sweep-100"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertTrue(run.out.contains("| feed-10k | frame loop, 10,000 rows, 10 s of flings | "), run.out)
        XCTAssertTrue(run.out.contains(" µs/frame | 1200 frames; "), run.out)
        XCTAssertTrue(run.out.contains("| sweep-100 | 100-variant sweep"), run.out)
        XCTAssertFalse(run.out.contains("| setup-10M |"), "only the workloads asked for")
    }

    func testBadOptionsAreUsageErrors() {
        for arguments in [["bench", "--sizes", "10,x"], ["bench", "--runs", "0"], ["bench", "--workloads", "feed-1k"]] {
            let run = ToolRun(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.err.contains("See 'scrollsim bench --help'"), run.err)
        }
    }

    /// A build without jemalloc (`SCROLLSIM_ALLOCATOR=system`, for the sanitizers) refuses to
    /// benchmark, with a reason, rather than printing allocation figures of zero.
    func testBenchRefusesInABuildWithoutJemalloc() throws {
        try XCTSkipIf(Harness.countsAllocations, "only in a build without jemalloc")
        let run = ToolRun(["bench", "--runs", "1", "--sizes", "100", "--workloads", "none"])
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.contains("SCROLLSIM_ALLOCATOR=system"), run.err)
        XCTAssertEqual(run.out, "")
    }
}
