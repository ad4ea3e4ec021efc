import Foundation

extension Chart {
    /// The percentiles the distribution chart marks, with their summary keys.
    public static let percentiles: [(label: String, key: String)] = [
        ("p50", "frameWorkMs.p50"), ("p90", "frameWorkMs.p90"), ("p95", "frameWorkMs.p95"), ("p99", "frameWorkMs.p99"), ("max", "frameWorkMs.max"),
    ]

    /// Frame counts in equal-width bins of work from 0 to `cap`, plus one overflow bin for
    /// frames above it.
    public struct Histogram: Equatable, Sendable {
        public var binWidth: Double
        public var counts: [Int]
        public var overflow: Int

        /// Bins `values` into `bins` bins over `0..<cap`; values ≥ cap go to `overflow`.
        /// - Complexity: O(n).
        public init(_ values: [Double], cap: Double, bins: Int) {
            precondition(cap > 0 && bins > 0, "Histogram(cap: \(cap), bins: \(bins))")
            binWidth = cap / Double(bins)
            counts = Array(repeating: 0, count: bins)
            overflow = 0
            for v in values where v.isFinite {
                if v >= cap {
                    overflow += 1
                } else {
                    counts[max(0, min(bins - 1, Int(v / binWidth)))] += 1
                }
            }
        }

        public var maxCount: Int { max(counts.max() ?? 0, overflow) }
    }

    /// The frame-work distribution: a histogram of work per frame with a logarithmic count axis
    /// (a run is mostly ordinary frames; the few slow ones are the point, and on a linear axis
    /// they would be invisible), the budget, and the percentiles from the report's summary.
    /// Work above 3·B is gathered in one overflow bin labelled with its range.
    ///
    /// `overlay` draws a second distribution (a baseline) as an outline on the same bins.
    /// - Complexity: O(n); output O(bins).
    public static func distribution(
        _ frames: Report.Frames, percentiles marks: [(String, Double)],
        overlay: (frames: Report.Frames, label: String)? = nil, id: String = "distribution"
    ) -> String {
        let plot = Plot(height: 260, right: 124, top: 30, bottom: 40)
        let budget = frames.budgetMs
        let all = frames.workMs + (overlay?.frames.workMs ?? [])
        let maxWork = all.max() ?? 0
        let cap = maxWork > 2 * budget ? 3 * budget : 2 * budget
        let bins = 60
        let histogram = Histogram(frames.workMs, cap: cap, bins: bins)
        let base = overlay.map { Histogram($0.frames.workMs, cap: cap, bins: bins) }
        let overflowWidth = plot.plotWidth / Double(bins + 1) * 2
        let x = Scale(domain: (0, cap), range: (plot.minX, plot.maxX - overflowWidth - 8))
        let topCount = max(histogram.maxCount, base?.maxCount ?? 0, 1)
        let logTop = log10(1 + Double(topCount))
        func y(_ count: Int) -> Double { plot.maxY - log10(1 + Double(count)) / logTop * plot.plotHeight }

        var svg = SVG(width: plot.width, height: plot.height, label: "Distribution of main-thread work per frame, log count scale", id: id, classes: "chart distribution")
        svg.open("g", ["class": "axis y"])
        var tick = 1
        while tick <= topCount {
            let py = y(tick)
            svg.element("line", ["class": "grid", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(py), "y2": SVG.number(py)])
            svg.text(DisplayFormat.integer(Double(tick)), x: plot.minX - 6, y: py + 4, classes: "tick", anchor: "end")
            tick *= 10
        }
        svg.text("frames", x: plot.minX - 6, y: plot.minY - 12, classes: "axis-title", anchor: "end")
        svg.close()

        func bars(_ h: Histogram) -> String {
            var d = ""
            for (i, count) in h.counts.enumerated() where count > 0 {
                let x0 = x(Double(i) * h.binWidth) + 0.5
                let width = x(Double(i + 1) * h.binWidth) - x0 - 0.5
                d += "M\(SVG.number(x0)) \(SVG.number(y(count)))h\(SVG.number(width))V\(SVG.number(plot.maxY))h\(SVG.number(-width))z"
            }
            return d
        }
        let overflowX = plot.maxX - overflowWidth
        svg.element("path", ["class": "hist", "d": bars(histogram)])
        if histogram.overflow > 0 {
            svg.element("rect", ["class": "hist over", "x": SVG.number(overflowX), "y": SVG.number(y(histogram.overflow)), "width": SVG.number(overflowWidth), "height": SVG.number(plot.maxY - y(histogram.overflow))])
            svg.text(DisplayFormat.integer(Double(histogram.overflow)), x: overflowX + overflowWidth / 2, y: y(histogram.overflow) - 4, classes: "tick", anchor: "middle")
        }
        if let base {
            svg.element("path", ["class": "hist-base", "d": bars(base)])
            if base.overflow > 0 {
                svg.element("rect", ["class": "hist-base", "x": SVG.number(overflowX), "y": SVG.number(y(base.overflow)), "width": SVG.number(overflowWidth), "height": SVG.number(plot.maxY - y(base.overflow))])
            }
        }

        // Axis: ms ticks, the overflow bin's label, and the budget.
        svg.open("g", ["class": "axis x"])
        svg.element("line", ["class": "baseline", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(plot.maxY), "y2": SVG.number(plot.maxY)])
        for t in ticks(0, cap, count: 8) where x(t) < overflowX - 24 {
            svg.text(SVG.number(t, decimals: 1), x: x(t), y: plot.maxY + 16, classes: "tick", anchor: "middle")
        }
        svg.text("> \(DisplayFormat.ms(cap))", x: overflowX + overflowWidth / 2, y: plot.maxY + 16, classes: "tick", anchor: "middle")
        svg.text("ms of work per frame", x: x(cap / 2), y: plot.maxY + 32, classes: "axis-title", anchor: "middle")
        svg.close()
        let bx = x(budget)
        svg.element("line", ["class": "b10", "x1": SVG.number(bx), "x2": SVG.number(bx), "y1": SVG.number(plot.minY), "y2": SVG.number(plot.maxY)])
        svg.text("budget \(DisplayFormat.ms(budget))", x: bx + 4, y: plot.minY + 10, classes: "line-label b10")

        // Percentile marks: a short line each, labels on rows so equal percentiles do not overlap.
        svg.open("g", ["class": "percentiles"])
        var rowEnds: [Double] = []
        for (label, value) in marks where value.isFinite {
            let px = value >= cap ? overflowX + overflowWidth / 2 : x(value)
            var row = 0
            while row < rowEnds.count && rowEnds[row] > px - 4 { row += 1 }
            let text = "\(label) \(DisplayFormat.ms(value))"
            let end = px + Double(text.count) * 6.4 + 8
            if row == rowEnds.count { rowEnds.append(end) } else { rowEnds[row] = end }
            let ly = plot.minY + 24 + Double(row) * 14
            svg.element("line", ["class": "pct", "x1": SVG.number(px), "x2": SVG.number(px), "y1": SVG.number(ly - 10), "y2": SVG.number(plot.maxY)])
            svg.text(text, x: px + 3, y: ly, classes: "pct-label")
        }
        svg.close()
        if let overlay {
            svg.text("outline: \(overlay.label)", x: plot.maxX + 6, y: plot.minY + 10, classes: "line-label")
        }
        return svg.finished()
    }
}
