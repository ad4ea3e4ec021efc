import Testing
import ScrollSimEngine

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
}
