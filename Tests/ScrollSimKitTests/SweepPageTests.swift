import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The sweep page: cells coloured by the judgement the rest of ScrollSim uses (a budget on the
/// metric, else the hitch grade), every variant linked to its page, and nothing cut off at
/// 1,280 px and wider (measured in Chromium).
@Suite struct SweepPageTests {
    /// A report root of `name` with only what the sweep page reads.
    static func root(_ name: String, hitchRatio: Double, grade: String, budget: Double?) -> JSONValue {
        var summary: [String: JSONValue] = ["hitchRatio": .number(hitchRatio), "hitchGrade": .string(grade), "droppedFrames": .number(hitchRatio > 0 ? 12 : 0)]
        if let budget {
            summary["budgets"] = .object(["hitchRatio": .object(["limit": .number(budget), "value": .number(hitchRatio)])])
            summary["budgetsPassed"] = .bool(hitchRatio <= budget)
        }
        return .object(["schema": .number(Double(ReportBuilder.schema)), "scenario": .object(["name": .string(name)]), "summary": .object(summary)])
    }

    /// Nine variants of a long-named scenario over two long key paths, graded as Apple grades
    /// (good under 5 ms/s, warning from 5, critical above 10): 4.2 good, 6.1 warning, 10.82 and
    /// 12.5 critical.
    static func summary(budget: Double?) throws -> SweepSummary {
        let name = "a-rather-long-scenario-name-for-the-table"
        let plan = try SweepPlan(file: "\(name).json", root: .object([:]), name: name, contentHash: "0", axes: [
            SweepAxis(keyPath: try JSONKeyPath("content.types[0].asyncContent.latencyMs"), values: [.number(0), .number(250), .number(1000)]),
            SweepAxis(keyPath: try JSONKeyPath("stack.prefetch.distance"), values: [.number(0.5), .number(1), .number(2)]),
        ], metric: .hitchRatio, objective: .min)
        let ratios = [0, 4.2, 10.82, 0, 6.1, 10.82, 0, 0, 12.5]
        let grades = ["good", "good", "critical", "good", "warning", "critical", "good", "good", "critical"]
        return SweepSummary(plan: plan, reports: ratios.indices.map { k in (k, root(plan.variantName(k), hitchRatio: ratios[k], grade: grades[k], budget: budget)) })
    }

    /// Without a budget the hitch ratio is coloured by its grade: 10.82 ms/s is critical, so red
    /// whatever the other variants did (on a best-to-worst scale its hue depends on the worst:
    /// against a worst of 40 ms/s it would be 120 × (1 − 10.82 / 40) ≈ 88, yellow-green).
    @Test func theHitchRatioIsColouredByItsGrade() throws {
        let summary = try Self.summary(budget: nil)
        #expect(SweepPage.colouring(summary) == .grade)
        let html = SweepPage.html(summary)
        let critical = summary.rows.filter { $0.grade == .critical }
        #expect(critical.count == 3)
        for row in critical { #expect(SweepPage.colour(row, .grade, low: 0, high: 12.5, objective: .min) == SweepPage.critical) }
        #expect(SweepPage.colour(summary.rows[4], .grade, low: 0, high: 12.5, objective: .min) == SweepPage.warning)
        #expect(html.contains("fill=\"\(SweepPage.critical)\""))
        #expect(html.contains("Colour: the hitch grade"))
    }

    /// With a budget on the metric the budget decides: 4.2 and 6.1 against 5 → within, over.
    @Test func aBudgetOnTheMetricDecidesTheColour() throws {
        let summary = try Self.summary(budget: 5)
        #expect(SweepPage.colouring(summary) == .budget)
        #expect(SweepPage.colour(summary.rows[1], .budget, low: 0, high: 12.5, objective: .min) == SweepPage.good)
        #expect(SweepPage.colour(summary.rows[4], .budget, low: 0, high: 12.5, objective: .min) == SweepPage.critical)
    }

    /// Every variant is linked from its cell and its row to pages/<variant>.html.
    @Test func everyVariantIsLinkedToItsPage() throws {
        let summary = try Self.summary(budget: nil)
        let html = SweepPage.html(summary)
        for row in summary.rows {
            let link = "href=\"pages/\(row.name).html\""
            // The heatmap's cell and the table's row.
            #expect(html.components(separatedBy: link).count - 1 >= 2, "\(row.name)")
        }
    }

    @Test func nothingIsCutOffAt1280PixelsAndWider() throws {
        guard let chromium = Chromium.path else {
            print("skipped: Chromium is not installed (Debian: apt-get install chromium); the layout check needs it")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-sweep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A sweep of single runs, and one of ensembles (wider cells, the interval chart).
        let pages = [("single", SweepPage.html(try Self.summary(budget: 5))),
                     ("ensembles", SweepPage.html(try SweepSummaryEnsembleTests.summary([[2, 3, 4, 5, 6], [3, 4, 6, 6, 7], [1, 5, 4, 8, 7]])))]
        for (kind, html) in pages {
            for width in [1280, 1400, 1920] {
                let layout = try PageLayoutBrowserTests().measure(html, name: "sweep-\(kind)-\(width).html", width: width, chromium: chromium, in: directory)
                #expect(layout.outside.isEmpty, "\(kind), \(width) px: text cut off: \(layout.outside)")
                #expect(layout.overflowingTables.isEmpty, "\(kind), \(width) px: tables wider than the page: \(layout.overflowingTables)")
                #expect(layout.overlaps.isEmpty, "\(kind), \(width) px: \(layout.overlaps)")
            }
        }
    }

    /// A sweep of ensembles (A, B and C of `SweepChoiceTests`: no best, A and C tied): error
    /// bars for each variant, ≈ on the tied ones, and no ★ on any cell.
    @Test func thePageDrawsTheIntervalsAndMarksTheTiedVariants() throws {
        let summary = try SweepSummaryEnsembleTests.summary([[2, 3, 4, 5, 6], [3, 4, 6, 6, 7], [1, 5, 4, 8, 7]])
        let html = SweepPage.html(summary)
        #expect(html.contains("id=\"intervals-section\""))
        #expect(html.contains("class=\"variant tied\"") && html.contains("class=\"cell tied\""))
        #expect(!html.contains("class=\"cell best\"") && !html.contains(">★ "))
        #expect(html.contains("no variant is significantly lower than the others"))
        // One mean (a dot) per variant, all in the chart.
        let chart = try #require(html.range(of: "id=\"intervals-section\"").map { String(html[$0.upperBound...]) })
        #expect(chart.components(separatedBy: "<circle").count - 1 == 3)
    }
}
