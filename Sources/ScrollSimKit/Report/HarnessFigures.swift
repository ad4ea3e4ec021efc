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
    /// Wall-clock time of the whole run: set-up, frame loop and summary.
    public var wallTimeMs: Double
    /// Building the simulation (rows, heights, the position index) before the first frame.
    public var setupMs: Double
    /// The frame loop alone.
    public var loopMs: Double
    /// Frames simulated per wall-clock second of the frame loop (set-up left out).
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
    /// The process's peak resident set size when the run ended (a high-water mark of the
    /// whole process, earlier runs of the same process included).
    public var peakResidentBytes: UInt64
    /// Building this report and writing it as JSON text (`ReportBuilder.render`): the figure
    /// is measured before the harness section is added; the file-system write after it is not
    /// included. Nil until the report is rendered.
    public var reportWriteMs: Double?
    /// False when the simulator was built without jemalloc (`SCROLLSIM_ALLOCATOR=system`, for
    /// the sanitizers): the allocation figures were not measured, and the report leaves them out
    /// rather than writing zeros.
    public var allocationsCounted: Bool
    /// For an ensemble: how many runs were played, and their wall-clock and CPU time together
    /// (the representative run's replay, which the figures above measure, left out). Nil for a
    /// single run.
    public var ensembleRuns: Int?
    public var ensembleWallMs: Double?
    public var ensembleCPUMs: Double?

    public init(
        allocator: String, build: String, wallTimeMs: Double, simulatedFramesPerSecond: Double,
        microsecondsPerFrame: Double, allocatedBytes: UInt64, allocations: UInt64, steadyStateFrames: Int,
        allocationsPerFrame: Double, bytesPerFrame: Double, processAllocatedBytes: UInt64,
        setupMs: Double = 0, loopMs: Double = 0, peakResidentBytes: UInt64 = 0, reportWriteMs: Double? = nil, allocationsCounted: Bool = true
    ) {
        self.allocationsCounted = allocationsCounted
        self.allocator = allocator
        self.build = build
        self.wallTimeMs = wallTimeMs
        self.setupMs = setupMs
        self.loopMs = loopMs
        self.peakResidentBytes = peakResidentBytes
        self.reportWriteMs = reportWriteMs
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
