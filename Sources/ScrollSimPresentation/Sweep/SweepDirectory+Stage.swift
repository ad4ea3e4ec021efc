import Foundation
import ScrollSimKit

extension SweepDirectory {
    /// Stages a sweep's (or a shard's) files in `batch`, and the removal of files a former
    /// sweep wrote in `directory` that this one does not write (reports of other variants, the
    /// summary of a whole sweep in a shard's directory, a shard file in a whole sweep's).
    ///
    /// Only what a former sweep wrote is removed, as its `sweep-plan.json` in `directory`
    /// records it (`formerFiles`): reports named for one of its variants, the summary files and
    /// the shard file. A directory without a readable plan was not a sweep's, and nothing in
    /// it is removed; other files (`reports/notes.json`, a page of the user's) are left alone,
    /// and one under a name the sweep writes is refused before anything is staged.
    /// - Returns: the summary, for the whole sweep; nil for a shard.
    /// - Throws: `ScrollSimError.unwritable`; `ScrollSimError` if a report cannot be read back.
    @discardableResult
    public static func stage(plan: SweepPlan, shard: Shard, reports: [Written], directory: String, in batch: OutputBatch) throws -> SweepSummary? {
        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
        let former = formerFiles(directory)
        // A file the former sweep did not write (the folder's own index.html, a summary.csv
        // of the user's, a report under a variant's name) is never replaced (`ForeignFile`).
        let owned = Set(former.reports + former.pages + former.summaries + (former.shardFile ? [shardFile] : []) + (former.plan ? [planFile] : []))
        var targets = [planFile] + reports.map { SweepSummary.reportPath($0.name) }
        targets += shard.isWhole ? summaryFiles + reports.map { pagePath($0.name) } : [shardFile]
        for name in targets where !owned.contains(name) && ForeignFile.head(path(name)) != nil {
            throw ForeignFile.refusal(path(name), marker: former.plan ? "place among the files the folder's \(planFile) lists" : "\(planFile) beside it: the folder was never a sweep's")
        }
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
            try batch.stage(page, to: path(pagePath(report.name)))
            pages.insert(pagePath(report.name))
        }
        for name in former.pages where !pages.contains(name) { try batch.stageRemoval(path(name)) }
        return summary
    }
}
