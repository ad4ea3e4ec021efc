import Testing
import ScrollSimEngine
@testable import ScrollSimKit

/// Attribution on constructed frames where each phase and stage wins in turn, and where two
/// compete closely: the tie rules pinned. Every expected answer is read off the rule as the
/// docs state it (`Attribution.dominantStage`, `slowestFrames`, `TypeRow.dominantPhase`,
/// `causeLines`), not off the code's output:
/// - phases are taken in the order a frame runs them — input, init, body, layout, appear,
///   render, overhead, prefetch — and a phase must beat the best before it by more than 1e-9 ms;
/// - the render server is blamed only when its stage is longer than the whole commit (not than
///   the commit's largest phase) by more than 1e-9 ms;
/// - frames are ranked by max(commit, render server), ties to the earlier frame.
@Suite struct AttributionTieTests {
    static func stage(_ phases: [PhaseWork.Phase: Double], renderServerMs: Double = 0) -> (name: String, ms: Double) {
        let work = phases.values.reduce(0, +)
        return Attribution.dominantStage(phaseMs: { phases[$0] ?? 0 }, workMs: work, renderServerMs: renderServerMs)
    }

    /// Each phase, alone in a frame, is the one named.
    @Test(arguments: [
        (PhaseWork.Phase.input, "input"), (.initialize, "init"), (.body, "body"), (.layout, "layout"),
        (.appear, "appear"), (.render, "render"), (.overhead, "overhead"), (.prefetch, "prefetch"),
    ])
    func eachPhaseWinsAlone(phase: PhaseWork.Phase, name: String) {
        var phases: [PhaseWork.Phase: Double] = [.input: 0.05]
        phases[phase] = 3
        let s = Self.stage(phases)
        #expect(s.name == name && s.ms == 3)
    }

    /// Two phases equal to the bit: the one earlier in the frame; the later one wins only by
    /// more than 1e-9 ms (2e-9 over: wins; 0.5e-9 over: still the earlier one).
    @Test func equalPhasesGoToTheEarlierOne() {
        #expect(Self.stage([.body: 3, .layout: 3]).name == "body")
        #expect(Self.stage([.layout: 3, .prefetch: 3]).name == "layout")
        #expect(Self.stage([.input: 0.5, .initialize: 0.5]).name == "input")
        #expect(Self.stage([.render: 2, .overhead: 2]).name == "render")
        #expect(Self.stage([.body: 3, .layout: 3 + 2e-9]).name == "layout")
        #expect(Self.stage([.body: 3, .layout: 3 + 0.5e-9]).name == "body")
        // Prefetch runs last: it wins only past the others.
        #expect(Self.stage([.body: 4, .prefetch: 4.0001]) == ("prefetch", 4.0001))
        #expect(Self.stage([.initialize: 1, .body: 2, .layout: 2.5, .prefetch: 2.5]) == ("layout", 2.5))
    }

    /// The render server against the whole commit: body 6 + layout 4 = 10 ms of commit. A render
    /// server of 8 ms beats body (6) but not the commit (10): body is named. 10 ms ties the
    /// commit: body. 10.5 ms: the render server, with its own ms.
    @Test func theRenderServerWinsOnlyPastTheWholeCommit() {
        #expect(Self.stage([.body: 6, .layout: 4], renderServerMs: 8) == ("body", 6))
        #expect(Self.stage([.body: 6, .layout: 4], renderServerMs: 10) == ("body", 6))
        #expect(Self.stage([.body: 6, .layout: 4], renderServerMs: 10 + 0.5e-9) == ("body", 6))
        #expect(Self.stage([.body: 6, .layout: 4], renderServerMs: 10.5) == ("renderServer", 10.5))
        #expect(Self.stage([:], renderServerMs: 0.2) == ("renderServer", 0.2))
        #expect(Self.stage([:]) == ("", 0))
    }

