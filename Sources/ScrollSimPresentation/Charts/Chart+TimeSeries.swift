import ScrollSimKit

extension Chart {
    /// One line of a time-series chart: a value per frame at that frame's time.
    struct Series: Sendable {
        var name: String
        var timeMs: [Double]
        var values: [Double]
        /// CSS classes of the line (`line mem`, `line base`…).
        var classes: String
        /// Fill the area under the line (one filled series per chart reads best).
        var fill: Bool
        /// Where the last frame's value stops holding (its span's end).
        var endMs: Double

        init(name: String, timeMs: [Double], values: [Double], classes: String, fill: Bool = false, endMs: Double) {
            precondition(timeMs.count == values.count, "Series \(name): \(timeMs.count) times for \(values.count) values")
            self.name = name
            self.timeMs = timeMs
            self.values = values
            self.classes = classes
            self.fill = fill
            self.endMs = endMs
        }
    }

    /// Extra marks a caller draws over a time-series chart, given its plot and scales.
    typealias Overlay = (inout SVG, Plot, Scale, Scale) -> Void

    /// A time-series chart of step lines (a frame's value holds until the next frame), each
    /// downsampled through `envelope` so every spike and dip stays; y from `yMin` (0 unless
    /// given) to a round value above the largest point.
    ///
    /// - Complexity: O(n) per series; output O(`plot.columns`) points per series.
    static func timeSeries(
        _ series: [Series], id: String, label: String, height: Double = 220, yMin: Double = 0, yMaxAtLeast: Double = 0,
        yTitle: String, yLabel: (Double) -> String, overlay: Overlay? = nil
    ) -> String {
        let plot = Plot(height: height, top: 30, bottom: 30)
        let endMs = max(series.map(\.endMs).max() ?? 1, 1)
        let top = max(series.compactMap { $0.values.max() }.max() ?? 1, yMaxAtLeast, yMin + 1e-9)
        let yTicks = ticks(yMin, top, count: 5)
        let yMax = max(top, (yTicks.last ?? top) + (yTicks.count > 1 ? 0 : 1)) * 1.0
        let x = Scale(domain: (0, endMs), range: (plot.minX, plot.maxX))
        let y = Scale(domain: (yMin, yMax * 1.04), range: (plot.maxY, plot.minY))
        var svg = SVG(width: plot.width, height: plot.height, label: label, id: id, classes: "chart time-series")
        yAxis(&svg, plot, y, ticks: yTicks, label: yLabel, title: yTitle)
        for s in series where !s.values.isEmpty {
            let points = envelope(s.values, columns: plot.columns).map { (x(s.timeMs[$0]), y(s.values[$0])) } + [(x(s.endMs), y(s.values[s.values.count - 1]))]
            let line = linePath(points, step: true)
            if s.fill {
                let area = line + "V\(SVG.number(plot.maxY))H\(SVG.number(points[0].0))z"
                svg.element("path", ["class": "area \(s.classes)", "d": area])
            }
            svg.element("path", ["class": "line \(s.classes)", "d": line])
        }
        overlay?(&svg, plot, x, y)
        timeAxis(&svg, plot, x, endMs: endMs)
        return svg.finished()
    }

    /// A filled band per bucket between `lo` and `hi`, as one path: along the tops forward,
    /// then back along the bottoms.
    static func bandPath(_ spans: [(x0: Double, x1: Double, lo: Double, hi: Double)]) -> String {
        guard let first = spans.first else { return "" }
        var d = "M\(SVG.number(first.x0)) \(SVG.number(first.hi))"
        for s in spans { d += "V\(SVG.number(s.hi))H\(SVG.number(s.x1))" }
        for s in spans.reversed() { d += "V\(SVG.number(s.lo))H\(SVG.number(s.x0))" }
        return d + "z"
    }
}
