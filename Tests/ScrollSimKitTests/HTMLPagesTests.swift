import Foundation
import XCTest
@testable import ScrollSimKit

final class HTMLPagesTests: XCTestCase {
    static let chartIDs = ["frame-budget", "distribution", "memory", "resident-views", "content-height", "events"]

    /// The page without what the harness measured (wall time, real allocations).
    func withoutHarness(_ html: String) -> String {
        var out = html
        while let start = out.range(of: "<aside class=\"harness\" data-harness>"), let end = out.range(of: "</aside>", range: start.upperBound..<out.endIndex) {
            out.removeSubrange(start.lowerBound..<end.upperBound)
        }
        return out
    }

    func testScenarioPageHasEveryChartAndNothingExternal() throws {
        let html = try ScenarioPage.render(ReportFixtures.synthetic(count: 2000, spikes: [100: 40]))
        for id in Self.chartIDs {
            XCTAssertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1200 ") && html.contains("id=\"\(id)\""), id)
        }
        XCTAssertTrue(html.contains("id=\"budgets-section\""))
        XCTAssertTrue(html.contains("<script type=\"application/json\" id=\"frame-budget-data\">"))
        // Self-contained: the only URL is the SVG namespace.
        let withoutNamespace = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
        for forbidden in ["http://", "https://", " src=\"", "<img", "@import", "url(", "<link"] {
            XCTAssertFalse(withoutNamespace.contains(forbidden), forbidden)
        }
        XCTAssertTrue(html.contains("prefers-color-scheme:dark"))
        XCTAssertTrue(html.contains("@media print"))
        // Report text is escaped.
        XCTAssertTrue(html.contains("A &lt;synthetic&gt; run &amp; its &quot;spikes&quot;."))
        XCTAssertFalse(html.contains("<synthetic>"))
    }

    func testPagesAreDeterministicApartFromHarnessFigures() throws {
        let a = ReportFixtures.synthetic(count: 3000, spikes: [5: 100], harness: true)
        let b = ReportFixtures.synthetic(count: 3000, spikes: [5: 100], harness: true)
        XCTAssertEqual(try ScenarioPage.render(a), try ScenarioPage.render(a))
        XCTAssertNotEqual(a.root["harness"], b.root["harness"])
        XCTAssertEqual(withoutHarness(try ScenarioPage.render(a)), withoutHarness(try ScenarioPage.render(b)))
        let site1 = try HTMLSite.pages(reports: [a], baselines: [a.scenarioName: b])
        let site2 = try HTMLSite.pages(reports: [a], baselines: [a.scenarioName: b])
        XCTAssertEqual(site1, site2)
    }

    func testShippedPagesAreDeterministic() throws {
        let reports = try ReportFixtures.shipped()
        XCTAssertEqual(try HTMLSite.pages(reports: reports), try HTMLSite.pages(reports: reports))
    }

    /// Acceptance: a 100,000-frame report renders to a page under 5 MB whose tallest spike is drawn.
    func testHundredThousandFramesStayLightAndKeepTheSpike() throws {
        let spike = 73_217
        let report = ReportFixtures.synthetic(count: 100_000, spikes: [spike: 960, 20_000: 30])
        let frames = try report.frames()
        let html = try ScenarioPage.render(report)
        let bytes = html.utf8.count
        print("100,000-frame page: \(bytes) bytes")
        XCTAssertLessThan(bytes, 5_000_000)
        let budget = Chart.frameBudget(frames)
        XCTAssertLessThanOrEqual(budget.bars, Chart.Plot(height: 340).columns)
        // The spike's frame is the bar drawn for its bucket, cut at the cap and labelled with its value.
        XCTAssertTrue(budget.hover.contains(",\(spike),"), "spike frame not drawn")
        XCTAssertTrue(budget.svg.contains(">960.7 ms</text>"), "spike value not labelled")
        XCTAssertGreaterThanOrEqual(budget.clippedBars, 2)
        // Every chart is bounded, not only the bar chart.
        XCTAssertLessThan(Chart.memory(frames, budgetMiB: nil).utf8.count, 200_000)
        XCTAssertLessThan(Chart.residentViews(frames).utf8.count, 400_000)
        XCTAssertLessThan(Chart.eventLane(try report.events(frameCount: frames.count), frames: frames).utf8.count, 400_000)
    }

    func testIndexAndComparePages() throws {
        let base = ReportFixtures.synthetic(count: 1000, name: "feed")
        let current = ReportFixtures.synthetic(count: 1000, spikes: [400: 50], name: "feed")
        let other = ReportFixtures.synthetic(count: 500, name: "a <b>")
        let pages = try HTMLSite.pages(reports: [current, other], baselines: HTMLSite.pair(current: [current, other], baselines: [base]))
        XCTAssertEqual(pages.map(\.name), ["a--b-.html", "feed.compare.html", "feed.html", "index.html"])
        let index = try XCTUnwrap(pages.last?.html)
        XCTAssertTrue(index.contains("<a href=\"feed.html\">feed</a>"))
        XCTAssertTrue(index.contains("<a href=\"a--b-.html\">a &lt;b&gt;</a>"))
        XCTAssertEqual(index.components(separatedBy: "class=\"sparkline\"").count - 1, 2)
        XCTAssertTrue(index.contains("<a href=\"feed.compare.html\">compare</a>"))
        let compare = try XCTUnwrap(pages.first { $0.name == "feed.compare.html" }?.html)
        for id in ["work-overlay", "distribution-overlay", "memory-overlay", "views-overlay"] { XCTAssertTrue(compare.contains("id=\"\(id)\""), id) }
        XCTAssertTrue(compare.contains("<td>frameWorkMs.max</td><td>0.70 ms</td><td>50.7 ms</td>"))
        XCTAssertTrue(compare.contains("badge regression"))
    }

    func testPairingByNameOrSinglePair() {
        let a = ReportFixtures.synthetic(count: 10, name: "a"), b = ReportFixtures.synthetic(count: 10, name: "b")
        XCTAssertEqual(HTMLSite.pair(current: [a], baselines: [b]).keys.sorted(), ["a"])
        XCTAssertEqual(HTMLSite.pair(current: [a, b], baselines: [b]).keys.sorted(), ["b"])
        XCTAssertTrue(HTMLSite.pair(current: [a, b], baselines: []).isEmpty)
    }

    func testProvisionalVerdicts() {
        let comparison = ProvisionalComparison()
        XCTAssertEqual(comparison.verdict(100, 104), .unchanged)
        XCTAssertEqual(comparison.verdict(100, 106), .regression)
        XCTAssertEqual(comparison.verdict(100, 90), .improvement)
        XCTAssertEqual(comparison.verdict(0, 1), .regression)
        XCTAssertEqual(comparison.verdict(0, 0), .unchanged)
    }

    func testBrokenFramesAreRejectedNamingTheColumn() throws {
        let good = ReportFixtures.synthetic(count: 10)
        guard case .object(var root) = good.root, case .object(var frames) = root["frames"] else { return XCTFail() }
        frames["workMs"] = .array([.number(1), .number(2)])
        root["frames"] = .object(frames)
        let broken = try Report(path: "broken.json", root: .object(root))
        XCTAssertThrowsError(try HTMLSite.pages(reports: [broken])) { error in
            XCTAssertEqual((error as? Report.Invalid)?.description, "broken.json: frames.workMs: 2 values for 10 frames")
        }
        frames["workMs"] = .array((0..<10).map { _ in .string("x") })
        root["frames"] = .object(frames)
        XCTAssertThrowsError(try Report(path: "broken.json", root: .object(root)).frames()) { error in
            XCTAssertEqual((error as? Report.Invalid)?.description, "broken.json: frames.workMs[0]: expected a number, found a string")
        }
    }
}
