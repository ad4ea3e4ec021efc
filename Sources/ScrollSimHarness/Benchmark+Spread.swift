import ScrollSimEngine

extension Benchmark {
    /// N measurements of one figure, summarised the way `scrollsim bench` prints them: the
    /// median, the range (min–max) and the interquartile range.
    ///
    /// Quartiles interpolate linearly between ranks (`Percentiles.interpolated`: rank q·(n−1),
    /// R's type 7 and NumPy's default), so the median of an even count is the mean of the middle
    /// two. One slow run (another process took the core) moves the maximum, not the median: the
    /// median is the figure, the spread says how far to trust it.
    public struct Spread: Equatable, Sendable {
        public var count: Int
        public var median: Double
        public var minimum: Double
        public var maximum: Double
        public var lowerQuartile: Double
        public var upperQuartile: Double

        /// - Precondition: `values` is not empty (bench always measures at least one run).
        public init(_ values: [Double]) {
            precondition(!values.isEmpty, "a spread of no measurements")
            let sorted = values.sorted()
            count = sorted.count
            median = Percentiles.interpolated(sorted, 0.5)
            minimum = sorted[0]
            maximum = sorted[sorted.count - 1]
            lowerQuartile = Percentiles.interpolated(sorted, 0.25)
            upperQuartile = Percentiles.interpolated(sorted, 0.75)
        }

        /// The interquartile range: the middle half of the runs lies within it.
        public var interquartileRange: Double { upperQuartile - lowerQuartile }
    }

    /// The ratio of each pair, `numerators[i] / denominators[i]`, for the pairs whose denominator
    /// is positive: measurements made back to back (A B A B …) share the machine's load of the
    /// moment, so their ratio keeps what differs between A and B and cancels most of the rest.
    /// Summarise them with `Spread` (the median of the per-pair ratios, not the ratio of
    /// medians).
    public static func pairedRatios(_ numerators: [Double], _ denominators: [Double]) -> [Double] {
        zip(numerators, denominators).compactMap { $1 > 0 ? $0 / $1 : nil }
    }
}
