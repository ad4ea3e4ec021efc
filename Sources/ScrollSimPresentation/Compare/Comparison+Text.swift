import ScrollSimKit

extension Comparison {
    /// The terminal rendering: what needs attention first, the rest collapsed.
    ///
    /// A scenario whose content changed is marked "scenario changed" after its outcome, and
    /// what changed in it (`ScenarioComparison.scenarioChangeLines`) comes before its metrics.
    ///
    /// Scenarios come in the order a reader acts on them: regressed (errors, then warnings),
    /// refused for a content change, missing, improved, new, and last the unchanged ones on one
    /// line (grouped by hitch grade, so a scenario graded critical never reads as simply
    /// unchanged). A scenario's hitch grade is shown apart from its verdict ("unchanged · grade
    /// critical ⛔"). A regressed scenario shows a table of its regressions and of the metrics
    /// over their budgets, then its improvements and
    /// other moves grouped on a line each, and counts the identical metrics; an improved
    /// scenario shows its improvements on one line. Values are at display precision
    /// (`CompareFormat.shown`). `all` lists every metric of every compared scenario in a table
    /// instead, in name order. `colored` wraps verdicts in ANSI colours (red errors, yellow
    /// warnings, green improvements): pass it only when writing to a terminal.
    /// - Complexity: O(s·m) for s scenarios and m metrics.
    public func text(colored: Bool = false, all: Bool = false) -> String {
        let paint = Paint(enabled: colored)
        var out = "Comparing \(baselineLabel) (baseline) with \(currentLabel) (current); thresholds: \(thresholds.label)\n"
        if all {
            for scenario in scenarios {
                out += "\n" + paint.bold(scenario.name) + ": " + statusText(scenario, paint) + "\n"
                if let note = scenario.note { out += "  \(note)\n" }
                out += scenarioChangeText(scenario)
                if scenario.status == .compared { out += metricTable(scenario.metrics, paint) }
            }
        } else {
            var unchanged: [ScenarioComparison] = []
            for scenario in scenarios.sorted(by: { Comparison.attentionOrder($0) < Comparison.attentionOrder($1) }) {
                if scenario.status == .compared && scenario.note == nil && scenario.severity == nil
                    && scenario.metrics.allSatisfy({ $0.verdict == .unchanged }) {
                    unchanged.append(scenario)
                    continue
                }
                out += "\n" + paint.bold(scenario.name) + ": " + statusText(scenario, paint) + "\n"
                if let note = scenario.note { out += "  \(note)\n" }
                out += scenarioChangeText(scenario)
                guard scenario.status == .compared else { continue }
                let regressed = scenario.metrics.filter { $0.verdict == .regressed || $0.severity != nil }
                if !regressed.isEmpty { out += metricTable(regressed, paint) }
                let improved = scenario.metrics(.improved)
                if !improved.isEmpty { out += Comparison.group(paint.wrap("improved", "32") + ":", "improved:".count, improved.map(Comparison.moveText)) }
                let other = scenario.metrics.filter { CompareFormat.moved($0) && $0.verdict != .regressed && $0.verdict != .improved && $0.severity == nil }
                if !other.isEmpty { out += Comparison.group("also moved:", "also moved:".count, other.map(Comparison.moveText)) }
                let identical = scenario.metrics.count - scenario.metrics.filter(CompareFormat.moved).count
                if identical > 0 { out += "  \(CompareFormat.count(identical, "other metric")) identical (--all lists every metric)\n" }
            }
            for grade in [nil] + HitchGrade.allCases {
                let group = unchanged.filter { $0.hitchGrade.now == grade }
                guard !group.isEmpty else { continue }
                let names = group.map { scenario -> String in
                    let moved = scenario.metrics.filter(CompareFormat.moved).count
                    return moved == 0 ? scenario.name : "\(scenario.name) (\(moved) within thresholds)"
                }
                // Good is the usual grade: only a warning or critical grade is named on the line.
                let label = "unchanged" + (grade.flatMap { $0 == .good ? nil : " · grade \($0.rawValue) \($0.mark)" } ?? "") + ":"
                out += "\n" + Comparison.group(label, label.count, names, separator: ",", lead: "")
            }
        }
        let line = failed ? paint.wrap(headline, "1;31") : paint.wrap(headline, "32")
        return out + "\n" + line + "\n"
    }

    /// What changed in a changed scenario, under a heading, one change a line; empty otherwise.
    func scenarioChangeText(_ scenario: ScenarioComparison) -> String {
        let lines = scenario.scenarioChangeLines
        guard !lines.isEmpty else { return "" }
        return "  what changed in the scenario (baseline → current):\n" + lines.map { "    \($0)\n" }.joined()
    }

    /// Regressions with errors first, then warnings, refused, missing, improved, new, unchanged;
    /// by name within each.
    static func attentionOrder(_ scenario: ScenarioComparison) -> (Int, String) {
        let rank: Int
        switch scenario.status {
        case .compared:
            switch scenario.severity {
            case .error?: rank = 0
            case .warning?: rank = 1
            case nil: rank = scenario.metrics(.improved).isEmpty ? 6 : 4
            }
        case .contentChanged: rank = 2
        case .missing: rank = 3
        case .new: rank = 5
        }
        return (rank, scenario.name)
    }

