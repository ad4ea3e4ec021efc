import ScrollSimKit

extension Chart {
    /// A small frame-work sparkline for the index page: the worst frame of each of 80 buckets,
    /// the budget as a line, buckets over budget in the critical colour, y capped at 3·B.
    /// - Complexity: O(n); output O(80).
    static func sparkline(_ frames: Report.Frames) -> String {
        let width = 160.0, height = 34.0
        let cap = 3 * frames.budgetMs
        let x = Scale(domain: (0, max(frames.durationMs, 1)), range: (1, width - 1))
        let y = Scale(domain: (0, cap), range: (height - 1, 1))
        var ok = ""
        var over = ""
        for bucket in Downsampler.buckets(frames.workMs, count: 80) {
            let work = frames.workMs[bucket.maxIndex]
            let x0 = x(frames.timeMs[bucket.range.lowerBound])
            let w = max(0.8, x(frames.endMs(bucket.range.upperBound - 1)) - x0 - 0.3)
            let top = y(min(work, cap))
            let bar = "M\(SVG.number(x0)) \(SVG.number(top))h\(SVG.number(w))V\(SVG.number(height - 1))h\(SVG.number(-w))z"
            if work > frames.budgetMs { over += bar } else { ok += bar }
        }
        var svg = SVG(width: width, height: height, label: "Frame work over the run, worst frame per column; the line is the budget", classes: "sparkline")
        if !ok.isEmpty { svg.element("path", ["class": "spark", "d": ok]) }
        if !over.isEmpty { svg.element("path", ["class": "spark over", "d": over]) }
        let by = SVG.number(y(frames.budgetMs))
        svg.element("line", ["class": "b10", "x1": "0", "x2": SVG.number(width), "y1": by, "y2": by])
        return svg.finished()
    }
}
