/// One run of an ensemble: its index and the seed its draws come from.
///
/// Run `i` of a scenario whose seed is `s` draws from
/// `seed(i) = mix(mix(s ⊕ 0x5EED_E45E_3B1E_0001) + i)`, where `mix` is SplitMix64's finalizer:
/// the seeds of one scenario's runs are as unrelated as SplitMix64's consecutive outputs, the
/// same `(s, i)` always gives the same seed, and run `i` of two versions of a scenario (a
/// baseline and a change) draws the same — which is what pairs them in a comparison.
///
/// A run's seed replaces the scenario's seed for the cost draws (`SimulationConfig.drawSeed`:
/// distributed costs and `jitter`) and seeds the script's variation (`RunVariation`); the
/// content (types and heights) still comes from the scenario's seed.
public struct EnsembleRun: Equatable, Sendable {
    public var index: Int
    public var seed: UInt64

    /// Run `index` of an ensemble of the scenario seeded `scenarioSeed`.
    /// - Complexity: O(1)
    public init(index: Int, scenarioSeed: UInt64) {
        precondition(index >= 0, "run index \(index) must not be negative")
        self.index = index
        seed = EnsembleRun.mix(EnsembleRun.mix(scenarioSeed ^ 0x5EED_E45E_3B1E_0001) &+ UInt64(index))
    }

    /// SplitMix64's finalizer (Steele, Lea and Flood, 2014).
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SimulationConfig {
    /// The configuration of one run of an ensemble: its cost draws from the run's seed, its
    /// script varied as `variation` says (`RunVariation`).
    ///
    /// The script's variation draws from its own generator (the run's seed, salted), in script
    /// order: per distinct instant, the phase then the start offset; per drag or fling, the
    /// velocity factor. So a run's script does not depend on the costs, and two versions of a
    /// scenario with the same script move their runs' gestures alike.
    /// - Complexity: O(events)
    public func forRun(_ run: EnsembleRun, variation: RunVariation) -> SimulationConfig {
        var config = self
        config.drawSeed = run.seed
        guard variation.movesScript, !script.isEmpty else { return config }
        var random = SplitMix64(seed: run.seed ^ 0x7A3C_91E5_0D2B_6F48)
        let periodMs = 1000 / device.refreshRate
        var previousWritten = -Double.infinity
        var instantMs = 0.0
        var floorMs = 0.0
        for i in config.script.indices {
            var event = config.script[i]
            if event.at != previousWritten {
                previousWritten = event.at
                var ms = event.at * 1000
                if variation.touchPhase { ms += random.nextUnit() * periodMs }
                if variation.startMs > 0 { ms += (2 * random.nextUnit() - 1) * variation.startMs }
                instantMs = max(ms, floorMs, 0)
            }
            floorMs = instantMs
            event.at = instantMs / 1000
            switch event.action {
            case .drag(let velocity, let duration, let flingOnRelease):
                event.action = .drag(velocity: velocity * speedFactor(variation, &random), duration: duration, flingOnRelease: flingOnRelease)
                event.touchMs = instantMs
            case .fling(let velocity, let deceleration):
                event.action = .fling(velocity: velocity * speedFactor(variation, &random), deceleration: deceleration)
                event.touchMs = instantMs
            case .rotate, .scrollTo, .tap, .environment, .append:
                break
            }
            config.script[i] = event
        }
        return config
    }

    private func speedFactor(_ variation: RunVariation, _ random: inout SplitMix64) -> Double {
        variation.velocity > 0 ? 1 + (2 * random.nextUnit() - 1) * variation.velocity : 1
    }
}
