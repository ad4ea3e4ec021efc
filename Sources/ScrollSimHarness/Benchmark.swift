import ScrollSimEngine
import ScrollSimKit

/// `scrollsim bench`: how fast the simulator is, whether a frame's cost grows with the list,
/// and whether the frame loop allocates.
///
/// Machines here are shared and noisy, so every timed figure is CPU time (`CPUClock`: what the
/// work cost, not how long it waited for a core) with wall time beside it, the median of
/// several runs with their spread (`Spread`), and the machine's load at the start and the end
/// (`MachineLoad`). To judge a change, compare two builds on the same machine at the same time
/// with `bench --against` (`Benchmark.Against`): paired ratios of interleaved runs. Nothing
/// here asserts a speed: the numbers are written down (Reports/bench.md), not tested.
public enum Benchmark {
    public struct ScenarioFigures: Equatable, Sendable {
        public var name: String
        public var frames: Int
        public var runs: Int
        public var medianWallMs: Double
        public var medianMicrosecondsPerFrame: Double
        /// CPU microseconds per steady-state frame, the median of the runs.
        public var medianCPUMicrosecondsPerFrame: Double
        /// Simulated seconds per wall-clock second.
        public var realTimeFactor: Double
        /// The most any run allocated per steady-state frame.
        public var allocationsPerFrame: Double
        public var bytesPerFrame: Double
    }

    public struct ScalingPoint: Equatable, Sendable {
        public var rows: Int
        /// CPU time of the set-up (this thread's), the median of the runs.
        public var medianSetupMs: Double
        /// Wall microseconds per steady-state frame.
        public var medianMicrosecondsPerFrame: Double
        /// CPU microseconds per steady-state frame.
        public var medianCPUMicrosecondsPerFrame: Double
        public var allocationsPerFrame: Double
    }

    /// A workload's samples, one per run, and their summaries.
    public struct WorkloadFigures: Equatable, Sendable {
        public var workload: Workload
        /// Never empty.
        public var samples: [Sample]

        /// - Precondition: `samples` is not empty.
        public init(workload: Workload, samples: [Sample]) {
            precondition(!samples.isEmpty, "a workload measured no runs")
            self.workload = workload
            self.samples = samples
        }

        public var unit: String { samples[0].unit }
        /// The headline figure (CPU time for the timed workloads) over the runs.
        public var value: Spread { Spread(samples.map(\.value)) }
        /// Wall time over the runs, where every sample has one.
        public var wall: Spread? {
            let walls = samples.compactMap(\.wall)
            return walls.count == samples.count ? Spread(walls) : nil
        }
        /// Each extra figure over the runs: the median, or the largest for a `worst` one.
        public var extras: [Extra] {
            samples[0].extras.indices.map { i in
                var extra = samples[0].extras[i]
                let values = samples.compactMap { i < $0.extras.count ? $0.extras[i].value : nil }
                extra.value = extra.worst ? (values.max() ?? 0) : Spread(values).median
                return extra
            }
        }
        /// The note of the run with the largest figure (the run that allocated most, …).
        public var note: String? { samples.max { $0.value < $1.value }?.note }
    }

    public struct Result: Equatable, Sendable {
        public var runs: Int
        public var scenarios: [ScenarioFigures]
        public var scaling: [ScalingPoint]
        /// The fixed workloads (`Workload`), in the order asked for.
        public var workloads: [WorkloadFigures]
        public var optimized: Bool
        public var allocator: String
        public var loadAtStart: MachineLoad
        public var loadAtEnd: MachineLoad
    }

    /// The list every scaling point plays: the same flings through lists of different lengths,
    /// one a second (10 s of them for the scaling table; the loop workloads play 100 s).
    public static func scalingConfig(rows: Int, seconds: Int = 10) -> SimulationConfig {
        let card = ViewTypeSpec(
            name: "card", height: .absolute(.uniform(min: 80, max: 320)),
            costs: .init(initMs: 0.05, bodyMs: 0.15, layoutMs: 0.2, renderMs: 0.03, appearMs: 0.01, jitter: 0.2)
        )
        let script = (0..<seconds).map { ScriptEvent(at: 0.2 + Double($0), action: .fling(velocity: $0 % 4 == 3 ? -7000 : 9000, deceleration: DecelerationRate.normal)) }
        return SimulationConfig(name: "scaling-\(rows)", seed: 42, duration: Double(seconds), content: ContentConfig(count: rows, types: [card]), script: script)
    }

