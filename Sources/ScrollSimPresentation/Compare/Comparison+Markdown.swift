import ScrollSimKit

extension Comparison {
    /// GitHub's limit for one job summary (`$GITHUB_STEP_SUMMARY`): 1 MiB.
    public static let markdownLimit = 1 << 20

    /// The CI job summary: the headline, a table of scenarios, what changed in changed
    /// scenarios, the regressions and improvements with their limits, notes on scenarios not
    /// compared, and every metric of each scenario in a collapsed `<details>` block.
    ///
    /// The text stays under `limit` bytes (UTF-8): pieces are added in that order while they
    /// fit, and the first that does not ends the text with a note on what was left out (the
    /// JSON rendering always has everything).
    /// - Precondition: `limit` ≥ 1,024, room for the headline and the note.
    /// - Complexity: O(s·m) for s scenarios and m metrics.
    public func markdown(limit: Int = Comparison.markdownLimit) -> String {
        precondition(limit >= 1024, "markdown limit \(limit) is too small for the headline and the truncation note")
        var pieces: [String] = []
        pieces.append("## ScrollSim comparison: \(failed ? "❌ failed" : "✅ passed")\n\n")
        pieces.append("**\(Markdown.escape(headline))**\n\n")
        pieces.append("Baseline `\(Markdown.code(baselineLabel))`, current `\(Markdown.code(currentLabel))`; thresholds: \(Markdown.escape(thresholds.label)); fails on: \(options.failOn.rawValue).\n\n")

        pieces.append("| Scenario | Status | Errors | Warnings | Improved | Metrics |\n|:--|:--|--:|--:|--:|--:|\n")
        for scenario in scenarios {
            let errors = scenario.metrics.filter { $0.severity == .error }.count
            let warnings = scenario.metrics.filter { $0.severity == .warning }.count
            let metrics = scenario.status == .compared ? String(scenario.metrics.count) : "-"
            pieces.append("| \(Markdown.escape(scenario.name)) | \(MarkdownCells.status(scenario, failOn: options.failOn)) | \(errors) | \(warnings) | \(scenario.metrics(.improved).count) | \(metrics) |\n")
        }
        pieces.append("\n")

        let changed = scenarios.filter(\.contentHashChanged)
        if !changed.isEmpty {
            pieces.append("### Scenario changes\n\nThese scenarios changed since the baseline; their metrics move with these changes (baseline → current).\n\n")
            for scenario in changed {
                pieces.append("- **\(Markdown.escape(scenario.name))**" + (scenario.status == .contentChanged ? " (not compared: --strict-content)" : "") + "\n"
                              + scenario.scenarioChangeLines.map { "  - `\(Markdown.code($0))`\n" }.joined())
            }
            pieces.append("\n")
        }

        let overBudget = scenarios.flatMap { scenario in scenario.metrics.filter { $0.budgetSeverity != nil && $0.verdict != .regressed }.map { (scenario.name, $0) } }
        for (title, verdict) in [("Regressions", Verdict.regressed), ("Over budget", Verdict.unchanged), ("Improvements", Verdict.improved)] {
            let found = verdict == .unchanged ? overBudget : findings(verdict)
            guard !found.isEmpty else { continue }
            pieces.append("### \(title)\n\n| Scenario | Metric | Baseline | Current | Delta | Change | Verdict |\n|:--|:--|--:|--:|--:|--:|:--|\n")
            for (scenario, metric) in found {
                pieces.append("| \(Markdown.escape(scenario)) | \(MarkdownCells.row(metric)) |\n")
            }
            pieces.append("\n")
        }

        let notes = scenarios.compactMap { scenario in scenario.note.map { (scenario.name, $0) } }
        if !notes.isEmpty {
            pieces.append("### Notes\n\n")
            for (name, note) in notes { pieces.append("- **\(Markdown.escape(name))**: \(Markdown.escape(note))\n") }
            pieces.append("\n")
        }

        let compared = scenarios.filter { $0.status == .compared }
        if !compared.isEmpty {
            pieces.append("### Every metric\n\n")
            for scenario in compared {
                var block = "<details><summary>\(Markdown.html(scenario.name)): \(scenario.metrics.count) metrics, \(scenario.metrics(.regressed).count) regressed, \(scenario.metrics(.improved).count) improved</summary>\n\n"
                block += "| Metric | Baseline | Current | Delta | Change | Verdict |\n|:--|--:|--:|--:|--:|:--|\n"
                for metric in scenario.metrics { block += "| \(MarkdownCells.row(metric)) |\n" }
                block += "\n</details>\n\n"
                pieces.append(block)
            }
        }

        var out = ""
        for (index, piece) in pieces.enumerated() {
            let note = MarkdownCells.truncationNote(left: pieces.count - index, limit: limit)
            if out.utf8.count + piece.utf8.count + note.utf8.count > limit - 1 {
                return out + note
            }
            out += piece
        }
        return out
    }

