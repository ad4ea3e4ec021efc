/// The compare page of one scenario: baseline and current on the same axes (frame work,
/// distribution, memory, resident views) and the delta table with each metric's verdict.
///
/// The delta rows come from whatever `ReportComparing` the caller uses (today
/// `ProvisionalComparison`; issue 5's `Comparison` once merged). Deterministic like
/// `ScenarioPage`; no script.
/// - Complexity: O(frames of both reports).
public enum ComparePage {
    /// Renders the page comparing `current` against `baseline`, with the delta table's rows
    /// (from `ReportComparing.deltas`).
    /// - Throws: `Report.Invalid` if either report's frames cannot be drawn.
    public static func render(baseline: Report, current: Report, deltas rows: [MetricDelta],
                              index: String? = nil, scenarioPage: String? = nil) throws -> String {
        let base = try baseline.frames()
        let cur = try current.frames()
        var body = ""
        var nav: [String] = []
        if let index { nav.append("<a href=\"\(Markup.escape(index))\">← all scenarios</a>") }
        if let scenarioPage { nav.append("<a href=\"\(Markup.escape(scenarioPage))\">\(Markup.escape(current.scenarioName)) →</a>") }
        if !nav.isEmpty { body += "<nav>\(nav.joined(separator: " · "))</nav>\n" }

        let regressions = rows.filter { $0.verdict == .regression }.count
        let improvements = rows.filter { $0.verdict == .improvement }.count
        let title = baseline.scenarioName == current.scenarioName ? current.scenarioName : "\(current.scenarioName) vs \(baseline.scenarioName)"
        body += "<header>\n<h1>\(Markup.escape(title))"
        body += regressions > 0 ? HTMLPage.badge("\(regressions) regressed", "regression") : HTMLPage.badge("no regression", "pass")
        if improvements > 0 { body += HTMLPage.badge("\(improvements) improved", "improvement") }
        body += "</h1>\n<p class=\"lede\">Current <b>\(Markup.escape(current.scenarioName))</b> (\(Markup.escape(fileName(current)))) against baseline <b>\(Markup.escape(baseline.scenarioName))</b> (\(Markup.escape(fileName(baseline)))).</p>\n"
        if baseline.contentHash != current.contentHash {
            body += "<p class=\"note\">The two reports come from different scenario content (content hash \(Markup.escape(baseline.contentHash)) → \(Markup.escape(current.contentHash))): differences include the change of scenario, not only of code.</p>\n"
        }
        if abs(base.budgetMs - cur.budgetMs) > 1e-9 {
            body += "<p class=\"note\">The frame budgets differ (\(DisplayFormat.ms(base.budgetMs)) → \(DisplayFormat.ms(cur.budgetMs))); the budget lines are the current one's.</p>\n"
        }
        body += "</header>\n"
        let legend = HTMLPage.legend([("ln base", "baseline"), ("ln cur", "current")])

        body += "<section id=\"delta-section\">\n<h2>Metrics</h2>\n"
        body += "<p class=\"note\">Verdicts: provisional rule (every judged metric is smaller-is-better; a change of more than 5 % of the baseline, or any change from 0, counts).</p>\n"
        let tableRows = rows.map { row -> [String] in
            let relative = row.relative.map { (row.delta >= 0 ? "+" : "") + DisplayFormat.fixed($0 * 100, 1) + " %" } ?? (row.delta == 0 ? "0 %" : "new")
            let delta = (row.delta > 0 ? "+" : "") + DisplayFormat.metric(row.key, row.delta)
            return [Markup.escape(row.key), Markup.escape(DisplayFormat.metric(row.key, row.baseline)), Markup.escape(DisplayFormat.metric(row.key, row.current)),
                    Markup.escape(delta), Markup.escape(relative), HTMLPage.badge(row.verdict.rawValue, row.verdict.rawValue)]
        }
        body += HTMLPage.table(["metric", "baseline", "current", "delta", "relative", "verdict"], tableRows, classes: "deltas")
        body += "</section>\n"

        body += "<section id=\"work-overlay-section\">\n<h2>Frame work</h2>\n"
        body += "<p class=\"note\">The worst frame of each column for both runs, on one time axis; work above the axis is cut at its top and the maxima are printed.</p>\n" + legend
        body += Chart.workOverlay(baseline: base, current: cur) + "\n</section>\n"

        let marks = Chart.percentiles.map { ($0.label, current.metrics[$0.key] ?? .nan) }
        body += "<section id=\"distribution-overlay-section\">\n<h2>Frame-work distribution</h2>\n"
        body += "<p class=\"note\">Current as bars, baseline as an outline, on the same bins (log count scale). Percentile marks are the current run's.</p>\n"
        body += Chart.distribution(cur, percentiles: marks, overlay: (base, "baseline"), id: "distribution-overlay") + "\n</section>\n"

        body += "<section id=\"memory-overlay-section\">\n<h2>Modeled memory</h2>\n" + legend
        body += Chart.overlay(baseline: (base, base.memoryBytes.map { $0 / 1_048_576 }), current: (cur, cur.memoryBytes.map { $0 / 1_048_576 }),
                              id: "memory-overlay", label: "Modeled memory, baseline and current, MiB", yTitle: "MiB", yLabel: { SVG.number($0, decimals: 1) }) + "\n</section>\n"

        func resident(_ f: Report.Frames) -> [Double] { (0..<f.count).map { f.visible[$0] + f.prefetched[$0] + f.cached[$0] } }
        body += "<section id=\"views-overlay-section\">\n<h2>Resident views</h2>\n" + legend
        body += Chart.overlay(baseline: (base, resident(base)), current: (cur, resident(cur)), id: "views-overlay",
                              label: "Resident views, baseline and current", yTitle: "views", yLabel: { DisplayFormat.integer($0) }) + "\n</section>\n"
        body += "<footer>ScrollSim compare · baseline content hash \(Markup.escape(baseline.contentHash)) · current \(Markup.escape(current.contentHash))</footer>\n"
        return HTMLPage.document(title: "\(title) · compare · ScrollSim", body: body, script: false)
    }

    static func fileName(_ report: Report) -> String {
        report.path.split(separator: "/").last.map(String.init) ?? report.path
    }
}
