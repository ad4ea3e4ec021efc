import Testing
@testable import ScrollSimEngine

/// An ensemble's runs (`EnsembleRun`, `SimulationConfig.forRun`, `RunVariation`): each run's
/// seed, how its script is varied, and that the variation does what a touch off vsync does.
struct EnsembleRunTests {
    static let script = [
        Fixtures.fling(at: 0.3, 4000),
        ScriptEvent(at: 0.3, action: .rotate(Size(width: 852, height: 393))),
        ScriptEvent(at: 1.0, action: .drag(velocity: 500, duration: 0.2, flingOnRelease: false)),
        ScriptEvent(at: 1.0, action: .tap(element: 3)),
    ]

    @Test func runSeedsAreDistinctStableAndDependOnTheScenarioSeed() {
        let seeds = (0..<1000).map { EnsembleRun(index: $0, scenarioSeed: 7).seed }
        #expect(Set(seeds).count == 1000)
        #expect(EnsembleRun(index: 3, scenarioSeed: 7) == EnsembleRun(index: 3, scenarioSeed: 7))
        #expect(EnsembleRun(index: 3, scenarioSeed: 7).seed != EnsembleRun(index: 3, scenarioSeed: 8).seed)
        // The rule written in EnsembleRun's documentation, computed again here.
        func mix(_ x: UInt64) -> UInt64 {
            var z = x &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        #expect(EnsembleRun(index: 5, scenarioSeed: 1).seed == mix(mix(1 ^ 0x5EED_E45E_3B1E_0001) &+ 5))
    }

    @Test func noVariationKeepsTheScriptAndOnlyReseedsTheCosts() {
        let config = Fixtures.config(script: Self.script)
        let run = config.forRun(EnsembleRun(index: 2, scenarioSeed: 1), variation: .none)
        #expect(run.script == config.script)
        #expect(run.drawSeed == EnsembleRun(index: 2, scenarioSeed: 1).seed)
        #expect(config.drawSeed == nil)
    }

    @Test func theTouchPhaseMovesEachInstantWithinItsFrameAndKeepsEventsTogether() {
        let config = Fixtures.config(script: Self.script)
        let period = 1000 / config.device.refreshRate
        for index in 0..<200 {
            let run = config.forRun(EnsembleRun(index: index, scenarioSeed: 1), variation: .standard).script
            // Events written at one instant stay at one instant, in the order given.
            #expect(run[0].at == run[1].at && run[2].at == run[3].at)
            #expect(run.map(\.action) == Self.script.map(\.action))
            for (varied, written) in zip(run, Self.script) {
                let delay = varied.at * 1000 - written.at * 1000
                #expect(delay >= 0 && delay < period + 1e-9, "run \(index): \(delay) ms")
            }
            // A fling and a drag are timed from their touch; a rotation and a tap are not.
            #expect(abs(run[0].touchMs! - run[0].at * 1000) < 1e-9 && abs(run[2].touchMs! - run[2].at * 1000) < 1e-9)
            #expect(run[1].touchMs == nil && run[3].touchMs == nil)
        }
        // Over 200 runs the phases spread over the whole frame: some in each quarter of it.
        let phases = (0..<200).map { config.forRun(EnsembleRun(index: $0, scenarioSeed: 1), variation: .standard).script[0].at * 1000 - 300 }
        for quarter in 0..<4 {
            #expect(phases.contains { $0 >= Double(quarter) * period / 4 && $0 < Double(quarter + 1) * period / 4 })
        }
    }

    @Test func humanVariationStaysWithinItsBoundsAndKeepsTheOrder() {
        let config = Fixtures.config(script: [Fixtures.fling(at: 0, 4000), Fixtures.fling(at: 0.02, -3000)])
        let variation = RunVariation(touchPhase: false, velocity: 0.1, startMs: 50)
        var moved = 0
        for index in 0..<300 {
            let run = config.forRun(EnsembleRun(index: index, scenarioSeed: 9), variation: variation).script
            guard case .fling(let v0, _) = run[0].action, case .fling(let v1, _) = run[1].action else {
                Issue.record("the actions changed kind")
                return
            }
            #expect(v0 >= 3600 && v0 <= 4400 && v1 <= -2700 && v1 >= -3300)
            // Never before 0, never before the previous event, never more than 50 ms late.
            #expect(run[0].at >= 0 && run[0].at <= 0.05 + 1e-12)
            #expect(run[1].at >= run[0].at && run[1].at <= 0.07 + 1e-12)
            if run[1].at < 0.02 { moved += 1 }
        }
        // Half the draws move the second fling earlier (some clamped to the first).
        #expect(moved > 100)
    }

    /// The user's speed alone (no touch phase, no start spread) still varies the script: each
    /// fling's velocity is drawn in 4000 × (1 ± 0.1), and its time stays as written. A draw
    /// landing on exactly 4000 has probability 0, so every one of 50 runs moves it.
    @Test func speedAloneVariesEachGestureAndNotItsTime() {
        let config = Fixtures.config(script: [Fixtures.fling(at: 0.3, 4000)])
        let variation = RunVariation(touchPhase: false, velocity: 0.1)
        #expect(variation.movesScript)
        for index in 0..<50 {
            let run = config.forRun(EnsembleRun(index: index, scenarioSeed: 3), variation: variation).script
            guard case .fling(let v, _) = run[0].action else {
                Issue.record("the fling changed kind")
                return
            }
            #expect(v >= 3600 && v <= 4400 && v != 4000, "run \(index): \(v)")
            #expect(abs(run[0].at - 0.3) < 1e-12)
        }
    }

    /// A drag's speed is drawn as a fling's is, multiplied by a factor in 1 ± 0.1 even about 1:
    /// over 400 runs every drawn velocity lies in 500 × [0.9, 1.1] (a division by the factor
    /// would pass 550 whenever it falls under 0.909, one draw in 22), its duration, release
    /// and time stay as written, and the mean is 500 within 1 % (the mean of 400 draws has a
    /// standard error of 500 × 0.1 / √3 / √400 = 1.4, so 1 % is 3.5 of them).
    @Test func aDragsSpeedIsDrawnInItsBoundsAndEvenAboutIt() {
        let config = Fixtures.config(script: [ScriptEvent(at: 0.5, action: .drag(velocity: 500, duration: 0.2, flingOnRelease: true))])
        let variation = RunVariation(touchPhase: false, velocity: 0.1)
        var sum = 0.0
        for index in 0..<400 {
            let run = config.forRun(EnsembleRun(index: index, scenarioSeed: 11), variation: variation).script
            guard case .drag(let v, let duration, let fling) = run[0].action else {
                Issue.record("the drag changed kind")
                return
            }
            #expect(v >= 450 && v <= 550 && duration == 0.2 && fling, "run \(index): \(v)")
            #expect(abs(run[0].at - 0.5) < 1e-12 && run[0].touchMs == 500)
            sum += v
        }
        #expect(abs(sum / 400 - 500) < 5, "mean \(sum / 400)")
    }

    /// A drag touched 4 ms after a vsync tick is first seen at the next tick, already moved
    /// by the time since the touch: at 120 Hz the tick after 104 ms is 108.33 ms (tick 13), so
    /// at 1,000 pt/s the first frame shows 1000 × (108.333 − 104) / 1000 = 4.333 pt.
    @Test func aDragIsTimedFromItsTouchNotFromTheFrameThatSeesIt() {
        let drag = ScriptEvent(at: 0.104, action: .drag(velocity: 1000, duration: 1, flingOnRelease: false), touchMs: 104)
        let result = Simulation.run(Fixtures.config(count: 200, duration: 0.2, script: [drag]))
        let time = result.frames.timeMs
        let offset = result.frames.offset
        let first = (0..<result.frames.count).first { offset[$0] > 0 }!
        #expect(abs(time[first] - 1300.0 / 12) < 1e-9)
        #expect(abs(offset[first] - (1300.0 / 12 - 104)) < 1e-9)
        // Without the touch time the same drag is timed from that frame: nothing moved yet in it.
        let aligned = Simulation.run(Fixtures.config(count: 200, duration: 0.2, script: [ScriptEvent(at: 0.104, action: drag.action)]))
        #expect(aligned.frames.offset[first] == 0)
    }

    @Test func anEnsembleRunDrawsDistributedCostsFromItsOwnSeedAndKeepsTheContent() {
        var type = Fixtures.cell(height: .absolute(.uniform(min: 50, max: 150)))
        type.costDistributions[.body] = .uniform(min: 0.1, max: 2)
        let config = Fixtures.config(count: 100, types: [type], script: [Fixtures.fling(at: 0, 3000)])
        let single = Simulation.run(config)
        let a = Simulation.run(config.forRun(EnsembleRun(index: 0, scenarioSeed: 1), variation: .none))
        let b = Simulation.run(config.forRun(EnsembleRun(index: 1, scenarioSeed: 1), variation: .none))
        let again = Simulation.run(config.forRun(EnsembleRun(index: 1, scenarioSeed: 1), variation: .none))
        // The content is the scenario's: the same heights, so the same true content height.
        #expect(single.frames.trueHeight.last == a.frames.trueHeight.last && a.frames.trueHeight.last == b.frames.trueHeight.last)
        // The costs are each run's own, and a run is the same run every time.
        #expect(single.summary.frameWorkMs != a.summary.frameWorkMs && a.summary.frameWorkMs != b.summary.frameWorkMs)
        #expect(b.summary == again.summary)
    }

    /// Run i of a scenario and of a copy with its types reordered draw the same cost for the same
    /// type and element: an ensemble keys its draws by the type's name.
    @Test func ensembleDrawsAreKeyedByTypeName() {
        let keys = CostDrawKeys(drawSeed: 42, typeNames: ["post", "reel"])
        let swapped = CostDrawKeys(drawSeed: 42, typeNames: ["reel", "post"])
        for element in 0..<50 {
            #expect(keys.unit(type: keys.type(1), phase: .body, element: element, child: 0)
                    == swapped.unit(type: swapped.type(0), phase: .body, element: element, child: 0))
        }
        // A single run keys by index, as it always has.
        let single = CostDrawKeys(nestedSeed: 42)
        #expect(single.type(1) == 1)
    }
}
