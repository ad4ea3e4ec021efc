import ScrollSimKit

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
    /// - Throws: `ScrollSimError` for a report whose frames or events cannot be drawn.
    /// - Complexity: O(total frames).
    public static func pages(reports: [Report], comparison: Comparison? = nil, baselines: [Report] = []) throws -> [Page] {
        try site(reports: reports, comparison: comparison, baselines: baselines).pages
    }

    /// The pages of a run into `folder`, and what the folder already holds.
    public struct Site: Sendable {
        /// The pages to write (`pages(reports:comparison:baselines:)`'s, the index listing the
        /// folder's other pages too).
        public var pages: [Page]
        /// ScrollSim pages in the folder, not rewritten by this run, whose reports are gone
        /// (`SiteFolder`): listed apart in the index, or to be removed with `--clean`.
        public var stale: [Stale]
    }

    /// A page in the folder whose report is gone (`site`), listed apart in the index.
    public struct Stale: Equatable, Sendable {
        /// The file name in the folder.
        public var name: String
        public var scenario: String?
        /// Why it is stale, in a few words.
        public var reason: String
    }

    /// Renders the pages of `reports` into `folder` (`pages(reports:comparison:baselines:)`),
    /// with an index of every report page in the folder: this run's, and the pages earlier runs
    /// left there whose reports are still present (read again for their rows, marked "earlier
    /// run"); the pages whose reports are gone are stale, listed apart unless `clean` (then the
    /// caller removes them).
    ///
    /// - Parameters:
    ///   - folder: where the pages go; nil draws this run's pages alone.
    ///   - reportsOnDisk: whether each report's `path` is its file, to stay (pages record it,
    ///     relative to the folder, so later runs can list them); false for reports made in
    ///     memory only (`ab` without `--out`).
    /// - Throws: `ScrollSimError` for a report of this run whose frames or events cannot be
    ///   drawn. An earlier page's report that cannot be read makes that page stale, not an error.
    public static func site(reports: [Report], comparison: Comparison? = nil, baselines: [Report] = [],
                            folder: String? = nil, reportsOnDisk: Bool = true, clean: Bool = false) throws -> Site {
        var byCurrent: [String: ScenarioComparison] = [:]
        for scenario in comparison?.scenarios ?? [] {
            if let current = scenario.current { byCurrent[current.scenarioName] = scenario }
        }
        var baselineByName: [String: Report] = [:]
        for report in baselines where baselineByName[report.scenarioName] == nil { baselineByName[report.scenarioName] = report }
        func recorded(_ report: Report) -> String? {
            guard reportsOnDisk, let folder else { return nil }
            return SiteFolder.relativePath(report.path, from: folder)
        }

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
                let files = recorded(report).flatMap { current in recorded(baseline).map { (baseline: $0, current: current) } }
                pages.append(Page(name: file,
                                  html: try ComparePage.render(scenario, of: comparison, baseline: baseline, current: report, index: "index.html",
                                                               scenarioPage: page, reportFiles: files)))
            }
            pages.append(Page(name: page, html: try ScenarioPage.render(report, frames: frames,
                                                                        links: .init(index: "index.html", compare: comparePage, report: recorded(report)))))
            rows.append(IndexPage.Row(report: report, frames: frames, page: page, comparison: scenario, comparePage: comparePage))
        }

        var stale: [Stale] = []
        if let folder {
            let written = Set(pages.map(\.name) + ["index.html"])
            let earlier = SiteFolder.scan(folder).filter { !written.contains($0.name) }
            var keptCompare: Set<String> = []
            var keptRows: [IndexPage.Row] = []
            for page in earlier where page.kind != .index {
                let files = [page.report, page.baselineReport].compactMap { $0 }
                let missing = files.first { !SiteFolder.exists($0, in: folder) }
                let reason: String?
                if page.kind == nil || page.report == nil {
                    reason = "records no report file (drawn by an older ScrollSim, or from a report that was not kept)"
                } else if let missing {
                    reason = "its report \(missing) is no longer present"
                } else if page.kind == .compare {
                    keptCompare.insert(page.name)
                    reason = nil
                } else if let row = earlierRow(page, in: folder) {
                    keptRows.append(row)
                    reason = nil
                } else {
                    reason = "its report \(page.report ?? "") is not a readable report of scenario \(page.scenario ?? "?")"
                }
                if let reason { stale.append(Stale(name: page.name, scenario: page.scenario, reason: reason)) }
            }
            for var row in keptRows {
                let compare = String(row.page.dropLast(".html".count)) + ".compare.html"
                if keptCompare.contains(compare) { row.comparePage = compare }
                rows.append(row)
            }
            rows.sort { ($0.report.scenarioName, $0.page) < ($1.report.scenarioName, $1.page) }
        }
        pages.append(Page(name: "index.html", html: IndexPage.render(rows, comparison: comparison, stale: clean ? [] : stale)))
        return Site(pages: pages, stale: stale)
    }

    /// The index row of a page an earlier run left, read again from its report; nil when the
    /// report cannot be read or is of another scenario.
    static func earlierRow(_ page: SiteFolder.Page, in folder: String) -> IndexPage.Row? {
        guard let file = page.report, let report = try? Report.load(path: SiteFolder.resolve(file, in: folder)),
              report.scenarioName == page.scenario, let frames = try? report.frames() else { return nil }
        var row = IndexPage.Row(report: report, frames: frames, page: page.name)
        row.earlier = true
        return row
    }

    /// Stages the removal of the stale pages in `folder` (`--clean`): only pages `SiteFolder`
    /// recognised as ScrollSim's.
    public static func stageRemovals(_ stale: [Stale], in folder: String, batch: OutputBatch) throws {
        for page in stale { try batch.stageRemoval(SiteFolder.resolve(page.name, in: folder)) }
    }

    /// The file name (without extension) of a scenario's page: `Scenario.fileName`, and names
    /// that differ only in characters a file name cannot hold get a numeric suffix (`feed-2`).
    public static func uniqueName(_ scenario: String, used: inout Set<String>) -> String {
        var name = Scenario.fileName(scenario)
        if used.contains(name) {
            var n = 2
            while used.contains("\(name)-\(n)") { n += 1 }
            name = "\(name)-\(n)"
        }
        used.insert(name)
        return name
    }

    /// Writes pages into `directory`, all or none (`OutputBatch`).
    /// - Throws: `ScrollSimError.unwritable` naming the page that could not be written.
    static func write(_ pages: [Page], to directory: String) throws {
        let batch = OutputBatch()
        try stage(pages, to: directory, in: batch)
        try batch.commit()
    }

    /// Stages every page in `batch`, to be written with the rest of a run's outputs.
    /// - Throws: `ScrollSimError.unwritable` naming the page that could not be written (the batch
    ///   is then aborted: nothing it wrote is left).
    /// A page of the same name that ScrollSim did not draw (no generator tag: the user's own
    /// `index.html`) is never replaced (`ForeignFile`).
    public static func stage(_ pages: [Page], to directory: String, in batch: OutputBatch) throws {
        for page in pages {
            let path = directory.hasSuffix("/") ? directory + page.name : directory + "/" + page.name
            try refuseForeign(path)
            try batch.stage(page.html, to: path)
        }
    }

    /// Throws when `path` is an existing page ScrollSim did not draw (`ForeignFile`).
    public static func refuseForeign(_ path: String) throws {
        try ForeignFile.refuse(path, marker: "<meta name=\"generator\" content=\"ScrollSim\"> tag in its head") {
            SiteFolder.page(String(path.split(separator: "/").last ?? ""), head: $0) != nil
        }
    }
}
