import Foundation
import ScrollSimHarness
import ScrollSimKit

/// `scrollsim bench`: measures the simulator itself (not the list it simulates).
struct BenchCommand: Command {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure the simulator: frames per second, per-frame cost against list size, allocations.",
        arguments: "[FILE|DIR...]",
        minimumArguments: 0,
        maximumArguments: nil,
        options: [
            .init(name: "runs", short: "n", value: "N", help: "Runs per measurement; medians are reported (default 5)."),
            .init(name: "sizes", short: nil, value: "LIST", help: "List sizes for the scaling table (default 1000,10000,100000,1000000)."),
            .init(name: "out", short: "o", value: "FILE", help: "Also write the Markdown tables to FILE."),
            .init(name: "workloads", short: nil, value: "LIST", help: "The fixed workloads to measure: all (default), none, or some of \(Benchmark.Workload.allCases.map(\.rawValue).joined(separator: ", "))."),
            ScenarioFiles.limitOption,
            ScenarioFiles.allowOutsideDataOption,
        ],
        discussion: """
        Build with -c release before benchmarking (a debug build says so in its output). Figures
        are medians of runs made back to back in one process; compare ratios, not absolute times,
        across machines. Steady state is every frame after the first simulated second.

        The workloads: feed-10k and feed-10M (the scaling flings through 10,000 and 10,000,000
        rows, the frame loop alone: µs per frame), setup-10M (building the 10,000,000-row
        feed: ms and bytes allocated per row), prefetch-heavy (cards of 7.5 ms prefetched two
        viewports ahead, the frame loop alone), sweep-100 (a 100-variant sweep on every
        core: decoding, playing and writing each report) and zero-height-1M (1,000,000 rows of
        height 0, all built in the first frame: decoding, set-up, loop and the report with its
        3,000,000 events, end to end) and history-scale (a history database of 1,000 commits ×
        60 scenarios: recording them, one transaction per commit, then the trend pages; run
        once whatever --runs says: it takes about a minute).
        """
    )

    var paths: [String]
    var runs: Int
    var sizes: [Int]
    var out: String?
    var limits: ScenarioLimits
    var workloads: [Benchmark.Workload]

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        guard let runs = Int(arguments.value("runs") ?? "5"), (1...1000).contains(runs) else {
            throw UsageError(command: "bench", message: "--runs must be an integer from 1 to 1000")
        }
        self.runs = runs
        let list = (arguments.value("sizes") ?? "1000,10000,100000,1000000").split(separator: ",")
        let sizes = list.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard sizes.count == list.count, sizes.allSatisfy({ (1...10_000_000).contains($0) }) else {
            throw UsageError(command: "bench", message: "--sizes must be a comma-separated list of row counts from 1 to 10,000,000")
        }
        self.sizes = sizes
        out = try OutputOptions.path(arguments, "out", command: "bench")
        limits = try ScenarioFiles.limits(arguments, command: "bench")
        workloads = try BenchCommand.workloads(arguments.value("workloads") ?? "all")
    }

    static func workloads(_ text: String) throws -> [Benchmark.Workload] {
        if text == "all" { return Benchmark.Workload.allCases }
        if text == "none" { return [] }
        return try text.split(separator: ",").map { name in
            guard let workload = Benchmark.Workload(rawValue: String(name)) else {
                throw UsageError(command: "bench", message: "--workloads \(text): unknown workload '\(name)' (all, none, or some of \(Benchmark.Workload.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return workload
        }
    }

    func run(_ console: Console) throws -> ExitStatus {
        let scenarios = paths.isEmpty ? [] : try ScenarioFiles.load(paths, limits: limits, console: console)
        if let out { try OutputOptions.check(files: [out]) }
        let harness = try Harness()
        // Throws before any work in a build without jemalloc (the sanitizer build).
        let result = try Benchmark.run(scenarios: scenarios, sizes: sizes, runs: runs, workloads: workloads, harness: harness)
        let text = BenchCommand.markdown(result)
        if let out { try OutputWriter.write(text, to: out) }
        console.out(text)
        return .success
    }

    static func markdown(_ r: Benchmark.Result) -> String {
        var lines: [String] = []
        if !r.optimized {
            lines.append("> **Debug build**: these numbers are not representative; build with `swift build -c release`.")
            lines.append("")
        }
        lines.append("Medians of \(r.runs) runs each, \(r.allocator). Steady state: frames after the first simulated second.")
        lines.append("")
        if !r.scenarios.isEmpty {
            lines.append("| scenario | frames | wall ms | µs/frame | × real time | allocations/frame | bytes/frame |")
            lines.append("|---|---:|---:|---:|---:|---:|---:|")
            for s in r.scenarios {
                lines.append("| \(s.name) | \(s.frames) | \(DisplayFormat.fixed(s.medianWallMs, 1)) | \(DisplayFormat.fixed(s.medianMicrosecondsPerFrame, 2)) | \(DisplayFormat.integer(s.realTimeFactor)) | \(DisplayFormat.fixed(s.allocationsPerFrame, 2)) | \(DisplayFormat.fixed(s.bytesPerFrame, 1)) |")
            }
            lines.append("")
        }
        if let base = r.scaling.first {
            lines.append("Per-frame cost against list size (the same 10 s of flings; the list is built once per run):")
            lines.append("")
            lines.append("| rows | set-up ms | µs/frame | × smallest list | allocations/frame |")
            lines.append("|---:|---:|---:|---:|---:|")
            for p in r.scaling {
                let ratio = base.medianMicrosecondsPerFrame > 0 ? p.medianMicrosecondsPerFrame / base.medianMicrosecondsPerFrame : 0
                lines.append("| \(DisplayFormat.integer(Double(p.rows))) | \(DisplayFormat.fixed(p.medianSetupMs, 1)) | \(DisplayFormat.fixed(p.medianMicrosecondsPerFrame, 2)) | \(DisplayFormat.fixed(ratio, 2)) | \(DisplayFormat.fixed(p.allocationsPerFrame, 2)) |")
            }
            lines.append("")
        }
        if !r.workloads.isEmpty {
            lines.append("Workloads (medians; loop figures leave the set-up out):")
            lines.append("")
            lines.append("| workload | what | median | also |")
            lines.append("|---|---|---:|---|")
            for w in r.workloads {
                lines.append("| \(w.workload.rawValue) | \(w.workload.summary) | \(DisplayFormat.fixed(w.median, 2)) \(w.unit) | \(w.detail) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
