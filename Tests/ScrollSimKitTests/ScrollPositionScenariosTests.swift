import Foundation
import Testing
@testable import ScrollSimEngine
@testable import ScrollSimKit

/// The claims of the shipped scenarios of view resolution, scroll position, scroll effects and
/// observers, each checked against figures worked out from the scenario file by hand.
struct ScrollPositionScenariosTests {
    static func load(_ name: String) throws -> ScrollSimKit.Scenario {
        try ScenarioLoader.load(path: ScenarioPairsTests.directory + "/\(name).json")
    }

    static func run(_ name: String) throws -> SimulationResult {
        Simulation.run(try load(name).config)
    }

    /// The body phase of the frame an `environment` event ran in.
    static func environmentSpikeMs(_ result: SimulationResult) throws -> Double {
        let event = try #require(result.events.first { $0.kind == .environment })
        return result.frames.phaseMs[.body][Int(event.frame)]
    }

    // MARK: steps-conditional → steps-filtered

    /// steps-conditional: 2,000 elements of a conditional body, init 0.1 + body 0.2 ms, no
    /// jitter. steps-filtered: 1,000 elements of one child each, steps at least 60 + 20 pt tall
    /// (a base of 60 and one or more lines) in an 852 pt viewport.
    @Test func aConditionalBodyKeepsEveryElementAndPaysForIt() throws {
        let conditional = try Self.run("steps-conditional")
        let filtered = try Self.run("steps-filtered")
        // Every element view is evaluated at launch and kept: ≥ 2,000 resident views and
        // 2,000 × (0.1 + 0.2) = 600 ms of launch work.
        #expect(conditional.summary.peakResidentViews >= 2000)
        #expect(conditional.summary.launch.workMs >= 600)
        // Filtered: a screen (852 / 80 ≈ 11 rows), a prefetched screen and at most 64 cached
        // views: under 100 resident, and a launch of a screen's builds (11 × 0.6 ms ≈ 7 ms,
        // under 20).
        #expect(filtered.summary.peakResidentViews < 100)
        #expect(filtered.summary.launch.workMs < 20)
    }

    /// The environment event re-evaluates every one of the 2,000 element bodies (0.2 ms each:
    /// at least 400 ms in one frame); filtered, only the resident rows that read the key do
    /// (fewer than 100 × 0.2 = 20 ms).
    @Test func anEnvironmentChangeSpikesOnlyWithTheConditionalBody() throws {
        let conditional = try Self.environmentSpikeMs(try Self.run("steps-conditional"))
        let filtered = try Self.environmentSpikeMs(try Self.run("steps-filtered"))
        #expect(conditional >= 2000 * 0.2)
        #expect(filtered < 100 * 0.2)
    }

    /// scrollTo(id: 1600) over a conditional body constructs the 1,600 element views before it:
    /// 1,600 × (0.1 + 0.2) = 480 ms. Filtered, the index comes from the data: 0. Both land.
    @Test func scrollToLooksUpByConstructingViewsOnlyWithTheConditionalBody() throws {
        let conditional = try Self.run("steps-conditional").summary.totals
        let filtered = try Self.run("steps-filtered").summary.totals
        #expect(abs(conditional.scrollTo.lookupMs - 480) < 1e-6)
        #expect(filtered.scrollTo.lookupMs == 0)
        #expect(conditional.scrollTo.missed == 0 && filtered.scrollTo.missed == 0)
        #expect(conditional.scrollTo.landingErrorPx < 0.5 && filtered.scrollTo.landingErrorPx < 0.5)
    }

    // MARK: chat-scrolled-on-appear → chat-anchored-bottom

    /// 5,000 messages (elements 0…4999), anchor bottom; one message appended at 1.6 s is
    /// element 5000. The drag up lasts 0.5 s…1.3 s.
    @Test func theAnchoredChatOpensOnItsLastMessageAndJumpsBackExactly() throws {
        let result = try Self.run("chat-anchored-bottom")
        let f = result.frames
        #expect(f.viewID.first == 4999)
        #expect(f.positionedByUser.first == false)
        // At 1.5 s the user has scrolled up 2,000 pt: another message at the bottom, placed by the user.
        let scrolledUp = try #require(f.timeMs.firstIndex { $0 >= 1500 })
        #expect(f.viewID[scrolledUp] < 4999)
        #expect(f.positionedByUser[scrolledUp])
        // After the jump to the bottom edge: the appended message, placed by the app, at the bottom.
        #expect(f.viewID.last == 5000)
        #expect(f.positionedByUser.last == false)
        #expect(f.atEdge.last == 2)
        #expect(result.summary.totals.scrollTo.landingErrorPx < 0.5)
        #expect(result.summary.totals.scrollTo.interrupted == 0)
    }

