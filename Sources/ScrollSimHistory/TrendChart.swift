import ScrollSimKit
import ScrollSimPresentation

/// The chart of one scenario's metric over commits: the value at each commit as a step line
/// (a commit's value holds until the next), the scenario's budget for the metric as a line
/// where it set one, and each change point marked — a ring on the value and a rule across the
/// chart, linked to that commit's report page when a link is given, with a tooltip naming the
/// commit and the move. An ensemble's mean carries its 95 % interval: a band under the line
/// (stepped like it, a commit's interval holding until the next commit) and, where dots are
/// drawn, an error bar per commit, so the last commit's interval shows too.
///
/// Bounded like the report charts: the line is downsampled through `Chart.envelope` to half
/// the plot's columns (every spike and dip kept), the band to as many buckets (each the widest
/// interval in it), dots and error bars are drawn only for 60 commits or fewer, so a chart of
/// 1,000 commits is a few kilobytes.
enum TrendChart {
    /// One change to mark: where, its tooltip and its link.
    struct Mark {
        var commit: Int
        var value: Double
        var title: String
        var link: String?
        var direction: HistoryChange.Direction
    }

    static let plot = Chart.Plot(width: 1200, height: 190, left: 96, right: 24, top: 26, bottom: 32)

    static func render(_ series: HistoryData.Series, commits: [HistoryData.Commit], marks: [Mark], id: String) -> String {
        let plot = plot
        let points = series.points
        let kind = HistoryFormat.kind(metric: series.metric, source: series.source)
        let first = points.first?.commit ?? 0
        let last = max(points.last?.commit ?? 1, first + 1)
        let values = points.map(\.value)
        let budgets = points.compactMap(\.budget)
        let lows = points.map { $0.spread?.low ?? $0.value }
        let highs = points.map { $0.spread?.high ?? $0.value }
        let low = min(0, lows.min() ?? 0)
        let high = max(highs.max() ?? 1, budgets.max() ?? 0, low + 1e-9)
        let ticks = Chart.ticks(low, high, count: 4)
        let top = max(high, ticks.last ?? high)
        let x = Chart.Scale(domain: (Double(first), Double(last)), range: (plot.minX, plot.maxX))
        let y = Chart.Scale(domain: (low, top * 1.05), range: (plot.maxY, plot.minY))
        let label = "\(series.scenario): \(HistoryFormat.label(metric: series.metric, source: series.source)) over \(points.count) commits"
        var svg = SVG(width: plot.width, height: plot.height, label: label, id: id, classes: "chart trend")
        Chart.yAxis(&svg, plot, y, ticks: ticks, label: { DisplayFormat.value($0, kind: kind) }, title: HistoryFormat.label(metric: series.metric, source: series.source))

        // Commit labels along the bottom: about eight short SHAs.
        svg.open("g", ["class": "axis x"])
        svg.element("line", ["class": "baseline", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(plot.maxY), "y2": SVG.number(plot.maxY)])
        let stride = max(1, points.count / 8)
        for (n, point) in points.enumerated() where n % stride == 0 || n == points.count - 1 {
            guard n == points.count - 1 || points.count - 1 - n >= stride / 2 else { continue }
            svg.text(String(commits[point.commit].sha.prefix(7)), x: x(Double(point.commit)), y: plot.maxY + 16, classes: "tick", anchor: n == 0 ? "start" : (n == points.count - 1 ? "end" : "middle"))
        }
        svg.close()

        if !budgets.isEmpty {
            let budgetPoints = points.compactMap { p in p.budget.map { (x(Double(p.commit)), y($0)) } }
            let line = budgetPoints.count == 1 ? "M\(SVG.number(plot.minX)) \(SVG.number(budgetPoints[0].1))H\(SVG.number(plot.maxX))" : Chart.linePath(budgetPoints, step: true)
            svg.element("path", ["class": "budget-line", "d": line])
        }
        let hasSpreads = points.contains { $0.spread != nil }
        if hasSpreads {
            let spans = bands(lows: lows, highs: highs, xs: points.map { x(Double($0.commit)) }, columns: max(1, plot.columns / 2))
            svg.element("path", ["class": "interval-band", "d": bandPath(spans.map { ($0.x0, $0.x1, y($0.low), y($0.high)) })])
        }
        let indices = Chart.envelope(values, columns: max(1, plot.columns / 2))
        let line = indices.map { (x(Double(points[$0].commit)), y(values[$0])) }
        svg.element("path", ["class": "line cur", "d": Chart.linePath(line, step: true)])
        if points.count <= 60 {
            if hasSpreads {
                svg.open("g", ["class": "error-bars"])
                for point in points {
                    guard let spread = point.spread else { continue }
                    let px = x(Double(point.commit))
                    let (top, bottom) = (SVG.number(y(spread.high)), SVG.number(y(spread.low)))
                    svg.element("path", ["class": "error-bar", "d": "M\(SVG.number(px - 3)) \(top)H\(SVG.number(px + 3))M\(SVG.number(px)) \(top)V\(bottom)M\(SVG.number(px - 3)) \(bottom)H\(SVG.number(px + 3))"])
                }
                svg.close()
            }
            svg.open("g", ["class": "dots"])
            for point in points {
                svg.open("circle", ["class": "dot", "cx": SVG.number(x(Double(point.commit))), "cy": SVG.number(y(point.value)), "r": "2.5"])
                svg.title("\(commits[point.commit].sha.prefix(10)): \(pointText(point, kind: kind))")
                svg.close()
            }
            svg.close()
        }
        for mark in marks {
            let px = SVG.number(x(Double(mark.commit)))
            if let link = mark.link { svg.open("a", ["href": link]) } else { svg.open("g", ["class": "change"]) }
            svg.element("line", ["class": "change-rule \(mark.direction.rawValue)", "x1": px, "x2": px, "y1": SVG.number(plot.minY), "y2": SVG.number(plot.maxY)])
            svg.open("circle", ["class": "change-mark \(mark.direction.rawValue)", "cx": px, "cy": SVG.number(y(mark.value)), "r": "5"])
            svg.title(mark.title)
            svg.close()
            svg.close()
        }
        return svg.finished()
    }

