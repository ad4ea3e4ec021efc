import ScrollSimEngine

/// `ensemble`: play the scenario as N runs whose draws differ, and report each metric with its
/// interval.
///
/// ```json
/// "ensemble": {"runs": 30, "variation": {"velocity": 0.1, "startMs": 50}}
/// ```
///
/// `runs` is left out of the content hash (30 or 100 runs of a list are the same list, and
/// `--runs` overrides it without touching the file); `touchPhase` and `variation` change what
/// is played, so they are hashed.
extension ScenarioKeys {
    /// The ensemble as it is read.
    struct EnsembleDraft {
        var runs = 1
        var touchPhase = true
        var variation = HumanVariation()
    }

    /// The user's own variation, off by default.
    struct HumanVariation {
        var velocity = 0.0
        var startMs = 0.0
    }

    static let humanVariation = ObjectDeclaration<HumanVariation>(
        "variation", "The user's own variation between runs, off by default.", defaults: HumanVariation(),
        keys: [
            .number("velocity", \.velocity, 0...0.9, "each drag's and fling's velocity is multiplied by a uniform draw in 1 ± this (0.1: ±10 %)"),
            .number("startMs", \.startMs, 0...10_000, unit: "ms", "each instant of the script moves by a uniform draw in ± this many ms (never before 0 or before the previous event)"),
        ]
    )

    static let ensemble = ObjectDeclaration<EnsembleDraft>(
        "ensemble", "Play the scenario as several runs whose draws differ, and report every metric with its spread and a 95 % interval of its mean.",
        defaults: EnsembleDraft(),
        keys: [
            .integer("runs", \.runs, 1...EnsemblePlan.maximumRuns,
                     "how many runs; run i draws from a seed made of the scenario's `seed` and i. 1 is the single deterministic run (no variation). `--runs N` overrides it"),
            .bool("touchPhase", \.touchPhase,
                  "each instant of the script falls at a uniformly drawn moment of the frame interval that starts at its written time (touches and replies are not aligned with vsync); a drag or fling is timed from that moment (default true)"),
            .object("variation", \.variation, humanVariation, "the user's own variation: `velocity` (relative) and `startMs`"),
        ]
    )

    /// The plan an ensemble draft describes.
    static func plan(_ draft: EnsembleDraft) -> EnsemblePlan {
        EnsemblePlan(runs: draft.runs, variation: RunVariation(touchPhase: draft.touchPhase, velocity: draft.variation.velocity,
                                                               startMs: draft.variation.startMs))
    }
}
