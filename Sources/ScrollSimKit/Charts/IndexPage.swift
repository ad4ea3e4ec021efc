/// The index page of a suite: one row per scenario with its verdict against budgets, dropped
/// frames, hitch ratio and grade, frame-work p99 and worst frame, peak memory, a sparkline of
/// frame work, and links to the scenario's page (and compare page, when there is a baseline).
///
/// Deterministic; no script. Rows are in the order given (the CLI sorts by scenario name).
/// - Complexity: O(total frames).
public enum IndexPage {
    public struct Row {
        public var report: Report
        public var frames: Report.Frames
        /// The scenario page, relative to the index.
        public var page: String
        /// The compare page and its delta rows, when there is a baseline.
        public var compare: (page: String, deltas: [MetricDelta])?

        public init(report: Report, frames: Report.Frames, page: String, compare: (page: String, deltas: [MetricDelta])? = nil) {
            self.report = report
            self.frames = frames
            self.page = page
            self.compare = compare
        }
    }

    public static func render(_ rows: [Row], title: String = "ScrollSim reports") -> String {
        let over = rows.filter { ScenarioPage.verdict($0.report)?.kind == "fail" }.count
        let compared = rows.contains { $0.compare != nil }
        var body = "<header>\n<h1>\(Markup.escape(title))</h1>\n"
        body += "<p class=\"lede\">\(rows.count) scenario\(rows.count == 1 ? "" : "s"): \(rows.count - over) within budgets, \(over) over. Sparklines show each run's worst frame per column against the budget line (red: over budget).</p>\n</header>\n"
        var header = ["scenario", "budgets", "frames", "dropped", "hitch ratio", "work p99", "worst frame", "peak memory", "peak views", "frame work"]
        if compared { header.append("vs baseline") }
        let tableRows = rows.map { row -> [String] in
            let m = row.report.metrics
            let stack = row.report.root["scenario"]?["stack"]?.stringValue ?? ""
            let verdict = ScenarioPage.verdict(row.report)
            let grade = row.report.summary["hitchGrade"]?.stringValue ?? "good"
            let dropped = m["droppedFrames"] ?? 0
            var cells = [
                "<a href=\"\(Markup.escape(row.page))\">\(Markup.escape(row.report.scenarioName))</a><br><span class=\"sub\">\(Markup.escape(stack))</span>",
                verdict.map { HTMLPage.badge($0.kind, $0.kind) } ?? HTMLPage.badge("none", "neutral"),
                DisplayFormat.integer(m["frames"] ?? 0),
                dropped > 0 ? "<span class=\"fail\">\(DisplayFormat.integer(dropped))</span>" : "0",
                "\(DisplayFormat.fixed(m["hitchRatio"] ?? 0, 2)) ms/s " + HTMLPage.badge(grade, grade),
                DisplayFormat.ms(m["frameWorkMs.p99"] ?? 0),
                DisplayFormat.ms(m["frameWorkMs.max"] ?? 0),
                DisplayFormat.bytes(m["peakMemoryBytes"] ?? 0),
                DisplayFormat.integer(m["peakResidentViews"] ?? 0),
                Chart.sparkline(row.frames),
            ]
            if compared {
                if let compare = row.compare {
                    let regressions = compare.deltas.filter { $0.verdict == .regression }.count
                    let badge = regressions > 0 ? HTMLPage.badge("\(regressions) regressed", "regression") : HTMLPage.badge("ok", "pass")
                    cells.append("<a href=\"\(Markup.escape(compare.page))\">compare</a><br>" + badge)
                } else {
                    cells.append("<span class=\"sub\">no baseline</span>")
                }
            }
            return cells
        }
        body += "<section id=\"index-section\">\n" + HTMLPage.table(header, tableRows, classes: "index") + "</section>\n"
        body += "<footer>ScrollSim</footer>\n"
        return HTMLPage.document(title: title, body: body, script: false)
    }
}
