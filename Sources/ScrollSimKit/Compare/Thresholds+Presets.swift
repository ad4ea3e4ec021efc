extension Thresholds {
    /// Default thresholds by metric family (`Metric.ThresholdFamily`) or kind, named so a
    /// thresholds file or `--preset` can pick one, and the severity of a metric over its own
    /// budget.
    ///
    /// The simulation is deterministic: the same scenario and engine give the same numbers, so
    /// there is no run-to-run noise to absorb. Thresholds therefore say how large a *real*
    /// change must be before it matters to the user, not how noisy a measurement is. The
    /// reasons for each preset's numbers are in the cookbook ("Choosing thresholds").
    public struct Preset: Equatable, Sendable {
        public var name: String
        /// What the preset is for, one line (help text).
        public var summary: String
        /// Thresholds by family; a family not listed falls back to `byKind`.
        public var byFamily: [Metric.ThresholdFamily: Threshold]
        public var byKind: [Metric.Kind: Threshold]
        /// The severity of a metric whose current value is over its own budget, moved or not
        /// (nil: budgets are not findings of a comparison).
        public var overBudget: Severity?

        public init(name: String, summary: String, byFamily: [Metric.ThresholdFamily: Threshold] = [:],
                    byKind: [Metric.Kind: Threshold], overBudget: Severity? = nil) {
            self.name = name
            self.summary = summary
            self.byFamily = byFamily
            self.byKind = byKind
            self.overBudget = overBudget
        }

        /// The preset's threshold for a metric: its family's, else its kind's, else `off`.
        /// Neutral metrics are always `off`.
        public func threshold(for metric: Metric) -> Threshold {
            guard metric.thresholdFamily != .neutral, metric.polarity != .neutral else { return .off }
            return byFamily[metric.thresholdFamily] ?? threshold(for: metric.kind)
        }

        /// The preset's threshold for a kind of metric (`off` for a kind it leaves out).
        public func threshold(for kind: Metric.Kind) -> Threshold {
            byKind[kind] ?? .off
        }

        /// The default: thresholds that fit what a user would notice.
        ///
        /// - Per-frame work (`frameWorkMs.*`): judged against the frame budget B (8.33 ms at
        ///   120 Hz): a warning past 5 % of B, an error past 10 % of B, and a move that stays at
        ///   or under B/2 on both sides is noted, never failed (`Threshold.Rule.frameBudget`).
        /// - Hitch ratio, dropped frames and hitch times of the scroll interaction: by Apple's
        ///   grades (good < 5 ms/s, warning 5–10, critical > 10, or the scenario's own
        ///   `grading`): a worse grade is an error; inside the warning or critical grade a
        ///   warning past +10 %, an error past +25 %; inside the good grade a move is noted
        ///   (`Threshold.Rule.hitchGrades`).
        /// - Defect counts (launch and resting drops, jumps, lost state, popped views,
        ///   duplicate page loads, …): an error on any rise: each is one the user meets.
        /// - Work counts (body evaluations, layout passes, builds, resident views, …): a slack
        ///   of 2 (one view more or less, built from a shifted prefetch boundary, moves body
        ///   and layout counts by one each), then a warning past 5 %, an error past 10 %.
        /// - Other times: a warning past 5 %, an error past 10 %, ignoring changes under 0.01 ms.
        /// - Memory: a warning past 2 %, an error past 5 %, ignoring changes under 4 KiB.
        /// - Lengths: a warning past 5 %, an error past 10 %, ignoring changes under 1 pt.
        /// - Blank-area fractions: a warning past 5 %, an error past 10 %, ignoring changes
        ///   under 0.01.
        /// - A metric over its own budget (`summary.budgets`) is an error, moved or not.
        public static let standard = Preset(
            name: "standard",
            summary: "frame work against the frame budget, hitches by Apple's grades, counts with a slack, a metric over its budget fails",
            byFamily: [
                .frameWork: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01, rule: .frameBudget),
                .hitch: Threshold(warning: .relative(0.10), error: .relative(0.25), floor: 0.05, rule: .hitchGrades),
                .defectCount: Threshold(error: .absolute(0)),
                .workCount: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 2),
            ],
            byKind: Preset.relative.byKind,
            overBudget: .error
        )

        /// Every limit relative to the baseline and any count rise an error, budgets not
        /// judged: the standard preset of ScrollSim 0.9 and earlier, for a team that wants any
        /// real change of more than a few percent to stop the build.
        public static let relative = Preset(
            name: "relative",
            summary: "counts: any rise fails; times, memory and lengths: 5%/10% of the baseline (the standard preset before 0.10)",
            byKind: [
                .count: Threshold(error: .absolute(0)),
                .time: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01),
                .rate: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.05),
                .memory: Threshold(warning: .relative(0.02), error: .relative(0.05), floor: 4096),
                .length: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 1),
                .fraction: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01),
            ]
        )

        /// Any change to a judged metric is an error (beyond `Threshold.tolerance`), budgets not
        /// judged: for checking that a refactoring of the engine or a scenario changes nothing.
        public static let exact = Preset(
            name: "exact",
            summary: "any change to a judged metric fails (for refactorings that should change nothing)",
            byKind: [
                .count: Threshold(error: .absolute(0)),
                .time: Threshold(error: .absolute(0)),
                .rate: Threshold(error: .absolute(0)),
                .memory: Threshold(error: .absolute(0)),
                .length: Threshold(error: .absolute(0)),
                .fraction: Threshold(error: .absolute(0)),
            ]
        )

        /// Every preset, by name.
        public static let all: [Preset] = [.standard, .relative, .exact]

        public static func named(_ name: String) -> Preset? {
            all.first { $0.name == name }
        }
    }
}
