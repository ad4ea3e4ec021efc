import Foundation
import ScrollSimEngine
import ScrollSimKit

extension Benchmark {
    /// The fixed workloads `scrollsim bench` measures besides any scenarios given: the figures
    /// the simulator's speed targets are stated in (`Benchmark.Target`).
    public enum Workload: String, CaseIterable, Sendable {
        /// The scaling flings through 10,000 rows: the frame loop alone.
        case feed10k = "feed-10k"
        /// The same flings through 10,000,000 rows: the frame loop alone.
        case feed10M = "feed-10M"
        /// Building the 10,000,000-row simulation alone: time and bytes allocated per row.
        case setup10M = "setup-10M"
        /// Writing the report of the feed-10k run (building it and its JSON text), per frame.
        case report10k = "report-10k"
        /// A masonry feed of 10,000 photos in 4 columns, rotated between flings: the loop alone.
        case masonry10k = "masonry-10k"
        /// Costly cells (7.5 ms to build) prefetched two viewports ahead: the frame loop alone.
        case prefetchHeavy = "prefetch-heavy"
        /// Every scenario of the suite played once: the most allocations per steady frame.
        case allocations = "allocations"
        /// `scrollsim run SUITE --jobs 1`, then `--jobs 2`, each a process of its own: the
        /// speed-up of two jobs (decoding, playing and writing every report).
        case runJobs = "run-jobs"
        /// A 100-variant sweep (10 list lengths × 10 seeds, 2 s each) on every core: decoding
        /// the variants, playing them, writing their reports.
        case sweep100 = "sweep-100"
        /// Degenerate geometry: 1,000,000 rows of height 0 with no spacing, which a lazy stack
        /// builds all at once (none of them fills the viewport): decoding, set-up, the frame
        /// loop and writing the report with its 3,000,000 events, end to end.
        case zeroHeight1M = "zero-height-1M"
        /// An ensemble of 100 runs of 1,000 frames of the 10,000-row feed on one thread: every
        /// run's set-up, frame loop and summary, and the representative run played again.
        case ensemble100 = "ensemble-100"
        /// The history database at CI scale: 1,000 commits × 60 scenarios recorded (one
        /// transaction per commit), then `history page` over them; measured once whatever
        /// `--runs` says (it takes minutes).
        case historyScale = "history-scale"
        /// `scrollsim run SUITE --jobs 1`, a process of its own: the whole pipeline (decoding,
        /// set-up, loop, summary, report text, files) per simulated frame.
        case suitePipeline = "suite-pipeline"
        /// `scrollsim compare` of the suite's reports with a copy of them, a process of its own:
        /// reading 2 × 62 reports and judging them.
        case compare60 = "compare-60"
        /// `scrollsim history record` of the suite's reports as one commit into a new database.
        case historyRecord = "history-record"

        /// The workloads measured when none are named: all but the slow end-to-end ones
        /// (zero-height-1M, history-scale), which are asked for by name.
        public static let standard: [Workload] = [.feed10k, .feed10M, .setup10M, .report10k, .masonry10k, .prefetchHeavy, .allocations, .runJobs, .sweep100, .ensemble100,
                                                  .suitePipeline, .compare60, .historyRecord]

        public var summary: String {
            switch self {
            case .feed10k: return "frame loop, 10,000 rows, 100 s of flings"
            case .feed10M: return "frame loop, 10,000,000 rows, the same flings"
            case .setup10M: return "set-up of the 10,000,000-row feed"
            case .report10k: return "writing the report of 10 s of the feed's flings through 10,000 rows (building it and its JSON text)"
            case .masonry10k: return "frame loop, masonry of 10,000 photos in 4 columns, rotated 6 times between flings"
            case .prefetchHeavy: return "frame loop, 3,000 cards of 7.5 ms, chunked prefetch 2 viewports ahead"
            case .allocations: return "every suite scenario played once, frame by frame: the largest share of steady frames that allocated"
            case .runJobs: return "run SUITE --jobs 1 ÷ --jobs 2 (wall times of back-to-back processes, each normalised to the cores others left it)"
            case .sweep100: return "100-variant sweep (10 lengths × 10 seeds, 2 s each), reports written to memory"
            case .ensemble100: return "ensemble of 100 runs × 1,000 frames of the 10,000-row feed, one thread: set-up, loop and summary of each run, the representative replayed"
            case .zeroHeight1M: return "1,000,000 rows of height 0, end to end: decode, set-up, loop, report"
            case .historyScale: return "history database: 1,000 commits × 60 scenarios recorded, then the trend pages over them"
            case .suitePipeline: return "run SUITE --jobs 1 in a process of its own: CPU per simulated frame, end to end"
            case .compare60: return "compare of the suite's reports with a copy of them, a process of its own: CPU and peak memory"
            case .historyRecord: return "history record of the suite's reports as one commit into a new database, a process of its own"
            }
        }
    }

