extension Thresholds {
    /// Default thresholds by metric kind, named so a thresholds file or `--preset` can pick one.
    ///
    /// The simulation is deterministic: the same scenario and engine give the same numbers, so
    /// there is no run-to-run noise to absorb. Thresholds therefore say how large a *real* change
    /// must be before it matters, not how noisy a measurement is.
    public struct Preset: Equatable, Sendable {
        public var name: String
        /// What the preset is for, one line (help text).
        public var summary: String
        public var byKind: [Metric.Kind: Threshold]

        public init(name: String, summary: String, byKind: [Metric.Kind: Threshold]) {
            self.name = name
            self.summary = summary
            self.byKind = byKind
        }

        /// The preset's threshold for a kind of metric (`off` for a kind it leaves out).
        public func threshold(for kind: Metric.Kind) -> Threshold {
            byKind[kind] ?? .off
        }

        /// The default.
        ///
        /// - Counts (dropped frames, jumps, body evaluations, state losses, …): an error on any
        ///   rise. One more dropped frame is a real dropped frame.
        /// - Times: a warning past 5 %, an error past 10 %, ignoring changes under 0.01 ms so a
        ///   near-zero metric does not "double" by rounding.
        /// - Hitch ratio: as times, ignoring changes under 0.05 ms/s.
        /// - Memory: a warning past 2 %, an error past 5 %, ignoring changes under 4 KiB.
        /// - Lengths (corrections, jumps, landing errors): a warning past 5 %, an error past
        ///   10 %, ignoring changes under 1 pt (a point is about what an eye can see).
        /// - Blank-area fractions: a warning past 5 %, an error past 10 %, ignoring changes
        ///   under 0.01.
        public static let standard = Preset(
            name: "standard",
            summary: "counts: any rise fails; times, memory and lengths: relative limits with a small floor",
            byKind: [
                .count: Threshold(error: .absolute(0)),
                .time: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01),
                .rate: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.05),
                .memory: Threshold(warning: .relative(0.02), error: .relative(0.05), floor: 4096),
                .length: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 1),
                .fraction: Threshold(warning: .relative(0.05), error: .relative(0.10), floor: 0.01),
            ]
        )

        /// Any change to a judged metric is an error (beyond `Threshold.tolerance`): for
        /// checking that a refactoring of the engine or a scenario changes nothing.
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
        public static let all: [Preset] = [.standard, .exact]

        public static func named(_ name: String) -> Preset? {
            all.first { $0.name == name }
        }
    }
}
