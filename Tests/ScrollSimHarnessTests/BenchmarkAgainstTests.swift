import Foundation
import ScrollSimHarness
import ScrollSimKit
import Testing

/// `bench --against`: the child protocol, and binaries that cannot take part refused before
/// anything is measured. No timing.
@Suite struct BenchmarkAgainstTests {
    /// A stand-in for a scrollsim built before `bench --workload`: it answers as that binary's
    /// argument parser does (exit status 2, "unknown option").
    static func oldBinary() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-against-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("scrollsim-old").path
        try "#!/bin/sh\necho \"Error: unknown option '--workload'\" >&2\nexit 2\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    @Test func aBinaryWithoutTheModeIsRefusedNamingIt() throws {
        let old = try Self.oldBinary()
        do {
            _ = try Benchmark.against(this: old, other: old, workloads: [.feed10k], runs: 1, suite: "Scenarios")
            Issue.record("an old binary was accepted")
        } catch let error as ScrollSimError {
            #expect(error.description.hasPrefix(old + ": `bench --workload list --json` exited with status 2: Error: unknown option '--workload'"), "\(error)")
            #expect(error.description.contains("built before `bench --against`"), "\(error)")
        }
    }

    @Test func aMissingProgramIsRefused() {
        do {
            _ = try Benchmark.against(this: "/nonexistent/scrollsim", other: "/nonexistent/scrollsim", workloads: [.feed10k], runs: 1, suite: "Scenarios")
            Issue.record("a missing program was accepted")
        } catch let error as ScrollSimError {
            #expect(error.description == "/nonexistent/scrollsim: cannot run it (No such file or directory)", "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// The exit status a shell shows: `exit 3` → 3; killed by SIGKILL (9) → 137.
    @Test func childStatusIsTheShellsStatus() throws {
        let three = try ChildProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(three.status == 3)
        #expect(three.out == "out\n")
        #expect(three.err == "err\n")
        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(killed.status == 137)
    }

    /// A child's peak resident memory is what it wrote of its own map when it can (a scrollsim
    /// writes `VmHWM` to the file `SCROLLSIM_PEAK_RESIDENT_FILE` names), else `ru_maxrss`; the
    /// child's environment is the parent's, with that variable added.
    @Test func aChildsPeakIsTheOneItWroteOfItself() throws {
        let wrote = try ChildProcess.run("/bin/sh", ["-c", "echo \"$HOME\"; printf 12345 > \"$\(ChildProcess.peakResidentVariable)\""])
        #expect(wrote.status == 0)
        #expect(wrote.peakResidentBytes == 12345)
        #expect(wrote.out == (ProcessInfo.processInfo.environment["HOME"] ?? "") + "\n")
        let silent = try ChildProcess.run("/bin/sh", ["-c", "exit 0"])
        #expect(silent.peakResidentBytes > 0)
    }

    /// What a child prints reads back as the same sample; another protocol is refused.
    @Test func sampleJSONRoundTrips() throws {
        let sample = Benchmark.Sample(workload: .masonry10k, value: 0.75, wall: 1.5, unit: "µs/frame",
                                      extras: [Benchmark.Extra("frames", 1800, decimals: 0), Benchmark.Extra("allocations/steady frame", 0.25, decimals: 2, worst: true)],
                                      note: "n")
        let text = JSONWriter().string(sample.json)
        #expect(try Benchmark.Sample(json: JSONValue.parse(Data(text.utf8)), program: "p") == sample)
        let other = try JSONValue.parse(Data(#"{"scrollsimBench": 2, "workload": "feed-10k", "value": 1, "unit": "ms"}"#.utf8))
        #expect(throws: ScrollSimError.self) { try Benchmark.Sample(json: other, program: "p") }
    }

    /// `bench --against` shows each build's page faults per frame beside the time: the medians
    /// of A's runs and of B's, worked by hand; none when a run of either lacks the figure (a
    /// build that does not measure it, or a system that does not count per thread).
    @Test func pairedPageFaultsAreEachBuildsMedian() {
        func sample(_ faults: Double?) -> Benchmark.Sample {
            Benchmark.Sample(workload: .masonry10k, value: 1, wall: 1, unit: "µs/frame",
                             extras: [Benchmark.Extra("frames", 1797, decimals: 0)] + (faults.map { [Benchmark.Extra(Benchmark.pageFaultsName, $0, decimals: 3)] } ?? []))
        }
        let paired = Benchmark.Paired(workload: .masonry10k, a: [0.03, 0.01, 0.02].map(sample), b: [0.3, 0.5, 0.1].map(sample))
        let medians = paired.extraMedians(Benchmark.pageFaultsName)
        #expect(medians?.a == 0.02)
        #expect(medians?.b == 0.3)
        #expect(paired.extraMedians("no such figure") == nil)
        let partly = Benchmark.Paired(workload: .masonry10k, a: [sample(0.03), sample(nil)], b: [sample(0.3), sample(0.5)])
        #expect(partly.extraMedians(Benchmark.pageFaultsName) == nil)
    }
}
