import Testing
@testable import ScrollSimEngine

/// Programmatic scrolling (`ScrollPosition.scrollTo`) in the engine.
@Suite struct LazyStackScrollToTests {
    /// 100 rows of 100 pt with 10 pt spacing in an 852 pt viewport; every row is 100 pt, so the
    /// estimate is exact from frame 0 on and positions are known before rows are built:
    ///
    ///     y(i) = 110·i;  content = 100·100 + 99·10 = 10,990;  largest offset = 10,990 − 852 = 10,138
    ///     element 40, anchor top:    y(40)                    = 4400
    ///     element 40, anchor center: 4400 − (852 − 100)/2      = 4400 − 376 = 4024
    ///     element 40, anchor bottom: 4400 + 100 − 852         = 3648
    ///     edge bottom: 10,138 (row 99's bottom, 10,890 + 100, is at 10,990 − 10,138 = 852: the viewport's bottom)
    ///     edge top: 0;  offset 1234.5: 1234.5
    /// Events at 0.1, 0.2, … s apply in the frames starting at 12, 24, … · 8.3333 ms.
    func fixedHeights(_ script: [ScriptEvent], duration: Double = 1) -> SimulationConfig {
        Oracle.config(count: 100, duration: duration, spacing: 10, script: script)
    }

    /// Landing on the bottom builds the rows the bottom shows and no others: 100 rows of 100 pt
    /// with no spacing under an 800 pt viewport show exactly rows 92…99 (8 × 100 = 800) at the
    /// largest offset, 9,200; row 91 ends exactly at the viewport's top, shows nothing, and is
    /// not built for it (prefetch is off).
    @Test func aLandingOnTheBottomBuildsExactlyTheRowsItShows() {
        let config = Oracle.config(count: 100, duration: 0.2, viewportHeight: 800, script: [Oracle.scrollTo(at: 0.1, .bottom)])
        let result = Simulation.run(config)
        #expect(result.frames.offset[12] == 9200)
        let built = result.events.filter { $0.kind == .build && $0.frame == 12 }.map(\.row).sorted()
        #expect(built == Array(92...99), "\(built)")
    }

    @Test func instantScrollToLandsExactlyWithEachAnchor() {
        let script = [
            Oracle.scrollTo(at: 0.1, .element(40), anchor: .top),
            Oracle.scrollTo(at: 0.2, .element(40), anchor: .center),
            Oracle.scrollTo(at: 0.3, .element(40), anchor: .bottom),
            Oracle.scrollTo(at: 0.4, .bottom),
            Oracle.scrollTo(at: 0.5, .top),
            Oracle.scrollTo(at: 0.6, .offset(1234.5)),
        ]
        var simulation = Simulation(config: fixedHeights(script))
        var seen: [Int: (offset: Double, first: Int, last: Int, lastRowBottomOnScreen: Double)] = [:]
        while !simulation.isFinished {
            let frame = simulation.frameIndex
            simulation.step()
            let stack = simulation.stack
            seen[frame] = (stack.offset, stack.firstVisible, stack.lastVisible, stack.index.y(of: 99) + 100 - stack.offset)
        }
        let result = simulation.finish()
        let expected: [(frame: Int, offset: Double)] = [(12, 4400), (24, 4024), (36, 3648), (48, 10_138), (60, 0), (72, 1234.5)]
        for (i, (frame, offset)) in expected.enumerated() {
            #expect(result.frames.offset[frame] == offset, "scrollTo \(i) at frame \(frame)")
            // It stays there until the next one (nothing else moves the content).
            let next = i + 1 < expected.count ? expected[i + 1].frame : result.frames.count
            #expect(result.frames.offset[frame..<next].allSatisfy { $0 == offset }, "scrollTo \(i) held")
            #expect(result.frames.offset[frame - 1] != offset, "scrollTo \(i) moved the content in its own frame")
        }
        // Anchor top: element 40 is the first visible row; bottom: rows 33…40 (3648 / 110 = 33.2).
        #expect(seen[12]?.first == 40)
        #expect(seen[36]?.first == 33 && seen[36]?.last == 40)
        // Edge bottom: the last row ends exactly at the viewport's bottom.
        #expect(seen[48]?.last == 99 && seen[48]?.lastRowBottomOnScreen == 852)
        #expect(result.summary.totals.scrollTo.count == 6)
        #expect(result.summary.totals.scrollTo.landingErrorPx == 0)
        #expect(result.events.filter { $0.kind == .scrollToLanded }.map(\.frame) == [12, 24, 36, 48, 60, 72])
    }

    /// Variable heights: the target's offset depends on estimates above it. An instant scroll
    /// re-resolves after measuring the rows it lands on, so the target row's top is exactly at
    /// the viewport's top (anchor top), its middle at the middle (center), its bottom at the
    /// bottom (bottom). Prefetch is off so that the index after the frame is the one the frame
    /// was drawn with (prefetch measures rows after drawing, which moves the estimate, and the
    /// next frame corrects for it).
    @Test(arguments: [ScrollTarget.Anchor.top, .center, .bottom])
    func instantScrollToLandsExactlyOverVariableHeights(anchor: ScrollTarget.Anchor) {
        let cell = Fixtures.cell(height: .absolute(.uniform(min: 60, max: 400)))
        let config = Fixtures.config(count: 2000, types: [cell], spacing: 8, duration: 0.2,
                                     script: [Oracle.scrollTo(at: 0.05, .element(1200), anchor: anchor)],
                                     prefetch: PrefetchConfig(enabled: false))
        var simulation = Simulation(config: config)
        while simulation.clock.nowMs < 50 - 1e-9 { simulation.step() }
        simulation.step()
        let stack = simulation.stack
        // One child per element and no sections: element 1200 is row 1200.
        let row = 1200
        #expect(stack.rows.firstRow(ofElement: 1200) == 1200)
        let top = stack.index.y(of: row) - stack.offset
        let height = stack.index.height(of: row)
        switch anchor {
        case .top: #expect(abs(top) < 1e-6)
        case .center: #expect(abs(top + height / 2 - 852 / 2) < 1e-6)
        case .bottom: #expect(abs(top + height - 852) < 1e-6)
        }
        #expect(stack.index.isKnown(row), "the target row was measured")
    }

