import Testing
@testable import ScrollSimEngine

/// The viewport's landing loop (`Viewport+ScrollTo.swift`): an instant scroll re-resolves its
/// target after each layout until the target stops moving, so it lands on the target as the
/// content knows it at the end of the frame.
@Suite struct ViewportScrollToTests {
    /// Content whose extent changes by `steps[k]` on its k-th layout, then holds (as a lazy
    /// stack's grows while the rows it measures raise its estimate), and records the offset of
    /// each layout.
    struct SteppedContent: InertScrollContent {
        var extent: Double
        var steps: [Double]
        var layouts: [Double] = []

        mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
            layouts.append(offset)
            if !steps.isEmpty { extent += steps.removeFirst() }
            return geometry(at: offset, constraints)
        }
    }

    /// An 800 pt viewport over content of 10,000 pt that grows to 13,000 over its first three
    /// layouts; an instant scroll to the middle (offset = (extent − 800)/2):
    ///
    ///     the scroll jumps to (10,000 − 800)/2 = 4,600
    ///     the frame's layout loop: one pass and the settled pass → extent 12,000
    ///     landing, 1st re-resolve: (12,000 − 800)/2 = 5,600; its layouts → extent 13,000
    ///     landing, 2nd re-resolve: (13,000 − 800)/2 = 6,100; its layouts change nothing
    ///     landing, 3rd re-resolve: 6,100 again: landed, 0 pt off
    @Test func anInstantScrollReResolvesUntilItsTargetStopsMoving() {
        var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: SteppedContent(extent: 10_000, steps: [1000, 1000, 1000]))
        var context = FrameContext(eventCapacity: 16)
        viewport.beginScroll(to: ScrollTarget(destination: .center, anchor: .top, animationDuration: nil), &context)
        #expect(viewport.offset == 4600)
        _ = viewport.layOutContent(&context)
        #expect(viewport.content.extent == 12_000)
        viewport.landScroll(&context)
        #expect(viewport.offset == 6100)
        #expect(viewport.content.extent == 13_000)
        viewport.checkScrollLanding(&context)
        #expect(context.totals.scrollTo.count == 1)
        #expect(context.totals.scrollTo.landingErrorPx == 0)
        #expect(viewport.content.layouts == [4600, 4600, 5600, 5600, 6100, 6100])
    }

    /// An animated scroll's settle is how far its landing moved the content past where the
    /// animation left it: the signed sum of the landing's jumps, not its first or last jump,
    /// nor their sizes added. An 800 pt viewport, a 100 ms scroll to the middle of 10,000 pt
    /// whose layouts add 1,000, 1,000, 1,000, 0 and −2,000 pt:
    ///
    ///     the animation ends on (10,000 − 800)/2 = 4,600
    ///     the frame's layout loop: two layouts → extent 12,000
    ///     landing, 1st jump: (12,000 − 800)/2 = 5,600, +1,000; its layouts → 13,000
    ///     landing, 2nd jump: (13,000 − 800)/2 = 6,100, +500; its layouts → 11,000
    ///     landing, 3rd jump: (11,000 − 800)/2 = 5,100, −1,000; its layouts change nothing
    ///     landed 5,100 − 4,600 = 500 pt from where the animation ended: the settle
    ///
    /// (The first jump alone, or the last, would say 1,000; the three added, 2,500.) With the
    /// content growing only (1,000 three times), the jumps go one way: 1,000 + 500 = 1,500.
    @Test func anAnimatedScrollsSettleIsTheNetOfItsLandingsJumps() {
        func land(_ content: SteppedContent) -> (offset: Double, settle: Double) {
            var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: content)
            var context = FrameContext(eventCapacity: 16)
            let target = ScrollTarget(destination: .center, anchor: .top, animationDuration: 0.1)
            viewport.beginScroll(to: target, &context)
            viewport.physics.advance(toMs: 100, animationTarget: viewport.targetOffset(for: target))
            #expect(viewport.offset == 4600)
            _ = viewport.layOutContent(&context)
            #expect(viewport.content.extent == 12_000)
            viewport.landScroll(&context)
            return (viewport.offset, context.totals.scrollTo.settlePx)
        }
        let there = land(SteppedContent(extent: 10_000, steps: [1000, 1000, 1000, 0, -2000]))
        #expect(there.offset == 5100)
        #expect(there.settle == 500)
        let onward = land(SteppedContent(extent: 10_000, steps: [1000, 1000, 1000]))
        #expect(onward.offset == 6100)
        #expect(onward.settle == 1500)
    }

    /// Content whose views, shown by a layout, are configured in the next frame's `prepare`
    /// (as `onAppear` configures a lazy stack's views): until then its first screen is not
    /// complete. Configuring grows the views above element 30 by 500 pt in all, which pushes the
    /// element down, and the first visible view keeps its place (no correction).
    struct ConfiguredNextFrame: InertScrollContent {
        var extent = 10_000.0
        var pending = false
        var grown = 0.0

        mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
            if grown == 0 { pending = true }
            return geometry(at: offset, constraints)
        }
        mutating func prepare(_ context: inout FrameContext) {
            guard pending else { return }
            pending = false
            grown = 500
        }
        var firstScreenComplete: Bool { !pending }
        /// Every element shows a view (a scroll to one is not missed).
        func row(for destination: ScrollTarget.Destination) -> Int? {
            if case .element(let element) = destination { return element }
            return nil
        }
        func frame(ofElement element: Int) -> (y: Double, height: Double) {
            (Double(element) * 100 + (element >= 30 ? grown : 0), 100)
        }
    }

    /// A landing is judged once the content's first screen is complete, not in the frame it
    /// lands in. An instant scroll to element 30 (its top at 3,000 pt) lands there exactly in
    /// frame 0; the views it showed are configured in frame 1, which moves the element to
    /// 3,500 pt without a correction. Judged in frame 1, the landing is 500 pt off (judged in
    /// frame 0, it would have been 0).
    @Test func aLandingWaitsForTheFirstScreenToBeComplete() {
        var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: ConfiguredNextFrame())
        var context = FrameContext(eventCapacity: 16)
        context.begin(frame: 0, nowMs: 0, overheadMs: 0)
        viewport.beginScroll(to: ScrollTarget(destination: .element(30), anchor: .top, animationDuration: nil), &context)
        #expect(viewport.offset == 3000)
        _ = viewport.layOutContent(&context)
        viewport.landScroll(&context)
        viewport.checkScrollLanding(&context)
        #expect(!viewport.content.firstScreenComplete)
        #expect(!context.events.events.contains { $0.kind == .scrollToLanded }, "not judged in the frame it landed in")

        context.begin(frame: 1, nowMs: 1000 / 120, overheadMs: 0)
        viewport.prepare(&context)
        _ = viewport.layOutContent(&context)
        viewport.landScroll(&context)
        viewport.checkScrollLanding(&context)
        #expect(viewport.offset == 3000)
        #expect(context.totals.scrollTo.count == 1)
        #expect(context.totals.scrollTo.landingErrorPx == 500)
        #expect(context.events.events.contains { $0.kind == .scrollToLanded && $0.value == 500 })
    }

    /// Content in which element 7 shows no view (its conditional body returned nothing: the
    /// element has no row); every other element is its own 100 pt row.
    struct ElementSevenShowsNothing: InertScrollContent {
        var extent = 10_000.0

        mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
            geometry(at: offset, constraints)
        }
        func row(for destination: ScrollTarget.Destination) -> Int? {
            if case .element(let element) = destination, element != 7 { return element }
            return nil
        }
    }

    /// A scroll to an element that shows no view finds nothing to scroll to, and SwiftUI's
    /// `scrollTo(id:)` then does nothing: it is counted (1) and missed (1), and the content
    /// does not move. A scroll to element 8 after it lands on 8 × 100 = 800 pt, counted (2)
    /// and not missed (still 1).
    @Test func aScrollToAnElementThatShowsNoViewIsMissedAndMovesNothing() {
        var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: ElementSevenShowsNothing())
        var context = FrameContext(eventCapacity: 16)
        context.begin(frame: 0, nowMs: 0, overheadMs: 0)
        viewport.beginScroll(to: ScrollTarget(destination: .element(7), anchor: .top, animationDuration: nil), &context)
        #expect(viewport.offset == 0)
        #expect(context.totals.scrollTo.count == 1 && context.totals.scrollTo.missed == 1)
        viewport.beginScroll(to: ScrollTarget(destination: .element(8), anchor: .top, animationDuration: nil), &context)
        #expect(viewport.offset == 800)
        #expect(context.totals.scrollTo.count == 2 && context.totals.scrollTo.missed == 1)
    }

    /// Content that records where the viewport anchors it.
    struct AnchorRecording: InertScrollContent, ScrollTargetAnchoring {
        var extent = 10_000.0
        var anchored: [ScrollTarget.Destination] = []

        mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
            geometry(at: offset, constraints)
        }
        mutating func anchor(on destination: ScrollTarget.Destination) { anchored.append(destination) }
        /// Every element shows a view.
        func row(for destination: ScrollTarget.Destination) -> Int? {
            if case .element(let element) = destination { return element }
            return nil
        }
    }

    /// An animated scroll anchors the content on its target in the frame it lands only when
    /// that frame's motion carried the content more than a viewport. A 1 ms scroll from 0
    /// lands in the next frame: to element 8 (its top at 800 pt, the 800 pt viewport's height)
    /// it moved exactly one viewport, and the content keeps its anchor; to element 9 (900 pt)
    /// it moved more, and the content anchors on element 9.
    @Test func anAnimatedLandingAnchorsOnItsTargetOnlyPastOneViewport() {
        func anchored(toElement element: Int) -> (offset: Double, anchored: [ScrollTarget.Destination]) {
            var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: AnchorRecording(),
                                    capabilities: ContentCapabilities().anchoring())
            var context = FrameContext(eventCapacity: 16)
            context.begin(frame: 0, nowMs: 0, overheadMs: 0)
            viewport.beginScroll(to: ScrollTarget(destination: .element(element), anchor: .top, animationDuration: 0.001), &context)
            context.begin(frame: 1, nowMs: 1000 / 120, overheadMs: 0)
            _ = viewport.playFrame(&context)
            return (viewport.offset, viewport.content.anchored)
        }
        let one = anchored(toElement: 8)
        #expect(one.offset == 800 && one.anchored == [])
        let more = anchored(toElement: 9)
        #expect(more.offset == 900 && more.anchored == [.element(9)])
    }

    /// A very fast animated scroll (1 ms) lands in one frame, far from the last screen. Rows 0…9
    /// are 100 pt, rows 10…299 are 300 pt; the first estimate is 44, an 852 pt viewport. Frame 0
    /// measures rows 0…8 (100 each): the estimate is 100. At 0.2 s (frame 24) a scroll to
    /// element 150 at the top starts, aimed at its estimated top, 150 × 100 = 15,000; frame 25
    /// lands there. The view shown first at 15,000 is row 150, and the stack anchors on it (the
    /// last frame's first view, row 0, is 15,000 pt away). It builds rows 150, 151, 152 (300
    /// each): the estimate becomes (9 × 100 + 3 × 300) / 12 = 150, row 150's top 9 × 100 +
    /// 141 × 150 = 22,050, and one correction of +7,050 keeps it at the top of the screen — the
    /// landing has nothing left to settle (settlePx 0, landing error 0).
    ///
    /// Anchored on row 0, as before this rule, nothing moved the anchor: no correction, the
    /// layout at 15,000 showed rows 103…105 (built for nothing), and the landing snapped onto
    /// row 150's new top, 26,640: settlePx 11,640.
    @Test func aFastAnimatedLandingIsHeldByItsCorrections() {
        let heights = (0..<300).map { $0 < 10 ? 100.0 : 300.0 }
        let config = Oracle.config(count: 300, items: Oracle.items(heights: heights), duration: 0.3,
                                   script: [Oracle.scrollTo(at: 0.2, .element(150), animated: 0.001)])
        let result = Simulation.run(config)
        let landing = result.events.filter { $0.frame == 25 }
        #expect(landing.filter { $0.kind == .build }.map(\.row) == [150, 151, 152])
        let corrections = landing.filter { $0.kind == .correction }
        #expect(corrections.map(\.row) == [150] && corrections.map(\.value) == [7050])
        #expect(result.frames.offset[24] == 0 && result.frames.offset[25] == 22_050)
        #expect(result.summary.totals.scrollTo.settlePx == 0)
        #expect(result.summary.totals.scrollTo.landingErrorPx == 0)
    }
}
