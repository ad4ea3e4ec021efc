import Testing
@testable import ScrollSimEngine

/// The viewport's landing loop (`Viewport+ScrollTo.swift`): an instant scroll re-resolves its
/// target after each layout until the target stops moving, so it lands on the target as the
/// content knows it at the end of the frame.
@Suite struct ViewportScrollToTests {
    /// Content whose extent grows by 1,000 pt on each of its first `growths` layouts (as a lazy
    /// stack's does while the rows it measures raise its estimate), then holds.
    struct GrowingContent: InertScrollContent {
        var extent: Double
        var growths: Int
        var layouts: [Double] = []

        mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
            layouts.append(offset)
            if growths > 0 {
                extent += 1000
                growths -= 1
            }
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
        var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: GrowingContent(extent: 10_000, growths: 3))
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
}