    /// Edge bottom over variable heights lands at the content's end as the index knows it.
    @Test func instantScrollToBottomLandsAtTheContentEnd() {
        let cell = Fixtures.cell(height: .absolute(.uniform(min: 60, max: 400)))
        let config = Fixtures.config(count: 2000, types: [cell], spacing: 8, duration: 0.2,
                                     script: [Oracle.scrollTo(at: 0.05, .bottom)], prefetch: PrefetchConfig(enabled: false))
        var simulation = Simulation(config: config)
        while !simulation.isFinished { simulation.step() }
        let stack = simulation.stack
        #expect(stack.lastVisible == 1999)
        #expect(abs(stack.index.y(of: 1999) + stack.index.height(of: 1999) - stack.offset - 852) < 1e-6)
        #expect(abs(stack.offset - (stack.index.totalHeight - 852)) < 1e-6)
    }

    /// An animated scroll over fixed heights: the target is known exactly (4400), so when the
    /// animation is over the content must be there.
    @Test func animatedScrollToLandsOnTargetOverFixedHeights() {
        let result = Simulation.run(fixedHeights([Oracle.scrollTo(at: 0.1, .element(40), animated: 0.3)]))
        // The animation runs 300 ms from frame 12 (t = 100 ms); it is over by frame 48 (t = 400 ms).
        #expect(result.frames.offset[48] == 4400)
        #expect(result.frames.offset.last == 4400)
        #expect(result.summary.totals.scrollTo.landingErrorPx == 0)
    }

    /// `scrollTo.frames` counts each scroll's frames from its request to its landing, both
    /// included. An instant scroll lands in the frame that asks for it: 1 frame each, 2 for two.
    /// A 300 ms animation asked for in frame 12 (t = 100 ms) is over in frame 48 (t = 400 ms,
    /// above): frames 12…48, 37 of them.
    @Test func scrollToFramesCountTheRequestAndTheLandingFrame() {
        let instant = Simulation.run(fixedHeights([Oracle.scrollTo(at: 0.1, .element(40)), Oracle.scrollTo(at: 0.3, .element(10))]))
        #expect(instant.summary.totals.scrollTo.count == 2)
        #expect(instant.summary.totals.scrollTo.frames == 2)
        let animated = Simulation.run(fixedHeights([Oracle.scrollTo(at: 0.1, .element(40), animated: 0.3)]))
        #expect(animated.summary.totals.scrollTo.count == 1)
        #expect(animated.summary.totals.scrollTo.frames == 37)
    }

    /// An animated scroll over variable heights: what it lands on is re-resolved as rows are
    /// measured on the way, and settled in the frame the animation ends; when it is over, the
    /// target row's top is at the viewport's top (as an instant scroll achieves).
    @Test func animatedScrollToLandsOnTargetOverVariableHeights() {
        let cell = Fixtures.cell(height: .absolute(.uniform(min: 60, max: 400)))
        let config = Fixtures.config(count: 2000, types: [cell], spacing: 8, duration: 1,
                                     script: [Oracle.scrollTo(at: 0.05, .element(1200), animated: 0.4)])
        var simulation = Simulation(config: config)
        while !simulation.isFinished { simulation.step() }
        let stack = simulation.stack
        let row = 1200   // one child per element, no sections
        let result = simulation.finish()
        #expect(abs(stack.index.y(of: row) - stack.offset) < 1e-6, "target row's top at \(stack.index.y(of: row) - stack.offset) pt on screen")
        #expect(result.summary.totals.scrollTo.landingErrorPx < 1e-6)
        // The rows around the target were measured on the way in, so the final frame settled.
        #expect(result.summary.totals.scrollTo.settlePx > 0)
    }

    /// A jump to an offset anchors on the row the offset shows first. No row measured yet, 100
    /// rows estimated at 100 pt with 10 pt spacing: row i spans 110·i … 110·i + 100.
    ///
    ///     offset 1,234.5: row 11 (1,210 … 1,310) → anchor row 11 at 1,210
    ///     offset 1,312:   row 11 ends at 1,310, in the spacing above the screen → row 12 at 1,320
    ///     offset 0:       row 0 at 0
    ///
    /// (Left on the last frame's first row, a jump thousands of points up moved that row with
    /// every row measured on the new screen, a correction each layout pass.)
    @Test func aJumpToAnOffsetAnchorsOnTheRowItShowsFirst() {
        var stack = LazyStack(config: StackConfig(spacing: 10, initialEstimate: 100),
                              content: ContentConfig(count: 100, types: [Fixtures.cell(height: .absolute(.fixed(100)))]),
                              device: DeviceConfig(), seed: 1)
        for (offset, row, top) in [(1234.5, 11, 1210.0), (1312, 12, 1320), (0, 0, 0)] {
            stack.anchor(on: .offset(offset))
            #expect(stack.anchorRow == row, "offset \(offset)")
            #expect(stack.anchorY == top, "offset \(offset)")
        }
    }
}

