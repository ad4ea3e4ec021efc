import Testing
@testable import ScrollSimEngine

/// Programmatic scrolls land exactly, whatever the estimates on the way; interrupted scrolls are
/// not landings.
@Suite struct ScrollLandingTests {
    func chat(seed: UInt64, script: [ScriptEvent], sections: Bool = false, count: Int = 3000) -> SimulationConfig {
        let message = Fixtures.cell("message", height: .text(.init(chars: .uniform(min: 10, max: 600), lineHeight: 20, base: 24)))
        var config = Fixtures.config(count: count, types: [message], spacing: 6, duration: 2, script: script, seed: seed)
        if sections {
            config.content.sections = SectionsConfig(every: 40, header: Fixtures.cell("day", height: .absolute(.fixed(32))))
            config.stack.pinnedHeaders = true
        }
        return config
    }

    /// Where the target's edge is on screen after the run, and where it was asked to be.
    func landing(_ simulation: Simulation, element: Int, anchor: ScrollTarget.Anchor) -> (actual: Double, wanted: Double) {
        let stack = simulation.stack
        let row = stack.rows.childRows(of: element).lowerBound
        let top = stack.index.y(of: row) - stack.offset
        let height = stack.index.height(of: row)
        switch anchor {
        case .top: return (top, 0)
        case .center: return (top + height / 2, 852.0 / 2)
        case .bottom: return (top + height, 852)
        }
    }

    @Test(arguments: [ScrollTarget.Anchor.top, .center, .bottom], [false, true])
    func scrollsToFarElementsLandExactly(anchor: ScrollTarget.Anchor, animated: Bool) {
        for seed in UInt64(1)...12 {
            let target = 1500 + Int(seed) * 37
            let scroll = ScrollTarget(destination: .element(target), anchor: anchor, animationDuration: animated ? 0.4 : nil)
            var simulation = Simulation(config: chat(seed: seed, script: [ScriptEvent(at: 0.1, action: .scrollTo(scroll))]))
            while !simulation.isFinished { simulation.step() }
            let (actual, wanted) = landing(simulation, element: target, anchor: anchor)
            #expect(abs(actual - wanted) < 0.5, "seed \(seed), \(anchor), animated \(animated): target edge at \(actual), wanted \(wanted)")
            let result = simulation.finish()
            #expect(result.summary.totals.scrollTo.count == 1)
            #expect(result.summary.totals.scrollTo.landingErrorPx < 0.5, "seed \(seed)")
        }
    }

    /// `edge: bottom` over wrapped messages grouped by day with pinned headers: the last message's
    /// bottom ends exactly at the viewport's bottom, and the offset never passes the end.
    @Test(arguments: [false, true])
    func theBottomEdgeIsTheTrueEnd(animated: Bool) {
        for seed in UInt64(1)...8 {
            let scroll = ScrollTarget(destination: .bottom, animationDuration: animated ? 0.5 : nil)
            var simulation = Simulation(config: chat(seed: seed, script: [ScriptEvent(at: 0.1, action: .scrollTo(scroll))], sections: true, count: 5000))
            var maxOffset = 0.0
            while !simulation.isFinished {
                simulation.step()
                let s = simulation.stack
                maxOffset = max(maxOffset, s.offset - max(0, s.index.totalHeight - 852))
            }
            let stack = simulation.stack
            let last = stack.rows.count - 1
            let bottomOnScreen = stack.index.y(of: last) + stack.index.height(of: last) - stack.offset
            #expect(abs(bottomOnScreen - 852) < 0.5, "seed \(seed): the last message ends at \(bottomOnScreen) on screen")
            #expect(stack.lastVisible == last)
            #expect(maxOffset <= Tolerance.points, "seed \(seed): the offset passed the content's end by \(maxOffset)")
        }
    }

    /// A landing is judged once the content settled. Cards of 220…380 pt configured in onAppear
    /// lay out at 44 pt until the frame after they appear. scrollTo(2000, anchor: .bottom) lands
    /// with the target's bottom at the viewport's bottom and 15–16 placeholders above it
    /// ((852 − 44) / 52 = 15.5). The next frame configures them: each grows by 176…336 pt, and
    /// the first visible row keeps its place, so the target is pushed down by at least
    /// 15 × 176 + 176 = 2,816 pt (about 16 × 256 + 256 ≈ 4,350 on average) — an error, judged
    /// after the landing frame. Configured in init, the same scroll lands exactly.
    @Test func aLandingIsJudgedAfterTheContentSettles() throws {
        func run(_ configure: ViewTypeSpec.Configure) -> SimulationResult {
            var card = Fixtures.cell("card", height: .absolute(.uniform(min: 220, max: 380)))
            card.configure = configure
            let config = Fixtures.config(count: 3000, types: [card], spacing: 8, duration: 1, script: [
                ScriptEvent(at: 0.3, action: .scrollTo(ScrollTarget(destination: .element(2000), anchor: .bottom, animationDuration: nil))),
            ])
            return Simulation.run(config)
        }
        let onAppear = run(.onAppear)
        #expect(onAppear.summary.totals.scrollTo.landingErrorPx > 2816)
        let requested = try #require(onAppear.events.first { $0.kind == .scrollTo }).frame
        let judged = try #require(onAppear.events.first { $0.kind == .scrollToLanded })
        #expect(judged.frame > requested, "judged after the frame it landed in")
        #expect(judged.value == onAppear.summary.totals.scrollTo.landingErrorPx)
        let initializer = run(.initializer)
        #expect(initializer.summary.totals.scrollTo.landingErrorPx < 0.5)
        #expect(initializer.summary.totals.scrollTo.count == 1)
    }

    @Test func aFlingInterruptsAnAnimatedScrollAndItIsNotALanding() {
        let script = [ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .element(2500), animationDuration: 0.6))),
                      Fixtures.fling(at: 0.3, -4000)]
        let result = Simulation.run(chat(seed: 3, script: script))
        #expect(result.summary.totals.scrollTo.interrupted == 1)
        // Requested, then interrupted: counted as a scroll and as interrupted, never as landed.
        #expect(result.summary.totals.scrollTo.count == 1, "an interrupted scroll is still a requested scroll")
        #expect(result.summary.totals.scrollTo.landingErrorPx == 0)
        #expect(result.events.contains { $0.kind == .scrollToInterrupted })
        #expect(!result.events.contains { $0.kind == .scrollToLanded })
    }

    @Test func aSecondScrollInterruptsTheFirst() {
        let script = [ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .element(2500), animationDuration: 0.6))),
                      ScriptEvent(at: 0.3, action: .scrollTo(ScrollTarget(destination: .element(10))))]
        let result = Simulation.run(chat(seed: 3, script: script))
        #expect(result.summary.totals.scrollTo.interrupted == 1)
        // Two requested: the first interrupted, the second landed.
        #expect(result.summary.totals.scrollTo.count == 2)
        #expect(result.events.filter { $0.kind == .scrollToLanded }.count == 1)
        #expect(result.summary.totals.scrollTo.landingErrorPx < 0.5)
    }
}
