import Testing
@testable import ScrollSimEngine

/// A lazy stack placed at its bottom (`defaultScrollAnchor(.bottom)`, a chat opening on its last
/// message) measures from the bottom edge upward until the viewport is full: it builds the rows
/// it shows and no others. (Placed by the estimate's bottom and laid out downward, the stack
/// built the rows found at the estimated offset, measured them taller than the estimate, was
/// corrected down past them, and kept rows it never showed.)
@Suite struct BottomPlacementTests {
    /// 200 rows of 100 pt, a 852 pt viewport, the first estimate 44 pt, prefetch off.
    static func bottomAnchored(count: Int = 200, duration: Double = 0.05) -> SimulationConfig {
        var config = Oracle.config(count: count, duration: duration)
        config.stack.scrollPosition = ScrollPositionConfig(anchor: .bottom, defaultAnchor: .init(all: .bottom))
        return config
    }

    /// Worked by hand. From the last row upward: row 199 (100 pt), 198, …; 8 rows cover 800 pt
    /// < 852, 9 rows cover 900 ≥ 852, so the walk stops at row 191. Frame 0 builds rows 191–199,
    /// 9 rows, and no other; every one of them appears. The 9 rows measured put the estimate at
    /// their average, 100 pt, so the extent is 200 × 100 = 20,000 pt and the offset
    /// 20,000 − 852 = 19,148: row 191 (19,100…19,200) is the first on screen, row 199 the last.
    @Test func openingAtTheBottomBuildsOnlyTheRowsItShows() {
        let result = Simulation.run(Self.bottomAnchored())
        let frame0 = result.events.filter { $0.frame == 0 }
        let built = frame0.filter { $0.kind == .build }.map { Int($0.row) }.sorted()
        let appeared = frame0.filter { $0.kind == .appear }.map { Int($0.row) }.sorted()
        #expect(built == Array(191...199), "frame 0 built rows \(built)")
        #expect(appeared == Array(191...199), "frame 0 showed rows \(appeared)")
        #expect(result.frames.offset[0] == 19_148)
        #expect(result.frames.viewID[0] == 199)
        #expect(result.summary.totals.work.coldBuilds == 9)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A list configured in `onAppear`, placed at its bottom, with heights from 0 to 100,000 pt and
/// no spacing (rows the estimate stacks on one another) is played in time linear in its rows
/// (the safety review measured 21 s of CPU for 100,000 rows). Judged by thread CPU time as a
/// ratio, not a wall-clock timeout: twice the rows must cost less than three times the CPU of
/// the smaller list, measured in the same test (linear, about twice; quadratic, about four).
@Suite struct BottomPlacementScalingTests {
    static func threadCPUMs() -> Double {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    static func config(count: Int) -> SimulationConfig {
        let card = ViewTypeSpec(name: "card", height: .absolute(.uniform(min: 0, max: 100_000)),
                                costs: ViewTypeSpec.Costs(initMs: 0.3, bodyMs: 1.8, layoutMs: 2.6, renderMs: 0.08),
                                configure: .onAppear, unconfiguredHeight: 44)
        var config = Oracle.config(count: count, types: [card], duration: 0.25)
        config.stack.scrollPosition = ScrollPositionConfig(anchor: .bottom, defaultAnchor: .init(all: .bottom))
        return config
    }

    /// The least thread CPU time of three runs (the least is the least noisy), in ms.
    static func playingMs(count: Int) -> Double {
        let config = config(count: count)
        var best = Double.infinity
        for _ in 0..<3 {
            let start = threadCPUMs()
            let result = Simulation.run(config)
            best = min(best, threadCPUMs() - start)
            #expect(result.summary.totals.scrolling.unsettledFrames == 0)
        }
        return best
    }

    @Test func twiceTheRowsCostLessThanThreeTimesTheCPU() {
        let small = Self.playingMs(count: 50_000)
        let large = Self.playingMs(count: 100_000)
        #expect(large < 3 * max(small, 1), "100,000 rows \(large) ms of CPU, 50,000 rows \(small) ms")
    }
}
