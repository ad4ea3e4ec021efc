import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The pages of real ensembles in headless Chromium, as a reader sees them: the shipped
/// prefetch pair (`prefetch-off-heavy-cells` against `prefetch-chunked-heavy-cells`, both seed
/// 3, so their runs pair) played as 12-run ensembles. The scenario page, the compare page and
/// the index must run their script without a console message, hold the band and the run
/// strips, and pass the layout checks of `PageLayoutBrowserTests` (no chart text overlapping
/// or cut off, no table wider than its page, the event lane under the frame-budget chart).
/// Screenshots go to `Reports/screenshots/` (ensemble.png, ensemble-compare.png), as
/// `BrowserTests`' do. Skipped, with the reason, where Chromium is not installed.
@Suite struct EnsembleBrowserTests {
    static func ensembleReport(_ name: String, runs: Int = 12) throws -> Report {
        let path = ReportFixtures.packageRoot.appendingPathComponent("Scenarios/\(name).json").path
        let scenario = try ScenarioLoader.load(path: path)
        let outcome = Ensemble.play(scenario, plan: EnsemblePlan(runs: runs), jobs: 2)
        return try Report(path: "\(name).json", root: ReportBuilder.build(scenario: scenario, ensemble: outcome, harness: nil))
    }

    @Test func ensemblePagesRenderAndLayOutCleanly() throws {
        guard let chromium = Chromium.path else {
            print("skipped: Chromium is not installed (Debian: apt-get install chromium); the ensemble pages' browser check needs it")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-ensemble-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let off = try Self.ensembleReport("prefetch-off-heavy-cells")
        let chunked = try Self.ensembleReport("prefetch-chunked-heavy-cells")
        #expect(try #require(off.ensemble).drawsAlike(try #require(chunked.ensemble)), "both seed 3: run i of each draws alike")
        let comparison = Comparison(baseline: off, current: chunked)
        let pages = try HTMLSite.pages(reports: [chunked], comparison: comparison, baselines: [off])
        let probe = PageLayoutBrowserTests()
        for page in pages {
            let isScenario = !page.name.hasSuffix(".compare.html") && page.name != "index.html"
            if isScenario {
                #expect(page.html.contains("class=\"band-area\"") && page.html.contains("An ensemble of 12 runs"), "\(page.name): band and ensemble note")
            }
            if page.name.hasSuffix(".compare.html") {
                #expect(page.html.contains("id=\"ensemble-runs-section\"") && page.html.contains("class=\"run-dot base\""), "\(page.name): run strips")
            }
            let layout = try probe.measure(page.html, name: page.name, width: page.name == "index.html" ? 1280 : 1400, chromium: chromium, in: directory)
            #expect(layout.overlaps.isEmpty, "\(page.name): overlapping chart text: \(layout.overlaps)")
            #expect(layout.outside.isEmpty, "\(page.name): chart text cut off: \(layout.outside)")
            #expect(layout.overflowingTables.isEmpty, "\(page.name): tables wider than the page: \(layout.overflowingTables)")
            if isScenario {
                let gap = try #require(layout.laneGap, "\(page.name): no frame-budget chart or event lane")
                #expect(gap >= 0 && gap <= 2, "\(page.name): the event lane is \(gap) px under the frame-budget chart")
            }
            // The page's own script runs without a console message.
            let file = directory.appendingPathComponent("plain-" + page.name)
            try page.html.write(to: file, atomically: true, encoding: .utf8)
            let (dom, log) = try Chromium.run(chromium, ["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", file.absoluteString])
            let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
            #expect(console.isEmpty, "\(page.name): console messages:\n\(console.joined(separator: "\n"))")
            if isScenario { #expect(dom.contains("data-ready=\"1\""), "\(page.name): the tooltip script did not finish") }
        }

        // Screenshots, for a reader's look (a CI artifact).
        let screenshots = ReportFixtures.packageRoot.appendingPathComponent("Reports/screenshots").path
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        for (page, name) in [("prefetch-chunked-heavy-cells.html", "ensemble"), ("prefetch-chunked-heavy-cells.compare.html", "ensemble-compare")] {
            guard let html = pages.first(where: { $0.name == page })?.html else {
                Issue.record("no page \(page)")
                continue
            }
            let file = directory.appendingPathComponent(page)
            try html.write(to: file, atomically: true, encoding: .utf8)
            let png = "\(screenshots)/\(name).png"
            try? FileManager.default.removeItem(atPath: png)
            _ = try Chromium.run(chromium, ["--window-size=1400,2400", "--screenshot=\(png)", file.absoluteString])
            let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
            #expect(size > 10_000, "no screenshot at \(png)")
        }
    }
}
