import ScrollSimKit

extension Chart {
    /// An ensemble's band of per-frame work (`FrameWorkBand`: for each frame of the
    /// representative run, the 10th and 90th percentile over the runs of the main-thread work at
    /// the same vsync tick), as the frame-budget chart draws it behind the representative run's
    /// bars.
    struct WorkBand: Sendable {
        var p10: [Double]
        var p90: [Double]
        /// How many runs the percentiles are of.
        var runs: Int

        /// The band of an ensemble's report, or nil when the report is a single run's, has no
        /// band, or a band whose length is not its frame count (then nothing is drawn rather
        /// than a band misplaced on the time axis).
        init?(_ report: Report, frameCount: Int) {
            guard let ensemble = report.ensemble, ensemble.bandP10.count == frameCount, ensemble.bandP90.count == frameCount, frameCount > 0 else {
                return nil
            }
            self.init(p10: ensemble.bandP10, p90: ensemble.bandP90, runs: ensemble.runs)
        }

        init(p10: [Double], p90: [Double], runs: Int) {
            self.p10 = p10
            self.p90 = p90
            self.runs = runs
        }

        /// The band over a bucket of frames drawn as one bar: from the largest p10 to the largest
        /// p90 of its frames. The bar is the bucket's worst frame, so the band is the runs'
        /// worst too: each end is the highest of the bucket's percentiles, which is at most the
        /// same percentile of the runs' worst work in the bucket (a lower bound of it, exact for
        /// a bucket of one frame).
        /// - Complexity: O(bucket size).
        func bucket(_ range: Range<Int>) -> (p10: Double, p90: Double) {
            var low = -Double.infinity, high = -Double.infinity
            for i in range {
                low = max(low, p10[i])
                high = max(high, p90[i])
            }
            return (low, max(low, high))
        }

        /// Whether the runs differ anywhere: a band with no width is not worth drawing.
        var hasWidth: Bool { zip(p10, p90).contains { $1 - $0 > 1e-9 } }

        /// "p10–p90 of 30 runs at the same vsync tick": the legend's entry.
        var legend: String { "p10–p90 of \(DisplayFormat.integer(Double(runs))) runs at the same vsync tick" }

        /// The hover note of a bar: the band at its frame, or over its bucket.
        func note(_ range: Range<Int>) -> String {
            let band = bucket(range)
            let at = range.count == 1 ? "at this vsync tick" : "at these vsync ticks (the highest of each)"
            return "\(DisplayFormat.integer(Double(runs))) runs \(at): p10 \(DisplayFormat.ms(band.p10)), p90 \(DisplayFormat.ms(band.p90))"
        }
    }

    /// The band's marks, one step per bar (`buckets` in the bars' order, each spanning `x0…x1`):
    /// the area between p10 and p90, and its two edges as step lines, each clamped to `cap`.
    /// The area goes behind the bars, the edges over them, so the band reads where a bar
    /// covers it.
    /// - Complexity: O(frames); the paths hold O(buckets) steps.
    static func workBandPaths(_ band: WorkBand, spans: [(x0: Double, x1: Double, range: Range<Int>)], y: Scale, cap: Double) -> (area: String, low: String, high: String) {
        guard !spans.isEmpty else { return ("", "", "") }
        let steps = spans.map { span -> (x0: Double, x1: Double, low: Double, high: Double) in
            let b = band.bucket(span.range)
            return (span.x0, span.x1, y(min(cap, max(0, b.p10))), y(min(cap, max(0, b.p90))))
        }
        // A step line left to right: along each bar's span at its level, rising or falling at
        // the bars' boundaries (a gap between spans is crossed at the earlier level).
        func edge(_ level: (Int) -> Double) -> String {
            var d = "M\(SVG.number(steps[0].x0)) \(SVG.number(level(0)))H\(SVG.number(steps[0].x1))"
            for i in steps.indices.dropFirst() {
                if SVG.number(steps[i].x0) != SVG.number(steps[i - 1].x1) { d += "H\(SVG.number(steps[i].x0))" }
                if SVG.number(level(i)) != SVG.number(level(i - 1)) { d += "V\(SVG.number(level(i)))" }
                d += "H\(SVG.number(steps[i].x1))"
            }
            return d
        }
        let high = edge { steps[$0].high }
        var area = high
        for i in steps.indices.reversed() {
            if i < steps.count - 1, SVG.number(steps[i].x1) != SVG.number(steps[i + 1].x0) { area += "H\(SVG.number(steps[i].x1))" }
            if i == steps.count - 1 || SVG.number(steps[i].low) != SVG.number(steps[i + 1].low) { area += "V\(SVG.number(steps[i].low))" }
            area += "H\(SVG.number(steps[i].x0))"
        }
        return (area + "z", edge { steps[$0].low }, high)
    }
}
