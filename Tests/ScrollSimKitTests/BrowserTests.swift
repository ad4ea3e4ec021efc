import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import XCTest

/// Renders the pages in headless Chromium (Debian package `chromium`): the DOM must hold the
/// charts, the tooltip script must have run (`data-ready`), and no console message may be
/// logged. Screenshots are kept in `Reports/screenshots/` (a CI artifact, git-ignored).
/// Skipped, with the reason, where Chromium is not installed.
final class BrowserTests: XCTestCase {
    func run(_ binary: String, _ arguments: [String]) throws -> (out: String, err: String) {
        try Chromium.run(binary, arguments)
    }

    func testPagesRenderInChromiumWithoutConsoleErrors() throws {
        guard let chromium = Chromium.path else {
            throw XCTSkip("Chromium is not installed (Debian: apt-get install chromium); the browser check needs it")
        }
        var reports = try ReportFixtures.shipped()
        reports.append(try ReportFixtures.synthetic(count: 100_000, spikes: [73_217: 960], name: "synthetic-100k"))
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-site-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: site) }
        let lazy = try XCTUnwrap(reports.first { $0.scenarioName == "origami-lazy" })
        let vstack = try XCTUnwrap(reports.first { $0.scenarioName == "origami-vstack" })
        // The fix against the anti-pattern, as `scrollsim report origami-lazy.json --baseline
        // origami-vstack.json` pairs them (their content differs: compared as a changed scenario).
        let comparison = Comparison(baseline: vstack, current: lazy)
        let pages = try HTMLSite.pages(reports: reports, comparison: comparison, baselines: [vstack])
        try HTMLSite.write(pages, to: site)
        let screenshots = ReportFixtures.packageRoot.appendingPathComponent("Reports/screenshots").path
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)

        for page in pages {
            let url = URL(fileURLWithPath: site).appendingPathComponent(page.name).absoluteString
            let (dom, log) = try run(chromium, ["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", url])
            let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
            XCTAssertTrue(console.isEmpty, "\(page.name): console messages:\n\(console.joined(separator: "\n"))")
            XCTAssertTrue(dom.contains("</html>"), "\(page.name): no DOM dumped; stderr:\n\(log.suffix(2000))")
            if page.name == "index.html" {
                XCTAssertTrue(dom.contains("class=\"sparkline\""), page.name)
            } else if page.name.hasSuffix(".compare.html") {
                XCTAssertTrue(dom.contains("id=\"work-overlay\"") && dom.contains("class=\"index\"") == false && dom.contains("class=\"deltas\""), page.name)
                XCTAssertTrue(dom.contains("<tr data-metric=\"launch.droppedFrames\" data-verdict=\"improved\""), "\(page.name): the fix should improve on the anti-pattern's launch")
            } else {
                XCTAssertTrue(dom.contains("data-ready=\"1\""), "\(page.name): the tooltip script did not finish")
                for id in HTMLPagesTests.chartIDs {
                    XCTAssertTrue(dom.contains("id=\"\(id)\""), "\(page.name): no #\(id) in the DOM")
                }
            }
        }
        // Screenshots of the hitching scenario (light and dark), the long run, the compare page and the index.
        for (page, name, dark) in [("origami-vstack.html", "origami-vstack", false), ("origami-vstack.html", "origami-vstack-dark", true),
                                   ("synthetic-100k.html", "synthetic-100k", false), ("origami-lazy.compare.html", "compare", false),
                                   ("index.html", "index", false)] {
            let png = "\(screenshots)/\(name).png"
            try? FileManager.default.removeItem(atPath: png)
            let url = URL(fileURLWithPath: site).appendingPathComponent(page).absoluteString
            let flags = dark ? ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] : []
            _ = try run(chromium, flags + ["--window-size=1400,2400", "--screenshot=\(png)", url])
            let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 10_000, "no screenshot at \(png)")
        }
    }
}