    /// Frames by their longer stage: commits [1, 5, 5, 2] with render servers [0, 0, 0, 6] are
    /// stages [1, 5, 5, 6]: frame 3 (the render server's), then the two 5s earlier first, then 0.
    /// Twelve equal frames: the first ten. Fewer than ten frames: all of them.
    @Test func framesAreRankedByTheirLongerStageTiesToTheEarlier() {
        #expect(Attribution.slowestFrames(workMs: [1, 5, 5, 2], renderServerMs: [0, 0, 0, 6]) == [3, 1, 2, 0])
        #expect(Attribution.slowestFrames(workMs: [3, 1], renderServerMs: [0, 4]) == [1, 0])
        #expect(Attribution.slowestFrames(workMs: Array(repeating: 2, count: 12), renderServerMs: Array(repeating: 0, count: 12)) == Array(0..<10))
        let rising = (0..<12).map(Double.init)
        #expect(Attribution.slowestFrames(workMs: rising, renderServerMs: Array(repeating: 0, count: 12)) == Array((2...11).reversed()))
    }

    /// A type's dominant phase follows the same order: body = layout → body; render = prefetch →
    /// render; nothing above 0 → nil.
    @Test func aTypesDominantPhaseTiesGoToTheEarlierPhase() {
        func row(_ work: [String: Double], late: [String: Double] = [:]) -> Attribution.TypeRow {
            Attribution.TypeRow(name: "t", coldBuilds: 1, prefetchedBuilds: 0, fromCache: 0, workMs: work,
                                lateWorkMs: late.values.reduce(0, +), lateWorkByPhaseMs: late, overBudgetShare: 1)
        }
        #expect(row(["body": 2, "layout": 2]).dominantPhase?.name == "body")
        #expect(row(["prefetch": 2, "render": 2]).dominantPhase?.name == "render")
        #expect(row(["prefetch": 2.1, "render": 2]).dominantPhase?.name == "prefetch")
        #expect(row(["render": 0]).dominantPhase == nil)
        #expect(row([:]).dominantLatePhase == nil)
        // The late phase names the cause; without late work the run's phase does.
        #expect(Attribution.buildsAndPhase(row(["render": 9, "layout": 1], late: ["layout": 1])) == "1 cold build, mostly layout")
        #expect(Attribution.buildsAndPhase(row(["render": 9, "layout": 1])) == "1 cold build, mostly render")
    }

    static func type(_ name: String, late: Double, cold: Int = 0, prefetched: Int = 0, cached: Int = 0, phase: String = "body") -> Attribution.TypeRow {
        Attribution.TypeRow(name: name, coldBuilds: cold, prefetchedBuilds: prefetched, fromCache: cached, workMs: [phase: late],
                            lateWorkMs: late, lateWorkByPhaseMs: late > 0 ? [phase: late] : [:], overBudgetShare: late / 10)
    }

    static func frame(_ n: Int, work: Double, renderServer: Double = 0, dropped: Int, phase: String) -> Attribution.WorstFrame {
        Attribution.WorstFrame(frame: n, timeMs: Double(n) * 1000 / 120, workMs: work, renderServerMs: renderServer, dropped: dropped,
                               dominantPhase: phase, dominantPhaseMs: phase == "renderServer" ? renderServer : work,
                               corrections: 0, types: [:], elements: [], elementCount: 0, script: "")
    }

