import Foundation
import ScrollSimEngine
import ScrollSimHarness
import ScrollSimKit
import Testing

/// The frame loop allocates nothing in steady state, in every shipped scenario.
///
/// Steady frames are `SteadyState`'s: every frame after the warm-up except those in which the
/// script or the app changes the content's shape (a rotation, elements arriving). Each steady
/// frame is measured alone (`SteadyState.allocatingFrames`): this thread's allocated-bytes
/// counter before and after `step()`.
@Suite struct SteadyStateAllocationTests {
    static var scenarioPaths: [String] {
        let directory = HarnessTests.scenariosDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.sorted().map { "\(directory)/\($0)" }
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
        var all: [String] = []
        for path in paths {
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let found = SteadyState.allocatingFrames(try ScenarioLoader.load(path: path).config, allocator: allocator)
            #expect(found.steadyFrames > 0, "\(path) has no steady frames")
            all += found.first.map { "\(name) \($0)" }
        }
        #expect(all.isEmpty, "steady frames that allocated (\(all.count)): \(all.prefix(20).joined(separator: "; "))")
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
