import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The scenario page's answer and replay (issue 44): the states the replay shows are the
/// report's, the positions follow the worked rules of `ReplayLayout`, the page stays within its
/// size bound, and the page opens with the verdict, the cause and the chart.
@Suite struct ReplayTests {
    typealias State = ReplayTrack.State

    static func event(_ frame: Int, _ kind: String, _ element: Int) -> Report.Event {
        Report.Event(frame: frame, kind: kind, element: "\(element)", value: 0, type: "card")
    }

    /// Four rows, worked by hand: 0 and 1 built cold at launch; 2 prefetched at frame 1 and
    /// shown at frame 3 as 0 leaves; 3 prefetched at 2 and cached unseen (evict) at 5; 0
    /// released at 6. The content moves 100 pt at frame 3 under a 500 pt viewport.
    static let events = [
        event(0, "build", 0), event(0, "appear", 0), event(0, "build", 1), event(0, "appear", 1),
        event(1, "prefetchStart", 2), event(1, "prefetchFinish", 2),
        event(2, "prefetchStart", 3), event(2, "prefetchFinish", 3),
        event(3, "appear", 2), event(3, "disappear", 0),
        event(5, "evict", 3), event(6, "release", 0),
    ]
    static let offsets: [Double] = [0, 0, 0, 100, 100, 100, 100]

    @Test func statesFollowTheEventsFrameByFrame() {
        let layout = ReplayLayout(kind: .lazyVStack, spacing: 0, events: Self.events, rows: [0, 0, 1, 1, 2, 2, 3, 3, 2, 0, 3, 0],
                                  offsets: Self.offsets, viewportHeights: Array(repeating: 500, count: 7))
        let changes = Replay.changes(events: Self.events, layout: layout, eager: false, topElements: [], visible: [], kind: .lazyVStack)
        func at(_ frame: Int) -> [State] { Replay.states(changes, rows: 4, at: frame).states }
        #expect(at(0) == [.onScreen, .onScreen, .estimated, .estimated])
        #expect(at(1) == [.onScreen, .onScreen, .prefetched, .estimated])
        #expect(Replay.states(changes, rows: 4, at: 1).built == [2])
        #expect(at(3) == [.keptAlive, .onScreen, .onScreen, .prefetched])
        #expect(at(5) == [.keptAlive, .onScreen, .onScreen, .keptAlive], "an evicted prefetched row goes to the keep-alive cache")
        #expect(at(6) == [.released, .onScreen, .onScreen, .keptAlive])
    }

    @Test func positionsComeFromTheEdgeCrossings() {
        let layout = ReplayLayout(kind: .lazyVStack, spacing: 0, events: Self.events, rows: [0, 0, 1, 1, 2, 2, 3, 3, 2, 0, 3, 0],
                                  offsets: Self.offsets, viewportHeights: Array(repeating: 500, count: 7))
        // Row 2 appeared as the content moved 100 pt up: its top crossed the bottom edge
        // between 0 + 500 and 100 + 500, so 550; row 0 disappeared then: its bottom crossed the
        // top edge between 0 and 100, so 50, and row 1 starts there. The median of the
        // inferred heights (50, 50, 500) is 50, which the rows past the last crossing take.
        #expect(layout.items.map(\.top) == [0, 50, 550, 600])
        #expect(layout.items.map(\.height) == [50, 500, 50, 50])
    }

    @Test func anEagerStacksRowsOnScreenComeFromTheTopRowAndTheVisibleCount() {
        // A VStack calls onAppear for all five at launch; two are on screen, from row 0, then row 1.
        let events = (0..<5).flatMap { [Self.event(0, "build", $0), Self.event(0, "appear", $0)] }
        let layout = ReplayLayout(kind: .vStack, spacing: 0, events: events, rows: events.map { Int($0.element)! },
                                  offsets: [0, 30, 60], viewportHeights: [500, 500, 500], topElements: ["0", "1", "1"])
        let changes = Replay.changes(events: events, layout: layout, eager: true, topElements: ["0", "1", "1"], visible: [2, 2, 2], kind: .vStack)
        #expect(Replay.states(changes, rows: 5, at: 0).states == [.onScreen, .onScreen, .keptAlive, .keptAlive, .keptAlive])
        #expect(Replay.states(changes, rows: 5, at: 1).states == [.keptAlive, .onScreen, .onScreen, .keptAlive, .keptAlive])
        // Row 0's bottom passed the top edge between offsets 0 and 30.
        #expect(layout.items[0].height == 15)
    }

