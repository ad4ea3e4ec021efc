import Foundation
import ScrollSimHarness
import ScrollSimKit

/// `scrollsim bench`: measures the simulator itself (not the list it simulates).
struct BenchCommand: Command {
    static let spec = CommandSpec(
        name: "bench",
        abstract: "Measure the simulator in CPU time: per-frame cost, set-up, reports, parallel runs, allocations; compare two builds.",
        arguments: "[FILE|DIR...]",
        minimumArguments: 0,
        maximumArguments: nil,
        options: [
            .init(name: "runs", short: "n", value: "N", help: "Runs per measurement (with --against: pairs); medians and spread are reported (default 5)."),
            .init(name: "sizes", short: nil, value: "LIST", help: "List sizes for the scaling table (default 1000,10000,100000,1000000); none for no table."),
            .init(name: "out", short: "o", value: "FILE", help: "Also write the Markdown tables to FILE."),
            .init(name: "workloads", short: nil, value: "LIST", help: "The fixed workloads to measure: standard (default: all but zero-height-1M and history-scale), all, none, or some of \(Benchmark.Workload.allCases.map(\.rawValue).joined(separator: ", "))."),
            .init(name: "suite", short: nil, value: "DIR", help: "The scenarios of the allocations and run-jobs workloads (default: the first DIR given, else Scenarios). Checked before anything is measured."),
            .init(name: "against", short: nil, value: "PROGRAM", help: "Compare with another scrollsim executable: the workloads run in both, interleaved A B A B, each a process of its own; paired ratios are printed."),
            .init(name: "workload", short: nil, value: "NAME", help: "Measure one workload once and print it (with --json); list prints the workloads. What --against runs in each binary."),
            .init(name: "json", short: nil, value: nil, help: "With --workload: print the measurement as JSON."),
            ScenarioFiles.limitOption,
            ScenarioFiles.allowOutsideDataOption,
        ],
        discussion: """
        Build with -c release before benchmarking (a debug build says so in its output). Every
        timed figure is CPU time (clock_gettime CLOCK_THREAD_CPUTIME_ID for one thread,
        getrusage for work on several, wait4 for a child process) with wall time beside it:
        on a shared machine wall time is mostly waiting for a core. Figures are medians of the
        runs with their spread (min–max and interquartile range); the machine's cores and load
        average at the start and end are printed with them. Steady state is every frame after
        the first simulated second.

        The workloads: feed-10k and feed-10M (the scaling flings, 100 s of them, through 10,000
        and 10,000,000 rows, the frame loop alone: µs per frame), setup-10M (building the
        10,000,000-row feed: ms and bytes allocated per row), report-10k (writing the report
        of 10 s of those flings through 10,000 rows: µs per frame), masonry-10k (10,000 photos in 4 columns, rotated between flings, the
        frame loop alone), prefetch-heavy (cards of 7.5 ms prefetched two viewports ahead),
        allocations (every --suite scenario played once: the most allocations per steady
        frame), run-jobs (scrollsim run SUITE --jobs 1 and --jobs 2, each a process of its
        own, back to back: the ratio of their wall times, each scaled to the share of a core
        its threads could have had while other processes used the rest, from the kernel's
        /proc/stat; the raw ratio beside it), sweep-100 (a 100-variant sweep on
        every core), ensemble-100 (an ensemble of 100 runs of 1,000 frames through 10,000
        rows on one thread: every run's set-up, loop and summary), zero-height-1M (1,000,000 rows of height 0, end to end) and history-scale
        (a history database of 1,000 commits × 60 scenarios; run once whatever --runs says: it
        takes minutes). One run of a loop workload, or of report-10k, is the median of 5
        plays in one process. A table of the speed targets, each met or by how much it misses,
        follows the workloads.

        --against PROGRAM measures the workloads only: each run of each workload is a process
        of this executable (A) and of PROGRAM (B), one after the other, which measures itself
        (bench --workload NAME --json); B ÷ A is the median of the per-pair ratios, with their
        spread. PROGRAM must have that mode: one built before it is refused (exit status 2),
        naming it, before anything is measured. Exit status: 0, or 2 for a bad option, an
        unusable PROGRAM or a workload that cannot be measured.
        """
    )

    var paths: [String]
    var runs: Int
    var sizes: [Int]
    var out: String?
    var limits: ScenarioLimits
    var workloads: [Benchmark.Workload]
    var suite: String
    var against: String?
    /// `--workload NAME`: nil for the tables; `.list` or one workload for a child's JSON.
    var child: Child?

    enum Child: Equatable {
        case list
        case measure(Benchmark.Workload)
    }

