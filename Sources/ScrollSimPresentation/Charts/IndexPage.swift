import ScrollSimKit

/// The index page of a suite: one row per scenario with its verdict against budgets, dropped
/// frames, hitch ratio and grade, frame-work p99 and worst frame, peak memory, a sparkline of
/// frame work, and links to the scenario's page (and compare page, when there is a baseline).
///
/// With a comparison, the page also gives its headline (the last line `scrollsim compare`
/// prints), each scenario's outcome in a "vs baseline" column (regressions by severity,
/// improvements, refused for a content change, new) and the scenarios only the baseline has.
///
/// Rows of pages an earlier run drew into the same folder are marked "earlier run", and stale
/// pages (their reports gone) are listed apart (`HTMLSite.site`).
///
/// An ensemble's row says how many runs it has under its name and gives its figures as the
/// mean ± the half-width of its 95 % interval ("12.5 ± 0.8", `DisplayFormat.estimate`); its
/// sparkline is its representative run's.
///
/// Deterministic; no script. Rows are in the order given (the CLI sorts by scenario name).
/// - Complexity: O(total frames).
enum IndexPage {
    struct Row {
        var report: Report
        var frames: Report.Frames
        /// The scenario page, relative to the index.
        var page: String
        /// The scenario's comparison with its baseline, when there is a comparison.
        var comparison: ScenarioComparison?
        /// The compare page, relative to the index, when the scenario has a baseline.
        var comparePage: String?
        /// Whether the page was drawn by an earlier run into the same folder (`HTMLSite.site`).
        var earlier = false

        init(report: Report, frames: Report.Frames, page: String, comparison: ScenarioComparison? = nil, comparePage: String? = nil) {
            self.report = report
            self.frames = frames
            self.page = page
            self.comparison = comparison
            self.comparePage = comparePage
        }
    }

    /// Renders the index of `rows`; `comparison` (of these reports against a baseline) adds
    /// the "vs baseline" column, the headline and the missing scenarios; `stale` pages are
    /// listed apart at the end.
    static func render(_ rows: [Row], comparison: Comparison? = nil, title: String = "ScrollSim reports", stale: [HTMLSite.Stale] = []) -> String {
        let over = rows.filter { ScenarioPage.verdict($0.report)?.kind == "fail" }.count
        let compared = comparison != nil
        var body = "<header>\n<h1>\(Markup.escape(title))</h1>\n"
        body += "<p class=\"lede\">\(rows.count) scenario\(rows.count == 1 ? "" : "s"): \(rows.count - over) within budgets, \(over) over. Sparklines show each run's worst frame per column against the budget line (red: over budget).</p>\n"
        if let comparison {
            body += "<p class=\"lede\">Against baseline <b>\(Markup.escape(comparison.baselineLabel))</b>: "
            body += HTMLPage.badge(comparison.headline, comparison.failed ? "fail" : (comparison.severity == .warning ? "warning" : "pass"))
            body += "<br><span class=\"sub\">Thresholds: \(Markup.escape(comparison.thresholds.label)); changed scenarios \(comparison.options.strictContent ? "refused (--strict-content)" : "compared by name, what changed listed on their compare pages").</span></p>\n"
        }
        body += "</header>\n"
        var header = ["scenario", "budgets", "frames", "dropped", "hitch ratio", "work p99", "worst frame", "peak memory", "peak views", "frame work"]
        if compared { header.append("vs baseline") }
        let tableRows = rows.map { row -> [String] in
            let report = row.report
            func m(_ metric: Metric) -> Double { report[metric] ?? 0 }
            // A metric as the row writes it: an ensemble's as its mean over the ± half-interval,
            // on two lines so the columns stay as narrow as a single run's ("9.21 ms", "± 0.11").
            func shown(_ metric: Metric, _ value: Double) -> String {
                guard let spread = report.ensemble?.spread(metric.path) else { return DisplayFormat.metric(metric, value) }
                let text = DisplayFormat.estimate(value, plusMinus: spread.halfWidth, spread: spread.max - spread.min, kind: metric.kind)
                guard let plusMinus = text.range(of: " ± ") else { return Markup.escape(text) }
                let rest = text[plusMinus.upperBound...].split(separator: " ", maxSplits: 1).map(String.init)
                let mean = String(text[..<plusMinus.lowerBound]) + (rest.count > 1 ? " " + rest[1] : "")
                return "\(Markup.escape(mean))<br><span class=\"sub\">± \(Markup.escape(rest[0]))</span>"
            }
            let stack = report.scenario.stack + (report.ensemble.map { " · \(DisplayFormat.integer(Double($0.runs))) runs" } ?? "")
            let verdict = ScenarioPage.verdict(report)
            let grade = report.hitchGrade.rawValue
            let dropped = m(.droppedFrames)
            var cells = [
                "<a href=\"\(Markup.escape(row.page))\">\(Markup.escape(row.report.scenarioName))</a><br><span class=\"sub\">\(Markup.escape(stack))\(row.earlier ? " · earlier run" : "")</span>",
                verdict.map { HTMLPage.badge($0.kind == "warning" ? "over as expected" : $0.kind, $0.kind) } ?? HTMLPage.badge("none", "neutral"),
                shown(.frames, m(.frames)),
                dropped > 0 ? "<span class=\"fail\">\(report.ensemble == nil ? DisplayFormat.integer(dropped) : shown(.droppedFrames, dropped))</span>" : "0",
                shown(.hitchRatio, m(.hitchRatio)) + " " + HTMLPage.badge(grade, grade),
                shown(.frameWorkP99, m(.frameWorkP99)),
                shown(.frameWorkMax, m(.frameWorkMax)),
                shown(.peakMemoryBytes, m(.peakMemoryBytes)),
                shown(.peakResidentViews, m(.peakResidentViews)),
                Chart.sparkline(row.frames),
            ]
            if compared { cells.append(vsBaseline(row)) }
            return cells
        }
        body += "<section id=\"index-section\">\n" + HTMLPage.table(header, tableRows, classes: "index", textColumns: compared ? [header.count - 1] : []) + "</section>\n"
        let missing = comparison?.scenarios.filter { $0.status == .missing } ?? []
        if !missing.isEmpty {
            body += "<section id=\"missing-section\">\n<h2>Missing from this run</h2>\n"
            body += "<p class=\"note\">The baseline has these scenarios but no report of them was given (a warning, as in <code>scrollsim compare</code>): not run, or removed without refreshing the baseline.</p>\n"
            let missingRows = missing.map { scenario in
                [Markup.escape(scenario.name), HTMLPage.badge("missing", "warning"), Markup.escape(scenario.baseline?.path ?? "")]
            }
            body += HTMLPage.table(["scenario", "status", "baseline report"], missingRows, classes: "missing", textColumns: [1, 2]) + "</section>\n"
        }
        if !stale.isEmpty {
            body += "<section id=\"stale-section\">\n<h2>Stale pages</h2>\n"
            body += "<p class=\"note\">Pages an earlier run drew into this folder whose reports are no longer present: what they show may be out of date. <code>--clean</code> removes them.</p>\n"
            let staleRows = stale.map { page in
                ["<a href=\"\(Markup.escape(page.name))\">\(Markup.escape(page.name))</a>", Markup.escape(page.scenario ?? "-"), Markup.escape(page.reason)]
            }
            body += HTMLPage.table(["page", "scenario", "why stale"], staleRows, classes: "stale", textColumns: [1, 2]) + "</section>\n"
        }
        body += "<footer>ScrollSim</footer>\n"
        return HTMLPage.document(title: title, body: body, script: false, meta: SiteFolder.meta(.index, scenario: nil, reports: []))
    }