    static func replay(_ name: String) throws -> (Report, Report.Frames, Replay) {
        let report = try #require(try ReportFixtures.shipped().first { $0.scenarioName == name }, "\(name) is shipped")
        let frames = try report.frames()
        let events = try report.events(frameCount: frames.count)
        let replay = try #require(Replay(report, frames: frames, events: events, attribution: Attribution(report: report)))
        return (report, frames, replay)
    }

    /// The replay's counts of views on screen, prefetched and kept alive equal the report's own
    /// `visible`, `prefetched` and `cached` columns at every frame: the frames' columns are
    /// recorded apart from the event log, so this checks the state machine against the engine.
    /// Lists, grids, masonry columns and a masonry Layout, lazy and eager, paged.
    @Test(arguments: ["prefetch-chunked-heavy-cells", "masonry-feed-columns", "masonry-feed-layout", "feed-fling", "feed-fling-vstack",
                      "photo-grid-lazyvgrid", "keepalive-500ms", "paging-threshold", "prefetch-off-heavy-cells", "loader-onappear"])
    func theReplaysStatesAreTheReportsViewCounts(_ name: String) throws {
        let (_, frames, replay) = try Self.replay(name)
        var mismatches: [String] = []
        var states = Array(repeating: State.estimated, count: replay.layout.items.count)
        var next = 0
        for f in 0..<frames.count {
            while next < replay.changes.count && replay.changes[next].frame == f {
                states[replay.changes[next].row] = replay.changes[next].state
                next += 1
            }
            let on = states.filter { $0 == .onScreen }.count, pre = states.filter { $0 == .prefetched || $0 == .prefetching }.count
            let kept = states.filter { $0 == .keptAlive }.count
            if Double(on) != frames.visible[f] || Double(pre) != frames.prefetched[f] || Double(kept) != frames.cached[f] {
                mismatches.append("frame \(f): \(on)/\(pre)/\(kept) against \(frames.visible[f])/\(frames.prefetched[f])/\(frames.cached[f])")
            }
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches.count) frames differ, first \(mismatches.prefix(3))")
    }

