import Testing
@testable import ScrollSimEngine

/// `scrollTo.settlePx` belongs to animated scrolls only: an instant scroll has no animation
/// whose end the content could snap from, so its landing's jumps are where it goes, not a
/// settle. The same content and target, instant and animated, decide it.
@Suite struct ViewportSettleTests {
    /// An 800 pt viewport over content of 10,000 pt whose first three layouts add 1,000 pt
    /// each; a scroll to the middle, (extent − 800)/2:
    ///
    ///     instant:  jumps to 4,600; the frame's layouts → 12,000; the landing jumps to 5,600
    ///               (+1,000), then 6,100 (+500): it lands on 6,100 and records no settle.
    ///     animated: the animation ends on 4,600; the same layouts and jumps; the landing moved
    ///               the content 1,000 + 500 = 1,500 pt past where the animation left it.
    @Test func anInstantScrollRecordsNoSettleWhileTheSameScrollAnimatedDoes() {
        func land(animated: Bool) -> (offset: Double, settle: Double) {
            let content = ViewportScrollToTests.SteppedContent(extent: 10_000, steps: [1000, 1000, 1000])
            var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0, content: content)
            var context = FrameContext(eventCapacity: 16)
            let target = ScrollTarget(destination: .center, anchor: .top, animationDuration: animated ? 0.1 : nil)
            viewport.beginScroll(to: target, &context)
            if animated {
                viewport.physics.advance(toMs: 100, animationTarget: viewport.targetOffset(for: target))
            }
            #expect(viewport.offset == 4600)
            _ = viewport.layOutContent(&context)
            viewport.landScroll(&context)
            return (viewport.offset, context.totals.scrollTo.settlePx)
        }
        let instant = land(animated: false)
        let animated = land(animated: true)
        #expect(instant.offset == 6100 && animated.offset == 6100, "both land on the re-resolved middle")
        #expect(instant.settle == 0, "an instant scroll's jumps are no settle: \(instant.settle)")
        #expect(animated.settle == 1500)
    }
}
