import Foundation
import ScrollSimKit

/// The page of a sweep (`index.html` in its directory): a heatmap of the plan's metric over
/// the first two varied keys, the best variant outlined, the table of every variant, and a
/// link from each cell and row to the variant's own scenario page (`pages/<variant>.html`,
/// written beside it by `SweepDirectory`).
///
/// Rows are the first key's values, columns the second's (one column when only one key is
/// varied). With more than two keys there is one heatmap per combination of the others' values,
/// titled with them. A cell's colour says how the variant stands, by the same judgement as
/// everywhere else: by its budget on the metric where the scenario sets one (green within, red
/// over), else by the hitch grade for `hitchRatio` (green good, amber warning, red critical: a
/// critical 10.82 ms/s is red however the other variants did), else from green (the best value
/// of the sweep) to red (the worst) on a linear scale. Every cell also shows its value, and its
/// tooltip the variant.
///
/// A sweep of ensembles (`SweepSummary.hasEnsembles`) shows each variant's mean ± the half-width
/// of its 95 % interval in the cells and the table (with a runs column), an error-bar chart of
/// the metric (`SweepIntervalChart`), and the best only when it is significantly better than
/// every other variant; otherwise the header says that no variant is, and the variants tied
/// with the best mean are marked ≈ with a dashed outline (`SweepChoice`). A sweep of single
/// runs draws the page it always drew.
///
/// The heatmap keeps its natural size (it is not stretched to the page), and the table's
/// variant column shows the variant's number (`v06`, its full name in the tooltip) and headers
/// wrap, so nothing is cut at 1,280 px and wider.
enum SweepPage {
    /// How the heatmap's cells are coloured.
    enum Colouring: Equatable {
        case budget, grade, scale

        var legend: String {
            switch self {
            case .budget: return "Colour: the variant's budget on the metric (green within, red over)."
            case .grade: return "Colour: the hitch grade (green good, amber warning, red critical)."
            case .scale: return "Colour: from green (the best value of the sweep) to red (the worst); the scenario sets no budget on the metric and it has no grade."
            }
        }
    }

