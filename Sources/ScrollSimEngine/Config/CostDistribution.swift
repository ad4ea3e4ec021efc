/// How one cost of a view type (`bodyMs`, `layoutMs`, …) varies from element to element: a
/// distribution of milliseconds, given by its inverse CDF.
///
/// A plain number is not a `CostDistribution`: a type whose cost is a number keeps that number
/// (`ViewTypeSpec.Costs`) and draws nothing, so scenarios written before distributions existed
/// run exactly as they did. A distribution is sampled by `quantile(_:)` at a uniform `u` in
/// (0, 1) that `CostDraws` derives from (seed, type, phase, element) — no generator state, no
/// storage per row. `mean` is the figure every estimate uses (the `ViewTypeSpec.Costs` number
/// of a type with a distribution is its mean).
///
/// The forms:
/// - `uniform(min, max)`: `min + (max − min)·u`.
/// - `normal(mean, sd, min, max)`: `mean + sd·Φ⁻¹(u)`, clamped to `min...max` (`max` optional).
/// - `lognormal(p50, p95)`: `exp(μ + σ·Φ⁻¹(u))` with μ = ln p50 and σ = ln(p95/p50) / 1.6449
///   (1.6449 = Φ⁻¹(0.95)), so the median is p50 and the 95th percentile p95.
/// - `quantiles([(p, v)…])`: a piecewise-linear inverse CDF through the points (probabilities
///   strictly increasing in (0, 1], the last 1; values non-decreasing, ≥ 0). Between two points
///   the value is interpolated linearly in u; below the first probability p₁ the value is the
///   first value v₁ (the first point holds the whole lower tail: nothing is drawn below v₁).
public enum CostDistribution: Equatable, Sendable {
    case fixed(Double)
    case uniform(min: Double, max: Double)
    case normal(mean: Double, sd: Double, min: Double, max: Double?)
    case lognormal(p50: Double, p95: Double)
    case quantiles([QuantilePoint])

    /// One point of an inverse CDF: `probability` of the draws are at most `value`.
    public struct QuantilePoint: Equatable, Sendable {
        public var probability: Double
        public var value: Double

        public init(probability: Double, value: Double) {
            self.probability = probability
            self.value = value
        }
    }

    /// Φ⁻¹(0.95): a lognormal's σ is ln(p95 / p50) divided by it.
    public static let z95 = 1.6449

    /// The value at cumulative probability `u` (in (0, 1); 0 and 1 are clamped inside).
    /// - Complexity: O(1); O(log k) for k quantile points.
    public func quantile(_ u: Double) -> Double {
        switch self {
        case .fixed(let value):
            return value
        case .uniform(let low, let high):
            return low + (high - low) * u
        case .normal(let mean, let sd, let low, let high):
            var value = mean + sd * NormalQuantile.z(u)
            value = Swift.max(value, low)
            if let high { value = Swift.min(value, high) }
            return value
        case .lognormal(let p50, let p95):
            return p50 * _exp(CostDistribution.sigma(p50: p50, p95: p95) * NormalQuantile.z(u))
        case .quantiles(let points):
            return CostDistribution.interpolate(points, u)
        }
    }

    /// The distribution's mean: what a single-figure estimate of the cost uses.
    /// - uniform: (min + max) / 2; lognormal: p50 · exp(σ²/2);
    /// - normal: the mean of the clamped draw, E[clamp(X, min, max)];
    /// - quantiles: ∫₀¹ Q(u) du = p₁·v₁ + Σ (pᵢ₊₁ − pᵢ)·(vᵢ + vᵢ₊₁)/2.
    public var mean: Double {
        switch self {
        case .fixed(let value):
            return value
        case .uniform(let low, let high):
            return (low + high) / 2
        case .normal(let mean, let sd, let low, let high):
            return NormalQuantile.clampedMean(mean: mean, sd: sd, low: low, high: high)
        case .lognormal(let p50, let p95):
            let sigma = CostDistribution.sigma(p50: p50, p95: p95)
            return p50 * _exp(sigma * sigma / 2)
        case .quantiles(let points):
            guard let first = points.first else { return 0 }
            var sum = first.probability * first.value
            for i in 1..<points.count {
                sum += (points[i].probability - points[i - 1].probability) * (points[i].value + points[i - 1].value) / 2
            }
            return sum
        }
    }

    /// The same distribution with every value multiplied by `factor` (a faster or slower CPU).
    public func scaled(by factor: Double) -> CostDistribution {
        switch self {
        case .fixed(let value):
            return .fixed(value * factor)
        case .uniform(let low, let high):
            return .uniform(min: low * factor, max: high * factor)
        case .normal(let mean, let sd, let low, let high):
            return .normal(mean: mean * factor, sd: sd * factor, min: low * factor, max: high.map { $0 * factor })
        case .lognormal(let p50, let p95):
            return .lognormal(p50: p50 * factor, p95: p95 * factor)
        case .quantiles(let points):
            return .quantiles(points.map { QuantilePoint(probability: $0.probability, value: $0.value * factor) })
        }
    }

    /// σ of a lognormal with this median and 95th percentile.
    static func sigma(p50: Double, p95: Double) -> Double {
        p50 > 0 && p95 > p50 ? _log(p95 / p50) / z95 : 0
    }

    /// The piecewise-linear inverse CDF through `points` at `u` (v₁ below p₁).
    static func interpolate(_ points: [QuantilePoint], _ u: Double) -> Double {
        guard let first = points.first else { return 0 }
        if u <= first.probability { return first.value }
        // The first point whose probability is at least u (binary search).
        var low = 1
        var high = points.count - 1
        while low < high {
            let mid = (low + high) / 2
            if points[mid].probability < u { low = mid + 1 } else { high = mid }
        }
        let a = points[low - 1]
        let b = points[low]
        let span = b.probability - a.probability
        guard span > 0 else { return b.value }
        return a.value + (b.value - a.value) * Swift.min(1, (u - a.probability) / span)
    }
}
