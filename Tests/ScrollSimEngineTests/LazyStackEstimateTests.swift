import Testing
import ScrollSimEngine

/// The running-average estimate after each measurement, seen through the content height the
/// stack reports (`frames.estimatedHeight` = Σ measured + unmeasured · estimate + spacing·(n−1)).
@Suite struct LazyStackEstimateTests {
    /// 20 rows whose heights are 40, 60, 80, 100, 120, … (40 + 20·i), no spacing, a 100 pt
    /// viewport, prefetch off: only rows that reach the viewport are measured, in order. A drag
    /// of 114 pt/s moves 0.95 pt a frame. Row tops: 0, 40, 100, 180, 280, 400.
    ///
    ///     frame 0 (offset 0): rows 0, 1 reach the viewport (tops 0, 40 < 100)
    ///         estimate (40 + 60)/2 = 50;   height 100 + 18·50 = 1000
    ///     frame 1 (offset 0.95): row 2 (top 100 < 100.95)
    ///         estimate 180/3 = 60;          height 180 + 17·60 = 1200
    ///     frame 85 (offset 80.75 > 80): row 3 (top 180)
    ///         estimate 280/4 = 70;          height 280 + 16·70 = 1400
    ///     frame 190 (offset 180.5 > 180): row 4 (top 280)
    ///         estimate 400/5 = 80;          height 400 + 15·80 = 1600
    /// An estimate frozen after the first measurement (40) would give 820, 900, 920, 940.
    @Test func theEstimateIsTheAverageOfEveryMeasuredHeight() {
        let heights = (0..<20).map { 40 + 20 * Double($0) }
        let config = Oracle.config(count: 20, items: Oracle.items(heights: heights), duration: 2, viewportHeight: 100,
                                   script: [Oracle.drag(at: 0, 114, for: 2)])
        let result = Simulation.run(config)
        #expect(result.frames.count == 240)
        func expected(_ frame: Int) -> Double {
            switch frame {
            case 0: return 1000
            case 1..<85: return 1200
            case 85..<190: return 1400
            default: return 1600
            }
        }
        for k in 0..<240 {
            #expect(abs(result.frames.estimatedHeight[k] - expected(k)) < 1e-9, "frame \(k): \(result.frames.estimatedHeight[k])")
        }
        // The true height: 20 rows averaging 230 pt.
        #expect(result.frames.trueHeight[0] == 4600)
    }

    /// With spacing, the content height adds spacing · (n − 1): the same list with 10 pt of
    /// spacing. Frame 0 at offset 0: row 0 (top 0), row 1 (top 50 < 100); row 2's top is
    /// 40 + 10 + 60 + 10 = 120, outside. Estimate 50: 100 + 18·50 + 19·10 = 1190.
    @Test func spacingIsAddedBetweenRows() {
        let heights = (0..<20).map { 40 + 20 * Double($0) }
        let config = Oracle.config(count: 20, items: Oracle.items(heights: heights), duration: 0.005, viewportHeight: 100, spacing: 10)
        let result = Simulation.run(config)
        #expect(Array(result.frames.estimatedHeight) == [1190])
    }
}