    /// What sampling a workload needs besides the workload.
    public struct Context {
        public var harness: Harness
        /// The scenarios directory of `allocations` and `run-jobs` (the shipped `Scenarios`).
        public var suite: String
        /// This program, which `run-jobs` starts as `run SUITE --jobs N`; nil where there is
        /// none to start (inside a test runner), and then `run-jobs` cannot be measured.
        public var executable: String?
        /// Measures the `history-scale` workload (the history database and its pages, which
        /// this library does not link); nil where nobody supplied it, and then that workload
        /// cannot be measured. The command-line tool supplies it.
        public var historyScale: (@Sendable () -> HistoryScaleFigures)?

        public init(harness: Harness, suite: String, executable: String?) {
            self.harness = harness
            self.suite = suite
            self.executable = executable
        }
    }

    /// The prefetch-heavy list: cards that cost 7.5 ms to build, prefetched chunk by chunk two
    /// viewports ahead, through the scaling script's flings.
    public static func prefetchHeavyConfig() -> SimulationConfig {
        let card = ViewTypeSpec(
            name: "card", height: .absolute(.uniform(min: 220, max: 380)),
            costs: .init(initMs: 0.3, bodyMs: 3.2, layoutMs: 4.0, renderMs: 0.08, appearMs: 0.05, jitter: 0.2)
        )
        var config = scalingConfig(rows: 3000)
        config.name = "prefetch-heavy"
        config.content = ContentConfig(count: 3000, types: [card])
        config.stack = StackConfig(prefetch: PrefetchConfig(distance: 2, policy: .chunked))
        return config
    }

    /// The scenario the sweep workload varies (a feed of fixed cells and two flings).
    public static let sweepScenario = """
    {"schema": 1, "name": "bench-sweep", "duration": 2,
     "content": {"count": 1000, "types": [{"name": "row", "height": {"uniform": {"min": 60, "max": 240}}, "bodyMs": 0.4, "layoutMs": 0.3}]},
     "script": [{"at": 0.1, "fling": {"velocity": 6000}}, {"at": 1.0, "fling": {"velocity": -4000}}]}
    """

    /// The masonry workload: 10,000 photos of seeded aspect ratios in 4 fixed columns on an
    /// iPad, flung and rotated between landscape and portrait six times (every rotation changes
    /// the column width, so every height), 15 s.
    static let masonryScenario: String = {
        var script: [String] = []
        for step in 0..<7 {
            let at = 0.5 + Double(step) * 2
            script.append("{\"at\": \(at), \"fling\": {\"velocity\": \(step % 3 == 2 ? -5000 : 5000)}}")
            if step < 6 { script.append("{\"at\": \(at + 1.5), \"rotate\": {\"width\": \(step % 2 == 0 ? 768 : 1024), \"height\": \(step % 2 == 0 ? 1024 : 768)}}") }
        }
        return """
        {"schema": 1, "name": "bench-masonry", "seed": 11, "duration": 15,
         "device": {"viewport": {"width": 1024, "height": 768}},
         "stack": {"kind": "masonryColumns", "spacing": 4, "masonry": {"columns": 4}},
         "content": {"count": 10000, "types": [{"name": "photo", "height": {"aspect": {"uniform": {"min": 0.5, "max": 2}}},
           "initMs": 0.05, "bodyMs": 0.15, "layoutMs": 0.2, "renderMs": 0.05, "appearMs": 0.02}]},
         "script": [\(script.joined(separator: ", "))]}
        """
    }()