    /// The cells the comparison's tables share: a scenario's status, a metric's row.
    enum MarkdownCells {
        /// The verdict, then the hitch grade apart: "✅ unchanged · grade good",
        /// "unchanged · grade critical ⛔" (no ✅ beside a grade that is not good).
        static func status(_ scenario: ScenarioComparison, failOn: Severity) -> String {
            var verdict = verdictStatus(scenario, failOn: failOn)
            if scenario.status == .compared && scenario.contentHashChanged { verdict += " · 🔀 scenario changed" }
            guard let grade = scenario.hitchGrade.text else { return verdict }
            if scenario.hitchGrade.now != .good, verdict.hasPrefix("✅ ") { verdict.removeFirst(2) }
            return verdict + " · " + grade
        }

        static func verdictStatus(_ scenario: ScenarioComparison, failOn: Severity) -> String {
            switch scenario.status {
            case .new: return "🆕 new (no baseline)"
            case .missing: return "⚠️ missing"
            case .contentChanged: return "⛔ not compared (content changed)"
            case .compared:
                // As the text's headline: the label follows the exit status, then what failed,
                // what warned and what improved.
                let headline = ScenarioHeadline(scenario, failOn: failOn)
                let parts = headline.parts.isEmpty ? "" : " (" + headline.parts + ")"
                switch headline.label {
                case .regressed?: return "❌ regressed" + parts
                case .overBudget?: return "❌ over budget" + parts
                case .warned?: return "⚠️ warning" + parts
                case nil: return scenario.metrics(.improved).isEmpty ? "✅ unchanged" : "✅ improved"
                }
            }
        }

        /// Metric, baseline, current, delta, change and verdict cells (without outer pipes).
        static func row(_ metric: MetricComparison) -> String {
            var verdict = Markdown.escape(CompareFormat.verdict(metric))
            if metric.verdict == .regressed { verdict = "**\(verdict)**" }
            // An ensemble's move shows its interval (an insignificant one says it in its reason).
            if metric.difference != nil, metric.verdict != .unchanged { verdict += " · 95 % interval " + Markdown.escape(CompareFormat.intervalColumn(metric)) }
            let shown = CompareFormat.shown(metric)
            return ["`\(Markdown.code(metric.path))`", Markdown.escape(shown.baseline), Markdown.escape(shown.current),
                    Markdown.escape(shown.delta), Markdown.escape(CompareFormat.relative(metric)), verdict].joined(separator: " | ")
        }

        /// The line that says how much of a summary was left out to stay under `limit` bytes.
        static func truncationNote(left: Int, limit: Int) -> String {
            let size = limit % 1024 == 0 ? "\(limit / 1024) KiB" : "\(limit) bytes"
            return "\n> **Truncated**: \(left) more part\(left == 1 ? "" : "s") of this summary left out to stay under \(size); the JSON output (`--format json`) has every metric.\n"
        }
    }
}