    static func html(_ summary: SweepSummary) -> String {
        let plan = summary.plan
        let writer = JSONWriter(decimals: 6)
        var body = "<header>\n<h1>Sweep of \(Markup.escape(plan.name))</h1>\n"
        body += "<p>\(plan.count) variant\(plan.count == 1 ? "" : "s") of <code>\(Markup.escape(plan.fileName))</code> (content hash \(Markup.escape(plan.contentHash))), "
        body += "coloured by <code>\(Markup.escape(plan.metric.rawValue))</code>, \(plan.objective == .min ? "lower" : "higher") is better.</p>\n"
        let choice = summary.choice
        if choice != nil, let lines = summary.choiceLines() {
            body += "<p>Each variant played \(Markup.escape(summary.runCounts)): every figure is the mean over its runs ± the half-width of its 95 % interval.</p>\n"
            body += "<p class=\"choice\"><strong>\(Markup.escape(lines[0]))</strong></p>\n"
            if lines.count > 1 {
                body += "<ul class=\"choice\">" + lines.dropFirst().map { "<li>\(Markup.escape($0.trimmingCharacters(in: .whitespaces)))</li>" }.joined() + "</ul>\n"
            }
        } else if let best = summary.best {
            body += "<p>Best: <a href=\"\(Markup.escape(SweepDirectory.pagePath(best.name)))\"><strong>\(Markup.escape(best.name))</strong></a> (\(Markup.escape(plan.describe(best.index)))) with \(Markup.escape(DisplayFormat.metric(plan.metric, best.value))).</p>\n"
        }
        body += "</header>\n"

        let values = summary.rows.map(\.value).filter { !$0.isNaN }
        let low = values.min() ?? 0
        let high = values.max() ?? 0
        let colouring = colouring(summary)
        let byIndex = Dictionary(uniqueKeysWithValues: summary.rows.map { ($0.index, $0) })
        let rowAxis = plan.axes[0]
        let columnAxis = plan.axes.count > 1 ? plan.axes[1] : nil
        let restAxes = Array(plan.axes.dropFirst(2))
        let panels = restAxes.reduce(1) { $0 * $1.values.count }
        let columns = columnAxis?.values.count ?? 1
        let perPanel = rowAxis.values.count * columns
        let bestIndex = summary.best?.index
        let tied = Set(choice.map { $0.isSignificant ? [] : $0.tied } ?? [])

        body += "<section id=\"heatmap-section\">\n<h2>\(Markup.escape(plan.metric.rawValue)) over \(Markup.escape(rowAxis.key))\(columnAxis.map { " × " + Markup.escape($0.key) } ?? "")</h2>\n"
        body += "<p class=\"note\">\(colouring.legend) Each cell links to the variant's page.</p>\n"
        for panel in 0..<panels {
            // Variant k = (row * columns + column) * panels + panel: the first two keys vary
            // slowest, so panel p holds the variants whose remaining keys are at position p.
            let first = panel
            if !restAxes.isEmpty {
                let label = zip(restAxes, plan.positions(first).dropFirst(2)).map { "\($0.key) = \(writer.compact($0.values[$1]))" }.joined(separator: ", ")
                body += "<h3>\(Markup.escape(label))</h3>\n"
            }
            let cellWidth = choice != nil ? 150.0 : 96.0, cellHeight = 34.0, left = 150.0, top = 30.0
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
                    let isTied = tied.contains(row.index)
                    svg.open("a", ["href": SweepDirectory.pagePath(row.name)])
                    svg.open("g", ["class": isBest ? "cell best" : isTied ? "cell tied" : "cell"])
                    let shown = summary.cell(plan.metric, row)
                    let runs = choice != nil ? " over \(CompareFormat.count(row.runs, "run"))" : ""
                    svg.title("\(row.name): \(plan.describe(k)) → \(shown.isEmpty ? DisplayFormat.metric(plan.metric, row.value) : shown)\(runs)\(standing(row, colouring).map { " (\($0))" } ?? "")\(isBest ? " (best)" : "")\(isTied ? " (tied with the best mean)" : "")")
                    if isTied {
                        svg.element("rect", ["x": SVG.number(x + 1), "y": SVG.number(y + 1), "width": SVG.number(cellWidth - 2), "height": SVG.number(cellHeight - 2),
                                             "fill": colour(row, colouring, low: low, high: high, objective: plan.objective),
                                             "stroke": "#000", "stroke-width": "2", "stroke-dasharray": "5 3"])
                    } else {
                        svg.element("rect", ["x": SVG.number(x + 1), "y": SVG.number(y + 1), "width": SVG.number(cellWidth - 2), "height": SVG.number(cellHeight - 2),
                                             "fill": colour(row, colouring, low: low, high: high, objective: plan.objective),
                                             "stroke": isBest ? "#000" : "none", "stroke-width": isBest ? "3" : "0"])
                    }
                    let text = choice != nil ? shown : DisplayFormat.metric(plan.metric, row.value)
                    svg.text((isBest ? "★ " : isTied ? "≈ " : "") + text, x: x + cellWidth / 2, y: y + cellHeight / 2 + 4, classes: "cell-value", anchor: "middle")
                    svg.close()
                    svg.close()
                }
            }
            body += "<figure style=\"max-width:\(SVG.number(width * 1.25))px;margin:0 0 12px\">" + svg.finished() + "</figure>\n"
        }
        let marks = choice == nil ? "★ marks the best variant." : "★ marks the best variant (significantly better than every other); ≈ and a dashed outline the variants not told apart from the best mean."
        body += "<p>Rows: <code>\(Markup.escape(rowAxis.key))</code>\(columnAxis.map { "; columns: <code>\(Markup.escape($0.key))</code>" } ?? ""). \(marks)</p>\n</section>\n"
        if let chart = SweepIntervalChart.svg(summary) {
            body += "<section id=\"intervals-section\">\n<h2>\(Markup.escape(plan.metric.rawValue)): mean and 95 % interval of each variant</h2>\n"
            body += "<figure style=\"max-width:1160px;margin:0 0 12px\">" + chart + "</figure>\n"
            body += "<p class=\"note\">\(Markup.escape(SweepIntervalChart.note))</p>\n</section>\n"
        }

        let metrics = summary.shownMetrics
        let header = ["variant"] + plan.axes.map(\.key) + (choice != nil ? ["runs"] : []) + metrics.map(\.rawValue) + ["budgets"]
        let rows = summary.rows.map { row -> [String] in
            let short = row.name.hasPrefix(plan.name + "-") ? String(row.name.dropFirst(plan.name.count + 1)) : row.name
            var cells = ["<a href=\"\(Markup.escape(SweepDirectory.pagePath(row.name)))\" title=\"\(Markup.escape(row.name))\">\(Markup.escape(short))</a>"
                         + (row.index == bestIndex ? " ★" : tied.contains(row.index) ? " ≈" : "")]
            cells += row.values.map { Markup.escape(writer.compact($0)) }
            if choice != nil { cells.append(String(row.runs)) }
            cells += metrics.map { metric in Markup.escape(summary.cell(metric, row)) }
            cells.append(row.budgetsPassed.map { $0 ? HTMLPage.badge("pass", "pass") : HTMLPage.badge("fail", "fail") } ?? "")
            return cells
        }
        body += "<section id=\"variants-section\">\n<h2>Variants</h2>\n<p class=\"note\">Variants are named <code>\(Markup.escape(plan.name))-v<i>k</i></code>; each links to its page.</p>\n"
        body += HTMLPage.table(header, rows, classes: "index sweep", textColumns: Set(1...plan.axes.count)) + "</section>\n"
        return HTMLPage.document(title: "Sweep of \(plan.name)", body: body, script: false)
    }

    /// By budget when every variant's report has a budget on the metric, else by grade for the
    /// hitch ratio, else the best-to-worst scale.
    static func colouring(_ summary: SweepSummary) -> Colouring {
        if !summary.rows.isEmpty, summary.rows.allSatisfy({ $0.budget != nil }) { return .budget }
        if summary.plan.metric == .hitchRatio, summary.rows.allSatisfy({ $0.grade != nil || $0.value.isNaN }) { return .grade }
        return .scale
    }

    /// "over budget", "critical": what the colour says, for the tooltip (nil on the scale).
    static func standing(_ row: SweepSummary.Row, _ colouring: Colouring) -> String? {
        switch colouring {
        case .budget: return row.budget.map { $0.pass ? "within budget" : "over budget" }
        case .grade: return row.grade?.rawValue
        case .scale: return nil
        }
    }

    static let good = "hsl(120, 55%, 72%)", warning = "hsl(45, 95%, 65%)", critical = "hsl(0, 75%, 68%)"

    /// The cell's colour (grey for a missing value).
    static func colour(_ row: SweepSummary.Row, _ colouring: Colouring, low: Double, high: Double, objective: SweepPlan.Objective) -> String {
        guard !row.value.isNaN else { return "#ccc" }
        switch colouring {
        case .budget:
            return row.budget?.pass == false ? critical : good
        case .grade:
            switch row.grade {
            case .good?: return good
            case .warning?: return warning
            case .critical?: return critical
            case nil: return "#ccc"
            }
        case .scale:
            return colour(row.value, low: low, high: high, objective: objective)
        }
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
