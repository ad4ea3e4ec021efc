import Foundation
import ScrollSimKit
import ScrollSimPresentation

/// How a command that writes HTML pages into a folder (`run --html`, `report`, `ab --html`)
/// renders them with the folder's earlier pages (`HTMLSite.site`) and, with `--clean`, removes
/// the stale ones: the same index and the same clean-up whichever command writes the folder.
enum SiteOutput {
    static let clean = CommandSpec.Option(
        name: "clean", short: nil, value: nil,
        help: "Remove the stale pages in the HTML folder: pages ScrollSim drew whose reports are gone (other files are never touched).")

    /// Renders the pages into `folder` and stages them, and with `clean` the removal of the
    /// folder's stale pages, in `batch`. Returns the pages and the stale pages found.
    /// - Throws: `ScrollSimError` for a report that cannot be drawn; `ScrollSimError.unwritable`
    ///   for a page that cannot be staged.
    static func stage(reports: [Report], comparison: Comparison? = nil, baselines: [Report] = [], reportsOnDisk: Bool = true,
                      to folder: String, clean: Bool, in batch: OutputBatch) throws -> HTMLSite.Site {
        // Held to the commit: a command writing this folder at once waits, then lists these pages.
        try batch.lock(folder)
        let site = try HTMLSite.site(reports: reports, comparison: comparison, baselines: baselines, folder: folder,
                                     reportsOnDisk: reportsOnDisk, clean: clean)
        try HTMLSite.stage(site.pages, to: folder, in: batch)
        if clean { try HTMLSite.stageRemovals(site.stale, in: folder, batch: batch) }
        return site
    }

    /// "; 2 stale pages removed" or "; 2 stale pages listed apart (--clean removes them)";
    /// empty when there are none.
    static func note(_ site: HTMLSite.Site, clean: Bool) -> String {
        guard !site.stale.isEmpty else { return "" }
        let pages = "\(site.stale.count) stale page\(site.stale.count == 1 ? "" : "s")"
        return clean ? "; \(pages) removed" : "; \(pages) listed apart in the index (--clean removes them)"
    }
}