    /// Decodes one of the workloads' own scenarios (valid by construction).
    static func builtIn(_ text: String, _ file: String) -> Scenario {
        do {
            return try ScenarioLoader.decode(Array(text.utf8), file: file)
        } catch {
            preconditionFailure("the bench scenario \(file) is valid: \(error)")
        }
    }

    /// How many times one sample plays a loop workload (`feed-10k`, `feed-10M`, `masonry-10k`,
    /// `prefetch-heavy`) or writes `report-10k`'s report, keeping the median: one play is a
    /// millisecond or two of CPU, and in a process of its own (each run of `bench --against`)
    /// its time moved by a third from run to run — first touches of memory, a cold cache, the
    /// scheduler — more than the changes it was asked to judge.
    public static let plays = 5

    /// The feed workloads' flings, one a second: 12,000 frames. The loop's steady cost is what
    /// the targets are about, and a play of the scaling table's 10 s (1,200 frames, about 1 ms)
    /// is mostly its start — caches, branch predictors and memory not yet warm: it measured
    /// 1.1–1.2 µs/frame where a 2,000-second run of the same flings plays at 0.6.
    public static let feedSeconds = 100

    /// Measures `workload` once (a loop workload: the median of `plays` plays).
    /// - Throws: `ScrollSimError` when the suite does not load or a `run-jobs` child fails.
    public static func sample(_ workload: Workload, in context: Context) throws -> Sample {
        let harness = context.harness
        switch workload {
        case .feed10k, .feed10M, .prefetchHeavy, .masonry10k:
            let config: SimulationConfig
            switch workload {
            case .feed10k: config = scalingConfig(rows: 10_000, seconds: feedSeconds)
            case .feed10M: config = scalingConfig(rows: 10_000_000, seconds: feedSeconds)
            case .masonry10k: config = builtIn(masonryScenario, "bench-masonry.json").config
            default: config = prefetchHeavyConfig()
            }
            let measured = (0..<Benchmark.plays).map { _ in harness.run(config).1 }
            return Sample(workload: workload, value: Spread(measured.map(\.loopCPUMicrosecondsPerFrame)).median,
                          wall: Spread(measured.map(\.loopMicrosecondsPerFrame)).median, unit: "µs/frame",
                          extras: [Extra("frames", Double(measured[0].frames), decimals: 0),
                                   Extra("allocations/steady frame", measured.map(\.allocationsPerFrame).max() ?? 0, decimals: 2, worst: true)]
                              + pageFaultsPerFrame(measured))
        case .setup10M:
            let allocator = try allocator(of: harness)
            let config = scalingConfig(rows: 10_000_000)
            let clock = ContinuousClock()
            let before = allocator.threadAllocatedBytes
            let cpu = CPUClock.threadMs()
            let start = clock.now
            let simulation = Simulation(config: config)
            let wall = Harness.milliseconds(clock.now - start)
            let cpuMs = CPUClock.threadMs() - cpu
            let bytes = Double(allocator.threadAllocatedBytes &- before)
            withExtendedLifetime(simulation) {}
            return Sample(workload: workload, value: cpuMs, wall: wall, unit: "ms", extras: [Extra("bytes allocated/row", bytes / 10_000_000)])
        case .report10k:
            let config = scalingConfig(rows: 10_000)
            let scenario = Scenario(file: "feed-10k.json", name: "feed-10k", description: "", config: config, contentHash: "")
            let (result, measurement) = harness.run(config)
            let clock = ContinuousClock()
            var cpuMs: [Double] = []
            var wallMs: [Double] = []
            var bytes = 0
            for _ in 0..<Benchmark.plays {
                let cpu = CPUClock.threadMs()
                let start = clock.now
                bytes = ReportBuilder.render(scenario: scenario, result: result, harness: measurement.figures).text.utf8.count
                wallMs.append(Harness.milliseconds(clock.now - start))
                cpuMs.append(CPUClock.threadMs() - cpu)
            }
            let frames = Double(max(1, result.frames.count))
            return Sample(workload: workload, value: Spread(cpuMs).median * 1000 / frames, wall: Spread(wallMs).median * 1000 / frames, unit: "µs/frame",
                          extras: [Extra("frames", frames, decimals: 0), Extra("report bytes/frame", Double(bytes) / frames, decimals: 0)])
        case .allocations:
            return try allocationsSample(in: context)
        case .runJobs:
            return try runJobsSample(in: context)
        case .suitePipeline:
            return try suitePipelineSample(in: context)
        case .compare60:
            return try compareSample(in: context)
        case .historyRecord:
            return try historyRecordSample(in: context)
        case .sweep100:
            let jobs = OrderedParallel.defaultJobs
            let clock = ContinuousClock()
            let cpu = CPUClock.processMs()
            let start = clock.now
            let count = sweep100(jobs: jobs)
            precondition(count == 100, "the sweep workload has 100 variants")
            let wall = Harness.milliseconds(clock.now - start)
            return Sample(workload: workload, value: CPUClock.processMs() - cpu, wall: wall, unit: "ms",
                          extras: [Extra("threads", Double(jobs), decimals: 0)], note: "CPU of every thread")
        case .ensemble100:
            let scenario = ensembleScenario()
            let clock = ContinuousClock()
            let cpu = CPUClock.threadMs()
            let start = clock.now
            let outcome = Ensemble.play(scenario, jobs: 1)
            let wall = Harness.milliseconds(clock.now - start)
            let cpuMs = CPUClock.threadMs() - cpu
            let frames = outcome.values[Metric.frames.path]!.reduce(0, +)
            return Sample(workload: workload, value: cpuMs, wall: wall, unit: "ms",
                          extras: [Extra("runs", Double(outcome.runs.count), decimals: 0), Extra("frames", frames, decimals: 0),
                                   Extra("µs/frame", cpuMs * 1000 / max(1, frames), decimals: 2)])
        case .zeroHeight1M:
            let figures = zeroHeight(rows: 1_000_000, harness: harness)
            return Sample(workload: workload, value: figures.cpuMs, wall: figures.totalMs, unit: "ms",
                          extras: [Extra("loop CPU ms", figures.loopCPUMs, decimals: 0), Extra("report ms", figures.reportMs, decimals: 0), Extra("events", Double(figures.events), decimals: 0)])
        case .historyScale:
            guard let historyScale = context.historyScale else {
                throw ScrollSimError("history-scale measures the history database and its pages, which only the scrollsim command links")
            }
            let figures = historyScale()
            return Sample(workload: workload, value: figures.recordCPUS, wall: figures.recordWallS, unit: "s to record",
                          extras: [Extra("page CPU s", figures.pageCPUS, decimals: 2), Extra("page wall s", figures.pageWallS, decimals: 2),
                                   Extra("pages", Double(figures.pages), decimals: 0), Extra("database MB", figures.databaseMB),
                                   Extra("values", Double(figures.values), decimals: 0)])
        }
    }

