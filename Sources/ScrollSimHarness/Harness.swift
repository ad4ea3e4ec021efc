import Foundation
import ScrollSimEngine
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a simulation while measuring the simulator itself: wall time and real allocations.
///
/// A run is measured in parts that each mean one thing: the set-up (building the rows and the
/// position index, `setupMs`), the frame loop (`loopMs`, and `simulatedFramesPerSecond` over the
/// loop alone), and the steady state — every frame after a warm-up of one simulated second (or
/// the first quarter of the run, if shorter), which leaves out the launch and the first
/// buffers' growth. The engine is built to allocate nothing per frame in steady state;
/// `allocationsPerFrame` is how that promise is checked: it leaves out the frames in which the
/// content changed shape (a rotation, elements arriving: ``SteadyState``), which a real list
/// pays for once as well.
///
/// Allocation requests are read from jemalloc's arena counters, which need a flush of the
/// thread's cache and a refresh of the statistics (``Allocator/allocationRequests()``); they
/// are read at the start and end of the steady state and after each steady frame that moved
/// this thread's byte counter (one memory read a frame), never inside a frame, and that time
/// is left out of the figures as the progress reports' is. The steady figure adds up only what
/// those reads found after frames that allocated on this thread: a run whose steady frames
/// allocate nothing counts 0, whatever other threads of the process (or jemalloc's merging of
/// its caches) move the shared counters by meanwhile. The process's peak resident set
/// (`peakResidentBytes`) is read when the run ends.
///
/// In a build without jemalloc (`SCROLLSIM_ALLOCATOR=system`, for the sanitizers) the harness
/// measures time and the resident set but counts no allocations: `allocator` is nil and the
/// figures say so (`Measurement.allocationsCounted`) rather than reporting zeros.
public struct Harness {
    /// jemalloc's counters; nil in a build without jemalloc.
    public let allocator: Allocator?

    /// Whether this build counts allocations (links jemalloc).
    public static var countsAllocations: Bool { Allocator.isLinked }

    /// - Parameter ownArena: measure this thread's allocation requests alone
    ///   (`Allocator.open(ownArena:)`), for a harness on one of several measuring threads.
    /// - Throws: `ScrollSimError` when the build links jemalloc but it does not answer
    ///   or is not the process's allocator (a build without jemalloc does not throw).
    public init(ownArena: Bool = false) throws {
        allocator = Allocator.isLinked ? try Allocator.open(ownArena: ownArena) : nil
    }

    public struct Measurement: Equatable, Sendable {
        /// The whole run: set-up, frame loop and summary.
        public var wallTimeMs: Double
        /// Building the simulation: rows, heights, the position index.
        public var setupMs: Double
        /// The frame loop alone (progress reports, when asked for, left out).
        public var loopMs: Double
        public var frames: Int
        public var allocatedBytes: UInt64
        public var allocations: UInt64
        public var steadyStateFrames: Int
        public var steadyStateAllocations: UInt64
        public var steadyStateBytes: UInt64
        /// Wall time of the steady-state frames alone (no set-up, no warm-up).
        public var steadyStateWallMs: Double
        public var processAllocatedBytes: UInt64
        /// The process's peak resident set size when the run ended (a high-water mark of the
        /// whole process, so it includes earlier runs of the same process).
        public var peakResidentBytes: UInt64
        /// jemalloc's version, or `Allocator.systemBuildNote` when allocations were not counted.
        public var allocatorVersion: String
        /// False in a build without jemalloc: the allocation figures above are then 0 and
        /// mean nothing (reports leave them out).
        public var allocationsCounted: Bool = true
        /// This thread's CPU time (`CPUClock.threadMs`) of the set-up, the frame loop and the
        /// steady-state frames: what the work cost, however long it waited for a core.
        /// Progress reports are left out as from the wall times.
        public var setupCPUMs: Double = 0
        public var loopCPUMs: Double = 0
        public var steadyStateCPUMs: Double = 0
        /// Page faults this thread took in the frame loop (`ThreadPageFaults`; nil where the
        /// system does not count them per thread). Progress reports are not left out.
        public var loopPageFaults: Int? = nil
        /// Steady-state frames in which the content changed shape (`SteadyState.reshaping`):
        /// counted in `steadyStateFrames` and its times, left out of its allocations and bytes.
        public var reshapingFrames = 0

