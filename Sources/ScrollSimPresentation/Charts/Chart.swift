import ScrollSimKit

/// The charts of a report page, each a function from report data to SVG markup (the
/// `Chart+….swift` files), and the geometry they share.
///
/// Every chart has a fixed viewBox (it scales to the page's width), draws with CSS classes
/// (colours live in the page's style sheet, so dark mode and print restyle them), and is
/// bounded in size: series are downsampled with `Downsampler` to at most `Plot.columns`
/// marks, so a 100,000-frame run costs what a 1,000-frame run does.
public enum Chart {
    /// The drawing area of a chart inside its viewBox. The default margins are every time
    /// chart's (`timeline(height:top:bottom:)`), so charts of one run line up on the page: the
    /// left margin holds the lane and strip labels, the right one the budget lines' labels.
    public struct Plot: Sendable {
        public var width: Double
        public var height: Double
        public var left: Double
        public var right: Double
        public var top: Double
        public var bottom: Double

        public init(width: Double = 1200, height: Double, left: Double = 132, right: Double = 124, top: Double = 24, bottom: Double = 36) {
            self.width = width
            self.height = height
            self.left = left
            self.right = right
            self.top = top
            self.bottom = bottom
        }

        public var minX: Double { left }
        public var maxX: Double { width - right }
        public var minY: Double { top }
        public var maxY: Double { height - bottom }
        public var plotWidth: Double { maxX - minX }
        public var plotHeight: Double { maxY - minY }

        /// How many marks a series gets at most: about one per two units of width.
        public var columns: Int { max(1, Int(plotWidth / 2)) }
    }

    /// A linear map from data values to viewBox coordinates.
    public struct Scale: Sendable {
        public var domain: (Double, Double)
        public var range: (Double, Double)

        public init(domain: (Double, Double), range: (Double, Double)) {
            let span = domain.1 - domain.0
            self.domain = span > 0 && span.isFinite ? domain : (domain.0, domain.0 + 1)
            self.range = range
        }

        public func callAsFunction(_ value: Double) -> Double {
            range.0 + (value - domain.0) / (domain.1 - domain.0) * (range.1 - range.0)
        }
    }

    /// Round tick values (1, 2, 2.5 or 5 × 10^k apart) covering `lo...hi`, about `count` of them.
    /// - Complexity: O(count).
    public static func ticks(_ lo: Double, _ hi: Double, count: Int = 5) -> [Double] {
        guard hi > lo, lo.isFinite, hi.isFinite, count > 0 else { return [lo.isFinite ? lo : 0] }
        let raw = (hi - lo) / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var out: [Double] = []
        var k = (lo / step).rounded(.up)
        while k * step <= hi + step * 1e-9 {
            out.append(k * step == 0 ? 0 : k * step)
            k += 1
        }
        return out
    }

    /// Horizontal grid lines and labels for `ticks` on the left edge.
    public static func yAxis(_ svg: inout SVG, _ plot: Plot, _ y: Scale, ticks: [Double], label: (Double) -> String, title: String) {
        svg.open("g", ["class": "axis y"])
        for tick in ticks {
            let py = y(tick)
            svg.element("line", ["class": "grid", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(py), "y2": SVG.number(py)])
            svg.text(label(tick), x: plot.minX - 6, y: py + 4, classes: "tick", anchor: "end")
        }
        svg.text(title, x: plot.minX, y: plot.minY - 8, classes: "axis-title")
        svg.close()
    }

    /// The time axis along the bottom, ticks in seconds.
    static func timeAxis(_ svg: inout SVG, _ plot: Plot, _ x: Scale, endMs: Double, y: Double? = nil) {
        let base = y ?? plot.maxY
        svg.open("g", ["class": "axis x"])
        svg.element("line", ["class": "baseline", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(base), "y2": SVG.number(base)])
        for tick in ticks(0, endMs, count: 10) {
            let px = x(tick)
            svg.element("line", ["class": "tick-mark", "x1": SVG.number(px), "x2": SVG.number(px), "y1": SVG.number(base), "y2": SVG.number(base + 4)])
            // The first label starts at the axis' left end, clear of the y axis' "0" beside it.
            svg.text(DisplayFormat.seconds(tick), x: px, y: base + 16, classes: "tick", anchor: tick == 0 ? "start" : "middle")
        }
        svg.close()
    }

    /// Indices to draw a line through so that each bucket's smallest and largest value both
    /// appear (in index order): a line that is downsampled but keeps every spike and dip.
    /// - Complexity: O(n).
    public static func envelope(_ values: [Double], columns: Int) -> [Int] {
        guard !values.isEmpty else { return [] }
        var out: [Int] = []
        for bucket in Downsampler.buckets(values, count: columns) {
            let a = min(bucket.minIndex, bucket.maxIndex)
            let b = max(bucket.minIndex, bucket.maxIndex)
            out.append(a)
            if b != a { out.append(b) }
        }
        if out.last != values.count - 1 { out.append(values.count - 1) }
        return out
    }

    /// An SVG path through points, as a step line (`step: true`, the value holds until the next
    /// point, as frame data does) or straight segments.
    public static func linePath(_ points: [(Double, Double)], step: Bool) -> String {
        var d = ""
        for (i, (px, py)) in points.enumerated() {
            if i == 0 {
                d += "M\(SVG.number(px)) \(SVG.number(py))"
            } else if step {
                d += "H\(SVG.number(px))V\(SVG.number(py))"
            } else {
                d += "L\(SVG.number(px)) \(SVG.number(py))"
            }
        }
        return d
    }

    /// Merges spans `[x0, x1]` (in viewBox units, sorted or not) that touch or overlap within
    /// `gap`, so a thousand adjacent marks draw as a few rectangles.
    static func mergeSpans(_ spans: [(Double, Double)], gap: Double = 0.5) -> [(Double, Double)] {
        var merged: [(Double, Double)] = []
        for span in spans.sorted(by: { $0.0 < $1.0 }) {
            if let last = merged.last, span.0 <= last.1 + gap {
                merged[merged.count - 1].1 = max(last.1, span.1)
            } else {
                merged.append(span)
            }
        }
        return merged
    }
}
