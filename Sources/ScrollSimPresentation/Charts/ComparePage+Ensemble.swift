import ScrollSimKit

extension ComparePage {
    /// Whether the page compares ensembles (either report is one): then the metric table's
    /// values are means over the runs, every moved metric has its change with an interval
    /// (`MetricComparison.difference`), and the page draws the runs.
    static func comparesEnsembles(_ baseline: Report, _ current: Report) -> Bool {
        baseline.ensemble != nil || current.ensemble != nil
    }

    /// "an ensemble of 30 runs" or "a single run".
    static func sideText(_ report: Report) -> String {
        report.ensemble.map { "an ensemble of \(DisplayFormat.integer(Double($0.runs))) runs" } ?? "a single run"
    }

    /// The sentence after the lede: what each side is, and how their metrics are compared
    /// (paired run by run, or unpaired).
    static func ensembleLede(_ baseline: Report, _ current: Report) -> String {
        var text = "The baseline is \(sideText(baseline)), the current \(sideText(current)); the values below are means over the runs. "
        if let b = baseline.ensemble, let c = current.ensemble, b.drawsAlike(c) {
            let pairs = DisplayFormat.integer(Double(min(b.runs, c.runs)))
            text += "Run i of each drew alike (the same seed), so each metric's change is measured on the \(pairs) pairs of runs: the mean of current − baseline with its 95 % interval (a paired t interval), which takes out what the two runs of a pair share."
        } else {
            text += "Their runs did not draw alike, so each metric's change is the difference of the means with Welch's 95 % interval (unpaired)"
            text += baseline.ensemble == nil || current.ensemble == nil ? ", the single run taken as exact." : "."
        }
        text += " A move counts as a regression or an improvement only when it passes the metric's threshold <i>and</i> its interval lies wholly on one side of zero; otherwise it is \u{201C}no significant change\u{201D}."
        return "<p class=\"note\" id=\"ensemble-lede\">\(text)</p>\n"
    }

    /// The runs of both sides, for every metric that moved (the metric table's first rows, in
    /// its order): each side's runs as dots with their means (`Chart.runStrip`), the change with
    /// its 95 % interval (`Chart.differenceInterval`; the pairs' differences behind it when
    /// paired), and the verdict, "no significant change" where the interval includes zero.
    /// - Complexity: O(moved metrics × runs).
    static func ensembleRunsSection(_ scenario: ScenarioComparison, baseline: Report, current: Report) -> String {
        var html = "<section id=\"ensemble-runs-section\">\n<h2>Runs of both sides</h2>\n"
        let shown = scenario.metrics.filter { $0.difference != nil && CompareFormat.moved($0) }
        guard !shown.isEmpty else {
            return html + "<p class=\"note\">No metric moved between the two sides' means.</p>\n</section>\n"
        }
        html += "<p class=\"note\">For each metric that moved: every run of both sides, one dot a run, with each side's mean as a tick, on one axis; and the change, current − baseline, with its 95 % interval: where the mean change of many more runs would fall, 19 times in 20. "
        if shown.contains(where: { $0.difference?.kind == .paired }) { html += "Grey dots behind the interval are the differences of the pairs of runs. " }
        html += "An interval that crosses the dashed zero line is no significant change, whatever the threshold made of the means; one wholly on one side is a change the runs support, judged against the threshold.</p>\n"
        html += HTMLPage.legend([("run-dot base", "baseline run"), ("run-dot cur", "current run"), ("diff-ci", "95 % interval of the change")])
        let rows = shown.map { metric -> [String] in
            let kind = metric.metric?.kind
            let before = runs(metric.path, of: baseline, or: metric.baseline)
            let after = runs(metric.path, of: current, or: metric.current)
            let difference = metric.difference!
            var pairs: [Double] = []
            if difference.kind == .paired, before.count >= difference.count, after.count >= difference.count {
                pairs = (0..<difference.count).map { after[$0] - before[$0] }
            }
            let name = Markup.escape(metric.path)
            let strip = Chart.runStrip(baseline: before, current: after, kind: kind, label: "\(metric.path): the runs of the baseline and of the current")
            let interval = Chart.differenceInterval(difference, pairs: pairs, verdict: metric.verdict.rawValue, kind: kind,
                                                    label: "\(metric.path): the change with its 95 % interval")
            let count = difference.kind == .paired ? CompareFormat.count(difference.count, "pair") : "unpaired"
            let text = "\(Markup.escape(CompareFormat.interval(difference, kind: kind))) <span class=\"sub\">(\(count))</span>"
            let title = metric.metric.map { " title=\"\(Markup.escape($0.meaning))\"" } ?? ""
            return ["<span\(title)>\(name)</span>", strip, interval, text, shortVerdict(metric)]
        }
        html += HTMLPage.table(["metric", "runs: baseline (grey), current (blue)", "change, 95 % interval", "change", "verdict"], rows,
                               classes: "ensemble-runs", textColumns: [1, 2, 3, 4])
        return html + "</section>\n"
    }

    /// A metric's value in each run of a report: its run column for an ensemble, its one value
    /// for a single run.
    static func runs(_ path: String, of report: Report, or value: Double?) -> [Double] {
        report.ensemble?.values[path] ?? value.map { [$0] } ?? []
    }

    /// The verdict as a badge, "no significant change" where the interval includes zero.
    static func shortVerdict(_ metric: MetricComparison) -> String {
        if let difference = metric.difference, !difference.isSignificant, metric.verdict == .unchanged {
            return HTMLPage.badge("no significant change", "unchanged")
        }
        switch metric.verdict {
        case .regressed: return HTMLPage.badge("regressed", metric.moveSeverity == .error ? "regression" : "warning")
        case .improved: return HTMLPage.badge("improved", "improvement")
        case .unchanged where metric.polarity == .neutral, .changed: return HTMLPage.badge("info", "info") + " <span class=\"sub\">not judged</span>"
        case .unchanged: return HTMLPage.badge("unchanged", "unchanged") + " <span class=\"sub\">\(Markup.escape(metric.reason ?? "within threshold"))</span>"
        case .added, .removed: return HTMLPage.badge("info", "info")
        }
    }

    /// "Each side draws its representative run (baseline run 8 of 30, current run 12 of 30). ":
    /// what the charts of an ensemble draw; empty when neither side is an ensemble.
    static func drawnRuns(_ baseline: Report, _ current: Report) -> String {
        guard comparesEnsembles(baseline, current) else { return "" }
        func side(_ report: Report) -> String {
            report.ensemble.map { "run \($0.representativeRun) of \(DisplayFormat.integer(Double($0.runs)))" } ?? "its single run"
        }
        return "Each side draws its representative run, the run whose hitch ratio is the closest to its runs' median (baseline: \(side(baseline)); current: \(side(current))). "
    }
}
