extension Benchmark {
    /// One of the simulator's speed targets (issue 24), judged from bench's medians (the
    /// 10M ÷ 10k ratio from the rounds' ratios: `scaleRatio`).
    public struct Target: Equatable, Sendable {
        /// What is measured ("frame loop, 10,000 rows").
        public var subject: String
        /// The target as written ("≤ 0.5 µs/frame CPU").
        public var goal: String
        public var measured: Double
        public var unit: String
        public var limit: Double
        /// True for an upper limit (measured ≤ limit), false for a lower one (≥).
        public var isUpperLimit: Bool
        /// A word that goes with the figure (which scenario allocated most, …).
        public var note: String?

        public var met: Bool { isUpperLimit ? measured <= limit : measured >= limit }

        /// How many times over (or short of) the limit a missed target is: measured ÷ limit for
        /// an upper limit, limit ÷ measured for a lower one; nil when met, or when the limit is
        /// 0 (nothing is a multiple of zero allocations).
        public var missFactor: Double? {
            guard !met else { return nil }
            if isUpperLimit { return limit > 0 ? measured / limit : nil }
            return measured > 0 ? limit / measured : nil
        }
    }

    /// The targets whose workloads were measured, in the order the issue states them: the frame
    /// loop ≤ 0.25 µs/frame CPU at 10,000 rows and 10,000,000 within 1.2× of it; 10M set-up
    /// ≤ 0.2 s; report writing ≤ 1 µs/frame; `--jobs 2` ≥ 1.7× faster than `--jobs 1`; zero
    /// allocations per steady frame; an ensemble of 100 runs of a 1,000-frame 10k-row feed
    /// ≤ 0.15 s (issue 41); masonry ≤ 1 µs/frame.
    public static func targets(_ workloads: [WorkloadFigures]) -> [Target] {
        func figures(_ workload: Workload) -> WorkloadFigures? { workloads.first { $0.workload == workload } }
        var targets: [Target] = []
        if let feed = figures(.feed10k) {
            targets.append(Target(subject: "frame loop, 10,000 rows", goal: "≤ 0.25 µs/frame CPU", measured: feed.value.median, unit: "µs/frame", limit: 0.25, isUpperLimit: true))
            if let big = figures(.feed10M), let ratio = scaleRatio(big, feed) {
                targets.append(Target(subject: "frame loop, 10,000,000 rows ÷ 10,000", goal: "≤ 1.2×", measured: ratio, unit: "×", limit: 1.2, isUpperLimit: true))
            }
        }
        if let setup = figures(.setup10M) {
            targets.append(Target(subject: "set-up, 10,000,000 rows", goal: "≤ 0.2 s CPU", measured: setup.value.median / 1000, unit: "s", limit: 0.2, isUpperLimit: true))
        }
        if let report = figures(.report10k) {
            targets.append(Target(subject: "report writing", goal: "≤ 0.2 µs/frame CPU", measured: report.value.median, unit: "µs/frame", limit: 0.2, isUpperLimit: true))
        }
        if let jobs = figures(.runJobs) {
            targets.append(Target(subject: "run --jobs 2 against --jobs 1, shipped scenarios", goal: "≥ 1.7× faster", measured: jobs.value.median, unit: "×", limit: 1.7, isUpperLimit: false))
        }
        if let allocations = figures(.allocations) {
            targets.append(Target(subject: "allocations per steady frame, every shipped scenario", goal: "0", measured: allocations.value.maximum, unit: "allocating frames/steady frame", limit: 0, isUpperLimit: true, note: allocations.note))
        }
        if let ensemble = figures(.ensemble100) {
            targets.append(Target(subject: "ensemble of 100 runs, 1,000-frame 10,000-row feed", goal: "≤ 0.15 s CPU", measured: ensemble.value.median / 1000, unit: "s", limit: 0.15, isUpperLimit: true))
        }
        if let masonry = figures(.masonry10k) {
            targets.append(Target(subject: "masonry, 10,000 photos, 4 columns, rotation", goal: "≤ 1 µs/frame CPU", measured: masonry.value.median, unit: "µs/frame", limit: 1, isUpperLimit: true))
        }
        // Issue 45: the whole pipeline and the readers.
        if let pipeline = figures(.suitePipeline) {
            targets.append(Target(subject: "run of the shipped suite, --jobs 1, end to end", goal: "≤ 1 µs CPU per simulated frame", measured: pipeline.value.median, unit: "µs/frame", limit: 1, isUpperLimit: true))
        }
        if let compare = figures(.compare60) {
            targets.append(Target(subject: "compare, the suite's reports against a copy", goal: "≤ 0.1 s CPU", measured: compare.value.median, unit: "s", limit: 0.1, isUpperLimit: true))
            if let peak = compare.extras.first(where: { $0.name == Benchmark.peakName })?.value {
                targets.append(Target(subject: "compare, the suite's reports against a copy: peak memory", goal: "≤ 50 MB resident", measured: peak, unit: "MB", limit: 50, isUpperLimit: true))
            }
        }
        if let record = figures(.historyRecord) {
            targets.append(Target(subject: "history record, one commit of the suite's reports", goal: "≤ 0.03 s CPU", measured: record.value.median, unit: "s", limit: 0.03, isUpperLimit: true))
        }
        return targets
    }

    /// The 10M loop ÷ the 10k loop: the median of the ratios of runs made in the same round
    /// (`run` plays every workload once a round), the ratio of the medians when the runs do not
    /// pair up (figures gathered otherwise). nil when the 10k loop took no time.
    static func scaleRatio(_ big: WorkloadFigures, _ feed: WorkloadFigures) -> Double? {
        if big.samples.count == feed.samples.count {
            let ratios = pairedRatios(big.samples.map(\.value), feed.samples.map(\.value))
            return ratios.isEmpty ? nil : Spread(ratios).median
        }
        return feed.value.median > 0 ? big.value.median / feed.value.median : nil
    }
}
