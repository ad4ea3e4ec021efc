import Foundation
import Testing
@testable import ScrollSimKit
import ScrollSimEngine

/// Attribution in reports: which view type the over-budget work belongs to (`summary.byType`),
/// and what the slowest frames built (`summary.worstFrames`), on a case worked out by hand.
///
/// `Fixtures/attribution/two-heavy-types.json`: 100 pt rows in a 393 × 450 viewport at 120 Hz
/// (B = 8.3333 ms), prefetch off, overhead 0.5 ms, input 0.05 ms per moving frame, no render
/// costs. Elements 0–4 are `text` (body 0.1 ms); from element 5 on, every fourth is a `reel`
/// (body 12 ms: elements 8, 12, 16, …) and the others `photo` (body 6 ms). A drag at 730 pt/s
/// from t = 0 for the whole 2 s run.
///
/// Frame 0 shows rows 0–4 (y 0…500, the viewport 450 tall): 5 texts, 0.5 ms of body. Row r ≥ 5
/// enters when 0.73 t > 100 (r − 4.5), i.e. at the first vsync tick after 136.986 · (r − 4.5) ms
/// (never on a tick: 100 / 0.73 / B is not a whole number), and is built in that frame. Rows
/// 5…19 enter before 2 s (row 20 would at 2,123 ms): 15 rows, 12 photos and 3 reels (rows 8, 12,
/// 16). A photo frame costs 0.5 + 0.05 + 6 = 6.55 ms (in budget); a reel frame 12.55 ms, two
/// intervals: it drops one frame and the next frame starts a tick later. Row 8 enters after
/// 479.45 ms (tick 57.53 → tick 58, 483.33 ms), the first late frame, so frame 58; row 12 after
/// 1,027.4 ms → tick 124 (1,033.33 ms), one tick skipped before it: frame 123; row 16 after
/// 1,575.3 ms → tick 190 (1,583.33 ms): frame 188. 240 ticks, 3 skipped: 237 frames.
///
/// So: photo did 12 · 6 = 72 ms of work and reel 3 · 12 = 36 ms, but every late frame is a
/// reel's: reel's late work is 36 ms, 100 % of the over-budget work; photo's is 0. The slowest
/// frames are the three reel frames (58, 123, 188), then photo frames, ties to the earlier:
/// row 5 after 68.5 ms → tick 9 (frame 9), row 6 → tick 25, row 7 → tick 42, then after the
/// first skipped tick row 9 → tick 74 (frame 73), row 10 → tick 91 (90), row 11 → tick 107
/// (106), and after the second row 13 → tick 140 (138).
@Suite struct AttributionTests {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/attribution/two-heavy-types.json").path

    @Test func theReelOwnsTheOverBudgetWorkAlthoughPhotosDoMore() throws {
        let report = try ScenarioLoader.load(path: Self.scenario).report()
        #expect(report.metrics["frames"] == 237)
        #expect(report.metrics["droppedFrames"] == 3)

        let byType = try #require(report.summary["byType"])
        let reel = try #require(byType["reel"])
        let photo = try #require(byType["photo"])
        #expect(reel["builds"]?["cold"]?.numberValue == 3)
        #expect(photo["builds"]?["cold"]?.numberValue == 12)
        #expect(byType["text"]?["builds"]?["cold"]?.numberValue == 5)
        #expect(reel["workMs"]?["body"]?.numberValue == 36)
        #expect(photo["workMs"]?["body"]?.numberValue == 72)
        #expect(reel["lateWorkMs"]?.numberValue == 36)
        #expect(photo["lateWorkMs"]?.numberValue == 0)
        #expect(reel["overBudgetShare"]?.numberValue == 1)
        #expect(photo["overBudgetShare"]?.numberValue == 0)
        // Not metrics: compare never sees them.
        #expect(!report.metrics.keys.contains { $0.hasPrefix("byType") || $0.hasPrefix("worstFrames") })

        let attribution = try #require(Attribution(report: report))
        #expect(attribution.typesByOverBudgetShare.map(\.name) == ["reel"])
        #expect(attribution.worstFrames.map(\.frame) == [58, 123, 188, 9, 25, 42, 73, 90, 106, 138])
        let worst = try #require(attribution.worstFrames.first)
        #expect(abs(worst.timeMs - 58 * 1000.0 / 120) < 1e-9)
        #expect(abs(worst.workMs - 12.55) < 1e-9)
        #expect(worst.dropped == 1)
        #expect(worst.dominantPhase == "body" && worst.dominantPhaseMs == 12)
        #expect(worst.types == ["reel": 1])
        #expect(worst.elements == ["e8"])
        #expect(worst.script == "drag at 0 s")
        #expect(attribution.worstFrames[3].types == ["photo": 1] && attribution.worstFrames[3].elements == ["e5"])
    }

