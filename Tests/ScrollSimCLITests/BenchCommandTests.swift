import Foundation
import XCTest
@testable import ScrollSimCLI
import ScrollSimHarness
import ScrollSimKit

/// `scrollsim bench` prints its tables (numbers are not asserted: machines are noisy).
final class BenchCommandTests: XCTestCase {
    /// The history-scale workload is measured by the command-line target (the harness library
    /// links neither SQLite nor the pages): a small run records every value and draws its
    /// pages, and a harness given no measurement refuses the workload rather than guess.
    func testHistoryScaleIsMeasuredByTheToolAndRefusedWithoutIt() throws {
        let figures = HistoryScaleWorkload.measure(commits: 3, scenarios: 2)
        XCTAssertGreaterThan(figures.values, 0)
        XCTAssertGreaterThan(figures.pages, 0)
        XCTAssertGreaterThan(figures.databaseMB, 0)
        let context = Benchmark.Context(harness: try Harness(), suite: Paths.scenarios, executable: nil)
        XCTAssertThrowsError(try Benchmark.sample(.historyScale, in: context)) { error in
            XCTAssertTrue("\(error)".contains("history-scale"), "\(error)")
        }
    }

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
        XCTAssertTrue(run.out.contains("| feed-10k | frame loop, 10,000 rows, 100 s of flings | "), run.out)
        XCTAssertTrue(run.out.contains(" µs/frame | "), run.out)
        XCTAssertTrue(run.out.contains("frames 12,000; allocations/steady frame "), run.out)
        XCTAssertTrue(run.out.contains("| frame loop, 10,000 rows | ≤ 0.25 µs/frame CPU | "), "the targets table: \(run.out)")
        XCTAssertTrue(run.out.contains("load average (1, 5, 15 min) "), run.out)
        XCTAssertTrue(run.out.contains("| sweep-100 | 100-variant sweep"), run.out)
        XCTAssertFalse(run.out.contains("| setup-10M |"), "only the workloads asked for")
    }

    func testBadOptionsAreUsageErrors() {
        for arguments in [["bench", "--sizes", "10,x"], ["bench", "--runs", "0"], ["bench", "--workloads", "feed-1k"],
                          ["bench", "--workload", "feed-1k", "--json"], ["bench", "--workload", "feed-10k"], ["bench", "--json"],
                          ["bench", "--workload", "feed-10k", "--json", "--against", "x"], ["bench", "--against", "x", "a.json"],
                          ["bench", "--against", ""], ["bench", "--sizes", "10,,20"]] {
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

    /// The options as parsed: --workload NAME --json is a child's mode, list lists; --sizes
    /// none leaves the scaling table out; standard is the default workloads.
    func testOptionsParse() throws {
        func parsed(_ arguments: [String]) throws -> BenchCommand {
            try BenchCommand(ArgumentParser.parse(arguments, spec: BenchCommand.spec))
        }
        let child = try parsed(["--workload", "masonry-10k", "--json", "--suite", "S"])
        XCTAssertEqual(child.child, .measure(.masonry10k))
        XCTAssertEqual(child.suite, "S")
        XCTAssertEqual(try parsed(["--workload", "list", "--json"]).child, .list)
        let defaults = try parsed([])
        XCTAssertNil(defaults.child)
        XCTAssertEqual(defaults.runs, 5)
        XCTAssertEqual(defaults.suite, "Scenarios")
        XCTAssertEqual(defaults.sizes, [1000, 10_000, 100_000, 1_000_000])
        XCTAssertEqual(defaults.workloads, Benchmark.Workload.standard)
        XCTAssertFalse(defaults.workloads.contains(.historyScale), "the slow ones are asked for by name")
        let against = try parsed(["--against", "/x/scrollsim", "--runs", "9", "--sizes", "none", "--workloads", "feed-10k,run-jobs"])
        XCTAssertEqual(against.against, "/x/scrollsim")
        XCTAssertEqual(against.runs, 9)
        XCTAssertEqual(against.sizes, [])
        XCTAssertEqual(against.workloads, [.feed10k, .runJobs])
        XCTAssertEqual(try parsed(["--workloads", "all"]).workloads, Benchmark.Workload.allCases)
    }

    /// `bench DIR` takes DIR as the suite of the allocations and run-jobs workloads (issue 43:
    /// it looked for ./Scenarios), and a suite that is missing or does not load is refused
    /// (exit 2) before anything is measured: nothing is printed on standard output.
    func testTheSuiteIsTheDirectoryGivenAndCheckedBeforeMeasuring() throws {
        let directory = try Paths.temporaryDirectory()
        let parsed = try BenchCommand(ArgumentParser.parse([directory.path, "--runs", "1"], spec: BenchCommand.spec))
        XCTAssertEqual(parsed.suite, directory.path)
        XCTAssertEqual(try BenchCommand(ArgumentParser.parse([directory.path, "--suite", "S"], spec: BenchCommand.spec)).suite, "S")

        let missing = ToolRun(["bench", "--suite", directory.appendingPathComponent("none").path, "--runs", "1", "--sizes", "100", "--workloads", "feed-10k,allocations"])
        XCTAssertEqual(missing.status, 2, missing.err)
        XCTAssertTrue(missing.err.contains("the suite \(directory.appendingPathComponent("none").path) of the allocations and run-jobs workloads does not exist"), missing.err)
        XCTAssertEqual(missing.out, "", "nothing measured")

        let broken = directory.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try "{\"name\": \"x\"".write(to: broken.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
        let bad = ToolRun(["bench", "--suite", broken.path, "--runs", "1", "--sizes", "100", "--workloads", "run-jobs"])
        XCTAssertEqual(bad.status, 2, bad.err)
        XCTAssertTrue(bad.err.contains("the suite \(broken.path) does not load"), bad.err)
        XCTAssertEqual(bad.out, "")
        // Workloads that do not play the suite do not look for it.
        XCTAssertNoThrow(try Benchmark.checkSuite(broken.path, workloads: [.feed10k]))
    }

    /// `bench --workload list --json` answers the probe --against makes.
    func testChildModeListsTheWorkloads() throws {
        let run = ToolRun(["bench", "--workload", "list", "--json"])
        XCTAssertEqual(run.status, 0, run.err)
        let json = try JSONValue.parse(Data(run.out.utf8))
        XCTAssertEqual(json["scrollsimBench"]?.numberValue, 1)
        XCTAssertEqual(json["workloads"]?.arrayValue?.compactMap(\.stringValue), Benchmark.Workload.allCases.map(\.rawValue))
    }

    /// A scrollsim built before the child mode (here a script answering as its parser does)
    /// is refused with exit status 2, naming it, before anything is measured.
    func testAgainstRefusesABinaryWithoutTheChildMode() throws {
        let directory = try Paths.temporaryDirectory()
        let old = directory.appendingPathComponent("scrollsim-main").path
        try "#!/bin/sh\necho \"Error: unknown option '--workload'\" >&2\nexit 2\n".write(toFile: old, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: old)
        let run = ToolRun(["bench", "--against", old, "--runs", "1"])
        XCTAssertEqual(run.status, 2, run.err)
        XCTAssertTrue(run.err.hasPrefix("Error: \(old): `bench --workload list --json` exited with status 2: Error: unknown option '--workload'"), run.err)
        XCTAssertEqual(run.out, "")
        let missing = ToolRun(["bench", "--against", directory.appendingPathComponent("none").path])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("none: cannot run it (No such file or directory)"), missing.err)
    }

    /// The comparison table carries each build's page faults per frame, and a dash where a
    /// build did not measure them.
    func testComparisonTableShowsBothBuildsPageFaults() {
        func sample(_ workload: Benchmark.Workload, _ value: Double, _ faults: Double?) -> Benchmark.Sample {
            Benchmark.Sample(workload: workload, value: value, wall: value, unit: "µs/frame",
                             extras: faults.map { [Benchmark.Extra(Benchmark.pageFaultsName, $0, decimals: 3)] } ?? [])
        }
        let load = MachineLoad(oneMinute: 1, fiveMinutes: 1, fifteenMinutes: 1, cores: 2)
        let comparison = Benchmark.Comparison(this: "new", other: "old", runs: 1,
                                              workloads: [Benchmark.Paired(workload: .masonry10k, a: [sample(.masonry10k, 1, 0.021)], b: [sample(.masonry10k, 1.2, 0.036)]),
                                                          Benchmark.Paired(workload: .report10k, a: [sample(.report10k, 0.5, nil)], b: [sample(.report10k, 0.5, nil)])],
                                              loadAtStart: load, loadAtEnd: load)
        let text = BenchText.markdown(comparison, optimized: true)
        XCTAssertTrue(text.contains("| B ÷ A wall | page faults/frame, A; B |"), text)
        XCTAssertTrue(text.contains("| masonry-10k | µs/frame | 1.00 | 1.20 | 1.20 |"), text)
        XCTAssertTrue(text.contains("| 1.20 | 0.021; 0.036 |"), text)
        XCTAssertTrue(text.contains("| 1.00 | — |"), text)
    }
}
