/// Order statistics over a sample, as reported in summaries (`frameWorkMs.p99` and friends).
///
/// Percentiles use linear interpolation between the closest ranks (the method numpy calls
/// `linear` and Excel `PERCENTILE.INC`): p50 of [1, 2, 3, 4] is 2.5, p100 is the maximum.
public struct Percentiles: Equatable, Sendable {
    public var mean: Double
    public var p50: Double
    public var p90: Double
    public var p95: Double
    public var p99: Double
    public var max: Double

    public static let zero = Percentiles(mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, max: 0)

    /// - Complexity: O(n log n) for n values (one sorted copy).
    public init<C: Collection>(of values: C) where C.Element == Double {
        guard !values.isEmpty else {
            self = .zero
            return
        }
        let sorted = values.sorted()
        mean = sorted.reduce(0, +) / Double(sorted.count)
        p50 = Percentiles.interpolated(sorted, 0.50)
        p90 = Percentiles.interpolated(sorted, 0.90)
        p95 = Percentiles.interpolated(sorted, 0.95)
        p99 = Percentiles.interpolated(sorted, 0.99)
        max = sorted[sorted.count - 1]
    }

    public init(mean: Double, p50: Double, p90: Double, p95: Double, p99: Double, max: Double) {
        self.mean = mean
        self.p50 = p50
        self.p90 = p90
        self.p95 = p95
        self.p99 = p99
        self.max = max
    }

    /// The q-quantile (0...1) of an ascending, non-empty array.
    public static func interpolated(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of an empty sample")
        precondition((0...1).contains(q), "quantile \(q) outside 0...1")
        let rank = q * Double(sorted.count - 1)
        let lower = Int(rank)
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = rank - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