    /// The "vs baseline" cell: the link to the compare page and the scenario's outcome.
    static func vsBaseline(_ row: Row) -> String {
        guard let scenario = row.comparison else { return "<span class=\"sub\">no baseline</span>" }
        var cell = row.comparePage.map { "<a href=\"\(Markup.escape($0))\">compare</a><br>" } ?? ""
        switch scenario.status {
        case .new:
            cell += HTMLPage.badge("new", "neutral") + "<br><span class=\"sub\">no baseline yet</span>"
        case .missing:
            cell += HTMLPage.badge("missing", "warning")
        case .contentChanged:
            cell += HTMLPage.badge("not compared", "fail") + "<br><span class=\"sub\">content changed</span>"
        case .compared:
            let errors = scenario.metrics.filter { $0.severity == .error }.count
            let warnings = scenario.metrics.filter { $0.severity == .warning }.count
            let improved = scenario.metrics(.improved).count
            if errors + warnings > 0 {
                cell += HTMLPage.badge("\(errors + warnings) regressed", errors > 0 ? "regression" : "warning")
                var detail: [String] = []
                if errors > 0 { detail.append(CompareFormat.count(errors, "error")) }
                if warnings > 0 { detail.append(CompareFormat.count(warnings, "warning")) }
                cell += "<br><span class=\"sub\">\(detail.joined(separator: ", "))\(improved > 0 ? "; \(improved) improved" : "")</span>"
            } else if improved > 0 {
                cell += HTMLPage.badge("\(improved) improved", "improvement")
            } else {
                cell += HTMLPage.badge("ok", "pass")
            }
            if scenario.contentHashChanged {
                cell += "<br>" + HTMLPage.badge("scenario changed", "neutral")
                    + "<br><span class=\"sub\">\(CompareFormat.count(scenario.scenarioChanges == nil ? 0 : scenario.scenarioChangeCount, "change"))\(scenario.scenarioChanges == nil ? " shown (source not recorded)" : "")</span>"
            }
        }
        return cell
    }
}