    /// Scrolled to the bottom from onAppear, the first frame shows the oldest messages: the
    /// message at the bottom of an 852 pt screen of messages at least 24 + 20 pt tall is
    /// element 852 / 44 ≈ 19 at most. Its prefetch below the first screen is never shown, so
    /// more prefetch is wasted than when the chat opens at the bottom.
    @Test func scrollingToTheBottomOnAppearBuildsTheOldestMessagesFirst() throws {
        let onAppear = try Self.run("chat-scrolled-on-appear")
        let anchored = try Self.run("chat-anchored-bottom")
        let first = try #require(onAppear.frames.viewID.first)
        #expect(first <= 19)
        #expect(onAppear.frames.viewID.last == 5000)
        #expect(onAppear.summary.totals.scrollTo.landingErrorPx < 0.5)
        #expect(anchored.summary.totals.prefetch.wastedMs < onAppear.summary.totals.prefetch.wastedMs)
    }

    /// The chat template, decoded from its JSON text: the report's viewID column holds the last
    /// element (4999) on the first frame and the appended one (5000) after the jump, and the
    /// jump lands within half a point.
    @Test func theChatTemplateLandsItsJumpOnTheLatestMessage() throws {
        let scenario = try ScenarioLoader.decode(Data(ScenarioTemplate.chat.text.utf8), file: "chat.json")
        #expect(scenario.config.content.count == 5000)
        let report = scenario.report()
        let viewID = try #require(report.root["frames"]?["viewID"]?.arrayValue)
        #expect(viewID.first?.numberValue == 4999)
        #expect(viewID.last?.numberValue == 5000)
        let landingError = try #require(report.metrics["scrollTo.landingErrorPx"])
        #expect(abs(landingError) < 0.5)
        #expect(report.metrics["scrollTo.count"] == 1)
        #expect(report.budgetResults.filter { !$0.pass }.isEmpty, "\(report.budgetResults.filter { !$0.pass })")
    }

    // MARK: cards-offset-transition → cards-scale-transition

    /// A scale effect stays inside the card's frame (overhang 0), so no card can still be on
    /// screen when the stack unloads it; an 80 pt offset reaches up to 80 pt past the frame.
    @Test func onlyTheOffsetTransitionPopsCards() throws {
        let offset = try Self.run("cards-offset-transition")
        let scale = try Self.run("cards-scale-transition")
        #expect(scale.summary.totals.memory.poppedViews == 0)
        #expect(offset.summary.totals.memory.poppedViews > 0)
        #expect(offset.events.filter { $0.kind == .popped }.allSatisfy { $0.value > 0 && $0.value <= 80 })
    }

    // MARK: header-geometry-offset → header-visibility

    /// The drag up lasts 8 s at 120 Hz: 960 frames whose offset changes, each a geometry
    /// callback. At most 12,000 pt of articles at least 180 pt tall (188 with spacing) change the
    /// visible set at most twice an article (one enters, one leaves) over 12,000 / 188 + a
    /// screen ≈ 69 articles: at most about 138 visibility callbacks, and none without a scroll.
    /// On the way up to the top the offset passes 3,000 pt while rows above are measured: a
    /// correction carries it across the boundary at least once (a spurious change).
    @Test func theGeometryObserverRunsEveryFrameAndDriftsWhereVisibilityDoesNot() throws {
        let geometry = try Self.run("header-geometry-offset").summary.totals
        let visibility = try Self.run("header-visibility").summary.totals
        #expect(geometry.observer.callbacks >= 960)
        #expect(visibility.observer.callbacks <= 138)
        #expect(geometry.scrolling.offsetCorrections > 0)
        #expect(geometry.observer.spuriousChanges > 0)
        #expect(visibility.observer.spuriousChanges == 0)
    }
}
