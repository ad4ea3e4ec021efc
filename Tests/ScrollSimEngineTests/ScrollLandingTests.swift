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
            #expect(result.summary.totals.scrollToCount == 1)
            #expect(result.summary.totals.scrollToLandingErrorPx < 0.5, "seed \(seed)")
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

    @Test func aFlingInterruptsAnAnimatedScrollAndItIsNotALanding() {
        let script = [ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .element(2500), animationDuration: 0.6))),
                      Fixtures.fling(at: 0.3, -4000)]
        let result = Simulation.run(chat(seed: 3, script: script))
        #expect(result.summary.totals.scrollToInterrupted == 1)
        #expect(result.summary.totals.scrollToCount == 0, "an interrupted scroll is not a landing")
        #expect(result.summary.totals.scrollToLandingErrorPx == 0)
        #expect(result.events.contains { $0.kind == .scrollToInterrupted })
        #expect(!result.events.contains { $0.kind == .scrollToLanded })
    }

    @Test func aSecondScrollInterruptsTheFirst() {
        let script = [ScriptEvent(at: 0.1, action: .scrollTo(ScrollTarget(destination: .element(2500), animationDuration: 0.6))),
                      ScriptEvent(at: 0.3, action: .scrollTo(ScrollTarget(destination: .element(10))))]
        let result = Simulation.run(chat(seed: 3, script: script))
        #expect(result.summary.totals.scrollToInterrupted == 1)
        #expect(result.summary.totals.scrollToCount == 1)
        #expect(result.summary.totals.scrollToLandingErrorPx < 0.5)
    }
}
