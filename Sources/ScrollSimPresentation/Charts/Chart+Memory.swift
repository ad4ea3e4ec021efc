import ScrollSimKit

extension Chart {
    /// Modeled memory over time (the data model plus every resident view's view, state and content bytes), in MiB, with the
    /// `peakMemoryBytes` budget drawn when it is within reach of the data (a budget far above
    /// would flatten the line; the budgets table has it either way). The simulator's own
    /// jemalloc figures are measured, not modeled, and are shown apart by the page.
    /// - Complexity: O(n).
    /// Whether `memory` draws the budget: only when it is at most 3× the peak.
    static func drawsMemoryBudget(_ frames: Report.Frames, budgetMiB: Double?) -> Bool {
        guard let budgetMiB else { return false }
        return budgetMiB <= max((frames.memoryBytes.max() ?? 0) / 1_048_576, 1) * 3
    }

    static func memory(_ frames: Report.Frames, budgetMiB: Double?, id: String = "memory") -> String {
        let mib = frames.memoryBytes.map { $0 / 1_048_576 }
        let drawBudget = drawsMemoryBudget(frames, budgetMiB: budgetMiB)
        let series = Series(name: "modeled memory", timeMs: frames.timeMs, values: mib, classes: "mem", fill: true, endMs: frames.durationMs)
        return timeSeries(
            [series], id: id, label: "Modeled memory over time, MiB", yMaxAtLeast: drawBudget ? budgetMiB! : 0,
            yTitle: "MiB", yLabel: { SVG.number($0, decimals: 1) },
            overlay: { svg, plot, _, y in
                guard drawBudget, let budget = budgetMiB else { return }
                let py = y(budget)
                svg.element("line", ["class": "b15", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(py), "y2": SVG.number(py)])
                svg.text("budget \(DisplayFormat.fixed(budget, 1)) MiB", x: plot.maxX + 6, y: py + 4, classes: "line-label b15")
            }
        )
    }
}
