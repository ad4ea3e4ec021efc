import Testing
@testable import ScrollSimEngine

/// Prefetch toward the start of the content: the window is the rows above the first visible
/// one, and a row is "needed" when its bottom lies below the next frame's offset. No shipped
/// scenario scrolls up into rows too heavy for the idle time, so this branch of the `deadline`
/// policy is pinned here, mirroring the downward case of `LazyStackPrefetchDeadlineTests`.
@Suite struct LazyStackPrefetchUpwardTests {
    /// Rows of 100 pt, no spacing, 393 × 852 viewport, overhead 0.5 ms, margin 1 ms,
    /// B = 8.3333 ms. Rows 0…39 are `heavy` (init 7 ms), rows 40…59 `light` (init 0.1 ms).
    ///
    ///     frame 0: rows 0…8 built cold (9 heavy); the heavy init average is 7 ms.
    ///     0.1 s:   an instant scrollTo(element 40, top): offset 4,000, rows 40…48 built cold
    ///              (light). Row 39 (bottom 4,000) is the window's first row upward; at rest it
    ///              is not needed and 7 ms never fits the idle 8.3333 − 0.5 − 1 = 6.8333 ms.
    ///     0.2 s:   a drag at −1,200 pt/s for 0.4 s: −10 pt a frame, 48 frames, to 3,520.
    ///              Its first frame is still at 4,000 (the offset is taken at the frame's
    ///              tick, the drag's start) with velocity −1,200.
    ///              Row r ≤ 39 (bottom 100·(r + 1)) is needed when the next frame's offset,
    ///              offset − 10, is above its bottom: in the frame at offset 100·(r + 1), one
    ///              frame before it shows (offset 100·(r + 1) − 10). It is forced (logged −7)
    ///              there and appears in the next frame: rows 39, 38, 37, 36, 35 (row 35 forced
    ///              at 3,600, shown at 3,590; row 34 would be at 3,500, past the drag's end).
    ///              No heavy row is built inside a frame after launch.
    @Test func aRowAboveTheNextFrameShowsIsForcedAheadOfNeed() throws {
        let light = Oracle.type("light", initMs: 0.1)
        let heavy = Oracle.type("heavy", initMs: 7)
        let count = 60
        let result = Simulation.run(Oracle.config(
            count: count, types: [light, heavy],
            items: Oracle.items(heights: Array(repeating: 100, count: count), types: (0..<count).map { $0 < 40 ? 1 : 0 }),
            duration: 1, prefetch: PrefetchConfig(enabled: true, distance: 1, policy: .deadline, marginMs: 1),
            script: [Oracle.scrollTo(at: 0.1, .element(40)), Oracle.drag(at: 0.2, -1200, for: 0.4)]
        ))
        let byType = result.summary.totals.byType
        #expect(byType[1].coldBuilds == 9, "9 at launch only: \(byType[1].coldBuilds)")
        #expect(byType[0].coldBuilds == 9)
        let heavyStarts = result.events.filter { $0.kind == .prefetchStart && $0.row < 40 }
        #expect(heavyStarts.map(\.row) == [39, 38, 37, 36, 35], "\(heavyStarts.map(\.row))")
        for start in heavyStarts {
            #expect(abs(start.value - -7) < 1e-9, "row \(start.row) forced at its whole cost: \(start.value)")
            let appeared = result.events.first { $0.kind == .appear && $0.row == start.row }
            #expect(appeared?.frame == start.frame + 1, "row \(start.row) built in frame \(start.frame), shown in \(appeared.map { "\($0.frame)" } ?? "none")")
            #expect(abs(result.frames.offset[Int(start.frame)] - Double(100 * (start.row + 1))) < 1e-6, "row \(start.row) at offset \(result.frames.offset[Int(start.frame)])")
        }
    }
}
