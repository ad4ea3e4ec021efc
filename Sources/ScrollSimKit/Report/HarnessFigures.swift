/// What the simulator itself cost while playing a scenario: the report's `harness` section.
///
/// A plain value, so the report builder needs no allocator: the `ScrollSimHarness` library
/// measures these figures with jemalloc (`Harness.Measurement.figures`), and `scrollsim run`
/// passes them to `ReportBuilder.build(scenario:result:harness:)`. Reports built without a
/// harness (`harness: nil`, as baselines and tests do) have no `harness` section.
///
/// Nothing here is deterministic: wall time and allocations change from run to run, so the
/// section is never compared and is left out of baselines.
public struct HarnessFigures: Equatable, Sendable {
    /// The allocator that counted the allocations, with its version (`jemalloc 5.3.0-0-g…`).
    public var allocator: String
    /// `release` or `debug`: the build the simulator ran in. Measure allocations with a release
    /// build; a debug build allocates in code the optimizer removes.
    public var build: String
    /// Wall-clock time of the whole run, set-up included.
    public var wallTimeMs: Double
    /// Frames simulated per wall-clock second over the whole run.
    public var simulatedFramesPerSecond: Double
    /// Wall-clock microseconds per steady-state frame.
    public var microsecondsPerFrame: Double
    /// Bytes the simulator allocated during the whole run.
    public var allocatedBytes: UInt64
    /// Allocation requests during the whole run.
    public var allocations: UInt64
    /// Frames after the warm-up (one simulated second, or a quarter of a shorter run).
    public var steadyStateFrames: Int
    /// Allocation requests per steady-state frame (the engine aims for 0).
    public var allocationsPerFrame: Double
    /// Bytes allocated per steady-state frame.
    public var bytesPerFrame: Double
    /// Bytes allocated by the whole process at the end of the run.
    public var processAllocatedBytes: UInt64

    public init(
        allocator: String, build: String, wallTimeMs: Double, simulatedFramesPerSecond: Double,
        microsecondsPerFrame: Double, allocatedBytes: UInt64, allocations: UInt64, steadyStateFrames: Int,
        allocationsPerFrame: Double, bytesPerFrame: Double, processAllocatedBytes: UInt64
    ) {
        self.allocator = allocator
        self.build = build
        self.wallTimeMs = wallTimeMs
        self.simulatedFramesPerSecond = simulatedFramesPerSecond
        self.microsecondsPerFrame = microsecondsPerFrame
        self.allocatedBytes = allocatedBytes
        self.allocations = allocations
        self.steadyStateFrames = steadyStateFrames
        self.allocationsPerFrame = allocationsPerFrame
        self.bytesPerFrame = bytesPerFrame
        self.processAllocatedBytes = processAllocatedBytes
    }
}
