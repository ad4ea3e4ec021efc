/// A directory of pages for a suite of reports: `index.html`, one `NAME.html` per scenario,
/// and `NAME.compare.html` for each scenario with a baseline.
///
/// Rendering and writing are separate: `pages` renders everything in memory and throws on the
/// first report that cannot be drawn, so a bad input writes nothing; `write` then writes each
/// page atomically (`OutputWriter`).
public enum HTMLSite {
    /// One rendered page: a file name inside the site directory and its content.
    public struct Page: Equatable, Sendable {
        public var name: String
        public var html: String
    }

    /// Pairs current reports with baselines: by scenario name, or — when exactly one of each is
    /// given — the two together whatever their names (comparing two variants of a scenario).
    /// - Complexity: O(c + b).
    public static func pair(current: [Report], baselines: [Report]) -> [String: Report] {
        if current.count == 1, baselines.count == 1 { return [current[0].scenarioName: baselines[0]] }
        var byName: [String: Report] = [:]
        for report in baselines where byName[report.scenarioName] == nil { byName[report.scenarioName] = report }
        var out: [String: Report] = [:]
        for report in current { out[report.scenarioName] = byName[report.scenarioName] }
        return out
    }

    /// Renders the index, the scenario pages and the compare pages, sorted by scenario name.
    /// - Throws: `Report.Invalid` for a report whose frames or events cannot be drawn.
    /// - Complexity: O(total frames).
    public static func pages(reports: [Report], baselines: [String: Report] = [:], comparing: some ReportComparing = ProvisionalComparison()) throws -> [Page] {
        var pages: [Page] = []
        var rows: [IndexPage.Row] = []
        var used: Set<String> = ["index"]
        for report in reports.sorted(by: { $0.scenarioName < $1.scenarioName }) {
            // Names that differ only in characters a file name cannot hold get a numeric suffix.
            var name = HTMLPage.fileName(report.scenarioName)
            if used.contains(name) {
                var n = 2
                while used.contains("\(name)-\(n)") { n += 1 }
                name = "\(name)-\(n)"
            }
            used.insert(name)
            let frames = try report.frames()
            let page = "\(name).html"
            var compare: (page: String, deltas: [MetricDelta])?
            if let baseline = baselines[report.scenarioName] {
                let comparePage = "\(name).compare.html"
                let deltas = comparing.deltas(baseline: baseline, current: report)
                compare = (comparePage, deltas)
                pages.append(Page(name: comparePage, html: try ComparePage.render(baseline: baseline, current: report, deltas: deltas, index: "index.html", scenarioPage: page)))
            }
            pages.append(Page(name: page, html: try ScenarioPage.render(report, frames: frames, links: .init(index: "index.html", compare: compare?.page))))
            rows.append(IndexPage.Row(report: report, frames: frames, page: page, compare: compare))
        }
        pages.append(Page(name: "index.html", html: IndexPage.render(rows)))
        return pages
    }

    /// Writes pages into `directory`, each atomically.
    /// - Throws: `OutputWriter.Failure` naming the page that could not be written.
    public static func write(_ pages: [Page], to directory: String) throws {
        try OutputWriter.prepareDirectory(directory)
        for page in pages {
            let path = directory.hasSuffix("/") ? directory + page.name : directory + "/" + page.name
            try OutputWriter.write(page.html, to: path)
        }
    }
}
