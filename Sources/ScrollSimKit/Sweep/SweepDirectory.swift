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
///
/// The kit knows the layout and reads it back (`read`, for `merge`); writing it, pages
/// included, is `SweepDirectory.stage` in ScrollSimPresentation.
public enum SweepDirectory {
    public static let planFile = "sweep-plan.json"
    public static let shardFile = "shard.json"
    public static let summaryFiles = ["summary.json", "summary.csv", "summary.md", "index.html"]
    /// The folder of the variants' pages, relative to the sweep's directory.
    public static let pagesFolder = "pages"

    /// A variant's page, relative to the sweep's directory.
    public static func pagePath(_ name: String) -> String { "\(pagesFolder)/\(Scenario.fileName(name)).html" }

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

    /// The files a former sweep wrote in `directory`, as its `sweep-plan.json` names them:
    /// `reports/<variant>.json` and `pages/<variant>.html` of its variants, its summary files
    /// and its shard file, those that exist; `plan` is whether the plan itself was read. Nothing
    /// when the directory holds no readable plan.
    public static func formerFiles(_ directory: String) -> (reports: [String], pages: [String], summaries: [String], shardFile: Bool, plan: Bool) {
        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
        guard let bytes = try? InputFile.contents(path(planFile), limit: 1 << 24, limitName: "plan bytes"),
              let former = try? SweepPlan.read(planText: bytes, path: path(planFile)) else { return ([], [], [], false, false) }
        let manager = FileManager.default
        let reports = ((try? manager.contentsOfDirectory(atPath: path("reports"))) ?? []).sorted().filter { file in
            guard file.hasSuffix(".json"), let dash = file.range(of: "-v", options: .backwards),
                  let k = Int(file[dash.upperBound...].dropLast(5)), k >= 0, k < former.count else { return false }
            return former.variantName(k) + ".json" == file
        }.map { "reports/" + $0 }
        let variantPages = Set((0..<former.count).map { pagePath(former.variantName($0)) })
        let pages = ((try? manager.contentsOfDirectory(atPath: path(pagesFolder))) ?? []).sorted()
            .map { "\(pagesFolder)/\($0)" }.filter(variantPages.contains)
        return (reports, pages, summaryFiles.filter { manager.fileExists(atPath: path($0)) }, manager.fileExists(atPath: path(shardFile)), true)
    }

    /// Every variant's report text parsed, in the order given.
    public static func parse(_ reports: [Written]) throws -> [(index: Int, root: JSONValue)] {
        try reports.map { report in (report.index, try JSONParser.parse(report.text, file: SweepSummary.reportPath(report.name))) }
    }
}
