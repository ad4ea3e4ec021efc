/// What one layout of the content found: the answer of `ScrollContent.layout(at:constraints:_:)`.
///
/// Flutter's `RenderSliver.performLayout` answers with one `SliverGeometry` — `scrollExtent`,
/// `paintExtent`, `maxPaintExtent`, `scrollOffsetCorrection` — and `RenderViewport` reads
/// everything it needs from it; in debug builds `SliverGeometry.debugAssertIsValid` names any
/// figure that breaks the contract (a negative extent, a paint extent larger than the room
/// given, a non-finite correction) before the viewport uses it (flutter/flutter,
/// packages/flutter/lib/src/rendering/sliver.dart). This is that value for one scroll axis:
/// the viewport takes the correction and the extent from it, and `debugAssertIsValid(of:)`
/// checks it in debug builds (compiled out in release, like `assert`).
struct ContentGeometry: Equatable, Sendable {
    /// The content's extent along the scroll axis after this layout, estimates included: what
    /// the viewport scrolls over (`SliverGeometry.scrollExtent`).
    var scrollExtent: Double
    /// How much of the viewport the content covers at the offset laid out
    /// (`SliverGeometry.paintExtent`): from max(offset, 0) to min(extent, offset + viewport).
    var paintExtent: Double
    /// The first and last elements laid out, as the list numbers them (nil when none was).
    var laidOutElements: ClosedRange<Int>?
    /// Points to add to the scroll offset so the element the content anchors on stays where it
    /// was on screen (`SliverGeometry.scrollOffsetCorrection`); 0 for none.
    var scrollOffsetCorrection: Double
    /// The largest offset the content allows, with its top at offset 0: max(0, extent −
    /// viewport). The viewport's own range may sit lower for short content aligned by
    /// `defaultScrollAnchor` (`Viewport.offsetRange`).
    var maxScrollOffset: Double

    /// The geometry of a layout at `offset` under `constraints`, from the extent it found.
    init(offset: Double, constraints: ContentConstraints, scrollExtent: Double, laidOutElements: ClosedRange<Int>?, scrollOffsetCorrection: Double) {
        self.scrollExtent = scrollExtent
        // Never more than the viewport: far down a tall list, offset + viewport rounds up (at an
        // offset of 10¹⁴ pt a double steps by 1/64 pt) past a viewport of a point or two.
        paintExtent = min(constraints.viewportExtent, max(0, min(scrollExtent, offset + constraints.viewportExtent) - max(offset, 0)))
        self.laidOutElements = laidOutElements
        self.scrollOffsetCorrection = scrollOffsetCorrection
        maxScrollOffset = max(0, scrollExtent - constraints.viewportExtent)
    }

    /// What is wrong with the geometry, or nil: the first broken rule, with the figures.
    func invalidity(constraints: ContentConstraints) -> String? {
        if !scrollExtent.isFinite || scrollExtent < 0 {
            return "scrollExtent \(scrollExtent) is not a finite length ≥ 0"
        }
        if !paintExtent.isFinite || paintExtent < 0 || paintExtent > min(scrollExtent, constraints.viewportExtent) + Tolerance.points {
            return "paintExtent \(paintExtent) is outside 0...min(scrollExtent \(scrollExtent), viewport \(constraints.viewportExtent))"
        }
        if !scrollOffsetCorrection.isFinite {
            return "scrollOffsetCorrection \(scrollOffsetCorrection) is not finite"
        }
        if let elements = laidOutElements, elements.lowerBound < 0 {
            return "laidOutElements \(elements) starts below element 0"
        }
        if abs(maxScrollOffset - max(0, scrollExtent - constraints.viewportExtent)) > Tolerance.points {
            return "maxScrollOffset \(maxScrollOffset) is not max(0, scrollExtent \(scrollExtent) − viewport \(constraints.viewportExtent))"
        }
        return nil
    }

    /// In debug builds, stops with a message naming the content and the broken rule when the
    /// geometry is invalid; compiled out in release (`assert`).
    func debugAssertIsValid(of content: @autoclosure () -> String, constraints: ContentConstraints) {
        assert(invalidity(constraints: constraints) == nil,
               "\(content()) returned an invalid ContentGeometry: \(invalidity(constraints: constraints) ?? "")")
    }
}
