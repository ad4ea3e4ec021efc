import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import XCTest

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
        // Self-contained: the only URL is the SVG namespace (and references inside the page,
        // `url(#pattern)`, which load nothing).
        let withoutNamespace = html.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").replacingOccurrences(of: "url(#", with: "")
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
        let a = try ReportFixtures.synthetic(count: 3000, spikes: [5: 100], harness: true)
        let b = try ReportFixtures.synthetic(count: 3000, spikes: [5: 100], harness: true)
        XCTAssertEqual(try ScenarioPage.render(a), try ScenarioPage.render(a))
        XCTAssertNotEqual(a.root["harness"], b.root["harness"])
        XCTAssertEqual(withoutHarness(try ScenarioPage.render(a)), withoutHarness(try ScenarioPage.render(b)))
        let comparison = Comparison(baseline: [b], current: [a], thresholds: .relative)
        let site1 = try HTMLSite.pages(reports: [a], comparison: comparison, baselines: [b])
        let site2 = try HTMLSite.pages(reports: [a], comparison: Comparison(baseline: [b], current: [a], thresholds: .relative), baselines: [b])
        XCTAssertEqual(site1, site2)
        XCTAssertEqual(site1.map(\.name), ["synthetic.compare.html", "synthetic.html", "index.html"])
    }

    func testShippedPagesAreDeterministic() throws {
        let reports = try ReportFixtures.shipped()
        XCTAssertEqual(try HTMLSite.pages(reports: reports), try HTMLSite.pages(reports: reports))
    }

    /// Acceptance: a 100,000-frame report renders to a page under 5 MB whose tallest spike is drawn.
    func testHundredThousandFramesStayLightAndKeepTheSpike() throws {
        let spike = 73_217
        let report = try ReportFixtures.synthetic(count: 100_000, spikes: [spike: 960, 20_000: 30])
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
        let base = try ReportFixtures.synthetic(count: 1000, name: "feed")
        let current = try ReportFixtures.synthetic(count: 1000, spikes: [400: 50], name: "feed")
        let other = try ReportFixtures.synthetic(count: 500, name: "a <b>")
        let gone = try ReportFixtures.synthetic(count: 10, name: "gone")
        let comparison = Comparison(baseline: [base, gone], current: [current, other], thresholds: .relative)
        let pages = try HTMLSite.pages(reports: [current, other], comparison: comparison, baselines: [base, gone])
        XCTAssertEqual(pages.map(\.name), ["a--b-.html", "feed.compare.html", "feed.html", "index.html"])
        let index = try XCTUnwrap(pages.last?.html)
        XCTAssertTrue(index.contains("<a href=\"feed.html\">feed</a>"))
        XCTAssertTrue(index.contains("<a href=\"a--b-.html\">a &lt;b&gt;</a>"))
        XCTAssertEqual(index.components(separatedBy: "class=\"sparkline\"").count - 1, 2)
        XCTAssertTrue(index.contains("<a href=\"feed.compare.html\">compare</a>"))
        // The index says what compare says: the headline, each scenario's outcome, new and missing.
        XCTAssertTrue(index.contains(Markup.escape(comparison.headline)), comparison.headline)
        XCTAssertTrue(index.contains("<span class=\"badge regression\">2 regressed</span><br><span class=\"sub\">2 errors</span>"))
        XCTAssertTrue(index.contains("<span class=\"badge neutral\">new</span>"))
        XCTAssertTrue(index.contains("id=\"missing-section\"") && index.contains("<td>gone</td>"))
        let compare = try XCTUnwrap(pages.first { $0.name == "feed.compare.html" }?.html)
        for id in ["work-overlay", "distribution-overlay", "memory-overlay", "views-overlay"] { XCTAssertTrue(compare.contains("id=\"\(id)\""), id) }
        XCTAssertTrue(compare.contains("<td title=\"the worst frame&#39;s main-thread work\">frameWorkMs.max</td><td>0.70 ms</td><td>50.7 ms</td><td><span class=\"fail\">+50.0 ms</span></td><td><span class=\"fail\">+7,142.9%</span></td>"))
        XCTAssertTrue(compare.contains("badge regression"))
        XCTAssertEqual(verdicts(compare), expected(comparison.scenarios.first { $0.name == "feed" }!))
        XCTAssertFalse(compare.contains("provisional"))
    }

    // MARK: verdicts come from the comparison model

    /// The rows of a compare page's metric tables: metric → (verdict, severity), from the
    /// `data-` attributes each row carries.
    func verdicts(_ html: String) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for row in html.components(separatedBy: "<tr data-metric=\"").dropFirst() {
            let parts = row.components(separatedBy: "\"")
            // metric" data-verdict="V" data-severity="S">
            XCTAssertTrue(out[parts[0]] == nil, "\(parts[0]) is listed twice")
            out[parts[0]] = [parts[2], parts[4]]
        }
        return out
    }

    func expected(_ scenario: ScenarioComparison) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: scenario.metrics.map { ($0.path, [$0.verdict.rawValue, $0.severity?.rawValue ?? ""]) })
    }

    /// `report` with some summary numbers changed (dotted paths).
    func edited(_ report: Report, _ changes: [String: (Double) -> Double], name: String? = nil, hash: String? = nil) throws -> Report {
        guard case .object(var root) = report.root, case .object(var summary) = root["summary"], case .object(var scenario) = root["scenario"] else {
            throw XCTSkip("not an object")
        }
        for (path, change) in changes {
            let keys = path.split(separator: ".").map(String.init)
            if keys.count == 1 {
                summary[keys[0]] = .number(change(summary[keys[0]]?.numberValue ?? 0))
            } else if case .object(var inner) = summary[keys[0]] ?? .object([:]) {
                inner[keys[1]] = .number(change(inner[keys[1]]?.numberValue ?? 0))
                summary[keys[0]] = .object(inner)
            }
        }
        if let name { scenario["name"] = .string(name) }
        if let hash { scenario["contentHash"] = .string(hash) }
        root["summary"] = .object(summary)
        root["scenario"] = .object(scenario)
        return try Report(path: "/tmp/edited-\(name ?? report.scenarioName).json", root: .object(root))
    }

    /// Acceptance: dropped frames +5 and p99 +50 % are both regressions with severity error on
    /// the page, exactly as the comparison (and so `scrollsim compare`) says.
    func testComparePageVerdictsAreTheComparisons() throws {
        let base = try XCTUnwrap(try ReportFixtures.shipped().first { $0.scenarioName == "origami-lazy" })
        let worse = try edited(base, ["droppedFrames": { $0 + 5 }, "frameWorkMs.p99": { $0 * 1.5 }, "peakMemoryBytes": { $0 * 1.03 }, "frameWorkMs.p50": { $0 * 0.8 }])
        let comparison = Comparison(baseline: base, current: worse, thresholds: .relative)
        let scenario = comparison.scenarios[0]
        let html = try ComparePage.render(scenario, of: comparison, baseline: base, current: worse)
        let rows = verdicts(html)
        XCTAssertEqual(rows, expected(scenario))
        XCTAssertEqual(rows.count, scenario.metrics.count)
        XCTAssertEqual(rows["droppedFrames"], ["regressed", "error"])
        XCTAssertEqual(rows["frameWorkMs.p99"], ["regressed", "error"])
        XCTAssertEqual(rows["peakMemoryBytes"], ["regressed", "warning"])
        XCTAssertEqual(rows["frameWorkMs.p50"], ["improved", ""])
        XCTAssertEqual(rows["frames"], ["unchanged", ""])
        XCTAssertTrue(html.contains("<span class=\"badge regression\">failed: droppedFrames, frameWorkMs.p99</span> <span class=\"badge warning\">warned: peakMemoryBytes</span> <span class=\"badge improvement\">1 improved</span>"), html)
        XCTAssertTrue(html.contains("<b>droppedFrames</b> (error: +5, over 0)"))
        XCTAssertTrue(html.contains("<b>frameWorkMs.p99</b> (error: +0.55 ms, +50.0%, over 10%)"))
        XCTAssertTrue(html.contains("Thresholds: preset relative;"))
        // The convenience for two reports is the same page.
        XCTAssertEqual(try ComparePage.render(baseline: base, current: worse, thresholds: .relative), html)

        // Neutral metrics are information; moved ones say so.
        let more = try edited(base, ["frames": { $0 + 10 }])
        let neutral = Comparison(baseline: base, current: more, thresholds: .relative)
        let neutralPage = try ComparePage.render(neutral.scenarios[0], of: neutral, baseline: base, current: more)
        XCTAssertEqual(verdicts(neutralPage)["frames"], ["changed", ""])
        XCTAssertTrue(neutralPage.contains("<span class=\"badge info\">info</span> <span class=\"sub\">changed</span>"))
        XCTAssertTrue(neutralPage.contains("<span class=\"badge pass\">no regression</span>"))
    }

    func testComparePageNamesTheThresholdsAndFollowsThem() throws {
        let base = try ReportFixtures.synthetic(count: 100, name: "feed")
        let worse = try edited(base, ["droppedFrames": { $0 + 5 }])
        var thresholds = Thresholds(preset: .standard, overrides: [try .init(argument: "droppedFrames=10")], sources: ["Reports/thresholds.json"],
                                    overBudget: .set(nil))
        thresholds.sources.append("--threshold")
        let comparison = Comparison(baseline: base, current: worse, thresholds: thresholds)
        let html = try ComparePage.render(comparison.scenarios[0], of: comparison, baseline: base, current: worse)
        XCTAssertTrue(html.contains("Thresholds: preset standard + Reports/thresholds.json + --threshold;"))
        XCTAssertEqual(verdicts(html)["droppedFrames"], ["unchanged", ""])
        XCTAssertTrue(html.contains("<td class=\"l\"><span title=\"changes up to 0.05 never count\">– · 10</span></td><td class=\"l\"><span class=\"badge unchanged\">unchanged</span> <span class=\"sub\">within threshold</span></td>"))
        let slightly = try edited(base, ["frameWorkMs.p50": { $0 + 0.001 }])
        let exact = Comparison(baseline: base, current: slightly, thresholds: .exact)
        let exactPage = try ComparePage.render(exact.scenarios[0], of: exact, baseline: base, current: slightly)
        XCTAssertTrue(exactPage.contains("Thresholds: preset exact;"))
        XCTAssertEqual(verdicts(exactPage)["frameWorkMs.p50"], ["regressed", "error"])
    }

    func testContentAndNameChangesAreShownClearly() throws {
        let base = try ReportFixtures.synthetic(count: 100, name: "feed")
        let changed = try edited(base, ["droppedFrames": { $0 + 1 }], hash: "ffffffffffffffff")
        let refused = Comparison(baseline: base, current: changed, thresholds: .relative, options: .init(strictContent: true))
        let refusedPage = try ComparePage.render(refused.scenarios[0], of: refused, baseline: base, current: changed)
        XCTAssertTrue(refusedPage.contains("<span class=\"badge fail\">not compared: content changed</span>"))
        XCTAssertTrue(refusedPage.contains("content hash 0123456789abcdef → ffffffffffffffff"))
        XCTAssertTrue(refusedPage.contains("compare it by name without --strict-content"))
        XCTAssertTrue(verdicts(refusedPage).isEmpty, "a refused scenario has no verdicts")
        XCTAssertTrue(refusedPage.contains("id=\"work-overlay\""), "the charts are still drawn")

        let allowed = Comparison(baseline: base, current: changed, thresholds: .relative)
        let allowedPage = try ComparePage.render(allowed.scenarios[0], of: allowed, baseline: base, current: changed)
        XCTAssertTrue(allowedPage.contains("<span class=\"badge warning\">scenario changed</span> scenario changed (content hash 0123456789abcdef → ffffffffffffffff), compared by name"))
        XCTAssertEqual(verdicts(allowedPage)["droppedFrames"], ["regressed", "error"])
        XCTAssertTrue(allowedPage.contains("changed scenarios compared by name (--strict-content refuses them)"))
        // The synthetic reports record no source: the page says so, with both hashes.
        XCTAssertTrue(allowedPage.contains("<section id=\"scenario-changes-section\">"))
        XCTAssertTrue(allowedPage.contains("scenario source not recorded in the baseline or the current report; content hash 0123456789abcdef → ffffffffffffffff"))

        let renamed = try edited(base, [:], name: "feed-fixed")
        let pair = Comparison(baseline: base, current: renamed, thresholds: .relative)
        let pairPage = try ComparePage.render(pair.scenarios[0], of: pair, baseline: base, current: renamed)
        XCTAssertTrue(pairPage.contains("<h1>feed-fixed vs feed"))
        XCTAssertTrue(pairPage.contains("compared scenario feed (baseline) with feed-fixed (current)"))
        XCTAssertTrue(pairPage.contains("All \(pair.scenarios[0].metrics.count) metrics are identical."))
    }

    func testBrokenFramesAreRejectedNamingTheColumn() throws {
        let good = try ReportFixtures.synthetic(count: 10)
        guard case .object(var root) = good.root, case .object(var frames) = root["frames"] else { return XCTFail() }
        frames["workMs"] = .array([.number(1), .number(2)])
        root["frames"] = .object(frames)
        let broken = try Report(path: "broken.json", root: .object(root))
        XCTAssertThrowsError(try HTMLSite.pages(reports: [broken])) { error in
            XCTAssertEqual((error as? ScrollSimError)?.description, "broken.json: frames.workMs: 2 values for 10 frames")
        }
        frames["workMs"] = .array((0..<10).map { _ in .string("x") })
        root["frames"] = .object(frames)
        XCTAssertThrowsError(try Report(path: "broken.json", root: .object(root)).frames()) { error in
            XCTAssertEqual((error as? ScrollSimError)?.description, "broken.json: frames.workMs[0]: expected a number, found a string")
        }
    }
}
