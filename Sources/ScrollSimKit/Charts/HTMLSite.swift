/// A directory of pages for a suite of reports: `index.html`, one `NAME.html` per scenario,
/// and `NAME.compare.html` for each scenario with a baseline.
///
/// Verdicts against a baseline are the compare model's (`Comparison`), so a compare page says
/// what `scrollsim compare` says for the same pair and thresholds.
///
/// Rendering and writing are separate: `pages` renders everything in memory and throws on the
/// first report that cannot be drawn, so a bad input writes nothing; `write` then writes each
/// page atomically (`OutputWriter`).
public enum HTMLSite {
    /// One rendered page: a file name inside the site directory and its content.
    public struct Page: Equatable, Sendable {
        public var name: String
        public var html: String

        public init(name: String, html: String) {
            self.name = name
            self.html = html
        }
    }

    /// Renders the index, the scenario pages and the compare pages, sorted by scenario name.
    ///
    /// With a `comparison` (of `reports` against `baselines`, e.g. made from two
    /// `ReportSet.Side`s with `Comparison(baseline:current:thresholds:options:)`), every scenario
    /// the comparison pairs with a baseline, compared or refused for a content change, gets
    /// `NAME.compare.html` drawing both reports, with the comparison's verdicts; the index shows
    /// each scenario's outcome, new scenarios and the scenarios missing from `reports`.
    ///
    /// - Precondition: every baseline the comparison names (`ScenarioComparison.baseline`) is
    ///   in `baselines`, by scenario name, and scenario names are unique within `reports`.
    /// - Throws: `Report.Invalid` for a report whose frames or events cannot be drawn.
    /// - Complexity: O(total frames).
    public static func pages(reports: [Report], comparison: Comparison? = nil, baselines: [Report] = []) throws -> [Page] {
        var byCurrent: [String: ScenarioComparison] = [:]
        for scenario in comparison?.scenarios ?? [] {
            if let current = scenario.current { byCurrent[current.scenarioName] = scenario }
        }
        var baselineByName: [String: Report] = [:]
        for report in baselines where baselineByName[report.scenarioName] == nil { baselineByName[report.scenarioName] = report }

        var pages: [Page] = []
        var rows: [IndexPage.Row] = []
        var used: Set<String> = ["index"]
        for report in reports.sorted(by: { $0.scenarioName < $1.scenarioName }) {
            let name = uniqueName(report.scenarioName, used: &used)
            let frames = try report.frames()
            let page = "\(name).html"
            let scenario = byCurrent[report.scenarioName]
            var comparePage: String?
            if let comparison, let scenario, let side = scenario.baseline {
                guard let baseline = baselineByName[side.scenarioName] else {
                    preconditionFailure("the comparison names baseline \(side.path) of scenario \(side.scenarioName), which is not among the baselines given")
                }
                let file = "\(name).compare.html"
                comparePage = file
                pages.append(Page(name: file,
                                  html: try ComparePage.render(scenario, of: comparison, baseline: baseline, current: report, index: "index.html", scenarioPage: page)))
            }
            pages.append(Page(name: page, html: try ScenarioPage.render(report, frames: frames, links: .init(index: "index.html", compare: comparePage))))
            rows.append(IndexPage.Row(report: report, frames: frames, page: page, comparison: scenario, comparePage: comparePage))
        }
        pages.append(Page(name: "index.html", html: IndexPage.render(rows, comparison: comparison)))
        return pages
    }

    /// The file name (without extension) of a scenario's page: `HTMLPage.fileName`, and names
    /// that differ only in characters a file name cannot hold get a numeric suffix (`feed-2`).
    public static func uniqueName(_ scenario: String, used: inout Set<String>) -> String {
        var name = HTMLPage.fileName(scenario)
        if used.contains(name) {
            var n = 2
            while used.contains("\(name)-\(n)") { n += 1 }
            name = "\(name)-\(n)"
        }
        used.insert(name)
        return name
    }

    /// Writes pages into `directory`, all or none (`OutputBatch`).
    /// - Throws: `OutputWriter.Failure` naming the page that could not be written.
    public static func write(_ pages: [Page], to directory: String) throws {
        let batch = OutputBatch()
        try stage(pages, to: directory, in: batch)
        try batch.commit()
    }

    /// Stages every page in `batch`, to be written with the rest of a run's outputs.
    /// - Throws: `OutputWriter.Failure` naming the page that could not be written (the batch
    ///   is then aborted: nothing it wrote is left).
    public static func stage(_ pages: [Page], to directory: String, in batch: OutputBatch) throws {
        for page in pages {
            let path = directory.hasSuffix("/") ? directory + page.name : directory + "/" + page.name
            try batch.stage(page.html, to: path)
        }
    }
}
