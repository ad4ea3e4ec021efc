import ScrollSimKit

extension Chart {
    /// The states a resident view can be in, from the bottom of the stack up: on screen,
    /// built ahead of need, kept alive after leaving (or, in an eager stack, built and
    /// offscreen).
    static let residentStates: [(key: String, label: String)] = [("visible", "visible"), ("prefetched", "prefetched"), ("cached", "cached")]

    /// Resident views by state over time, stacked. Downsampled by the frame with the most
    /// resident views in each bucket, so the peak is drawn.
    /// - Complexity: O(n).
    static func residentViews(_ frames: Report.Frames, id: String = "resident-views") -> String {
        let plot = Plot(height: 220, top: 30, bottom: 30)
        let layers = [frames.visible, frames.prefetched, frames.cached]
        let totals = (0..<frames.count).map { i in layers.reduce(0) { $0 + $1[i] } }
        let top = max(totals.max() ?? 0, 1)
        let yTicks = ticks(0, top, count: 4)
        let x = Scale(domain: (0, max(frames.durationMs, 1)), range: (plot.minX, plot.maxX))
        let y = Scale(domain: (0, max(top, yTicks.last ?? top) * 1.04), range: (plot.maxY, plot.minY))
        var svg = SVG(width: plot.width, height: plot.height, label: "Resident views by state over time: visible, prefetched, cached", id: id, classes: "chart resident-views")
        yAxis(&svg, plot, y, ticks: yTicks, label: { DisplayFormat.integer($0) }, title: "views")
        let buckets = Downsampler.buckets(totals, count: plot.columns)
        var below = [Double](repeating: 0, count: buckets.count)
        for (layer, state) in zip(layers, residentStates) {
            var spans: [(x0: Double, x1: Double, lo: Double, hi: Double)] = []
            for (b, bucket) in buckets.enumerated() {
                let value = layer[bucket.maxIndex]
                spans.append((x(frames.timeMs[bucket.range.lowerBound]), x(frames.endMs(bucket.range.upperBound - 1)), y(below[b]), y(below[b] + value)))
                below[b] += value
            }
            if layer.contains(where: { $0 > 0 }) {
                svg.element("path", ["class": "band st-\(state.key)", "d": bandPath(spans)])
            }
        }
        timeAxis(&svg, plot, x, endMs: x.domain.1)
        return svg.finished()
    }
}