        /// CPU microseconds per frame of the whole frame loop (set-up left out).
        public var loopCPUMicrosecondsPerFrame: Double {
            frames > 0 ? loopCPUMs * 1000 / Double(frames) : 0
        }

        /// Wall-clock microseconds per frame of the whole frame loop (set-up left out).
        public var loopMicrosecondsPerFrame: Double {
            frames > 0 ? loopMs * 1000 / Double(frames) : 0
        }

        /// CPU microseconds per steady-state frame.
        public var cpuMicrosecondsPerFrame: Double {
            steadyStateFrames > 0 ? steadyStateCPUMs * 1000 / Double(steadyStateFrames) : 0
        }

        /// Frames per wall-clock second of the frame loop (set-up left out).
        public var simulatedFramesPerSecond: Double {
            loopMs > 0 ? Double(frames) / (loopMs / 1000) : 0
        }

        /// Allocations per steady frame, the frames that changed the content's shape left out.
        public var allocationsPerFrame: Double {
            let frames = steadyStateFrames - reshapingFrames
            return frames > 0 ? Double(steadyStateAllocations) / Double(frames) : 0
        }

        /// Wall-clock microseconds per steady-state frame.
        public var microsecondsPerFrame: Double {
            steadyStateFrames > 0 ? steadyStateWallMs * 1000 / Double(steadyStateFrames) : 0
        }

        /// Bytes per steady frame, the frames that changed the content's shape left out.
        public var bytesPerFrame: Double {
            let frames = steadyStateFrames - reshapingFrames
            return frames > 0 ? Double(steadyStateBytes) / Double(frames) : 0
        }
    }

    /// How often `run(_:progress:)` reports progress: every this many frames.
    public static let progressInterval = 2048

