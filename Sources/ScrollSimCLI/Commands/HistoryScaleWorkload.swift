#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import ScrollSimEngine
import ScrollSimHarness
import ScrollSimHistory
import ScrollSimKit
import ScrollSimPresentation

/// `bench`'s `history-scale` workload: the history database and its trend pages at the scale
/// of a long-lived repository. Measured here, in the command-line target, which links the
/// history (SQLite) and the pages: the harness library measures the simulator and links
/// neither; it asks for this measurement through `Benchmark.Context.historyScale`.
enum HistoryScaleWorkload {
    /// Records 1,000 commits of 60 scenarios into a new database in a temporary directory
    /// (each commit one `record`, as a CI job does), then reads it back, finds the change
    /// points and renders and writes the trend pages, as `history page` does. The runs are made
    /// from one real report (the sweep workload's scenario, played once) under 60 names, their
    /// work figures and harness timings varied per commit with seeded noise and a step every
    /// 250 commits, so step detection and the charts have work to do.
    static func measure(commits: Int = 1000, scenarios: Int = 60) -> Benchmark.HistoryScaleFigures {
        do {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-history-scale-\(getpid())").path
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/history.sqlite"
            let template = try template()
            var random = SplitMix64(seed: 7)
            let wallClock = ContinuousClock()

            var start = wallClock.now
            var cpu = CPUClock.processMs()
            var values = 0
            for commit in 0..<commits {
                let runs = (0..<scenarios).map { n -> HistoryRun in
                    var run = template
                    run.scenario = "scenario-\(n < 10 ? "0" : "")\(n)"
                    let level = 1 + Double(commit / 250) * 0.1 * Double(n % 3)
                    run.summary = run.summary.map { ($0.metric, $0.metric.hasPrefix("frameWorkMs") ? $0.value * level : $0.value) }
                    run.harness = run.harness.map { ($0.figure, $0.value * level * (1 + 0.05 * random.nextStandardNormal())) }
                    return run
                }
                let database = try HistoryDatabase.openForRecording(path)
                let sha = String(repeating: "0", count: 8) + String(commit, radix: 16)
                let time = HistoryDatabase.timestamp(Date(timeIntervalSince1970: 1_767_225_600 + Double(commit) * 3600))
                values += try database.record(runs, commit: HistoryCommit(sha: sha, branch: "main", time: time), now: time).values
            }
            let recordWallS = Harness.milliseconds(wallClock.now - start) / 1000
            let recordCPUS = (CPUClock.processMs() - cpu) / 1000

            start = wallClock.now
            cpu = CPUClock.processMs()
            let data = try HistoryDatabase.openForReading(path).read()
            let pages = HistoryPages.render(data, changes: HistoryChanges.find(data), reportsURL: "https://example.invalid/{commit}/{scenario}.html")
            let batch = OutputBatch()
            try HTMLSite.stage(pages, to: directory + "/pages", in: batch)
            try batch.commit()
            let pageWallS = Harness.milliseconds(wallClock.now - start) / 1000
            let pageCPUS = (CPUClock.processMs() - cpu) / 1000

            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let bytes = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
            return Benchmark.HistoryScaleFigures(recordWallS: recordWallS, recordCPUS: recordCPUS, pageWallS: pageWallS, pageCPUS: pageCPUS,
                                       pages: pages.count, databaseMB: bytes / 1_000_000, values: values)
        } catch {
            preconditionFailure("the history-scale workload runs in a temporary directory: \(error)")
        }
    }

    /// One run as `history record` stores it: the sweep workload's scenario played once, with
    /// harness figures as `scrollsim run` writes them.
    static func template() throws -> HistoryRun {
        let scenario = try ScenarioLoader.decode(Array(Benchmark.sweepScenario.utf8), file: "bench-sweep.json")
        var root = Baseline.report(for: scenario)
        if case .object(var object) = root {
            object["frames"] = nil
            object["events"] = nil
            object["harness"] = .object([
                "wallTimeMs": .number(2.1), "setupMs": .number(0.3), "loopMs": .number(1.7), "reportWriteMs": .number(0.4),
                "simulatedFramesPerSecond": .number(140_000), "microsecondsPerFrame": .number(7.1), "steadyStateFrames": .number(120),
                "allocatedBytes": .number(2_400_000), "allocations": .number(9_000), "allocationsPerFrame": .number(0),
                "bytesPerFrame": .number(0), "processAllocatedBytes": .number(48_000_000), "peakResidentBytes": .number(60_000_000),
            ])
            root = .object(object)
        }
        return HistoryRun(report: try Report(path: "bench-sweep.json", root: root))
    }
}
