import ScrollSimKit

extension Harness.Measurement {
    /// The measurement as the report's `harness` section (`ReportBuilder.build(…, harness:)`).
    public var figures: HarnessFigures {
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return HarnessFigures(
            allocator: allocationsCounted ? "jemalloc \(allocatorVersion)" : "system malloc: \(allocatorVersion)",
            build: build,
            wallTimeMs: wallTimeMs,
            simulatedFramesPerSecond: simulatedFramesPerSecond,
            microsecondsPerFrame: microsecondsPerFrame,
            allocatedBytes: allocatedBytes,
            allocations: allocations,
            steadyStateFrames: steadyStateFrames,
            allocationsPerFrame: allocationsPerFrame,
            bytesPerFrame: bytesPerFrame,
            processAllocatedBytes: processAllocatedBytes,
            setupMs: setupMs,
            loopMs: loopMs,
            peakResidentBytes: peakResidentBytes,
            allocationsCounted: allocationsCounted
        )
    }
}
