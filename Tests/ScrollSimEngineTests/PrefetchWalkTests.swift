import Foundation
import Testing
@testable import ScrollSimEngine

/// Prefetch walks its window once for both directions (`PrefetchWalk`) and asks the policy as a
/// value (`PrefetchConfig.Policy`): the walk's steps in each direction, the policy's answers, and
/// a grep over the engine so that neither is written a second time later — no second,
/// mirrored loop over the window, no switch or comparison on the policy outside its file.
@Suite struct PrefetchWalkTests {
    /// Toward the end: rows by their tops, the window below the viewport.
    @Test func walkingTowardTheEndGoesDownByTops() {
        let walk = PrefetchWalk(step: 1, start: 10, startEdge: 1000, limit: 1800, nextLeadingEdge: 1100)
        #expect(walk.isBefore(1000, 1800) && !walk.isBefore(1800, 1800))
        #expect(walk.isBefore(1050, walk.nextLeadingEdge) && !walk.isBefore(1100, walk.nextLeadingEdge))
        #expect(walk.edge(after: 1000, height: 90, spacing: 10) == 1100)
        #expect(walk.window(endingBefore: 14) == LazyStack.RowSpan(first: 10, last: 13))
        #expect(walk.window(endingBefore: 10).isEmpty)
    }

    /// Toward the start: rows by their bottoms, the window above the viewport.
    @Test func walkingTowardTheStartGoesUpByBottoms() {
        let walk = PrefetchWalk(step: -1, start: 9, startEdge: 990, limit: 148, nextLeadingEdge: 900)
        #expect(walk.isBefore(990, 148) && !walk.isBefore(148, 148))
        #expect(walk.isBefore(950, walk.nextLeadingEdge) && !walk.isBefore(900, walk.nextLeadingEdge))
        #expect(walk.edge(after: 990, height: 90, spacing: 10) == 890)
        #expect(walk.window(endingBefore: 5) == LazyStack.RowSpan(first: 6, last: 9))
        #expect(walk.window(endingBefore: 9).isEmpty)
    }

    @Test func thePoliciesAnswerTheirRules() {
        var scheduler = PrefetchScheduler(config: PrefetchConfig(policy: .deadline), typeCount: 1)
        scheduler.record(type: 0, unit: .body, costMs: 3)
        // chunked: any idle time; deadline: the type's average (a unit never run is tried).
        #expect(PrefetchConfig.Policy.chunked.fits(.body, type: 0, idleMs: 1, scheduler))
        #expect(!PrefetchConfig.Policy.deadline.fits(.body, type: 0, idleMs: 1, scheduler))
        #expect(PrefetchConfig.Policy.deadline.fits(.body, type: 0, idleMs: 3, scheduler))
        #expect(PrefetchConfig.Policy.deadline.fits(.layout, type: 0, idleMs: 1, scheduler))
        #expect(!PrefetchConfig.Policy.chunked.fits(.body, type: 0, idleMs: 0, scheduler))
        #expect(PrefetchConfig.Policy.deadline.forcesNeededRows && !PrefetchConfig.Policy.chunked.forcesNeededRows)
        #expect(PrefetchConfig.Policy.deadline.weighsUnits && !PrefetchConfig.Policy.chunked.weighsUnits)
        #expect(PrefetchConfig.Policy.chunked.startsNestedItem(buildMs: 5, idleMs: 1))
        #expect(!PrefetchConfig.Policy.deadline.startsNestedItem(buildMs: 5, idleMs: 1))
        #expect(PrefetchConfig.Policy.deadline.startsNestedItem(buildMs: 1, idleMs: 1))
    }

    static let engine = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/ScrollSimEngine")

    /// A decision on the prefetch policy by hand: `policy == .deadline`, `switch …policy {`. Not
    /// `\b`: Swift's default word boundaries do not break at the dot of `prefetch.policy`.
    static let policyDecision = #/policy\s*[!=]=\s*\.|switch\s+[\w.]*policy\s*\{/#
    /// The walk over the window: a loop from the row beyond the leading edge.
    static let windowLoop = #/while\s+row\b/#

    @Test func theGrepsFindASecondWalkAndAPolicySwitch() {
        let text = """
        if config.prefetch.policy == .deadline && !fits { return false }
        switch config.prefetch.policy {
        // while row >= 0 in a comment
        while row < n, y < limit {
        """
        #expect(SourceLines.matching(Self.policyDecision, in: text, path: "x").count == 2)
        #expect(SourceLines.matching(Self.windowLoop, in: text, path: "x") == ["x:4: while row < n, y < limit {"])
    }

    @Test func theWalkIsWrittenOnceAndThePolicyDecidedInItsFile() throws {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: Self.engine.path).filter { $0.hasSuffix(".swift") }.sorted()
        var decisions: [String] = []
        var loops: [String] = []
        for path in paths {
            let text = try String(contentsOf: Self.engine.appendingPathComponent(path), encoding: .utf8)
            if (path as NSString).lastPathComponent != "PrefetchPolicy.swift" {
                decisions += SourceLines.matching(Self.policyDecision, in: text, path: path)
            }
            if path.hasSuffix("Prefetch.swift") || path.hasPrefix("Masonry/") { loops += SourceLines.matching(Self.windowLoop, in: text, path: path) }
        }
        #expect(decisions.isEmpty, "the prefetch policy decided outside PrefetchPolicy.swift; ask the policy value:\n\(decisions.joined(separator: "\n"))")
        #expect(loops.count == 1, "the prefetch window walked more than once (one loop, the direction a parameter: PrefetchWalk):\n\(loops.joined(separator: "\n"))")
    }
}
