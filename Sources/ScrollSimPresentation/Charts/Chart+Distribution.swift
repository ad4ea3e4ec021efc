import Foundation
import ScrollSimKit

extension Chart {
    /// The percentiles the distribution chart marks, with their summary keys.
    static let percentiles: [(label: String, metric: Metric)] = [
        ("p50", .frameWorkP50), ("p90", .frameWorkP90), ("p95", .frameWorkP95), ("p99", .frameWorkP99), ("max", .frameWorkMax),
    ]

    /// Frame counts in equal-width bins of work from 0 to `cap`, plus one overflow bin for
    /// frames above it.
    struct Histogram: Equatable, Sendable {
        var binWidth: Double
        var counts: [Int]
        var overflow: Int

        /// Bins `values` into `bins` bins over `0..<cap`; values ≥ cap go to `overflow`.
        /// - Complexity: O(n).
        init(_ values: [Double], cap: Double, bins: Int) {
            precondition(cap > 0 && bins > 0, "Histogram(cap: \(cap), bins: \(bins))")
            binWidth = cap / Double(bins)
            counts = Array(repeating: 0, count: bins)
            overflow = 0
            for v in values where v.isFinite {
                if v >= cap {
                    overflow += 1
                } else {
                    // Clamped before the conversion: a negative value (never written, but a
                    // tampered report may hold -1e19) is in the first bin, not a trap.
                    counts[min(bins - 1, Int(max(0, v) / binWidth))] += 1
                }
            }
        }

        var maxCount: Int { max(counts.max() ?? 0, overflow) }
    }

    /// The frame-work distribution: a histogram of work per frame with a logarithmic count axis
    /// (a run is mostly ordinary frames; the few slow ones are the point, and on a linear axis
    /// they would be invisible), the budget, and the percentiles from the report's summary.
    /// Work above 3·B is gathered in one overflow bin labelled with its range.
    ///
    /// `overlay` draws a second distribution (a baseline) as an outline on the same bins.
    /// - Complexity: O(n); output O(bins).
    static func distribution(
        _ frames: Report.Frames, percentiles marks: [(String, Double)],
        overlay: (frames: Report.Frames, label: String)? = nil, id: String = "distribution"
    ) -> String {
        let budget = frames.budgetMs
        let all = frames.workMs + (overlay?.frames.workMs ?? [])
        let maxWork = all.max() ?? 0
        let cap = maxWork > 2 * budget ? 3 * budget : 2 * budget
        let bins = 60
        let histogram = Histogram(frames.workMs, cap: cap, bins: bins)
        let base = overlay.map { Histogram($0.frames.workMs, cap: cap, bins: bins) }
        // The x scale does not depend on the plot's height: place the labels first, then size
        // the band above the plot that holds them.
        let frame = Plot(height: 1, right: 124)
        let overflowWidth = frame.plotWidth / Double(bins + 1) * 2
        let x = Scale(domain: (0, cap), range: (frame.minX, frame.maxX - overflowWidth - 8))
        let overflowX = frame.maxX - overflowWidth
        var items = marks.filter { $0.1.isFinite }.map { label, value in
            (text: "\(label) \(DisplayFormat.ms(value))", x: value >= cap ? overflowX + overflowWidth / 2 : x(value), classes: "pct-label", line: "pct")
        }
        items.append((text: "budget \(DisplayFormat.ms(budget))", x: x(budget), classes: "line-label b10", line: ""))
        let placed = labelRows(items.map { ($0.x, Double($0.text.count) * labelCharWidth + 6) })
        let rows = (placed.max() ?? 0) + 1
        let labelRow = 15.0
        let plot = Plot(height: 240 + Double(rows) * labelRow, right: 124, top: 16 + Double(rows) * labelRow, bottom: 40)
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
        svg.element("path", ["class": "hist", "d": bars(histogram)])
        if histogram.overflow > 0 {
            svg.element("rect", ["class": "hist over", "x": SVG.number(overflowX), "y": SVG.number(y(histogram.overflow)), "width": SVG.number(overflowWidth), "height": SVG.number(plot.maxY - y(histogram.overflow))])
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
        let overflowText = "> \(DisplayFormat.ms(cap))" + (histogram.overflow > 0 ? ": \(DisplayFormat.integer(Double(histogram.overflow)))" : "")
        svg.text(overflowText, x: overflowX + overflowWidth / 2, y: plot.maxY + 16, classes: "tick", anchor: "middle")
        svg.text("ms of work per frame", x: x(cap / 2), y: plot.maxY + 32, classes: "axis-title", anchor: "middle")
        svg.close()

        // The budget and the percentiles: a line each across the plot, and its label in a row
        // above the plot, starting at the line, never over a bar or another label. A line
        // reaches up to its label when no lower label is in the way.
        svg.open("g", ["class": "percentiles"])
        for (i, (item, row)) in zip(items, placed).enumerated() {
            let ly = plot.minY - 6 - Double(row) * labelRow
            let blocked = zip(items, placed).enumerated().contains { j, other in
                j != i && other.1 < row && item.x >= other.0.x - 2 && item.x <= other.0.x + Double(other.0.text.count) * labelCharWidth + 6
            }
            let top = blocked ? plot.minY : ly + 3
            svg.element("line", ["class": item.line.isEmpty ? "b10" : item.line, "x1": SVG.number(item.x), "x2": SVG.number(item.x), "y1": SVG.number(top), "y2": SVG.number(plot.maxY)])
            svg.text(item.text, x: item.x + 3, y: ly, classes: item.classes)
        }
        svg.close()
        if let overlay {
            svg.text("outline: \(overlay.label)", x: plot.maxX + 6, y: plot.minY + 10, classes: "line-label")
        }
        return svg.finished()
    }

    /// The width a label's character takes, at most, in the charts' 11.5–12 px font.
    static let labelCharWidth = 6.8

    /// Rows for labels that stand over vertical lines: `(x, width)` per label, each label
    /// starting at its line's x. Row 0 is nearest the plot; a label goes in the lowest row where
    /// it meets no other label (so there are at most as many rows as labels).
    /// - Complexity: O(n² · rows).
    static func labelRows(_ labels: [(x: Double, width: Double)]) -> [Int] {
        var rows: [Int] = []
        for (i, label) in labels.enumerated() {
            let span = (label.x - 2, label.x + label.width)
            var row = 0
            while labels.prefix(i).enumerated().contains(where: { j, other in
                rows[j] == row && !(span.1 < other.x - 2 || span.0 > other.x + other.width)
            }) {
                row += 1
            }
            rows.append(row)
        }
        return rows
    }
}
