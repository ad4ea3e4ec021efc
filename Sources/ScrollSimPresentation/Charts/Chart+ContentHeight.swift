import ScrollSimKit

extension Chart {
    /// The lazy stack's estimated content height against the true one over time (rows not
    /// measured yet are estimated from the running average), with the frames where the
    /// engine corrected positions and offset marked along the bottom (size of the correction
    /// in the mark's tooltip).
    /// - Complexity: O(n).
    static func contentHeight(_ frames: Report.Frames, id: String = "content-height") -> String {
        let end = frames.durationMs
        let series = [
            Series(name: "true", timeMs: frames.timeMs, values: frames.trueHeight, classes: "true-h", endMs: end),
            Series(name: "estimated", timeMs: frames.timeMs, values: frames.estimatedHeight, classes: "est-h", endMs: end),
        ]
        return timeSeries(
            series, id: id, label: "Estimated and true content height over time, with offset corrections", yTitle: "pt",
            yLabel: { compact($0) },
            overlay: { svg, plot, x, _ in
                // Corrections: one tick per frame that had any, merged where they touch.
                var marks: [(x: Double, frame: Int, px: Double, count: Double)] = []
                for i in 0..<frames.count where frames.corrections[i] > 0 {
                    let px = x(frames.timeMs[i])
                    if let last = marks.last, px - last.x < 2 {
                        marks[marks.count - 1].count += frames.corrections[i]
                        marks[marks.count - 1].px += frames.correctionPx[i]
                    } else {
                        marks.append((px, i, frames.correctionPx[i], frames.corrections[i]))
                    }
                }
                guard !marks.isEmpty else { return }
                svg.open("g", ["class": "corrections"])
                for mark in marks {
                    svg.open("g")
                    svg.title("frame \(mark.frame): \(DisplayFormat.integer(mark.count)) correction\(mark.count == 1 ? "" : "s"), \(DisplayFormat.fixed(mark.px, 1)) pt")
                    svg.element("path", ["class": "correction", "d": "M\(SVG.number(mark.x)) \(SVG.number(plot.maxY - 1))l-3.5 -7h7z"])
                    svg.close()
                }
                svg.close()
            }
        )
    }

    /// A short axis label for large lengths: `850`, `12k`, `2.4M`.
    static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1_000_000 { return SVG.number(value / 1_000_000, decimals: 2) + "M" }
        if magnitude >= 10_000 { return SVG.number(value / 1000, decimals: 0) + "k" }
        return SVG.number(value, decimals: 0)
    }
}
