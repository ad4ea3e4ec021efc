import Testing
@testable import ScrollSimEngine

/// Blank area: visible views whose async content has not arrived, by visible height.
@Suite struct LazyStackBlankAreaTests {
    /// Rows of 100 pt with 10 pt spacing whose content arrives 50 ms after init (sized
    /// placeholders); nothing moves. Rows 0…7 are visible (tops 0, 110, …, 770):
    ///
    ///     blank = 7 · 100 + (852 − 770) = 782 pt (spacing is not blank; row 7 is cut at 852)
    ///     fraction = 782 / 852 = 0.917840…
    ///     loads start at t = 0 and are delivered at the start of the frame at t ≥ 50 ms,
    ///     frame 6 (6 · 8.3333 = 50): frames 0…5 are blank, 6 on are not
    @Test func blankFractionIsTheVisiblePlaceholderHeightOverTheViewport() {
        var row = Oracle.type(view: 1000)
        row.asyncContent = ViewTypeSpec.AsyncContent(latencyMs: 50, start: .initializer)
        let result = Simulation.run(Oracle.config(count: 50, types: [row], duration: 0.2, spacing: 10))
        let fraction = 782.0 / 852
        #expect(abs(fraction - 0.917840) < 1e-6)
        for k in 0..<6 { #expect(abs(result.frames.blankFraction[k] - fraction) < 1e-12, "frame \(k)") }
        #expect(result.frames.blankFraction[6...].allSatisfy { $0 == 0 })
        let totals = result.summary.totals
        #expect(totals.blankArea.frames == 6)
        #expect(totals.blankArea.mostlyBlankFrames == 6)
        #expect(abs(totals.blankArea.fractionMax - fraction) < 1e-12)
        #expect(abs(totals.blankArea.fractionSum - 6 * fraction) < 1e-9)
        #expect(totals.work.contentLoads == 8)
    }

    /// Only the part of a placeholder inside the viewport is blank: a row cut by the top edge
    /// counts what is below the edge. The same rows, whose content takes 10 s, jump to offset
    /// 160 at t = 0.05 s. The viewport then spans 160…1012 pt of content, and rows 1…9 meet it
    /// (tops 110, 220, …, 990), on screen at −50, 60, …, 830:
    ///
    ///     row 1: −50…50, blank 50 pt (its 50 pt above the edge are not on screen)
    ///     rows 2…8: 7 · 100 = 700 pt; row 9: 830…852, 22 pt (cut at the bottom)
    ///     blank = 772 pt, fraction = 772 / 852 = 0.906103…
    @Test func aPlaceholderCutByTheTopEdgeCountsOnlyWhatIsOnScreen() throws {
        var row = Oracle.type(view: 1000)
        row.asyncContent = ViewTypeSpec.AsyncContent(latencyMs: 10_000, start: .initializer)
        let jump = ScriptEvent(at: 0.05, action: .scrollTo(ScrollTarget(destination: .offset(160))))
        let result = Simulation.run(Oracle.config(count: 50, types: [row], duration: 0.2, spacing: 10, script: [jump]))
        let landed = try #require((0..<result.frames.count).first { result.frames.offset[$0] != 0 })
        #expect(result.frames.offset[landed] == 160)
        #expect(abs(result.frames.blankFraction[landed - 1] - 782.0 / 852) < 1e-12, "before the jump: rows 0…7, as above")
        let fraction = 772.0 / 852
        #expect(abs(fraction - 0.906103) < 1e-6)
        for k in landed..<result.frames.count {
            #expect(abs(result.frames.blankFraction[k] - fraction) < 1e-12, "frame \(k)")
        }
    }

    /// A frame counts as blank from half a ten-thousandth of the viewport, the least its
    /// column reads as not 0 (written to 4 decimals, rounded half away from zero): on an
    /// 852 pt screen 0.04 pt (0.0000469…) is not counted and reads 0.0000; 0.05 pt
    /// (0.0000587…) is counted and reads 0.0001. Before, both were counted.
    @Test func aBlankTooSmallToReadIsNotCounted() {
        var totals = BlankAreaTotals()
        totals.recordFrame(blankFraction: 0.04 / 852)
        #expect(totals.frames == 0 && totals.fractionSum == 0 && totals.fractionMax == 0)
        totals.recordFrame(blankFraction: 0.05 / 852)
        #expect(totals.frames == 1)
        #expect(totals.fractionMax == 0.05 / 852)
        totals.recordFrame(blankFraction: 0.6)
        #expect(totals.frames == 2 && totals.mostlyBlankFrames == 1)
    }
}
