import ScrollSimEngine
import ScrollSimKit

/// `scrollsim bench`: how fast the simulator is, whether a frame's cost grows with the list,
/// and whether the frame loop allocates.
///
/// Machines here are noisy, so every figure is the median of several runs made back to back in
/// one process, and the scaling table is read as ratios against its smallest list, measured in
/// the same run. Nothing here asserts a speed: the numbers are written down (README, Reports/),
/// not tested.
public enum Benchmark {
    public struct ScenarioFigures: Equatable, Sendable {
        public var name: String
        public var frames: Int
        public var runs: Int
        public var medianWallMs: Double
        public var medianMicrosecondsPerFrame: Double
        /// Simulated seconds per wall-clock second.
        public var realTimeFactor: Double
        /// The most any run allocated per steady-state frame.
        public var allocationsPerFrame: Double
        public var bytesPerFrame: Double
    }

    public struct ScalingPoint: Equatable, Sendable {
        public var rows: Int
        public var medianSetupMs: Double
        public var medianMicrosecondsPerFrame: Double
        public var allocationsPerFrame: Double
    }

    public struct Result: Equatable, Sendable {
        public var runs: Int
        public var scenarios: [ScenarioFigures]
        public var scaling: [ScalingPoint]
        /// The fixed workloads (`Workload`), in the order asked for.
        public var workloads: [WorkloadFigures]
        public var optimized: Bool
        public var allocator: String
    }

    /// The list every scaling point plays: the same flings through lists of different lengths.
    public static func scalingConfig(rows: Int) -> SimulationConfig {
        let card = ViewTypeSpec(
            name: "card", height: .absolute(.uniform(min: 80, max: 320)),
            costs: .init(initMs: 0.05, bodyMs: 0.15, layoutMs: 0.2, renderMs: 0.03, appearMs: 0.01, jitter: 0.2)
        )
        let script = (0..<10).map { ScriptEvent(at: 0.2 + Double($0), action: .fling(velocity: $0 % 4 == 3 ? -7000 : 9000, deceleration: DecelerationRate.normal)) }
        return SimulationConfig(name: "scaling-\(rows)", seed: 42, duration: 10, content: ContentConfig(count: rows, types: [card]), script: script)
    }

    /// jemalloc's counters: bench reports allocations per frame and bytes per row, so a build
    /// without jemalloc (the sanitizer build, `SCROLLSIM_ALLOCATOR=system`) cannot benchmark.
    /// - Throws: `Allocator.Unavailable`, before any work, in such a build.
    static func allocator(of harness: Harness) throws -> Allocator {
        guard let allocator = harness.allocator else {
            throw Allocator.Unavailable(description: "bench measures allocations with jemalloc, and \(Allocator.systemBuildNote); rebuild without SCROLLSIM_ALLOCATOR=system to benchmark")
        }
        return allocator
    }

    /// - Throws: `Allocator.Unavailable` in a build without jemalloc.
    public static func run(scenarios: [Scenario], sizes: [Int], runs: Int, workloads: [Workload] = Workload.allCases, harness: Harness) throws -> Result {
        precondition(runs > 0, "runs must be positive")
        let allocator = try allocator(of: harness)
        var figures: [ScenarioFigures] = []
        for scenario in scenarios {
            let measurements = (0..<runs).map { _ in harness.run(scenario.config).1 }
            figures.append(ScenarioFigures(
                name: scenario.name,
                frames: measurements[0].frames,
                runs: runs,
                medianWallMs: median(measurements.map(\.wallTimeMs)),
                medianMicrosecondsPerFrame: median(measurements.map(\.microsecondsPerFrame)),
                realTimeFactor: scenario.config.duration * 1000 / max(median(measurements.map(\.wallTimeMs)), 1e-9),
                allocationsPerFrame: measurements.map(\.allocationsPerFrame).max() ?? 0,
                bytesPerFrame: measurements.map(\.bytesPerFrame).max() ?? 0
            ))
        }
        var scaling: [ScalingPoint] = []
        for rows in sizes {
            let config = scalingConfig(rows: rows)
            var setups: [Double] = []
            var perFrame: [Double] = []
            var allocations = 0.0
            for _ in 0..<runs {
                let clock = ContinuousClock()
                let start = clock.now
                _ = Simulation(config: config)
                setups.append(Harness.milliseconds(clock.now - start))
                let measurement = harness.run(config).1
                perFrame.append(measurement.microsecondsPerFrame)
                allocations = max(allocations, measurement.allocationsPerFrame)
            }
            scaling.append(ScalingPoint(rows: rows, medianSetupMs: median(setups), medianMicrosecondsPerFrame: median(perFrame), allocationsPerFrame: allocations))
        }
        let workloadFigures = try run(workloads: workloads, runs: runs, harness: harness)
        #if DEBUG
        let optimized = false
        #else
        let optimized = true
        #endif
        return Result(runs: runs, scenarios: figures, scaling: scaling, workloads: workloadFigures, optimized: optimized, allocator: "jemalloc \(allocator.version)")
    }

    /// The median (the mean of the middle two for an even count): `Percentiles`' p50.
    public static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : Percentiles.interpolated(values.sorted(), 0.5)
    }
}
