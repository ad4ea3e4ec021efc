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

        mutating func layout(at offset: Double, constraints: ContentConstraints, _ context: inout FrameContext) -> ContentGeometry {
            if constraints.appliedCorrection != 0 { accepted.append(constraints.appliedCorrection) }
            layouts.append(offset)
            return geometry(at: offset, constraints, correction: corrections.isEmpty ? 0 : corrections.removeFirst())
        }
    }

    func viewport(offset: Double, extent: Double = 10_000, corrections: [Double]) -> Viewport<ScriptedContent> {
        var viewport = Viewport(size: Size(width: 400, height: 800), inputMs: 0,
                                content: ScriptedContent(extent: extent, corrections: corrections))
        viewport.physics.jump(to: offset)
        return viewport
    }

    func scripted(_ viewport: Viewport<ScriptedContent>) -> ScriptedContent {
        viewport.content
    }

    @Test func severalCorrectionsInOneFrameAreAllApplied() throws {
        var v = viewport(offset: 1000, corrections: [50, 30, -20])
        var context = FrameContext(eventCapacity: 16)
        let total = v.layOutContent(&context)
        // 1000 → +50 → 1050 → +30 → 1080 → −20 → 1060; a fourth pass finds nothing; a last pass
        // builds at the settled offset.
        #expect(total == 60)
        #expect(v.offset == 1060)
        let content = scripted(v)
        #expect(content.layouts == [1000, 1050, 1080, 1060, 1060])
        #expect(content.accepted == [50, 30, -20])
    }

    @Test func aCorrectionPastTheTopIsClampedToZero() throws {
        var v = viewport(offset: 10, corrections: [-30])
        var context = FrameContext(eventCapacity: 16)
        _ = v.layOutContent(&context)
        // 10 − 30 = −20, clamped to the top edge: exactly 0.
        #expect(v.offset == 0)
        #expect(scripted(v).layouts == [10, 0, 0])
    }

    /// The loop without its debug stop (what a release build does when it runs out of passes).
    @Test func theLoopIsBounded() {
        var v = viewport(offset: 1000, corrections: Array(repeating: 1, count: 100))
        var context = FrameContext(eventCapacity: 16)
        let settle = v.settleLayout(&context)
        let passes = Viewport<ScriptedContent>.maximumLayoutPasses
        // Eight passes each apply +1; the settled pass hands the eighth over, and its own
        // request is not applied.
        #expect(passes == 8)
        #expect(settle.total == 8)
        #expect(settle.count == 8)
        #expect(settle.ranOutOfPasses)
        #expect(v.offset == 1008)
        #expect(scripted(v).layouts.count == 9)
        #expect(scripted(v).accepted == Array(repeating: 1, count: 8))
    }

    /// A loop that converges in its last pass did not run out: seven corrections, then none.
    @Test func aLoopSettlingInItsLastPassDidNotRunOut() {
        var v = viewport(offset: 1000, corrections: Array(repeating: 1, count: 7))
        var context = FrameContext(eventCapacity: 16)
        let settle = v.settleLayout(&context)
        #expect(settle.count == 7)
        #expect(!settle.ranOutOfPasses)
        #expect(v.offset == 1007)
    }

    /// The message a debug build stops with names the content, the passes and the corrections:
    /// eight corrections of +1, +2, ... +8 pt from offset 1000 end at 1000 + 36 = 1036.
    @Test func runningOutOfPassesNamesTheContentThePassesAndTheCorrections() {
        var v = viewport(offset: 1000, corrections: (1...100).map(Double.init))
        var context = FrameContext(eventCapacity: 16)
        let settle = v.settleLayout(&context)
        let message = v.settleFailure(settle)
        #expect(message == "ScriptedContent did not settle in 8 layout passes: it asked for a scroll-offset correction in each of them "
                + "(8 corrections, first 1.0 pt, last 8.0 pt, largest 8.0 pt, 36.0 pt in all); the offset is now 1036.0")
    }

    /// With the debug stop off (a scenario's run), a frame that runs out of passes is recorded.
    /// The content asks for +1, +2, +3, … pt, one per layout. Frame 3's first loop applies +1 …
    /// +8 in its eight passes (the eighth still asked for: last 8 pt) and its last layout takes
    /// +9 without applying it; a second loop in the same frame (a landing lays out again) takes
    /// +10 … +18 and counts no second frame and logs no second event. Frame 4's loop takes +19 …
    /// +26 in its passes: a second frame, last correction 26 pt.
    @Test func aFrameThatRunsOutOfPassesIsRecordedOnce() {
        var v = viewport(offset: 1000, corrections: (1...100).map(Double.init))
        v.stopsWhenUnsettled = false
        var context = FrameContext(eventCapacity: 16)
        context.begin(frame: 3, nowMs: 25, overheadMs: 0)
        _ = v.layOutContent(&context)
        #expect(context.totals.scrolling.unsettledFrames == 1)
        _ = v.layOutContent(&context)
        #expect(context.totals.scrolling.unsettledFrames == 1)
        context.begin(frame: 4, nowMs: 33.3, overheadMs: 0)
        _ = v.layOutContent(&context)
        #expect(context.totals.scrolling.unsettledFrames == 2)
        let events = context.events.events.filter { $0.kind == .unsettled }
        #expect(events.map(\.frame) == [3, 4])
        #expect(events.map(\.value) == [8, 26])
    }

    /// A loop that settles records nothing.
    @Test func aSettledFrameIsNotRecorded() {
        var v = viewport(offset: 1000, corrections: Array(repeating: 1, count: 7))
        v.stopsWhenUnsettled = false
        var context = FrameContext(eventCapacity: 16)
        _ = v.layOutContent(&context)
        #expect(context.totals.scrolling.unsettledFrames == 0)
        #expect(!context.events.events.contains { $0.kind == .unsettled })
    }

    #if DEBUG
    /// In a debug build the frame's layout stops there (`assertionFailure`).
    @Test func aDebugBuildStopsWhenTheLoopRunsOutOfPasses() async {
        await #expect(processExitsWith: .failure) {
            var v = Viewport(size: Size(width: 400, height: 800), inputMs: 0,
                             content: ScriptedContent(extent: 10_000, corrections: Array(repeating: 1, count: 100)))
            v.physics.jump(to: 1000)
            var context = FrameContext(eventCapacity: 16)
            _ = v.layOutContent(&context)
        }
    }
    #endif

    @Test func smallRequestsBelowTheToleranceAreIgnored() throws {
        var v = viewport(offset: 500, corrections: [Tolerance.points / 2])
        var context = FrameContext(eventCapacity: 16)
        #expect(v.layOutContent(&context) == 0)
        #expect(v.offset == 500)
        #expect(scripted(v).accepted.isEmpty)
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
        #expect(scripted(v).accepted == [120])
    }

    /// What one run of the loop keeps of its corrections (for the unsettled event and the debug
    /// stop's message): +3, −2, then +5 on the last pass are 3 corrections, 6 pt in all, the
    /// first +3, the last +5, the largest +5, out of passes; a −7 after them is the largest in
    /// size, signed, and the first stays +3.
    @Test func theLoopKeepsTheCountSumFirstLastAndLargestCorrection() {
        var settle = SettleCorrections()
        settle.add(3, lastPass: false)
        settle.add(-2, lastPass: false)
        settle.add(5, lastPass: true)
        #expect([Double(settle.count), settle.total, settle.first, settle.last, settle.largest] == [3, 6, 3, 5, 5])
        #expect(settle.ranOutOfPasses)
        settle.add(-7, lastPass: false)
        #expect([Double(settle.count), settle.total, settle.first, settle.last, settle.largest] == [4, -1, 3, -7, -7])
        #expect(!settle.ranOutOfPasses)
    }

    /// A correction keeps what is on screen where it was, so it is not a visible jump: the
    /// frame's scroll, against which a row's move on screen is judged, is the offset's change
    /// less the correction. 300 rows of 60–240 pt (estimated until measured), a jump to 20,000 pt
    /// and a slow drag up into rows never measured: eight frames correct the offset (3,137 pt
    /// the first, then 159, 23, …) and none jumps. Found by a generated mutant that added the
    /// correction instead, and passed every test: each of those frames then jumped.
    @Test func aCorrectionIsNotAVisibleJump() {
        let script = [ScriptEvent(at: 0.05, action: .scrollTo(ScrollTarget(destination: .offset(20000), anchor: .top, animationDuration: nil))),
                      ScriptEvent(at: 0.3, action: .drag(velocity: -600, duration: 1.5, flingOnRelease: false))]
        let config = Fixtures.config(count: 300, types: [Fixtures.cell("photo", height: .absolute(.uniform(min: 60, max: 240)))],
                                     kind: .lazyVStack, spacing: 8, duration: 2, script: script)
        let frames = Simulation.run(config).frames
        let corrected = frames.corrections.indices.filter { frames.corrections[$0] > 0 }
        #expect(corrected.count == 8)
        #expect(corrected.filter { frames.correctionPx[$0] > 1 }.count >= 6, "corrections of more than a point")
        #expect(frames.visibleJumps.allSatisfy { $0 == 0 })
    }
}