    /// "frameWorkMs.p99 1.10 ms → 0.98 ms (-10.9%)": a move in a few words.
    static func moveText(_ metric: MetricComparison) -> String {
        let shown = CompareFormat.shown(metric)
        var notes: [String] = []
        let relative = CompareFormat.relative(metric)
        if relative != "n/a" && relative != "-" { notes.append(relative) }
        if metric.verdict == .changed { notes.append(metric.polarity == .neutral ? "neutral" : "not judged") }
        if metric.verdict == .unchanged { notes.append(metric.reason ?? "within threshold") }
        if metric.verdict != .unchanged, metric.difference != nil { notes.append("95 % interval " + CompareFormat.intervalColumn(metric)) }
        return "\(metric.path) \(shown.baseline) → \(shown.current)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
    }

    /// `lead`, a label and items joined by `separator` and a space, wrapped at 100 columns under
    /// the first item.
    /// - Parameter width: the label's width on screen (without colour codes).
    static func group(_ label: String, _ width: Int, _ items: [String], separator: String = ";", lead: String = "  ") -> String {
        let indent = String(repeating: " ", count: lead.count + width + 1)
        var out = lead + label + " "
        var column = indent.count
        for (i, item) in items.enumerated() {
            let piece = item + (i + 1 < items.count ? separator : "")
            if i > 0 {
                if column + 1 + piece.count > 100 {
                    out += "\n" + indent
                    column = indent.count
                } else {
                    out += " "
                    column += 1
                }
            }
            out += piece
            column += piece.count
        }
        return out + "\n"
    }

    /// A metric table: metric, baseline, current, delta, change, verdict.
    /// Ensembles add the change's 95 % interval before the verdict.
    func metricTable(_ metrics: [MetricComparison], _ paint: Paint) -> String {
        let intervals = metrics.contains { $0.difference != nil }
        var rows = [["metric", "baseline", "current", "delta", "change"] + (intervals ? ["95 % interval"] : []) + ["verdict"]]
        var colors: [String?] = [nil]
        for metric in metrics {
            let shown = CompareFormat.shown(metric)
            rows.append([metric.path, shown.baseline, shown.current, shown.delta, CompareFormat.relative(metric)]
                        + (intervals ? [CompareFormat.intervalColumn(metric)] : []) + [CompareFormat.verdict(metric)])
            colors.append(Paint.code(for: metric))
        }
        return Comparison.table(rows, colors: colors, paint: paint, indent: "  ")
    }

    /// The scenario's verdict, then its hitch grade apart ("unchanged (…) · grade critical ⛔").
    func statusText(_ scenario: ScenarioComparison, _ paint: Paint) -> String {
        var verdict = verdictText(scenario, paint)
        if scenario.status == .compared && scenario.contentHashChanged { verdict += " · " + paint.wrap("scenario changed", "36") }
        guard let grade = scenario.hitchGrade.text else { return verdict }
        return verdict + " · " + grade
    }

    func verdictText(_ scenario: ScenarioComparison, _ paint: Paint) -> String {
        switch scenario.status {
        case .new: return "new"
        case .missing: return paint.wrap("MISSING", "33")
        case .contentChanged: return paint.wrap("NOT COMPARED (content changed)", "31")
        case .compared:
            // The label follows the exit status (ScenarioHeadline): a warning that does not fail
            // never reads REGRESSED.
            let headline = ScenarioHeadline(scenario, failOn: options.failOn)
            if let label = headline.label {
                let word: String
                switch label {
                case .regressed: word = "REGRESSED"
                case .overBudget: word = "OVER BUDGET"
                case .warned: word = "WARNING"
                }
                return paint.wrap(word, label == .warned ? "33" : "31") + " (" + headline.parts + ")"
            }
            let improved = headline.improved
            if improved > 0 { return paint.wrap("improved", "32") + " (\(CompareFormat.count(improved, "metric")))" }
            let moved = scenario.metrics.filter(CompareFormat.moved).count
            if moved == 0 { return "unchanged (all \(scenario.metrics.count) metrics identical)" }
            return "unchanged (\(moved) of \(scenario.metrics.count) metrics moved, within thresholds)"
        }
    }

    /// Columns padded to their widest cell: the first and last left-aligned, the rest right.
    /// Colour is applied to a row's last cell after padding, so widths ignore escape codes.
    static func table(_ rows: [[String]], colors: [String?], paint: Paint, indent: String) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        var out = ""
        for (r, row) in rows.enumerated() {
            var cells: [String] = []
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                if i == row.count - 1 {
                    cells.append(colors[r].map { paint.wrap(cell, $0) } ?? cell)
                } else {
                    cells.append(i == 0 ? cell + pad : pad + cell)
                }
            }
            out += indent + cells.joined(separator: "  ") + "\n"
        }
        return out
    }

    /// ANSI colours, or none.
    struct Paint {
        var enabled: Bool

        func wrap(_ text: String, _ code: String) -> String {
            enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        func bold(_ text: String) -> String { wrap(text, "1") }

        static func code(for metric: MetricComparison) -> String? {
            switch (metric.verdict, metric.severity) {
            case (.regressed, .error?): return "31"
            case (.regressed, _): return "33"
            case (.improved, _): return "32"
            default: return nil
            }
        }
    }
}
