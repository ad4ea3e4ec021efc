import Foundation
import Testing
@testable import ScrollSimKit

/// The one list of key figures (`KeyFigures`) that the terminal summary and the scenario page
/// share: every metric the scenario's stack and content produce, each with its grade or budget.
@Suite struct KeyFiguresTests {
    /// A report whose summary holds `summary` and whose scenario section is `scenario`.
    func report(scenario: [String: JSONValue], summary: [String: JSONValue]) throws -> Report {
        var section = scenario
        section["name"] = .string("k")
        return try Report(path: "k.json", root: .object(["schema": .number(Double(ReportBuilder.schema)), "scenario": .object(section), "summary": .object(summary)]))
    }

    /// Every metric, 0 unless given: a report as the builder writes it (every metric present).
    func summary(_ values: [Metric: Double], budgets: [Metric: (limit: Double, value: Double)] = [:], grade: String? = nil) -> [String: JSONValue] {
        var root: [String: JSONValue] = [:]
        for metric in Metric.allCases {
            let parts = metric.path.split(separator: ".").map(String.init)
            let value = JSONValue.number(values[metric] ?? 0)
            if parts.count == 1 {
                root[parts[0]] = value
            } else {
                var inner = root[parts[0]]?.objectValue ?? [:]
                inner[parts[1]] = value
                root[parts[0]] = .object(inner)
            }
        }
        root["budgets"] = .object(Dictionary(uniqueKeysWithValues: budgets.map { ($0.key.path, JSONValue.object(["limit": .number($0.value.limit), "value": .number($0.value.value)])) }))
        if let grade { root["hitchGrade"] = .string(grade) }
        return root
    }

    /// A single lazy column with no scrollTo, pagination, observer, async content, nested rows or
    /// transitions: none of those metrics (all 0) is listed; a grid lists gridWastePx even at 0;
    /// a metric out of scope but not 0 is listed anyway (nothing a run produced is hidden).
    @Test func theScopeDecidesWhatIsListed() throws {
        let lazy = try report(scenario: ["stack": .string("lazyVStack"), "budgetMs": .number(8.3333)], summary: summary([.frames: 960]))
        let listed = Set(KeyFigures(lazy).figures.map(\.metric))
        #expect(listed.contains(.droppedFrames) && listed.contains(.frameWorkP99) && listed.contains(.peakMemoryBytes))
        for metric in [Metric.gridWastePx, .reshuffledItems, .columnImbalancePx, .paginationLoads, .scrollToCount, .observerCallbacks, .blankAreaFrames, .clippedChildren, .poppedViews] {
            #expect(!listed.contains(metric), "\(metric.path)")
        }
        let grid = try report(scenario: ["stack": .string("lazyVGrid")], summary: summary([:]))
        #expect(KeyFigures(grid).figures.contains { $0.metric == .gridWastePx })
        #expect(!KeyFigures(grid).figures.contains { $0.metric == .columnImbalancePx })
        let masonry = try report(scenario: ["stack": .string("masonryColumns")], summary: summary([:]))
        #expect(Set(KeyFigures(masonry).figures.map(\.metric)).isSuperset(of: [.reshuffledItems, .columnImbalancePx]))
        let produced = try report(scenario: ["stack": .string("lazyVStack")], summary: summary([.blankAreaFrames: 87, .frames: 960]))
        let blank = try #require(KeyFigures(produced).figures.first { $0.metric == .blankAreaFrames })
        // 87 / 960 = 0.090625 → "9.1 % of frames".
        #expect(blank.relative == "9.1 % of frames")
        #expect(KeyFigures(produced).groups.map(\.concern).contains(.blankArea))
    }

    /// The recorded source says what the content has: pagination, a scrollTo in the script, an
    /// observer, async content (each as a scenario file gives it: the source is decoded as one).
    @Test func theSourceAddsItsFeatures() throws {
        let source: JSONValue = .object([
            "content": .object([
                "count": .number(100),
                "pagination": .object(["pageSize": .number(20), "latencyMs": .number(300), "total": .number(200)]),
                "types": .array([.object(["name": .string("a"), "height": .object(["fixed": .number(80)]),
                                          "asyncContent": .object(["latencyMs": .number(120)])])]),
            ]),
            "stack": .object(["scrollPosition": .object(["observer": .object(["geometry": .object(["boundary": .number(3000)])])])]),
            "script": .array([.object(["at": .number(1), "scrollTo": .object(["edge": .string("bottom")])])]),
        ])
        let r = try report(scenario: ["stack": .string("lazyVStack"), "source": source], summary: summary([:]))
        let listed = Set(KeyFigures(r).figures.map(\.metric))
        #expect(listed.isSuperset(of: [.paginationLoads, .paginationWaitingFrames, .scrollToLandingErrorPx, .observerSpuriousChanges, .blankAreaFrames]))
        #expect(!listed.contains(.gridWastePx))
    }

    /// The hitch ratio carries its grade, a budgeted metric its verdict; frame work over the
    /// frame budget is critical with its multiple at two decimals (9.6 / 8.3333 = 1.152 → 1.15×).
    @Test func gradesAndBudgetsAreAttached() throws {
        let r = try report(scenario: ["stack": .string("lazyVStack"), "budgetMs": .number(8.3333)],
                           summary: summary([.hitchRatio: 10.82, .droppedFrames: 23, .frameWorkMax: 9.6],
                                            budgets: [.droppedFrames: (2, 23)], grade: "critical"))
        let figures = KeyFigures(r).figures
        let hitch = try #require(figures.first { $0.metric == .hitchRatio })
        #expect(hitch.grade == .critical && hitch.standing == .critical && hitch.judgement == "critical")
        let dropped = try #require(figures.first { $0.metric == .droppedFrames })
        #expect(dropped.judgement == "≤ 2 OVER" && dropped.standing == .critical)
        let worst = try #require(figures.first { $0.metric == .frameWorkMax })
        #expect(worst.relative == "1.15× budget" && worst.standing == .critical)
    }
}