    /// Plays every suite scenario once, frame by frame: the largest share of steady frames that
    /// allocated anything, and which scenario had it. Each frame is judged alone by this
    /// thread's allocated-bytes counter (`SteadyState.allocatingFrames`), which counts every
    /// request when it is made; jemalloc's request counters are merged from the thread cache
    /// when it flushes, so a window of frames can be charged with requests made before it
    /// (`asyncimage-sized` showed 0.005 requests per steady frame while `perf probe` on malloc,
    /// calloc and realloc saw no call from a steady frame). 0 means no steady frame of any
    /// scenario allocated.
    static func allocationsSample(in context: Context) throws -> Sample {
        let scenarios = try suite(context.suite)
        let allocator = try Benchmark.allocator(of: context.harness)
        var worst = 0.0
        var worstName = scenarios.first?.name ?? ""
        var worstFrame: SteadyState.Allocation?
        var allocating = 0
        let cpu = CPUClock.threadMs()
        for scenario in scenarios {
            let found = SteadyState.allocatingFrames(scenario.config, allocator: allocator)
            guard found.frames > 0, found.steadyFrames > 0 else { continue }
            allocating += 1
            let share = Double(found.frames) / Double(found.steadyFrames)
            if share > worst {
                worst = share
                worstName = scenario.name
                worstFrame = found.first.first
            }
        }
        return Sample(workload: .allocations, value: worst, wall: nil, unit: "allocating frames/steady frame",
                      extras: [Extra("scenarios", Double(scenarios.count), decimals: 0), Extra("scenarios allocating", Double(allocating), decimals: 0, worst: true),
                               Extra("CPU ms", CPUClock.threadMs() - cpu, decimals: 0)],
                      note: worst > 0 ? "most in \(worstName)\(worstFrame.map { " (first: \($0))" } ?? "")" : nil)
    }

