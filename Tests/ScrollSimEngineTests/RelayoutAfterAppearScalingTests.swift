import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import ScrollSimEngine
import Testing

/// Rows that appear at 0 pt (`relayoutAfterAppear` equal to their height) with no spacing all
/// fit in the first screen, are all built, then grow and leave the window together: eviction
/// caches them in one frame. Each went into the cached list from its tail, walking past every
/// row cached with it, and the candidates were sorted by insertion: quadratic (issue 48: 80,000
/// rows took 13.4 s of CPU, 160,000 took 55 s; with 0.001 pt of spacing, 0.01 s).
///
/// Judged by thread CPU time as a ratio, not by a wall-clock timeout: four times the rows must
/// cost less than eight times the time (linear, about four; the former code, about sixteen).
@Suite struct RelayoutAfterAppearScalingTests {
    static func threadCPUMs() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    static func config(rows: Int) -> SimulationConfig {
        var type = Fixtures.cell("cell", height: .absolute(.fixed(40)))
        type.relayoutAfterAppear = 40
        return Fixtures.config(count: rows, types: [type], spacing: 0, duration: 0.25)
    }

    /// The least thread CPU time of two runs (the least is the least noisy), and the layout
    /// passes the run made (every build lays its row out).
    static func runMs(rows: Int) -> (ms: Double, built: Int) {
        var best = Double.infinity
        var built = 0
        for _ in 0..<2 {
            let start = threadCPUMs()
            let result = Simulation.run(config(rows: rows))
            best = min(best, threadCPUMs() - start)
            built = result.summary.totals.work.layoutPasses
        }
        return (best, built)
    }

    @Test func rowsThatAllLeaveTheWindowAtOnceAreEvictedInLinearTime() {
        let small = Self.runMs(rows: 4_000)
        let large = Self.runMs(rows: 16_000)
        // Every row is built (and laid out): the case where they all leave the window at once.
        #expect(small.built >= 4_000 && large.built >= 16_000, "built \(small.built) and \(large.built)")
        #expect(large.ms < 8 * max(small.ms, 1), "16,000 rows \(large.ms) ms, 4,000 rows \(small.ms) ms")
    }
}