    /// A run's events are classified by kind through a table read from the named sets: every
    /// kind's role is the one its name gives, and no kind is both.
    @Test func eachEventKindsRoleIsTheOneItsNameGives() {
        #expect(Attribution.buildKinds.isDisjoint(with: Attribution.scriptKinds))
        for kind in SimulationEvent.Kind.allCases {
            let role = Attribution.roles[Int(kind.rawValue)]
            #expect((role == .build) == Attribution.buildKinds.contains(kind.name), "\(kind.name)")
            #expect((role == .script) == Attribution.scriptKinds.contains(kind.name), "\(kind.name)")
        }
        #expect(Attribution.buildKinds.union(Attribution.scriptKinds).isSubset(of: SimulationEvent.Kind.allCases.map(\.name)))
    }

    /// The events name their row's type; events of no row (the drag, hitches) have null.
    @Test func eventsNameTheirType() throws {
        let report = try ScenarioLoader.load(path: Self.scenario).report()
        let frames = try report.frames()
        let events = try report.events(frameCount: frames.count)
        let builds = events.filter { $0.kind == "build" }
        // 5 rows at launch and 15 during the drag.
        #expect(builds.count == 20)
        #expect(builds.filter { $0.type == "reel" }.map(\.element) == ["e8", "e12", "e16"])
        #expect(events.filter { $0.kind == "hitch" || $0.kind == "drag" }.allSatisfy { $0.type.isEmpty })
    }

    /// The terminal's cause lines name the reel and the worst frame.
    @Test func theCauseLinesNameTheTypeAndTheWorstFrame() throws {
        let report = try ScenarioLoader.load(path: Self.scenario).report()
        let lines = try #require(Attribution(report: report)).causeLines()
        #expect(lines.count == 2)
        #expect(lines[0] == "cause: reel 100% of over-budget work (3 cold builds, mostly body)")
        #expect(lines[1] == "worst frame 58 at 0.48 s: 12.6 ms, body 12.0 ms, 1 dropped; built reel (element e8); after drag at 0 s")
    }

    /// A type's total work does not depend on the order its phases sit in the dictionary: the
    /// same phases inserted in every order, into dictionaries of different capacities (which
    /// iterate in different orders), sum to the same bits. The pair ±1e16 makes the order show:
    /// in the phases' name order (appear, body, init, layout, prefetch, render) the small phases
    /// are lost against 1e16 and the total is 1e-17; summed in the dictionary's order the same
    /// phases gave 0, 0.1, 0.3, 0.6, 0.6000000000000001… from one dictionary to the next.
    @Test func totalWorkIsTheSameWhateverTheDictionarysOrder() {
        let phases = [("body", 0.1), ("init", 0.2), ("layout", 0.3), ("render", 1e-17), ("appear", 1e16), ("prefetch", -1e16)]
        let expected = ((((1e16 + 0.1) + 0.2) + 0.3) + -1e16) + 1e-17  // appear, body, init, layout, prefetch, render
        var totals: Set<Double> = []
        for rotation in 0..<phases.count {
            for capacity in [0, 8, 64, 1024] {
                var work: [String: Double] = [:]
                work.reserveCapacity(capacity)
                for (name, ms) in phases[rotation...] + phases[..<rotation] { work[name] = ms }
                let row = Attribution.TypeRow(name: "t", coldBuilds: 0, prefetchedBuilds: 0, fromCache: 0, workMs: work, lateWorkMs: 0, overBudgetShare: 0)
                totals.insert(row.totalWorkMs)
            }
        }
        #expect(totals == [expected])
    }

    /// The phase named is the phase of the late work, not of all the work: a card rendered in
    /// 935 frames (0.08 ms each: 74.8 ms of render over the run) made 23 frames late by prefetching
    /// 7.5 ms each (172.5 ms, all of its late work), so it is "mostly prefetch", while over the run
    /// render (74.8) beats no other phase but prefetch. Then body 3.2 + layout 4.0 late in cold
    /// builds beats render-free prefetch only when they outweigh it: 23 × 7.2 = 165.6 < 172.5.
    @Test func theCauseNamesThePhaseOfTheLateWork() {
        func attribution(late: [String: Double]) -> Attribution {
            let row = Attribution.TypeRow(name: "card", coldBuilds: 0, prefetchedBuilds: 23, fromCache: 0,
                                          workMs: ["render": 74.8, "prefetch": 172.5, "body": 3.2, "layout": 4.0],
                                          lateWorkMs: late.values.reduce(0, +), lateWorkByPhaseMs: late, overBudgetShare: 1)
            return Attribution(types: [row], worstFrames: [])
        }
        #expect(attribution(late: ["prefetch": 172.5, "render": 1.84]).causeLines() == ["cause: card 100% of over-budget work (23 prefetched builds, mostly prefetch)"])
        #expect(attribution(late: ["render": 74.8, "prefetch": 1]).causeLines() == ["cause: card 100% of over-budget work (23 prefetched builds, mostly render)"])
        #expect(attribution(late: ["body": 73.6, "layout": 92, "prefetch": 172.5]).causeLines()[0].hasSuffix("mostly prefetch)"))
        #expect(attribution(late: ["body": 73.6, "layout": 192, "prefetch": 172.5]).causeLines()[0].hasSuffix("mostly layout)"))
    }