    /// Plays a configuration to the end under measurement.
    /// - Parameter progress: called with (frames played, the most frames the run can have)
    ///   every `progressInterval` frames; its wall time and allocations are left out of the
    ///   figures (the command line prints a progress line from it, which allocates).
    public func run(_ config: SimulationConfig, progress: ((Int, Int) -> Void)? = nil) -> (SimulationResult, Measurement) {
        let clock = ContinuousClock()
        let requestsAtStart = requests()
        let bytesAtStart = threadBytes()
        let cpuAtStart = CPUClock.threadMs()
        let start = clock.now
        var simulation = Simulation(config: config)
        let loopStart = clock.now
        let cpuAtLoopStart = CPUClock.threadMs()
        let faultsAtLoopStart = ThreadPageFaults.now()
        let warmUpFrames = SteadyState.warmUpFrames(config)
        var steadyBytes: UInt64 = 0
        var steadyFrames = 0
        var steadyStart = clock.now
        var steadyCPUStart = cpuAtLoopStart
        // What progress reports cost, to take out of the figures.
        var excludedMs = 0.0
        var excludedSteadyMs = 0.0
        var excludedCPUMs = 0.0
        var excludedSteadyCPUMs = 0.0
        var excludedRequests: UInt64 = 0
        var excludedBytes: UInt64 = 0
        // Steady frames that changed the content's shape (`SteadyState.reshaping`) and what they
        // allocated, left out of the allocation figures. Requests are read (a flush of the
        // thread cache) only after a steady frame that allocated: the frames since the last
        // read allocated no byte on this thread, so the requests since then are this frame's.
        var reshapingFrames = 0
        var reshapingBytes: UInt64 = 0
        var requestsMark: UInt64 = 0
        // Requests read after steady frames that allocated on this thread and did not reshape.
        var steadyFrameRequests: UInt64 = 0
        while !simulation.isFinished {
            if simulation.frameIndex == warmUpFrames {
                requestsMark = requests()
                steadyBytes = threadBytes()
                steadyStart = clock.now
                steadyCPUStart = CPUClock.threadMs()
            }
            let eventsBefore = simulation.eventCount
            let bytesBefore = threadBytes()
            simulation.step()
            let frameBytes = threadBytes() &- bytesBefore
            let steadyFrame = simulation.frameIndex > warmUpFrames
            if steadyFrame { steadyFrames += 1 }
            if steadyFrame, frameBytes > 0 {
                let before = clock.now
                let cpuBefore = CPUClock.threadMs()
                let now = requests()
                if SteadyState.reshaped(simulation, since: eventsBefore) {
                    reshapingFrames += 1
                    reshapingBytes &+= frameBytes
                } else {
                    steadyFrameRequests &+= now &- requestsMark
                }
                requestsMark = now
                let spent = Harness.milliseconds(clock.now - before)
                let spentCPU = CPUClock.threadMs() - cpuBefore
                excludedMs += spent
                excludedCPUMs += spentCPU
                excludedSteadyMs += spent
                excludedSteadyCPUMs += spentCPU
            } else if steadyFrame, simulation.eventCount > eventsBefore, SteadyState.reshaped(simulation, since: eventsBefore) {
                reshapingFrames += 1
            }
            if let progress, simulation.frameIndex % Harness.progressInterval == 0 {
                let before = clock.now
                let cpuBefore = CPUClock.threadMs()
                let requestsBefore = requests()
                let bytes = threadBytes()
                progress(simulation.frameIndex, config.maximumFrames)
                let after = requests()
                if simulation.frameIndex > warmUpFrames {
                    excludedRequests &+= after &- requestsBefore
                    excludedBytes &+= threadBytes() &- bytes
                    requestsMark = after
                }
                let spent = Harness.milliseconds(clock.now - before)
                let spentCPU = CPUClock.threadMs() - cpuBefore
                excludedMs += spent
                excludedCPUMs += spentCPU
                if simulation.frameIndex > warmUpFrames {
                    excludedSteadyMs += spent
                    excludedSteadyCPUMs += spentCPU
                }
            }
        }
        let loopEnd = clock.now
        let cpuAtLoopEnd = CPUClock.threadMs()
        let faultsAtLoopEnd = ThreadPageFaults.now()
        let steadyElapsed = loopEnd - steadyStart
        let bytesAtEnd = threadBytes()
        let requestsAtEnd = requests()
        let result = simulation.finish()
        let elapsed = clock.now - start
        let measurement = Measurement(
            wallTimeMs: Harness.milliseconds(elapsed) - excludedMs,
            setupMs: Harness.milliseconds(loopStart - start),
            loopMs: Harness.milliseconds(loopEnd - loopStart) - excludedMs,
            frames: result.frames.count,
            allocatedBytes: bytesAtEnd &- bytesAtStart &- excludedBytes,
            allocations: requestsAtEnd &- requestsAtStart &- excludedRequests,
            steadyStateFrames: steadyFrames,
            steadyStateAllocations: steadyFrames > 0 ? steadyFrameRequests : 0,
            steadyStateBytes: steadyFrames > 0 ? bytesAtEnd &- steadyBytes &- excludedBytes &- reshapingBytes : 0,
            steadyStateWallMs: steadyFrames > 0 ? Harness.milliseconds(steadyElapsed) - excludedSteadyMs : 0,
            processAllocatedBytes: allocator?.processAllocatedBytes() ?? 0,
            peakResidentBytes: Harness.peakResidentBytes(),
            allocatorVersion: allocator?.version ?? Allocator.systemBuildNote,
            allocationsCounted: allocator != nil,
            setupCPUMs: cpuAtLoopStart - cpuAtStart,
            loopCPUMs: cpuAtLoopEnd - cpuAtLoopStart - excludedCPUMs,
            steadyStateCPUMs: steadyFrames > 0 ? cpuAtLoopEnd - steadyCPUStart - excludedSteadyCPUMs : 0,
            loopPageFaults: faultsAtLoopStart.flatMap { start in faultsAtLoopEnd.map { $0 - start } },
            reshapingFrames: reshapingFrames
        )
        return (result, measurement)
    }

    /// Allocation requests so far (0 in a build without jemalloc).
    private func requests() -> UInt64 { allocator?.allocationRequests() ?? 0 }

    /// Bytes this thread has allocated so far (0 in a build without jemalloc).
    private func threadBytes() -> UInt64 { allocator?.threadAllocatedBytes ?? 0 }

    /// The process's peak resident set size so far (`getrusage`: kilobytes on Linux, bytes on
    /// macOS), in bytes.
    public static func peakResidentBytes() -> UInt64 {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return UInt64(max(0, usage.ru_maxrss))
        #else
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return UInt64(max(0, usage.ru_maxrss)) * 1024
        #endif
    }

    /// A duration in milliseconds.
    public static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
