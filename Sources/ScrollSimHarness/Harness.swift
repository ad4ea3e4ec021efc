import Foundation
import ScrollSimEngine

/// Runs a simulation while measuring the simulator itself: wall time and real allocations.
///
/// The frame loop is measured in two parts: the whole run, and the steady state — every frame
/// after a warm-up of one simulated second (or the first quarter of the run, if shorter), which
/// leaves out the launch and the first buffers' growth. The engine is built to allocate nothing
/// per frame in steady state; `allocationsPerFrame` is how that promise is checked.
public struct Harness {
    public let allocator: Allocator

    public init() throws {
        allocator = try Allocator.open()
    }

    public struct Measurement: Equatable, Sendable {
        public var wallTimeMs: Double
        public var frames: Int
        public var allocatedBytes: UInt64
        public var allocations: UInt64
        public var steadyStateFrames: Int
        public var steadyStateAllocations: UInt64
        public var steadyStateBytes: UInt64
        /// Wall time of the steady-state frames alone (no set-up, no warm-up).
        public var steadyStateWallMs: Double
        public var processAllocatedBytes: UInt64
        public var allocatorVersion: String

        public var simulatedFramesPerSecond: Double {
            wallTimeMs > 0 ? Double(frames) / (wallTimeMs / 1000) : 0
        }

        public var allocationsPerFrame: Double {
            steadyStateFrames > 0 ? Double(steadyStateAllocations) / Double(steadyStateFrames) : 0
        }

        /// Wall-clock microseconds per steady-state frame.
        public var microsecondsPerFrame: Double {
            steadyStateFrames > 0 ? steadyStateWallMs * 1000 / Double(steadyStateFrames) : 0
        }

        public var bytesPerFrame: Double {
            steadyStateFrames > 0 ? Double(steadyStateBytes) / Double(steadyStateFrames) : 0
        }
    }

    /// Plays a configuration to the end under measurement.
    public func run(_ config: SimulationConfig) -> (SimulationResult, Measurement) {
        let clock = ContinuousClock()
        let requestsAtStart = allocator.allocationRequests()
        let bytesAtStart = allocator.threadAllocatedBytes
        let start = clock.now
        var simulation = Simulation(config: config)
        let warmUpFrames = min(Int(config.device.refreshRate), max(1, config.maximumFrames / 4))
        var steadyRequests: UInt64 = 0
        var steadyBytes: UInt64 = 0
        var steadyFrames = 0
        var steadyStart = clock.now
        while !simulation.isFinished {
            if simulation.frameIndex == warmUpFrames {
                steadyRequests = allocator.allocationRequests()
                steadyBytes = allocator.threadAllocatedBytes
                steadyStart = clock.now
            }
            simulation.step()
            if simulation.frameIndex > warmUpFrames { steadyFrames += 1 }
        }
        let steadyElapsed = clock.now - steadyStart
        let bytesAtEnd = allocator.threadAllocatedBytes
        let requestsAtEnd = allocator.allocationRequests()
        let elapsed = clock.now - start
        let result = simulation.finish()
        let measurement = Measurement(
            wallTimeMs: Harness.milliseconds(elapsed),
            frames: result.frames.count,
            allocatedBytes: bytesAtEnd &- bytesAtStart,
            allocations: requestsAtEnd &- requestsAtStart,
            steadyStateFrames: steadyFrames,
            steadyStateAllocations: steadyFrames > 0 ? requestsAtEnd &- steadyRequests : 0,
            steadyStateBytes: steadyFrames > 0 ? bytesAtEnd &- steadyBytes : 0,
            steadyStateWallMs: steadyFrames > 0 ? Harness.milliseconds(steadyElapsed) : 0,
            processAllocatedBytes: allocator.processAllocatedBytes(),
            allocatorVersion: allocator.version
        )
        return (result, measurement)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
