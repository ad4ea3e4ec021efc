extension Comparison {
    /// The terminal rendering: a header, a table per scenario, and the headline.
    ///
    /// By default a scenario's table lists only the metrics that moved (whatever their
    /// verdict) and counts the rest; `all` lists every metric. `colored` wraps verdicts in ANSI
    /// colours (red errors, yellow warnings, green improvements): pass it only when writing
    /// to a terminal.
    /// - Complexity: O(s·m) for s scenarios and m metrics.
    public func text(colored: Bool = false, all: Bool = false) -> String {
        let paint = Paint(enabled: colored)
        var out = "Comparing \(baselineLabel) (baseline) with \(currentLabel) (current); thresholds: \(thresholds.label)\n"
        for scenario in scenarios {
            out += "\n" + paint.bold(scenario.name) + ": " + statusText(scenario, paint) + "\n"
            if let note = scenario.note { out += "  \(note)\n" }
            guard scenario.status == .compared else { continue }
            let shown = all ? scenario.metrics : scenario.metrics.filter(CompareFormat.moved)
            if !shown.isEmpty {
                var rows = [["metric", "baseline", "current", "delta", "change", "verdict"]]
                var colors: [String?] = [nil]
                for metric in shown {
                    let kind = metric.metric?.kind
                    rows.append([metric.path, CompareFormat.value(metric.baseline, kind), CompareFormat.value(metric.current, kind),
                                 CompareFormat.delta(metric.delta, kind), CompareFormat.relative(metric), CompareFormat.verdict(metric)])
                    colors.append(Paint.code(for: metric))
                }
                out += Comparison.table(rows, colors: colors, paint: paint, indent: "  ")
            }
            let hidden = scenario.metrics.count - shown.count
            if hidden > 0 && !shown.isEmpty {
                out += "  \(CompareFormat.count(hidden, "other metric")) identical (--all lists every metric)\n"
            }
        }
        let line = failed ? paint.wrap(headline, "1;31") : paint.wrap(headline, "32")
        return out + "\n" + line + "\n"
    }

    func statusText(_ scenario: ScenarioComparison, _ paint: Paint) -> String {
        switch scenario.status {
        case .new: return "new"
        case .missing: return paint.wrap("MISSING", "33")
        case .contentChanged: return paint.wrap("NOT COMPARED (content changed)", "31")
        case .compared:
            let errors = scenario.metrics.filter { $0.severity == .error }.count
            let warnings = scenario.metrics.filter { $0.severity == .warning }.count
            let improved = scenario.metrics(.improved).count
            if errors + warnings > 0 {
                var parts: [String] = []
                if errors > 0 { parts.append(CompareFormat.count(errors, "error")) }
                if warnings > 0 { parts.append(CompareFormat.count(warnings, "warning")) }
                if improved > 0 { parts.append("\(improved) improved") }
                return paint.wrap("REGRESSED", errors > 0 ? "31" : "33") + " (" + parts.joined(separator: ", ") + ")"
            }
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