    init(_ arguments: ParsedArguments) throws {
        paths = arguments.positionals
        guard let runs = Int(arguments.value("runs") ?? "5"), (1...1000).contains(runs) else {
            throw ScrollSimError.usage(command: "bench", "--runs must be an integer from 1 to 1000")
        }
        self.runs = runs
        sizes = try BenchCommand.sizes(arguments.value("sizes") ?? "1000,10000,100000,1000000")
        out = try OutputOptions.path(arguments, "out", command: "bench")
        limits = try ScenarioFiles.limits(arguments, command: "bench")
        workloads = try BenchCommand.workloads(arguments.value("workloads") ?? "standard")
        // `bench DIR` means that suite: the first directory given, unless --suite names another.
        suite = arguments.value("suite") ?? paths.first(where: { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }) ?? "Scenarios"
        against = arguments.value("against")
        if let name = arguments.value("workload") {
            if name == "list" {
                child = .list
            } else if let workload = Benchmark.Workload(rawValue: name) {
                child = .measure(workload)
            } else {
                throw ScrollSimError.usage(command: "bench", "--workload \(name): unknown workload (list, or one of \(Benchmark.Workload.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard arguments.flag("json") else { throw ScrollSimError.usage(command: "bench", "--workload prints JSON for --against: give --json") }
            guard against == nil, paths.isEmpty, out == nil else {
                throw ScrollSimError.usage(command: "bench", "--workload measures one workload alone: no --against, --out or scenario files with it")
            }
        } else if arguments.flag("json") {
            throw ScrollSimError.usage(command: "bench", "--json applies to --workload NAME")
        }
        if against != nil && !paths.isEmpty {
            throw ScrollSimError.usage(command: "bench", "--against measures the workloads only: no scenario files with it")
        }
        if against == "" { throw ScrollSimError.usage(command: "bench", "--against needs the path of another scrollsim executable") }
    }

    static func sizes(_ text: String) throws -> [Int] {
        if text == "none" { return [] }
        let list = text.split(separator: ",", omittingEmptySubsequences: false)
        let sizes = list.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard sizes.count == list.count, sizes.allSatisfy({ (1...10_000_000).contains($0) }) else {
            throw ScrollSimError.usage(command: "bench", "--sizes must be none or a comma-separated list of row counts from 1 to 10,000,000")
        }
        return sizes
    }

    static func workloads(_ text: String) throws -> [Benchmark.Workload] {
        if text == "all" { return Benchmark.Workload.allCases }
        if text == "standard" { return Benchmark.Workload.standard }
        if text == "none" { return [] }
        return try text.split(separator: ",").map { name in
            guard let workload = Benchmark.Workload(rawValue: String(name)) else {
                throw ScrollSimError.usage(command: "bench", "--workloads \(text): unknown workload '\(name)' (standard, all, none, or some of \(Benchmark.Workload.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return workload
        }
    }

    /// This program, which run-jobs and --against start as a child; nil inside a test runner
    /// (whose executable is not a scrollsim: a copy kept as `scrollsim-before` still is).
    static var executable: String? {
        guard let path = Bundle.main.executablePath, (path as NSString).lastPathComponent.hasPrefix("scrollsim") else { return nil }
        return path
    }

    func run(_ console: Console) throws -> ExitStatus {
        if child == .list {
            console.out(JSONWriter().string(Benchmark.workloadListJSON))
            return .success
        }
        if let against {
            // The other binary is the one most likely unusable (built before the child mode):
            // it is refused first, before anything is measured.
            try Benchmark.checkUsable(against, workloads: workloads)
            try Benchmark.checkSuite(suite, workloads: workloads)
            guard let this = BenchCommand.executable else {
                throw ScrollSimError("--against starts this program as a child, and it is not a scrollsim executable here")
            }
            if let out { try OutputOptions.check(files: [out]) }
            let comparison = try Benchmark.against(this: this, other: against, workloads: workloads, runs: runs, suite: suite)
            return try finish(BenchText.markdown(comparison, optimized: Benchmark.optimized), console)
        }
        let scenarios = paths.isEmpty ? [] : try ScenarioFiles.load(paths, limits: limits, console: console)
        if let out { try OutputOptions.check(files: [out]) }
        // A suite that is missing or does not load is refused before anything is measured.
        if child == nil { try Benchmark.checkSuite(suite, workloads: workloads) }
        let harness = try Harness()
        var context = Benchmark.Context(harness: harness, suite: suite, executable: BenchCommand.executable)
        context.historyScale = { HistoryScaleWorkload.measure() }
        if case .measure(let workload) = child {
            // Throws before any work in a build without jemalloc (the sanitizer build).
            _ = try Benchmark.allocator(of: harness)
            console.out(JSONWriter().string(try Benchmark.sample(workload, in: context).json))
            return .success
        }
        // Throws before any work in a build without jemalloc (the sanitizer build).
        let result = try Benchmark.run(scenarios: scenarios, sizes: sizes, runs: runs, workloads: workloads, context: context)
        return try finish(BenchText.markdown(result), console)
    }

    /// Prints the tables and writes them to --out.
    func finish(_ text: String, _ console: Console) throws -> ExitStatus {
        if let out { try OutputWriter.write(text, to: out) }
        console.out(text)
        return .success
    }
}
