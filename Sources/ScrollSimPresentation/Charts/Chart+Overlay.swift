import ScrollSimKit

extension Chart {
    /// Baseline and current frame work on the same axes, criterion-style: each run's worst
    /// frame per bucket as a step line (baseline muted, current in the accent colour), y capped
    /// at 3·B with each run's clipped maximum labelled, and the budget lines.
    /// - Complexity: O(n + m); output O(`plot.columns`) per run.
    static func workOverlay(baseline: Report.Frames, current: Report.Frames, id: String = "work-overlay") -> String {
        let budget = current.budgetMs
        let maxWork = max(baseline.workMs.max() ?? 0, current.workMs.max() ?? 0)
        let cap = maxWork > 2 * budget ? 3 * budget : 2 * budget
        let runs = [("baseline", baseline, "base"), ("current", current, "cur")]
        let series = runs.map { name, frames, css in
            Series(name: name, timeMs: frames.timeMs, values: frames.workMs.map { min($0, cap) }, classes: css, endMs: frames.durationMs)
        }
        return timeSeries(
            series, id: id, label: "Frame work, baseline and current overlaid", height: 300, yMaxAtLeast: cap / 1.04,
            yTitle: "ms", yLabel: { SVG.number($0, decimals: 1) },
            overlay: { svg, plot, _, y in
                budgetLines(&svg, plot, y, budget: budget)
                // Cut maxima, printed above the plot's right end.
                var labels: [String] = []
                for (name, frames, _) in runs {
                    guard let top = frames.workMs.max(), top > cap else { continue }
                    labels.append("\(name) max \(DisplayFormat.ms(top))")
                }
                if !labels.isEmpty {
                    svg.text("cut at \(DisplayFormat.ms(cap)): " + labels.joined(separator: ", "), x: plot.maxX, y: plot.minY - 10, classes: "overflow-label", anchor: "end")
                }
            }
        )
    }

    /// Baseline and current of one per-frame quantity as two step lines on shared axes.
    /// - Complexity: O(n + m).
    static func overlay(
        baseline: (Report.Frames, [Double]), current: (Report.Frames, [Double]), id: String, label: String,
        yTitle: String, yLabel: @escaping (Double) -> String
    ) -> String {
        let series = [
            Series(name: "baseline", timeMs: baseline.0.timeMs, values: baseline.1, classes: "base", endMs: baseline.0.durationMs),
            Series(name: "current", timeMs: current.0.timeMs, values: current.1, classes: "cur", endMs: current.0.durationMs),
        ]
        return timeSeries(series, id: id, label: label, yTitle: yTitle, yLabel: yLabel)
    }
}
