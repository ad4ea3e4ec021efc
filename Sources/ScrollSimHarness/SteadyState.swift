import ScrollSimEngine

/// Which frames of a run are steady: the frames the engine promises to play without allocating.
///
/// A steady frame comes after the warm-up — one simulated second, or the first quarter of a
/// shorter run, at least one frame: the launch builds the first screen and the first buffers
/// reach their size there — and is not a frame in which the content changes shape, which a
/// real list pays for once as well (`FrameLoopPerformance` in the engine's documentation):
/// - a rotation (`rotate`): a masonry layout distributes its elements again and builds new
///   columns;
/// - elements arriving (`append`: a scripted append or a page the paging loader delivers).
///
/// ``Harness/run(_:progress:)`` counts allocations over the steady frames alone, and
/// ``allocatingFrames(_:allocator:)`` finds each steady frame that allocated, one frame at a
/// time (`scrollsim bench`'s `allocations` workload and `SteadyStateAllocationTests`).
public enum SteadyState {
    /// The events whose frames change the content's shape (`reshapes(_:)`, the one list).
    public static let reshaping: Set<SimulationEvent.Kind> = Set(SimulationEvent.Kind.allCases.filter(reshapes))

    /// The frames before the first steady one: min(1 s of frames, a quarter of the run), at
    /// least 1.
    public static func warmUpFrames(_ config: SimulationConfig) -> Int {
        min(Int(config.device.refreshRate), max(1, config.maximumFrames / 4))
    }

    /// Whether `kind` changes the content's shape, as a comparison: the harness asks it of
    /// every event of every steady frame that logged some, inside the timed loop, where hashing
    /// into `reshaping` cost more than the question.
    @inline(__always)
    public static func reshapes(_ kind: SimulationEvent.Kind) -> Bool {
        kind == .rotate || kind == .append
    }

    /// Whether the events the simulation logged from index `start` on include one that changes
    /// the content's shape, read in the log itself (`Simulation.events` copies it).
    /// - Complexity: O(events since `start`).
    public static func reshaped(_ simulation: Simulation, since start: Int) -> Bool {
        simulation.logged(since: start, reshapes)
    }

    /// A steady frame that allocated: its index and the bytes this thread allocated in it.
    public struct Allocation: Equatable, Sendable, CustomStringConvertible {
        public var frame: Int
        public var bytes: UInt64
        public var description: String { "frame \(frame): \(bytes) bytes" }
    }

    /// What ``allocatingFrames(_:allocator:)`` found.
    public struct Allocations: Sendable {
        /// The first 64 steady frames that allocated.
        public var first: [Allocation]
        /// How many steady frames allocated, and how many steady frames the run had.
        public var frames: Int
        public var steadyFrames: Int
    }

    /// Plays `config` and returns its steady frames that allocated, and how many steady frames
    /// it had. Each frame is measured alone: this thread's allocated-bytes counter (one memory
    /// read, ``Allocator/threadAllocatedBytes``) before and after the frame. jemalloc counts
    /// every allocation as at least its smallest size class (8 bytes), a zero-byte request
    /// included, so a frame that allocated anything shows a positive difference.
    public static func allocatingFrames(_ config: SimulationConfig, allocator: Allocator) -> Allocations {
        let warmUp = warmUpFrames(config)
        var simulation = Simulation(config: config)
        var found: [Allocation] = []
        found.reserveCapacity(64)
        var steady = 0
        var allocating = 0
        while !simulation.isFinished {
            let frame = simulation.frameIndex
            let eventsBefore = simulation.eventCount
            let before = allocator.threadAllocatedBytes
            simulation.step()
            let bytes = allocator.threadAllocatedBytes &- before
            guard frame >= warmUp, !reshaped(simulation, since: eventsBefore) else { continue }
            steady += 1
            guard bytes > 0 else { continue }
            allocating += 1
            if found.count < 64 { found.append(Allocation(frame: frame, bytes: bytes)) }
        }
        return Allocations(first: found, frames: allocating, steadyFrames: steady)
    }
}
