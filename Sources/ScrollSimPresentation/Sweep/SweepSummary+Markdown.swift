import ScrollSimKit

extension SweepSummary {
    /// `summary.md`: what was swept, the best variant, and a table of every variant.
    public func markdown() -> String {
        let writer = JSONWriter(decimals: 6)
        var text = "# Sweep of \(plan.name)\n\n"
        // Every user's text in a code span goes through `Markdown.code` (a backtick or a line
        // break cannot end the span or the line).
        let code = Markdown.code
        text += "\(plan.count) variant\(plan.count == 1 ? "" : "s") of `\(code(plan.fileName))` (content hash \(code(plan.contentHash))), varying "
        text += plan.axes.map { "`\(code($0.key))` over \($0.values.map { code(writer.compact($0)) }.joined(separator: ", "))" }.joined(separator: "; ") + ".\n\n"
        let choice = self.choice
        if choice != nil, let lines = choiceLines() {
            // A sweep of ensembles: the choice and, when there is no best, every rival's
            // difference from the leader.
            text += "Each variant played \(runCounts): every metric is the mean over its runs ± the half-width of its 95 % interval.\n\n"
            text += "**\(Markdown.escape(lines[0]))**\n\n"
            if lines.count > 1 {
                text += lines.dropFirst().map { "- " + Markdown.escape($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n") + "\n\n"
            }
        } else if let best {
            text += "Best for \(plan.objective == .min ? "lowest" : "highest") `\(plan.metric.rawValue)`: **\(best.name)** (\(Markdown.escape(plan.describe(best.index)))) with \(DisplayFormat.metric(plan.metric, best.value)).\n\n"
        }
        let metrics = shownMetrics
        let runsColumn = choice != nil ? ["runs"] : []
        let header = ["variant"] + plan.axes.map { "`\(code($0.key))`" } + runsColumn + metrics.map { "`\($0.rawValue)`" } + ["budgets"]
        text += "| " + header.joined(separator: " | ") + " |\n"
        text += "|" + header.indices.map { $0 <= plan.axes.count || $0 == header.count - 1 ? " --- |" : " ---: |" }.joined() + "\n"
        let bestIndex = best?.index
        let tied = Set(choice.map { $0.isSignificant ? [] : $0.tied } ?? [])
        for row in rows {
            var cells = [row.index == bestIndex ? "**\(row.name)** (best)" : tied.contains(row.index) ? "\(row.name) (tied)" : row.name]
            cells += row.values.map { "`\(code(writer.compact($0)))`" }
            if choice != nil { cells.append(String(row.runs)) }
            cells += metrics.map { metric in cell(metric, row) }
            cells.append(row.budgetsPassed.map { $0 ? "pass" : "fail" } ?? "")
            text += "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
