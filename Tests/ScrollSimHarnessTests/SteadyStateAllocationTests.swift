import Foundation
import ScrollSimEngine
import ScrollSimHarness
import ScrollSimKit
import Testing

/// The frame loop allocates nothing in steady state, in every shipped scenario.
///
/// Steady frames are the harness's (`Harness.run`): every frame after a warm-up of one simulated
/// second, or of the first quarter of a shorter run — the launch builds the first screen and
/// the first buffers reach their size there. Left out of the steady frames too are the frames
/// in which the script or the app changes the content's shape, which a real list pays for once
/// as well (`FrameLoopPerformance` in the engine's documentation says why each one may):
/// - a rotation (`rotate`): a masonry layout distributes its elements again and builds new
///   columns;
/// - elements arriving (`append`: a scripted append or a page the paging loader delivers).
///
/// Each steady frame is measured alone: this thread's allocated-bytes counter (one memory read,
/// `Allocator.threadAllocatedBytes`) before and after `step()`. jemalloc counts every allocation
/// as at least its smallest size class (8 bytes), a zero-byte request included, so a frame that
/// allocated anything shows a positive difference.
@Suite struct SteadyStateAllocationTests {
    /// The script and app events whose frames may allocate.
    static let reshaping: Set<SimulationEvent.Kind> = [.rotate, .append]

    static var scenarioPaths: [String] {
        let directory = HarnessTests.scenariosDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.sorted().map { "\(directory)/\($0)" }
    }

    /// A frame that allocated: the scenario, the frame and the bytes.
    struct Allocation: CustomStringConvertible {
        var scenario: String
        var frame: Int
        var bytes: UInt64
        var description: String { "\(scenario) frame \(frame): \(bytes) bytes" }
    }

    /// Plays a scenario and returns its steady frames that allocated, and how many steady frames
    /// it had.
    static func steadyAllocations(_ path: String, allocator: Allocator) throws -> (allocations: [Allocation], steadyFrames: Int) {
        let scenario = try ScenarioLoader.load(path: path)
        let config = scenario.config
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        // The harness's warm-up: min(1 s of frames, a quarter of the run, at least 1 frame).
        let warmUp = min(Int(config.device.refreshRate), max(1, config.maximumFrames / 4))
        var simulation = Simulation(config: config)
        var found: [Allocation] = []
        found.reserveCapacity(64)
        var steady = 0
        while !simulation.isFinished {
            let frame = simulation.frameIndex
            let eventsBefore = simulation.events.events.count
            let before = allocator.threadAllocatedBytes
            simulation.step()
            let bytes = allocator.threadAllocatedBytes &- before
            guard frame >= warmUp else { continue }
            let events = simulation.events.events
            if events[eventsBefore...].contains(where: { reshaping.contains($0.kind) }) { continue }
            steady += 1
            if bytes > 0 { found.append(Allocation(scenario: name, frame: frame, bytes: bytes)) }
        }
        return (found, steady)
    }

    /// Whether this is an optimized build: unoptimized code allocates on its own (about 6 KB a
    /// frame in a debug build: unspecialized generics, boxed closure contexts), so the promise
    /// is the release build's. Run it with `swift test -c release --filter SteadyStateAllocation`.
    static var optimized: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    @Test(.enabled(if: Harness.countsAllocations && optimized, "needs jemalloc and an optimized build (swift test -c release)"))
    func everyShippedScenarioAllocatesNothingInSteadyFrames() throws {
        let allocator = try #require(try Harness().allocator)
        let paths = Self.scenarioPaths
        // 62 scenarios ship in Scenarios/ (the directory listing, less the schema).
        #expect(paths.count >= 60, "found \(paths.count) scenarios in \(HarnessTests.scenariosDirectory)")
        var all: [Allocation] = []
        for path in paths {
            let (found, steady) = try Self.steadyAllocations(path, allocator: allocator)
            #expect(steady > 0, "\(path) has no steady frames")
            all += found
        }
        #expect(all.isEmpty, "steady frames that allocated (\(all.count)): \(all.prefix(20).map(\.description).joined(separator: "; "))")
    }

    /// The test can fail: a frame that allocates is seen (an array built inside a measured
    /// frame is what the counter must catch).
    @Test(.enabled(if: Harness.countsAllocations, "needs jemalloc"))
    func theCounterSeesAnAllocation() throws {
        let allocator = try #require(try Harness().allocator)
        let before = allocator.threadAllocatedBytes
        let array = [Int](repeating: 7, count: Int.random(in: 100...200))
        let bytes = allocator.threadAllocatedBytes &- before
        withExtendedLifetime(array) {}
        // At least 100 Ints of 8 bytes.
        #expect(bytes >= 800)
    }
}
