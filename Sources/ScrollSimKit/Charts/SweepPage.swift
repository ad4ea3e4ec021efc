import Foundation

/// The page of a sweep (`index.html` in its directory): a heatmap of the plan's metric over
/// the first two varied keys, the best variant outlined, and the table of every variant.
///
/// Rows are the first key's values, columns the second's (one column when only one key is
/// varied). With more than two keys there is one heatmap per combination of the others' values,
/// titled with them. A cell's colour runs from green (the best value of the whole sweep) to red
/// (the worst), on a linear scale; every cell also shows its value, and its tooltip the variant.
public enum SweepPage {
    public static func html(_ summary: SweepSummary) -> String {
        let plan = summary.plan
        let writer = JSONWriter(decimals: 6)
        var body = "<header>\n<h1>Sweep of \(Markup.escape(plan.name))</h1>\n"
        body += "<p>\(plan.count) variant\(plan.count == 1 ? "" : "s") of <code>\(Markup.escape(plan.fileName))</code> (content hash \(Markup.escape(plan.contentHash))), "
        body += "coloured by <code>\(Markup.escape(plan.metric.rawValue))</code>, \(plan.objective == .min ? "lower" : "higher") is better.</p>\n"
        if let best = summary.best {
            body += "<p>Best: <strong>\(Markup.escape(best.name))</strong> (\(Markup.escape(plan.describe(best.index)))) with \(Markup.escape(DisplayFormat.metric(plan.metric, best.value))).</p>\n"
        }
        body += "</header>\n"

        let values = summary.rows.map(\.value).filter { !$0.isNaN }
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        let byIndex = Dictionary(uniqueKeysWithValues: summary.rows.map { ($0.index, $0) })
        let rowAxis = plan.axes[0]
        let columnAxis = plan.axes.count > 1 ? plan.axes[1] : nil
        let restAxes = Array(plan.axes.dropFirst(2))
        let panels = restAxes.reduce(1) { $0 * $1.values.count }
        let columns = columnAxis?.values.count ?? 1
        let perPanel = rowAxis.values.count * columns
        let bestIndex = summary.best?.index

        body += "<section id=\"heatmap-section\">\n<h2>\(Markup.escape(plan.metric.rawValue)) over \(Markup.escape(rowAxis.key))\(columnAxis.map { " × " + Markup.escape($0.key) } ?? "")</h2>\n"
        for panel in 0..<panels {
            // Variant k = (row * columns + column) * panels + panel: the first two keys vary
            // slowest, so panel p holds the variants whose remaining keys are at position p.
            let first = panel
            if !restAxes.isEmpty {
                let label = zip(restAxes, plan.positions(first).dropFirst(2)).map { "\($0.key) = \(writer.compact($0.values[$1]))" }.joined(separator: ", ")
                body += "<h3>\(Markup.escape(label))</h3>\n"
            }
            let cellWidth = 96.0, cellHeight = 34.0, left = 150.0, top = 30.0
            let width = left + cellWidth * Double(columns) + 10
            let height = top + cellHeight * Double(rowAxis.values.count) + 10
            var svg = SVG(width: width, height: height, label: "\(plan.metric.rawValue) over \(rowAxis.key)\(columnAxis.map { " and " + $0.key } ?? "")", classes: "chart heatmap")
            if let columnAxis {
                for (c, value) in columnAxis.values.enumerated() {
                    svg.text(writer.compact(value), x: left + cellWidth * (Double(c) + 0.5), y: top - 10, classes: "axis", anchor: "middle")
                }
            }
            for (r, value) in rowAxis.values.enumerated() {
                svg.text(writer.compact(value), x: left - 8, y: top + cellHeight * (Double(r) + 0.5) + 4, classes: "axis", anchor: "end")
                for c in 0..<columns {
                    let k = (r * columns + c) * panels + panel
                    guard k < perPanel * panels, let row = byIndex[k] else { continue }
                    let x = left + cellWidth * Double(c), y = top + cellHeight * Double(r)
                    let isBest = row.index == bestIndex
                    svg.open("g", ["class": isBest ? "cell best" : "cell"])
                    svg.title("\(row.name): \(plan.describe(k)) → \(DisplayFormat.metric(plan.metric, row.value))\(isBest ? " (best)" : "")")
                    svg.element("rect", ["x": SVG.number(x + 1), "y": SVG.number(y + 1), "width": SVG.number(cellWidth - 2), "height": SVG.number(cellHeight - 2),
                                         "fill": colour(row.value, low: low, high: high, objective: plan.objective),
                                         "stroke": isBest ? "#000" : "none", "stroke-width": isBest ? "3" : "0"])
                    svg.text((isBest ? "★ " : "") + DisplayFormat.metric(plan.metric, row.value), x: x + cellWidth / 2, y: y + cellHeight / 2 + 4, classes: "cell-value", anchor: "middle")
                    svg.close()
                }
            }
            body += "<figure>" + svg.finished() + "</figure>\n"
        }
        body += "<p>Rows: <code>\(Markup.escape(rowAxis.key))</code>\(columnAxis.map { "; columns: <code>\(Markup.escape($0.key))</code>" } ?? ""). ★ marks the best variant.</p>\n</section>\n"

        let metrics = summary.shownMetrics
        let header = ["variant"] + plan.axes.map(\.key) + metrics.map(\.rawValue) + ["budgets"]
        let rows = summary.rows.map { row -> [String] in
            var cells = [Markup.escape(row.name) + (row.index == bestIndex ? " ★" : "")]
            cells += row.values.map { Markup.escape(writer.compact($0)) }
            cells += metrics.map { metric in Markup.escape(row.metrics[metric.rawValue].map { DisplayFormat.metric(metric, $0) } ?? "") }
            cells.append(row.budgetsPassed.map { $0 ? "pass" : "fail" } ?? "")
            return cells
        }
        body += "<section id=\"variants-section\">\n<h2>Variants</h2>\n" + HTMLPage.table(header, rows, classes: "index", textColumns: Set(1...plan.axes.count)) + "</section>\n"
        return HTMLPage.document(title: "Sweep of \(plan.name)", body: body, script: false)
    }

    /// Green for the best value, red for the worst, through yellow; grey for a missing value.
    static func colour(_ value: Double, low: Double, high: Double, objective: SweepPlan.Objective) -> String {
        guard !value.isNaN else { return "#ccc" }
        var t = high > low ? (value - low) / (high - low) : 0
        if objective == .max { t = 1 - t }
        // t = 0 is best (hue 120, green), t = 1 worst (hue 0, red).
        return "hsl(\(SVG.number(120 * (1 - t), decimals: 0)), 70%, 72%)"
    }
}
