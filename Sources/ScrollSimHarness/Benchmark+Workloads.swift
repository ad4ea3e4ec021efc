import Foundation
import ScrollSimEngine
import ScrollSimKit

extension Benchmark {
    /// The fixed workloads `scrollsim bench` measures besides any scenarios given: the figures
    /// the simulator's speed targets are stated in.
    public enum Workload: String, CaseIterable, Sendable {
        /// The scaling flings through 10,000 rows: the frame loop alone.
        case feed10k = "feed-10k"
        /// The same flings through 10,000,000 rows: the frame loop alone.
        case feed10M = "feed-10M"
        /// Building the 10,000,000-row simulation alone: time and bytes allocated per row.
        case setup10M = "setup-10M"
        /// Costly cells (7.5 ms to build) prefetched two viewports ahead: the frame loop alone.
        case prefetchHeavy = "prefetch-heavy"
        /// A 100-variant sweep (10 list lengths × 10 seeds, 2 s each) on every core: decoding
        /// the variants, playing them, writing their reports.
        case sweep100 = "sweep-100"
        /// Degenerate geometry: 1,000,000 rows of height 0 with no spacing, which a lazy stack
        /// builds all at once (none of them fills the viewport): decoding, set-up, the frame
        /// loop and writing the report with its 3,000,000 events, end to end.
        case zeroHeight1M = "zero-height-1M"
        /// The history database at CI scale: 1,000 commits × 60 scenarios recorded (one
        /// transaction per commit), then `history page` over them; measured once whatever
        /// `--runs` says (it takes about a minute).
        case historyScale = "history-scale"

        public var summary: String {
            switch self {
            case .feed10k: return "frame loop, 10,000 rows, 10 s of flings"
            case .feed10M: return "frame loop, 10,000,000 rows, the same flings"
            case .setup10M: return "set-up of the 10,000,000-row feed"
            case .prefetchHeavy: return "frame loop, 3,000 cards of 7.5 ms, chunked prefetch 2 viewports ahead"
            case .sweep100: return "100-variant sweep (10 lengths × 10 seeds, 2 s each), reports written to memory"
            case .zeroHeight1M: return "1,000,000 rows of height 0, end to end: decode, set-up, loop, report"
            case .historyScale: return "history database: 1,000 commits × 60 scenarios recorded, then the trend pages over them"
            }
        }
    }

    public struct WorkloadFigures: Equatable, Sendable {
        public var workload: Workload
        /// The median of the runs, in `unit`.
        public var median: Double
        public var unit: String
        /// The other figure that goes with it (allocations per frame, bytes per row, …).
        public var detail: String
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
    static let sweepScenario = """
    {"schema": 1, "name": "bench-sweep", "duration": 2,
     "content": {"count": 1000, "types": [{"name": "row", "height": {"uniform": {"min": 60, "max": 240}}, "bodyMs": 0.4, "layoutMs": 0.3}]},
     "script": [{"at": 0.1, "fling": {"velocity": 6000}}, {"at": 1.0, "fling": {"velocity": -4000}}]}
    """

    /// - Throws: `Allocator.Unavailable` in a build without jemalloc.
    public static func run(workloads: [Workload], runs: Int, harness: Harness) throws -> [WorkloadFigures] {
        let allocator = try allocator(of: harness)
        return workloads.map { workload in
            switch workload {
            case .feed10k, .feed10M, .prefetchHeavy:
                let config = workload == .prefetchHeavy ? prefetchHeavyConfig() : scalingConfig(rows: workload == .feed10k ? 10_000 : 10_000_000)
                let measurements = (0..<runs).map { _ in harness.run(config).1 }
                let perFrame = measurements.map { $0.frames > 0 ? $0.loopMs * 1000 / Double($0.frames) : 0 }
                let allocations = measurements.map(\.allocationsPerFrame).max() ?? 0
                return WorkloadFigures(workload: workload, median: median(perFrame), unit: "µs/frame",
                                       detail: "\(measurements[0].frames) frames; \(DisplayFormat.fixed(allocations, 2)) allocations/frame in steady state")
            case .setup10M:
                let config = scalingConfig(rows: 10_000_000)
                var times: [Double] = []
                var bytes: [Double] = []
                for _ in 0..<runs {
                    let clock = ContinuousClock()
                    let before = allocator.threadAllocatedBytes
                    let start = clock.now
                    let simulation = Simulation(config: config)
                    times.append(Harness.milliseconds(clock.now - start))
                    bytes.append(Double(allocator.threadAllocatedBytes &- before))
                    withExtendedLifetime(simulation) {}
                }
                return WorkloadFigures(workload: workload, median: median(times), unit: "ms",
                                       detail: "\(DisplayFormat.fixed(median(bytes) / 10_000_000, 1)) bytes allocated per row")
            case .sweep100:
                let jobs = OrderedParallel.defaultJobs
                var times: [Double] = []
                for _ in 0..<runs {
                    let clock = ContinuousClock()
                    let start = clock.now
                    let count = sweep100(jobs: jobs)
                    precondition(count == 100, "the sweep workload has 100 variants")
                    times.append(Harness.milliseconds(clock.now - start))
                }
                return WorkloadFigures(workload: workload, median: median(times), unit: "ms",
                                       detail: "\(DisplayFormat.fixed(median(times) / 100, 2)) ms per variant on \(jobs) thread\(jobs == 1 ? "" : "s")")
            case .historyScale:
                let figures = historyScale()
                return WorkloadFigures(workload: workload, median: figures.recordWallS, unit: "s to record",
                                       detail: "record CPU \(DisplayFormat.fixed(figures.recordCPUS, 1)) s; page \(DisplayFormat.fixed(figures.pageWallS, 2)) s wall, \(DisplayFormat.fixed(figures.pageCPUS, 2)) s CPU, \(figures.pages) pages; database \(DisplayFormat.fixed(figures.databaseMB, 1)) MB (\(DisplayFormat.integer(Double(figures.values))) values); one run")
            case .zeroHeight1M:
                let runs = (0..<runs).map { _ in zeroHeight(rows: 1_000_000, harness: harness) }
                return WorkloadFigures(workload: workload, median: median(runs.map(\.totalMs)), unit: "ms",
                                       detail: "loop \(DisplayFormat.fixed(median(runs.map(\.loopMs)), 0)) ms, report \(DisplayFormat.fixed(median(runs.map(\.reportMs)), 0)) ms; \(DisplayFormat.integer(Double(runs[0].events))) events")
            }
        }
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
    /// returns its wall time in ms, the loop's and the report's, and the events written.
    static func zeroHeight(rows: Int, harness: Harness) -> (totalMs: Double, loopMs: Double, reportMs: Double, events: Int) {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let scenario = try ScenarioLoader.decode(Array(zeroHeightScenario(rows: rows).utf8), file: "zero-height.json")
            let (result, measurement) = harness.run(scenario.config)
            let rendered = ReportBuilder.render(scenario: scenario, result: result, harness: measurement.figures)
            let reportMs = rendered.root["harness"]?["reportWriteMs"]?.numberValue ?? 0
            return (Harness.milliseconds(clock.now - start), measurement.loopMs, reportMs, result.events.count)
        } catch {
            preconditionFailure("the zero-height scenario is valid: \(error)")
        }
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