    /// Acceptance: at the worst frame, the rows built in it (the worst frame's elements in the
    /// report's attribution) are shown prefetched or on screen.
    @Test(arguments: ["prefetch-chunked-heavy-cells", "masonry-feed-columns"])
    func theWorstFramesBuiltRowsAreShownPrefetchedOrOnScreen(_ name: String) throws {
        let (report, _, replay) = try Self.replay(name)
        let worst = try #require(Attribution(report: report)?.worstFrames.first)
        #expect(replay.worstFrame == worst.frame)
        let (states, built) = replay.states(at: worst.frame)
        let builtElements = built.map { replay.layout.items[$0].element }
        let listed = worst.elements.filter { !$0.isEmpty }
        #expect(!listed.isEmpty)
        #expect(Set(listed).isSubset(of: Set(builtElements)), "\(name): the report lists \(listed), the replay built \(builtElements)")
        for row in built { #expect(states[row] == .onScreen || states[row] == .prefetched, "\(name): \(replay.layout.items[row].element) is \(states[row].name)") }
    }

    /// Every shipped scenario's page grows by at most 1 MB for its replay (its section, data,
    /// style and script), and a run longer than the replay's window is replayed around its
    /// slowest frame, which the section names.
    @Test func theReplayStaysWithinItsSizeBoundAndWindowsLongRuns() throws {
        for report in try ReportFixtures.shipped() {
            let frames = try report.frames()
            let events = try report.events(frameCount: frames.count)
            guard let replay = Replay(report, frames: frames, events: events, attribution: Attribution(report: report)) else { continue }
            let section = replay.section(lead: "")
            let bytes = section.utf8.count + ReplayStyle.script.utf8.count + ReplayStyle.css.utf8.count
            #expect(bytes <= 1_000_000, "\(report.scenarioName): the replay adds \(bytes) bytes")
            if frames.count > Replay.maxFrames {
                #expect(replay.count == Replay.maxFrames)
                let worst = try #require(replay.worstFrame)
                #expect(replay.frameSet.contains(worst))
                #expect(section.contains("the replay covers frames \(replay.first)–\(replay.first + replay.count - 1)"), "\(report.scenarioName)")
            } else {
                #expect(replay.first == 0 && replay.count == frames.count)
            }
        }
    }

    @Test func thePageOpensWithTheVerdictTheCauseAndTheChart() throws {
        let (report, _, _) = try Self.replay("prefetch-chunked-heavy-cells")
        let html = try ScenarioPage.render(report)
        let lines = Attribution.summaryLines(report)
        #expect(lines.count == 2 && lines[0].hasPrefix("cause: card 100% of over-budget work"))
        for line in lines { #expect(html.contains(Markup.escape(line).replacingOccurrences(of: "worst frame 0 ", with: "worst frame <a href=\"#replay\" data-replay-frame=\"0\">0</a> "))) }
        let order = ["id=\"answer\"", "id=\"frame-budget\"", "id=\"replay\"", "id=\"key-figures-section\"", "id=\"view-types-section\""].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(zip(order, order.dropFirst()).allSatisfy { $0! < $1! }, "answer, chart, replay, key figures, view types, in this order")
        #expect(html.contains("<p class=\"verdict-line\">Over budget as expected (droppedFrames, hitchRatio); hitches critical at 24.89 ms/s.</p>")
                || html.contains("<p class=\"verdict-line\">Over budget (droppedFrames, hitchRatio); hitches critical at 24.89 ms/s.</p>"))
    }

    /// heavy-cells' card was late in prefetch (172.5 ms), then layout (12), body (9.6), render
    /// (7.6), init (0.9) and appear (0.2): the columns in that order, prefetch marked.
    @Test func theViewTypesPhaseColumnsFollowTheOverBudgetWork() throws {
        let (report, _, _) = try Self.replay("prefetch-chunked-heavy-cells")
        let attribution = try #require(Attribution(report: report))
        #expect(Array(ScenarioPage.phaseColumns(attribution).prefix(6)) == ["prefetch", "layout", "body", "render", "init", "appear"])
        #expect(attribution.causePhase == "prefetch")
        let html = ScenarioPage.viewTypesSection(attribution, renderHitchMs: 0)
        #expect(html.contains("<th class=\"cause\">prefetch ◆ cause</th>"))
        #expect(html.components(separatedBy: "<td class=\"cause\">").count - 1 == attribution.types.count)
    }

    /// The figures shown first are the ones that matter; the folded ones are all zero, with no
    /// budget and no grade, and common to every stack kind.
    @Test func theKeyFiguresFoldTheZeros() throws {
        let (report, _, _) = try Self.replay("masonry-feed-columns")
        let figures = KeyFigures(report).figures
        let folded = figures.filter { !ScenarioPage.matters($0) }
        #expect(!folded.isEmpty)
        #expect(folded.allSatisfy { $0.value == 0 && $0.budget == nil && $0.metric.scope == .always })
        // A masonry figure stays in view even at zero.
        #expect(figures.filter { $0.metric.scope == .masonry }.allSatisfy(ScenarioPage.matters))
        let html = ScenarioPage.keyFigures(KeyFigures(report))
        let details = try #require(html.range(of: "<details class=\"more-figures\">"))
        for figure in folded { #expect(html[details.upperBound...].contains(">\(figure.metric.path)<")) }
        #expect(html.contains("\(folded.count) more figure\(folded.count == 1 ? "" : "s"), all zero in this run"))
    }
}

extension ReplayTests {
    /// A tampered report (row indices of 10^300 and 2^62, an element id at Int.max, masonry
    /// columns of 10^300) draws a page, never traps or hangs: the rows are read as none, the
    /// columns bounded (the recorded scenario is decoded as a scenario file is, so a column
    /// count outside its declared 1...64 reads as the default: 180 pt columns, 2 on this phone).
    @Test func aTamperedReportStillDrawsItsReplay() throws {
        let (report, _, _) = try Self.replay("masonry-feed-columns")
        guard case .object(var root) = report.root, case .object(var events) = root["events"] ?? .null,
              case .array(var rows) = events["row"] ?? .null, case .array(var elements) = events["element"] ?? .null,
              case .object(var scenario) = root["scenario"] ?? .null, case .object(var source) = scenario["source"] ?? .null,
              case .object(var stack) = source["stack"] ?? .null else {
            Issue.record("the report's layout changed")
            return
        }
        rows[0] = .number(1e300)
        rows[1] = .number(4.611686018427388e18)
        elements[2] = .string("9223372036854775807")
        events["row"] = .array(rows)
        events["element"] = .array(elements)
        root["events"] = .object(events)
        stack["masonry"] = .object(["columns": .number(1e300)])
        source["stack"] = .object(stack)
        scenario["source"] = .object(source)
        root["scenario"] = .object(scenario)
        let tampered = try Report(path: "tampered.json", root: .object(root))
        let html = try ScenarioPage.render(tampered)
        #expect(html.contains("id=\"replay-data\""))
        let frames = try tampered.frames()
        let replay = try #require(Replay(tampered, frames: frames, events: try tampered.events(frameCount: frames.count), attribution: nil))
        #expect(replay.layout.lanes == 2)
    }
}
