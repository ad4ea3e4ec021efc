import Testing
@testable import ScrollSimEngine

/// The summary's memory figures, read from the frames, against figures worked by hand.
@Suite struct SimulationSummaryTests {
    /// Memory rises to a peak and falls back as views are released: the final figure is the
    /// last frame's, the peak the largest. Frames holding 1,000, 4,000, 2,500 and 1,500 bytes:
    /// peak 4,000, final 1,500 (not the peak, nor the first frame's 1,000).
    @Test func finalMemoryIsTheLastFramesAndThePeakTheLargest() {
        var series = FrameSeries(reserving: 4)
        for bytes in [1000.0, 4000, 2500, 1500] {
            var record = FrameRecord()
            record[.memoryBytes] = bytes
            series.append(record)
        }
        let summary = SimulationSummary(frames: series, totals: RunTotals(), accounting: FrameAccounting(), budgetMs: 1000.0 / 120)
        #expect(summary.frames == 4)
        #expect(summary.peakMemoryBytes == 4000)
        #expect(summary.finalMemoryBytes == 1500)
    }

    /// A run that builds views on a fling and releases them once they are far enough behind
    /// ends holding less than its peak, and says so: its final figure is its last frame's.
    @Test func aRunThatReleasesViewsEndsBelowItsPeak() throws {
        let config = Fixtures.config(count: 2000, types: [Fixtures.cell(height: .absolute(.fixed(120)))], duration: 4,
                                     script: [Fixtures.fling(at: 0.1, 6000)])
        let result = Simulation.run(config)
        let last = try #require(result.frames.memoryBytes.last)
        #expect(result.summary.totals.memory.releases > 0)
        #expect(result.summary.finalMemoryBytes == last)
        #expect(result.summary.finalMemoryBytes < result.summary.peakMemoryBytes)
    }
}
