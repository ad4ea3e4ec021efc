import Foundation
import ScrollSimKit

/// The end-to-end workloads, each a `scrollsim` process of its own measured from outside
/// (`ChildProcess`: CPU time of every thread, peak resident memory): `suite-pipeline` (`run`
/// of the shipped suite, one job), `compare-60` (`compare` of the suite's reports with a copy
/// of them) and `history-record` (`history record` of the suite's reports into a new database).
/// The reports the last two read are written first, by `run SUITE --jobs 1` of the same
/// program, and are not part of what is measured.
extension Benchmark {
    /// The suite's reports written into `directory` by `run SUITE --jobs 1` of `executable`,
    /// and the frames the run simulated (every run of an ensemble counted).
    /// - Throws: `ScrollSimError` when the run fails or its reports do not read.
    static func runSuite(_ executable: String, suite: String, into directory: String) throws -> (child: ChildProcess, frames: Int, reports: Int) {
        let child = try ChildProcess.run(executable, ["run", suite, "--jobs", "1", "--out", directory, "--quiet"])
        // Exit status 1 is a budget exceeded: the run was whole.
        guard child.status == 0 || child.status == 1 else {
            throw ScrollSimError("\(executable) run \(suite) --jobs 1 exited with status \(child.status): \(child.err.split(separator: "\n").first ?? "")")
        }
        let reports = try ReportSet.load(directory, columns: false)
        let frames = reports.reduce(0) { $0 + Int(($1.metrics[Metric.frames.path] ?? 0).rounded()) * $1.runCount }
        return (child, frames, reports.count)
    }

    /// A new temporary directory for one sample, and its removal.
    static func scratchDirectory(_ workload: Workload) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-bench-\(workload.rawValue)-\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    static func executable(of context: Context, _ workload: Workload) throws -> String {
        guard let executable = context.executable else {
            throw ScrollSimError("\(workload.rawValue) starts this program as a child, and there is none to start here")
        }
        return executable
    }

    /// `suite-pipeline`: `run SUITE --jobs 1` (decoding, set-up, loop, summary, report text,
    /// files written), CPU µs per simulated frame.
    static func suitePipelineSample(in context: Context) throws -> Sample {
        let executable = try executable(of: context, .suitePipeline)
        let directory = try scratchDirectory(.suitePipeline)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try runSuite(executable, suite: context.suite, into: directory + "/reports")
        let frames = Double(max(1, run.frames))
        return Sample(workload: .suitePipeline, value: run.child.cpuMs * 1000 / frames, wall: run.child.wallMs * 1000 / frames, unit: "µs/frame",
                      extras: [Extra("frames", frames, decimals: 0), Extra("reports", Double(run.reports), decimals: 0),
                               Extra("CPU ms", run.child.cpuMs, decimals: 0), Extra(peakName, Double(run.child.peakResidentBytes) / 1e6, worst: true)],
                      note: "a process of its own, CPU of every thread")
    }

    /// `compare-60`: `compare` of the suite's reports (written first) with a copy of them, CPU
    /// seconds and peak resident memory of the process.
    static func compareSample(in context: Context) throws -> Sample {
        let executable = try executable(of: context, .compare60)
        let directory = try scratchDirectory(.compare60)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try runSuite(executable, suite: context.suite, into: directory + "/current")
        try FileManager.default.copyItem(atPath: directory + "/current", toPath: directory + "/baseline")
        let child = try ChildProcess.run(executable, ["compare", directory + "/baseline", directory + "/current"])
        guard child.status == 0 || child.status == 1 else {
            throw ScrollSimError("\(executable) compare exited with status \(child.status): \(child.err.split(separator: "\n").first ?? "")")
        }
        return Sample(workload: .compare60, value: child.cpuMs / 1000, wall: child.wallMs / 1000, unit: "s",
                      extras: [Extra("reports a side", Double(run.reports), decimals: 0), Extra(peakName, Double(child.peakResidentBytes) / 1e6, worst: true)],
                      note: "a process of its own, CPU of every thread")
    }

    /// `history-record`: `history record` of the suite's reports (written first) as one commit
    /// into a new database, CPU seconds of the process.
    static func historyRecordSample(in context: Context) throws -> Sample {
        let executable = try executable(of: context, .historyRecord)
        let directory = try scratchDirectory(.historyRecord)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try runSuite(executable, suite: context.suite, into: directory + "/reports")
        let child = try ChildProcess.run(executable, ["history", "record", directory + "/reports", "--db", directory + "/history.sqlite",
                                                      "--commit", "0123456789abcdef", "--time", "2026-12-01T00:00:00Z"])
        guard child.status == 0 else {
            throw ScrollSimError("\(executable) history record exited with status \(child.status): \(child.err.split(separator: "\n").first ?? "")")
        }
        return Sample(workload: .historyRecord, value: child.cpuMs / 1000, wall: child.wallMs / 1000, unit: "s",
                      extras: [Extra("reports", Double(run.reports), decimals: 0), Extra(peakName, Double(child.peakResidentBytes) / 1e6, worst: true)],
                      note: "a process of its own, CPU of every thread")
    }

    /// The name of the peak resident memory extra.
    static let peakName = "peak RSS MB"
}
