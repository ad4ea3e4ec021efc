/// The thresholds a comparison applies: a preset, then overrides in order.
///
/// The threshold of a metric in a scenario is found by starting from the preset's threshold for
/// the metric's family or kind (`Thresholds.Preset`) and applying, in order, every override whose metric
/// pattern and scenario match. Overrides come from the thresholds file (its `metrics` first,
/// then its `scenarios`) and then from `--threshold` arguments, so the most specific and most
/// recent word wins. Neutral metrics and metrics this version does not know are always `off`:
/// they are reported and never judged. An override changes only the parts it names: the
/// limits of `frameWorkMs.p99=3%,8%` under the standard preset are still fractions of the
/// frame budget (its rule, `Threshold.Rule.frameBudget`), unless it also names a rule.
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
    /// The thresholds file's `overBudget`, replacing the preset's (`.keep`: the preset's).
    public var overBudgetSetting: Override.Change<Severity?>

    public init(preset: Preset = .standard, overrides: [Override] = [], sources: [String] = [],
                overBudget: Override.Change<Severity?> = .keep) {
        self.preset = preset
        self.overrides = overrides
        self.sources = sources
        self.overBudgetSetting = overBudget
    }

    /// The severity of a metric over its own budget: the file's `overBudget`, else the preset's.
    public var overBudget: Severity? {
        if case .set(let severity) = overBudgetSetting { return severity }
        return preset.overBudget
    }

    /// The standard preset with no overrides.
    public static let standard = Thresholds(preset: .standard)
    /// The relative preset (the standard preset before 0.10): limits relative to the baseline.
    public static let relative = Thresholds(preset: .relative)
    /// The exact preset: any change to a judged metric is an error.
    public static let exact = Thresholds(preset: .exact)

    /// The threshold for the metric at `path` in the scenario named `scenario`.
    /// - Complexity: O(o) for o overrides.
    public func threshold(for path: String, scenario: String) -> Threshold {
        guard let metric = Metric(rawValue: path), metric.polarity != .neutral else { return .off }
        var threshold = preset.threshold(for: metric)
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
        public var rule: Change<Threshold.Rule>

        public init(metric: String, scenario: String? = nil, warning: Change<Threshold.Limit?> = .keep,
                    error: Change<Threshold.Limit?> = .keep, floor: Change<Double> = .keep, rule: Change<Threshold.Rule> = .keep) {
            self.metric = metric
            self.scenario = scenario
            self.warning = warning
            self.error = error
            self.floor = floor
            self.rule = rule
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
            if case .set(let rule) = rule { result.rule = rule }
            return result
        }
    }
}