    /// Loads the suite when one of `workloads` plays it (allocations, run-jobs), so that a
    /// suite that is missing or does not load is refused before anything is measured.
    public static func checkSuite(_ directory: String, workloads: [Workload]) throws {
        guard workloads.contains(where: [.allocations, .runJobs, .suitePipeline, .compare60, .historyRecord].contains) else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw ScrollSimError("the suite \(directory) of the allocations and run-jobs workloads does not exist: give --suite DIR (or a directory of scenarios), or leave those workloads out (--workloads)")
        }
        _ = try suite(directory)
    }

    /// The suite's scenarios, loaded as `scrollsim run` loads them.
    static func suite(_ directory: String) throws -> [Scenario] {
        do {
            return try ScenarioLoader.expand([directory]).map { try ScenarioLoader.load(path: $0) }
        } catch let error as ScrollSimError {
            throw ScrollSimError("the suite \(directory) does not load: \(error.problems.map(\.description).joined(separator: "; "))")
        }
    }

    /// `run SUITE --jobs 1` then `--jobs 2`, each a process of its own writing to a temporary
    /// directory: the speed-up is the ratio of their wall times, each normalised to the cores
    /// it could have had (`MachineCPU.normalisedWall`: the machine's busy time is read before
    /// and after each child, and what others took while it ran is taken out). Two runs back to
    /// back do not meet the same competition — with one other busy thread on two cores a
    /// `--jobs 1` run keeps a core while `--jobs 2` gets two thirds of two — so the raw ratio
    /// (printed beside it) moves with the machine's load. Where the system does not account
    /// for its CPU time (`MachineCPU.now()` is nil), the raw ratio is the figure.
    static func runJobsSample(in context: Context) throws -> Sample {
        guard let executable = context.executable else {
            throw ScrollSimError("run-jobs starts this program as a child, and there is none to start here")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-bench-\(getpid())-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var runs: [(child: ChildProcess, normalisedMs: Double?, othersCores: Double?)] = []
        for jobs in [1, 2] {
            let before = MachineCPU.now()
            let child = try ChildProcess.run(executable, ["run", context.suite, "--jobs", "\(jobs)", "--out", "\(directory)/jobs-\(jobs)", "--quiet"])
            let after = MachineCPU.now()
            // Exit status 1 is a budget exceeded: the run was whole.
            guard child.status == 0 || child.status == 1 else {
                throw ScrollSimError("\(executable) run \(context.suite) --jobs \(jobs) exited with status \(child.status): \(child.err.split(separator: "\n").first ?? "")")
            }
            if let before, let after, child.wallMs > 0 {
                let busy = after.busyMs - before.busyMs
                runs.append((child, MachineCPU.normalisedWall(wallMs: child.wallMs, processCPUMs: child.cpuMs, machineBusyMs: busy, cores: after.cores, jobs: jobs),
                             MachineCPU.othersCores(wallMs: child.wallMs, processCPUMs: child.cpuMs, machineBusyMs: busy)))
            } else {
                runs.append((child, nil, nil))
            }
        }
        let rawRatio = runs[0].child.wallMs / max(runs[1].child.wallMs, 1e-9)
        var extras = [Extra("wall ratio", rawRatio, decimals: 2),
                      Extra("jobs-1 wall ms", runs[0].child.wallMs, decimals: 0), Extra("jobs-1 CPU ms", runs[0].child.cpuMs, decimals: 0),
                      Extra("jobs-2 wall ms", runs[1].child.wallMs, decimals: 0), Extra("jobs-2 CPU ms", runs[1].child.cpuMs, decimals: 0)]
        var value = rawRatio
        if let one = runs[0].normalisedMs, let two = runs[1].normalisedMs, let othersOne = runs[0].othersCores, let othersTwo = runs[1].othersCores {
            value = one / max(two, 1e-9)
            extras += [Extra("others' cores, jobs 1", othersOne, decimals: 2), Extra("others' cores, jobs 2", othersTwo, decimals: 2)]
        }
        return Sample(workload: .runJobs, value: value, wall: nil, unit: "× faster", extras: extras)
    }

    /// The loop's page faults per frame, the median over the plays (none where the system does
    /// not count them per thread): time `callgrind` does not see.
    static func pageFaultsPerFrame(_ measured: [Harness.Measurement]) -> [Extra] {
        let perFrame = measured.compactMap { m in m.loopPageFaults.map { Double($0) / Double(max(1, m.frames)) } }
        guard perFrame.count == measured.count, !perFrame.isEmpty else { return [] }
        return [Extra(pageFaultsName, Spread(perFrame).median, decimals: 3)]
    }

    /// The ensemble workload's scenario: the feed of the loop workloads, 10,000 rows, its
    /// flings for 1,000 frames (1000 / 120 s), as an ensemble of 100 runs (cost jitter 0.2 and
    /// the touch phase vary between runs).
    static func ensembleScenario() -> Scenario {
        var config = scalingConfig(rows: 10_000, seconds: 9)
        config.duration = 1000.0 / 120
        var scenario = Scenario(file: "ensemble-100.json", name: "ensemble-100", description: "", config: config, contentHash: "")
        scenario.ensemble = EnsemblePlan(runs: 100)
        return scenario
    }

    /// The zero-height workload's scenario: every row 0 pt high, no spacing, and a fling that
    /// cannot move anything.
    static func zeroHeightScenario(rows: Int) -> String {
        """
        {"schema": 1, "name": "zero-height", "duration": 1, "stack": {"spacing": 0},
         "content": {"count": \(rows), "types": [{"name": "empty", "height": {"fixed": 0}}]},
         "script": [{"at": 0, "fling": {"velocity": 3000}}]}
        """
    }

    /// Plays the zero-height scenario end to end (decode, set-up, loop, report text) and
    /// returns its wall and CPU time in ms, the loop's CPU, the report's wall time and the
    /// events written.
    static func zeroHeight(rows: Int, harness: Harness) -> (totalMs: Double, cpuMs: Double, loopCPUMs: Double, reportMs: Double, events: Int) {
        let clock = ContinuousClock()
        let cpu = CPUClock.threadMs()
        let start = clock.now
        let scenario = builtIn(zeroHeightScenario(rows: rows), "zero-height.json")
        let (result, measurement) = harness.run(scenario.config)
        let rendered = ReportBuilder.render(scenario: scenario, result: result, harness: measurement.figures)
        let reportMs = rendered.root["harness"]?["reportWriteMs"]?.numberValue ?? 0
        return (Harness.milliseconds(clock.now - start), CPUClock.threadMs() - cpu, measurement.loopCPUMs, reportMs, result.events.count)
    }

    /// Decodes, plays and writes the reports of the 100 variants; returns how many it wrote.
    static func sweep100(jobs: Int) -> Int {
        do {
            let bytes = Array(sweepScenario.utf8)
            let base = try ScenarioLoader.decode(bytes, file: "bench-sweep.json")
            let plan = try SweepPlan(file: "bench-sweep.json", root: try JSONParser.parse(bytes), name: base.name, contentHash: base.contentHash, axes: [
                SweepAxis(keyPath: try JSONKeyPath("content.count"), values: (1...10).map { .number(Double($0 * 1000)) }),
                SweepAxis(keyPath: try JSONKeyPath("seed"), values: (1...10).map { .number(Double($0)) }),
            ], metric: .hitchRatio, objective: .min)
            let scenarios = try plan.scenarios(Array(0..<plan.count), directory: nil)
            let writer = JSONWriter()
            let texts = try OrderedParallel.map(scenarios, jobs: jobs) { writer.string(Baseline.report(for: $0)) }
            return texts.filter { !$0.isEmpty }.count
        } catch {
            preconditionFailure("the bench sweep scenario is valid: \(error)")
        }
    }
}