    /// A type whose late work is prefetch names the units prefetch ran for it, from the costs
    /// the scenario gives: a card of init 0.3 + body 3.2 + layout 4.0 = 7.5 ms; a unit is named
    /// when it carries at least a fifth (1.5 ms) of that, so body and layout, not init.
    @Test func aPrefetchCauseNamesTheUnits() throws {
        let row = Attribution.TypeRow(name: "card", coldBuilds: 0, prefetchedBuilds: 23, fromCache: 0, workMs: ["prefetch": 172.5],
                                      lateWorkMs: 172.5, lateWorkByPhaseMs: ["prefetch": 172.5], overBudgetShare: 1)
        let attribution = Attribution(types: [row], worstFrames: [])
        let costs = ["card": [(phase: "init", ms: 0.3), (phase: "body", ms: 3.2), (phase: "layout", ms: 4.0)]]
        #expect(attribution.causeLines(viewCosts: costs) == ["cause: card 100% of over-budget work (23 prefetched builds, mostly prefetch of card body and layout (3.2 + 4 ms each))"])
        // Without the costs (a distribution, a calibrated cost), the phase alone.
        #expect(attribution.causeLines() == ["cause: card 100% of over-budget work (23 prefetched builds, mostly prefetch)"])
    }

    /// The heavy-cells template as `scrollsim run` reports it: every late frame is a card's
    /// prefetch (23 frames, 7.5 ms each), so the cause names the prefetch of card body and
    /// layout, never render (0.08 ms a frame).
    @Test func heavyCellsBlamesThePrefetchOfCardBodyAndLayout() throws {
        let report = try ScenarioLoader.decode(Data(ScenarioTemplate.heavyCells.text.utf8), file: "heavy-cells.json").report()
        let attribution = try #require(Attribution(report: report))
        let line = try #require(attribution.causeLines(failedBudgets: report.budgetResults.filter { !$0.pass }, viewCosts: report.scenario.viewCosts).first)
        #expect(line.hasPrefix("cause: card 100% of over-budget work ("), "\(line)")
        #expect(line.contains("mostly prefetch of card body and layout (3.2 + 4 ms each)"), "\(line)")
        #expect(!line.contains("render"))
    }

    /// A run with no late frame that fails a grid-waste budget says so, with the metric, its value
    /// against its limit and what it measures; with late work too, the failing budgets follow the
    /// types. Never "nothing over budget" under a failing budget.
    @Test func aFailingBudgetWithoutLateFramesIsNamed() throws {
        let onTime = Attribution(types: [], worstFrames: [])
        let waste = BudgetResult(key: "gridWastePx", limit: 0, value: 4334.2574)
        let line = try #require(onTime.causeLines(failedBudgets: [waste]).first)
        #expect(line.hasPrefix("cause: no frame was late, but gridWastePx 4,334.3 pt > 0.0 pt — "))
        #expect(line.hasSuffix(try #require(Metric(rawValue: "gridWastePx")).meaning))
        #expect(onTime.causeLines() == ["cause: nothing over budget"])
        let waiting = BudgetResult(key: "pagination.waitingFrames", limit: 400, value: 550)
        #expect(onTime.causeLines(failedBudgets: [waste, waiting])[0].hasSuffix("; also pagination.waitingFrames 550 > 400"))
        // With late work, the frame-time budgets are explained by it; the others are named.
        let row = Attribution.TypeRow(name: "photo", coldBuilds: 2, prefetchedBuilds: 0, fromCache: 0, workMs: ["body": 20],
                                      lateWorkMs: 20, lateWorkByPhaseMs: ["body": 20], overBudgetShare: 1)
        let late = Attribution(types: [row], worstFrames: [])
        let dropped = BudgetResult(key: "droppedFrames", limit: 0, value: 2)
        #expect(late.causeLines(failedBudgets: [dropped, waste]) == ["cause: photo 100% of over-budget work (2 cold builds, mostly body); also over budget: gridWastePx 4,334.3 pt > 0.0 pt"])
    }
}
