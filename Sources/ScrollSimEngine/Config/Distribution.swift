/// A quantity drawn once per element from the scenario's seeded generator.
///
/// Used directly as a height (`{"uniform": {"min": 150, "max": 450}}`), as a text length in
/// characters, or as an image aspect ratio. Draws are made in element order when the content is
/// built, so adding a script event never changes the content.
public enum Distribution: Equatable, Sendable {
    case fixed(Double)
    case uniform(min: Double, max: Double)
    /// A normal draw, clamped to `min...max` (either bound may be absent).
    case normal(mean: Double, sd: Double, min: Double?, max: Double?)

    public func sample(_ random: inout SplitMix64) -> Double {
        switch self {
        case .fixed(let value):
            return value
        case .uniform(let low, let high):
            return low + (high - low) * random.nextUnit()
        case .normal(let mean, let sd, let low, let high):
            var value = mean + sd * random.nextStandardNormal()
            if let low { value = Swift.max(value, low) }
            if let high { value = Swift.min(value, high) }
            return value
        }
    }

    /// How many draws `sample(_:)` takes from the generator (always the same for a distribution,
    /// so a row's draws can be found without making the draws before it).
    public var drawCount: Int {
        switch self {
        case .fixed: return 0
        case .uniform: return 1
        case .normal: return 2
        }
    }

    /// The value a reader would guess without drawing: the fixed value, the midpoint, the mean.
    public var typical: Double {
        switch self {
        case .fixed(let value): return value
        case .uniform(let low, let high): return (low + high) / 2
        case .normal(let mean, _, let low, let high):
            return Swift.min(Swift.max(mean, low ?? -.infinity), high ?? .infinity)
        }
    }
}
