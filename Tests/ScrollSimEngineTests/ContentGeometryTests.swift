import Testing
@testable import ScrollSimEngine

/// The geometry a layout reports, checked against figures worked out by hand.
@Suite struct ContentGeometryTests {
    /// A 400 pt viewport over 1,000 pt of content: at offset 0 it paints 400; at 800, the
    /// 200 pt left; above the top (−50), the 350 pt from 0 to 350; at the end (1,000) and past
    /// it, nothing, which is valid.
    @Test func thePaintExtentIsTheContentOnScreen() {
        let constraints = ContentConstraints(viewportExtent: 400)
        for (offset, painted) in [(0.0, 400.0), (800, 200), (-50, 350), (1000, 0), (1200, 0)] {
            let geometry = ContentGeometry(offset: offset, constraints: constraints, scrollExtent: 1000, laidOutElements: nil, scrollOffsetCorrection: 0)
            #expect(geometry.paintExtent == painted, "offset \(offset)")
            #expect(geometry.invalidity(constraints: constraints) == nil)
        }
    }

    /// Far down a tall list a double steps by 1/64 pt (between 2⁴⁶ and 2⁴⁷, about 7·10¹³ and
    /// 1.4·10¹⁴), so offset + viewport rounds to a multiple of 1/64: 97,186,420,649,584.48 +
    /// 1.511751, less the offset, comes to 1.515625 (97 × 1/64), more than the 1.511751 pt
    /// viewport (property-test seed 6686 laid a list out there). The paint extent is still at
    /// most the viewport, and the geometry valid.
    @Test func thePaintExtentNeverExceedsTheViewportFarDown() {
        let constraints = ContentConstraints(viewportExtent: 1.511751)
        let offset = 97_186_420_649_584.48
        #expect((offset + 1.511751) - offset == 1.515625, "the rounding this test is about")
        let geometry = ContentGeometry(offset: offset, constraints: constraints, scrollExtent: 196_020_068_757_763.12, laidOutElements: nil, scrollOffsetCorrection: 0)
        #expect(geometry.paintExtent == 1.511751)
        #expect(geometry.invalidity(constraints: constraints) == nil)
    }

    /// Each rule of the contract, broken alone, is named with its figures; a figure on the
    /// edge of its rule passes. 100 pt of content in a 400 pt viewport paints at most 100 pt
    /// (the content, not the viewport, is the smaller), give or take the tolerance.
    @Test func eachBrokenRuleIsNamed() {
        let constraints = ContentConstraints(viewportExtent: 400)
        let valid = ContentGeometry(offset: 0, constraints: constraints, scrollExtent: 100, laidOutElements: 0...3, scrollOffsetCorrection: 0)
        #expect(valid.paintExtent == 100 && valid.maxScrollOffset == 0 && valid.invalidity(constraints: constraints) == nil)
        func broken(_ edit: (inout ContentGeometry) -> Void) -> String? {
            var geometry = valid
            edit(&geometry)
            return geometry.invalidity(constraints: constraints)
        }
        #expect(broken { $0.scrollExtent = -1 }?.hasPrefix("scrollExtent -1.0 is not a finite length") == true)
        #expect(broken { $0.scrollExtent = .nan }?.hasPrefix("scrollExtent nan is not a finite length") == true)
        #expect(broken { $0.paintExtent = -0.5 }?.hasPrefix("paintExtent -0.5 is outside 0...min(scrollExtent 100.0, viewport 400.0)") == true)
        #expect(broken { $0.paintExtent = 0 } == nil)
        #expect(broken { $0.paintExtent = 100.5 }?.hasPrefix("paintExtent 100.5 is outside") == true)
        #expect(broken { $0.paintExtent = 100 + Tolerance.points } == nil)
        #expect(broken { $0.paintExtent = .infinity }?.hasPrefix("paintExtent inf is outside") == true)
        #expect(broken { $0.scrollOffsetCorrection = .nan } == "scrollOffsetCorrection nan is not finite")
        #expect(broken { $0.scrollOffsetCorrection = -250 } == nil)
        #expect(broken { $0.laidOutElements = -1...3 } == "laidOutElements -1...3 starts below element 0")
        #expect(broken { $0.maxScrollOffset = 1 }?.hasPrefix("maxScrollOffset 1.0 is not max(0, scrollExtent 100.0") == true)
    }
}