    /// Types by late work: 4 + 4 + 1.5 + 0.5 = 10 ms. The two 4 ms types tie and go by name
    /// (alpha before beta, whatever their declaration order); the line names three at most,
    /// with shares 40 %, 40 %, 15 %; a type without late work is never named.
    @Test func lateTypesTieByNameAndTheLineNamesThree() {
        let a = Attribution(types: [Self.type("beta", late: 4, cold: 2), Self.type("idle", late: 0, cold: 9),
                                    Self.type("alpha", late: 4, prefetched: 5, phase: "prefetch"),
                                    Self.type("gamma", late: 1.5, cold: 1, prefetched: 1, phase: "layout"),
                                    Self.type("delta", late: 0.5, cached: 3)],
                            worstFrames: [])
        #expect(a.typesByOverBudgetShare.map(\.name) == ["alpha", "beta", "gamma", "delta"])
        #expect(a.causeLine() == "cause: alpha 40% of over-budget work (5 prefetched builds, mostly prefetch); "
                + "beta 40% (2 cold builds, mostly body); gamma 15% (1 cold, 1 prefetched builds, mostly layout)")
    }

    /// Without late work by any type, the worst frames say what was late: a dropped frame whose
    /// render server was the longer stage (anywhere in the list, not only first) names the
    /// render server; a dropped frame of main-thread work outside views names that; a render
    /// server frame that dropped nothing names nothing.
    @Test func lateFramesWithoutLateTypesNameTheirStage() {
        let quiet = Self.type("post", late: 0, cold: 3)
        let server = Attribution(types: [quiet], worstFrames: [Self.frame(4, work: 9, dropped: 1, phase: "overhead"),
                                                               Self.frame(7, work: 2, renderServer: 9, dropped: 1, phase: "renderServer")])
        #expect(server.causeLine() == "cause: the render server (frames late on it); no view's main-thread work was over budget")
        let outside = Attribution(types: [quiet], worstFrames: [Self.frame(4, work: 9, dropped: 1, phase: "input")])
        #expect(outside.causeLine() == "cause: no view's work was over budget (late frames spent their time outside views: input, overhead)")
        let onTime = Attribution(types: [quiet], worstFrames: [Self.frame(7, work: 2, renderServer: 8, dropped: 0, phase: "renderServer")])
        #expect(onTime.causeLine() == "cause: nothing over budget")
        #expect(Attribution.describe(Self.frame(7, work: 2, renderServer: 9, dropped: 1, phase: "renderServer"), lead: "worst frame")
                == "worst frame 7 at 0.06 s: 2.00 ms, render server 9.00 ms, 1 dropped")
    }

    /// Frame-time budgets (drops, hitches, frame work, launch) are explained by the late work and
    /// not repeated; any other failed budget is added after the types.
    @Test func budgetsTheLateWorkDoesNotExplainFollowTheTypes() {
        let a = Attribution(types: [Self.type("reel", late: 10, cold: 1)], worstFrames: [])
        let launch = BudgetResult(key: "launch.droppedFrames", limit: 0, value: 2)
        let dropped = BudgetResult(key: "droppedFrames", limit: 0, value: 3)
        let p99 = BudgetResult(key: "frameWorkMs.p99", limit: 8, value: 9)
        let jumps = BudgetResult(key: "visibleJumps", limit: 0, value: 2)
        let base = "cause: reel 100% of over-budget work (1 cold build, mostly body)"
        #expect(a.causeLine(failedBudgets: [launch, dropped, p99]) == base)
        #expect(a.causeLine(failedBudgets: [launch, jumps]) == base + "; also over budget: " + jumps.exceededText)
        #expect(Attribution.isFrameTime("prefetchOverrunFrames") && Attribution.isFrameTime("launch.workMs"))
        #expect(!Attribution.isFrameTime("peakMemoryBytes") && !Attribution.isFrameTime("visibleJumps"))
    }

    /// Built types in a frame: most first, ties by name.
    @Test func builtTypesTieByName() {
        var w = Self.frame(1, work: 9, dropped: 1, phase: "body")
        w.types = ["reel": 1, "photo": 2, "ad": 1]
        w.elements = ["e1", "e2", "e3"]
        w.elementCount = 4
        #expect(w.typesByCount.map(\.name) == ["photo", "ad", "reel"])
        #expect(Attribution.builtText(w) == "photo ×2, ad, reel (elements e1, e2, e3 +1 more)")
    }
}
