/// The thresholds a comparison applies: a preset, then overrides in order.
///
/// The threshold of a metric in a scenario is found by starting from the preset's threshold for
/// the metric's kind (`Thresholds.Preset`) and applying, in order, every override whose metric
/// pattern and scenario match. Overrides come from the thresholds file (its `metrics` first,
/// then its `scenarios`) and then from `--threshold` arguments, so the most specific and most
/// recent word wins. Neutral metrics and metrics this version does not know are always `off`:
/// they are reported and never judged.
///
/// ```swift
/// var thresholds = Thresholds(preset: .standard)
/// thresholds.overrides.append(try .init(argument: "frameWorkMs.p99=3%,8%"))
/// thresholds.threshold(for: "frameWorkMs.p99", scenario: "feed-fling").error   // .relative(0.08)
/// ```
public struct Thresholds: Equatable, Sendable {
    public var preset: Preset
    public var overrides: [Override]
    /// Where the overrides came from, in order (`Reports/thresholds.json`, `--threshold`), for
    /// the header of a comparison.
    public var sources: [String]

    public init(preset: Preset = .standard, overrides: [Override] = [], sources: [String] = []) {
        self.preset = preset
        self.overrides = overrides
        self.sources = sources
    }

    /// The standard preset with no overrides.
    public static let standard = Thresholds(preset: .standard)
    /// The exact preset: any change to a judged metric is an error.
    public static let exact = Thresholds(preset: .exact)

    /// The threshold for the metric at `path` in the scenario named `scenario`.
    /// - Complexity: O(o) for o overrides.
    public func threshold(for path: String, scenario: String) -> Threshold {
        guard let metric = Metric(rawValue: path), metric.polarity != .neutral else { return .off }
        var threshold = preset.threshold(for: metric.kind)
        for override in overrides where override.matches(path: path, scenario: scenario) {
            threshold = override.apply(to: threshold)
        }
        return threshold
    }

    /// "preset standard + Reports/thresholds.json + --threshold": what shaped these thresholds.
    public var label: String {
        (["preset \(preset.name)"] + sources).joined(separator: " + ")
    }

    /// A change to some of a threshold's parts, for the metrics a pattern names.
    ///
    /// `metric` is a summary metric path (`frameWorkMs.p99`) or a prefix ending in `*`
    /// (`frameWorkMs.*`, or `*` for every metric); `scenario` limits the override to one
    /// scenario (nil: all). Parts set to `.keep` are left as they were.
    public struct Override: Equatable, Sendable {
        /// A part of a threshold an override either keeps or replaces.
        public enum Change<Value: Equatable & Sendable>: Equatable, Sendable {
            case keep
            case set(Value)
        }

        public var metric: String
        public var scenario: String?
        public var warning: Change<Threshold.Limit?>
        public var error: Change<Threshold.Limit?>
        public var floor: Change<Double>

        public init(metric: String, scenario: String? = nil, warning: Change<Threshold.Limit?> = .keep,
                    error: Change<Threshold.Limit?> = .keep, floor: Change<Double> = .keep) {
            self.metric = metric
            self.scenario = scenario
            self.warning = warning
            self.error = error
            self.floor = floor
        }

        /// Whether the override applies to the metric at `path` in `scenario`.
        public func matches(path: String, scenario name: String) -> Bool {
            if let scenario, scenario != name { return false }
            if metric.hasSuffix("*") { return path.hasPrefix(metric.dropLast()) }
            return path == metric
        }

        public func apply(to threshold: Threshold) -> Threshold {
            var result = threshold
            if case .set(let warning) = warning { result.warning = warning }
            if case .set(let error) = error { result.error = error }
            if case .set(let floor) = floor { result.floor = floor }
            return result
        }
    }
}
