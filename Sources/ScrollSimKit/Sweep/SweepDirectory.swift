import Foundation

/// What a sweep writes to its `--out` directory, and how shard directories are merged.
///
/// ```
/// DIR/sweep-plan.json        the sweep: scenario, axes, metric, objective (same in every shard)
/// DIR/reports/<variant>.json a report per variant, without the harness section
/// DIR/summary.json|csv|md    the table of variants and the best one   (whole sweep only)
/// DIR/index.html             the heatmap and the table                 (whole sweep only)
/// DIR/pages/<variant>.html   each variant's scenario page              (whole sweep only)
/// DIR/shard.json             which shard this is and its variants      (one shard only)
/// ```
/// Reports leave out the harness section (timings), so a variant's report is the same bytes
/// wherever and however it ran, and a merge of shards is the same bytes as the whole sweep.
public enum SweepDirectory {
    public static let planFile = "sweep-plan.json"
    public static let shardFile = "shard.json"
    public static let summaryFiles = ["summary.json", "summary.csv", "summary.md", "index.html"]

    /// A report of one variant as written: its index, scenario name and text.
    public struct Written: Sendable {
        public var index: Int
        public var name: String
        public var text: [UInt8]

        public init(index: Int, name: String, text: [UInt8]) {
            self.index = index
            self.name = name
            self.text = text
        }
    }

    /// Stages a sweep's (or a shard's) files in `batch`, and the removal of files a former
    /// sweep wrote in `directory` that this one does not write (reports of other variants, the
    /// summary of a whole sweep in a shard's directory, a shard file in a whole sweep's).
    ///
    /// Only what a former sweep wrote is removed, as its `sweep-plan.json` in `directory`
    /// records it (`formerFiles`): reports named for one of its variants, the summary files and
    /// the shard file. A directory without a readable plan was not a sweep's, and nothing in
    /// it is removed; other files (`reports/notes.json`, a page of the user's) are left alone.
    /// - Returns: the summary, for the whole sweep; nil for a shard.
    /// - Throws: `OutputWriter.Failure`; `ScrollSimError` if a report cannot be read back.
    @discardableResult
    public static func stage(plan: SweepPlan, shard: Shard, reports: [Written], directory: String, in batch: OutputBatch) throws -> SweepSummary? {
        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
        let former = formerFiles(directory)
        try batch.stage(plan.planText(), to: path(planFile))
        var names = Set<String>()
        for report in reports {
            try batch.stage(report.text, to: path(SweepSummary.reportPath(report.name)))
            names.insert(SweepSummary.reportPath(report.name))
        }
        for name in former.reports where !names.contains(name) { try batch.stageRemoval(path(name)) }
        guard shard.isWhole else {
            let shardObject: JSONValue = .object([
                "shard": .string(shard.description),
                "variants": .array(reports.map { .number(Double($0.index)) }),
            ])
            try batch.stage(JSONWriter().string(shardObject), to: path(shardFile))
            for name in former.summaries + former.pages { try batch.stageRemoval(path(name)) }
            return nil
        }
        if former.shardFile { try batch.stageRemoval(path(shardFile)) }
        let roots = try parse(reports)
        let summary = SweepSummary(plan: plan, reports: roots.map { ($0.index, $0.root) })
        let files = [summary.json(), summary.csv(), summary.markdown(), SweepPage.html(summary)]
        for (name, text) in zip(summaryFiles, files) { try batch.stage(text, to: path(name)) }
        // Each variant's page, drawn from its report as written (the bytes a merge of shards
        // draws too), linking back to the sweep's page.
        var pages = Set<String>()
        for (report, parsed) in zip(reports, roots) {
            let page = try ScenarioPage.render(Report(path: SweepSummary.reportPath(report.name), root: parsed.root), links: ScenarioPage.Links(index: "../index.html"))
            try batch.stage(page, to: path(SweepPage.pagePath(report.name)))
            pages.insert(SweepPage.pagePath(report.name))
        }
        for name in former.pages where !pages.contains(name) { try batch.stageRemoval(path(name)) }
        return summary
    }

    /// The files a former sweep wrote in `directory`, as its `sweep-plan.json` names them:
    /// `reports/<variant>.json` and `pages/<variant>.html` of its variants, its summary files
    /// and its shard file, those that exist. Nothing when the directory holds no readable plan.
    static func formerFiles(_ directory: String) -> (reports: [String], pages: [String], summaries: [String], shardFile: Bool) {
        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
        guard let bytes = try? InputFile.contents(path(planFile), limit: 1 << 24, limitName: "plan bytes"),
              let former = try? SweepPlan.read(planText: bytes, path: path(planFile)) else { return ([], [], [], false) }
        let manager = FileManager.default
        let reports = ((try? manager.contentsOfDirectory(atPath: path("reports"))) ?? []).sorted().filter { file in
            guard file.hasSuffix(".json"), let dash = file.range(of: "-v", options: .backwards),
                  let k = Int(file[dash.upperBound...].dropLast(5)), k >= 0, k < former.count else { return false }
            return former.variantName(k) + ".json" == file
        }.map { "reports/" + $0 }
        let variantPages = Set((0..<former.count).map { SweepPage.pagePath(former.variantName($0)) })
        let pages = ((try? manager.contentsOfDirectory(atPath: path(SweepPage.pagesFolder))) ?? []).sorted()
            .map { "\(SweepPage.pagesFolder)/\($0)" }.filter(variantPages.contains)
        return (reports, pages, summaryFiles.filter { manager.fileExists(atPath: path($0)) }, manager.fileExists(atPath: path(shardFile)))
    }

    /// Every variant's report text parsed, in the order given.
    static func parse(_ reports: [Written]) throws -> [(index: Int, root: JSONValue)] {
        try reports.map { report in
            do {
                return (report.index, try JSONParser.parse(report.text))
            } catch let error as JSONSyntaxError {
                throw ScrollSimError("\(SweepSummary.reportPath(report.name)):\(error.line):\(error.column): \(error.detail)")
            }
        }
    }
}