    /// A point's value as its tooltip says it: "4.30 (95 % interval 3.68…4.92, 30 runs)" for an
    /// ensemble's mean, the value alone for a single run.
    static func pointText(_ point: HistoryData.Point, kind: Metric.Kind?) -> String {
        let value = DisplayFormat.value(point.value, kind: kind, precision: .exact)
        guard let spread = point.spread else { return value }
        return "\(value) (95 % interval \(DisplayFormat.value(spread.low, kind: kind, precision: .exact))…\(DisplayFormat.value(spread.high, kind: kind, precision: .exact)), \(spread.runs) runs)"
    }

    /// The interval band's spans, in chart x: the points split into at most `columns` runs of
    /// consecutive commits, each spanning from its first commit to the next span's first (the
    /// last to the last commit), from the lowest `low` to the highest `high` in it — so no
    /// interval is narrowed by the downsampling. A single run's point spans its value.
    /// - Complexity: O(n).
    static func bands(lows: [Double], highs: [Double], xs: [Double], columns: Int) -> [(x0: Double, x1: Double, low: Double, high: Double)] {
        let n = xs.count
        let buckets = min(n, max(1, columns))
        var spans: [(x0: Double, x1: Double, low: Double, high: Double)] = []
        for k in 0..<buckets {
            let (start, end) = (k * n / buckets, (k + 1) * n / buckets)
            let x1 = end < n ? xs[end] : xs[n - 1]
            spans.append((xs[start], x1, lows[start..<end].min() ?? 0, highs[start..<end].max() ?? 0))
        }
        return spans
    }

    /// One path of a rectangle per span (in viewBox units), filled as one shape, so adjacent
    /// spans show no seam.
    static func bandPath(_ spans: [(x0: Double, x1: Double, y0: Double, y1: Double)]) -> String {
        spans.map { "M\(SVG.number($0.x0)) \(SVG.number($0.y0))H\(SVG.number($0.x1))V\(SVG.number($0.y1))H\(SVG.number($0.x0))z" }.joined()
    }
}