    /// jemalloc's counters: bench reports allocations per frame and bytes per row, so a build
    /// without jemalloc (the sanitizer build, `SCROLLSIM_ALLOCATOR=system`) cannot benchmark.
    /// - Throws: `ScrollSimError`, before any work, in such a build.
    public static func allocator(of harness: Harness) throws -> Allocator {
        guard let allocator = harness.allocator else {
            throw ScrollSimError("bench measures allocations with jemalloc, and \(Allocator.systemBuildNote); rebuild without SCROLLSIM_ALLOCATOR=system to benchmark")
        }
        return allocator
    }

    /// Whether this build is optimized (`swift build -c release`).
    public static var optimized: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    /// Plays each scenario and scaling size `runs` times, then the workloads round by round
    /// (`runs` rounds of one run each; `history-scale` in the first only).
    /// - Throws: `ScrollSimError` in a build without jemalloc; `ScrollSimError` when a
    ///   workload cannot be measured.
    public static func run(scenarios: [Scenario], sizes: [Int], runs: Int, workloads: [Workload] = Workload.standard, context: Context) throws -> Result {
        precondition(runs > 0, "runs must be positive")
        let harness = context.harness
        let allocator = try allocator(of: harness)
        let loadAtStart = MachineLoad.now()
        var figures: [ScenarioFigures] = []
        for scenario in scenarios {
            let measurements = (0..<runs).map { _ in harness.run(scenario.config).1 }
            let wallMs = Spread(measurements.map(\.wallTimeMs)).median
            figures.append(ScenarioFigures(
                name: scenario.name,
                frames: measurements[0].frames,
                runs: runs,
                medianWallMs: wallMs,
                medianMicrosecondsPerFrame: Spread(measurements.map(\.microsecondsPerFrame)).median,
                medianCPUMicrosecondsPerFrame: Spread(measurements.map(\.cpuMicrosecondsPerFrame)).median,
                realTimeFactor: scenario.config.duration * 1000 / max(wallMs, 1e-9),
                allocationsPerFrame: measurements.map(\.allocationsPerFrame).max() ?? 0,
                bytesPerFrame: measurements.map(\.bytesPerFrame).max() ?? 0
            ))
        }
        var scaling: [ScalingPoint] = []
        for rows in sizes {
            let measurements = (0..<runs).map { _ in harness.run(scalingConfig(rows: rows)).1 }
            scaling.append(ScalingPoint(rows: rows, medianSetupMs: Spread(measurements.map(\.setupCPUMs)).median,
                                        medianMicrosecondsPerFrame: Spread(measurements.map(\.microsecondsPerFrame)).median,
                                        medianCPUMicrosecondsPerFrame: Spread(measurements.map(\.cpuMicrosecondsPerFrame)).median,
                                        allocationsPerFrame: measurements.map(\.allocationsPerFrame).max() ?? 0))
        }
        // Round by round (run 1 of every workload, then run 2 of every one, …): each round meets
        // the machine at one moment, so a ratio of two workloads (10M ÷ 10k) is taken round by
        // round, and a slow minute weighs on every workload alike instead of on one.
        var samples = [[Sample]](repeating: [], count: workloads.count)
        for round in 0..<runs {
            for (i, workload) in workloads.enumerated() where round == 0 || workload != .historyScale {
                samples[i].append(try sample(workload, in: context))
            }
        }
        let workloadFigures = zip(workloads, samples).map { WorkloadFigures(workload: $0, samples: $1) }
        return Result(runs: runs, scenarios: figures, scaling: scaling, workloads: workloadFigures, optimized: optimized,
                      allocator: "jemalloc \(allocator.version)", loadAtStart: loadAtStart, loadAtEnd: MachineLoad.now())
    }
}
