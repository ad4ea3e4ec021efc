import Testing
@testable import ScrollSimEngine

/// The viewport's layout loop (`Viewport+Corrections.swift`): corrections the content asks for
/// are applied to the offset and the motion, edges clamp, and the loop is bounded.
@Suite struct ViewportCorrectionsTests {
    /// Content that asks for a scripted list of corrections, one per layout, then none.
    struct ScriptedContent: InertScrollContent {
        var extent: Double
        var corrections: [Double]
        var layouts: [Double] = []
        var accepted: [Double] = []

        var trueExtent: Double { extent }
        var laidOutOffset: Double { layouts.last ?? 0 }
                mutating func layout(at offset: Double, _ context: inout FrameContext) -> Double {
            layouts.append(offset)
            return corrections.isEmpty ? 0 : corrections.removeFirst()
        }
        mutating func acceptCorrection(_ delta: Double, _ context: inout FrameContext) { accepted.append(delta) }
    }

    func viewport(offset: Double, extent: Double = 10_000, corrections: [Double]) -> Viewport {
        var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0,
                                content: ScriptedContent(extent: extent, corrections: corrections))
        viewport.physics.jump(to: offset)
        return viewport
    }

    func scripted(_ viewport: Viewport) throws -> ScriptedContent {
        try #require(viewport.content as? ScriptedContent)
    }

    @Test func severalCorrectionsInOneFrameAreAllApplied() throws {
        var v = viewport(offset: 1000, corrections: [50, 30, -20])
        var context = FrameContext(eventCapacity: 16)
        let total = v.layOutContent(&context)
        // 1000 → +50 → 1050 → +30 → 1080 → −20 → 1060; a fourth pass finds nothing; a last pass
        // builds at the settled offset.
        #expect(total == 60)
        #expect(v.offset == 1060)
        let content = try scripted(v)
        #expect(content.layouts == [1000, 1050, 1080, 1060, 1060])
        #expect(content.accepted == [50, 30, -20])
    }

    @Test func aCorrectionPastTheTopIsClampedToZero() throws {
        var v = viewport(offset: 10, corrections: [-30])
        var context = FrameContext(eventCapacity: 16)
        _ = v.layOutContent(&context)
        // 10 − 30 = −20, clamped to the top edge: exactly 0.
        #expect(v.offset == 0)
        #expect(try scripted(v).layouts == [10, 0, 0])
    }

    @Test func theLoopIsBounded() throws {
        var v = viewport(offset: 1000, corrections: Array(repeating: 1, count: 100))
        var context = FrameContext(eventCapacity: 16)
        let total = v.layOutContent(&context)
        // Eight passes each apply +1; the last layout's request is not applied.
        #expect(total == Double(Viewport.maximumLayoutPasses))
        #expect(v.offset == 1000 + Double(Viewport.maximumLayoutPasses))
        #expect(try scripted(v).layouts.count == Viewport.maximumLayoutPasses + 1)
    }

    @Test func smallRequestsBelowTheToleranceAreIgnored() throws {
        var v = viewport(offset: 500, corrections: [Tolerance.points / 2])
        var context = FrameContext(eventCapacity: 16)
        #expect(v.layOutContent(&context) == 0)
        #expect(v.offset == 500)
        #expect(try scripted(v).accepted.isEmpty)
    }

    /// A fling in flight carries on from the corrected place instead of snapping back.
    @Test func aCorrectionShiftsTheFlingInFlight() {
        var context = FrameContext(eventCapacity: 16)
        var corrected = viewport(offset: 1000, corrections: [40])
        var plain = viewport(offset: 1000, corrections: [])
        corrected.beginFling(velocity: 3000, rate: DecelerationRate.normal, &context)
        plain.beginFling(velocity: 3000, rate: DecelerationRate.normal, &context)
        _ = corrected.layOutContent(&context)
        _ = plain.layOutContent(&context)
        corrected.physics.advance(toMs: 100, animationTarget: 0)
        plain.physics.advance(toMs: 100, animationTarget: 0)
        #expect(plain.offset > 1100, "the fling moved on")
        #expect(abs(corrected.offset - (plain.offset + 40)) < 1e-9)
    }

    @Test func theOffsetStaysInsideShortContent() throws {
        // 300 pt of content in an 800 pt viewport: the only offset is 0.
        var v = viewport(offset: 0, extent: 300, corrections: [120])
        var context = FrameContext(eventCapacity: 16)
        _ = v.layOutContent(&context)
        #expect(v.offset == 0)
        #expect(try scripted(v).accepted == [120])
    }
}
