/// How a sweep of ensembles picks its best variant: the variant with the best mean is the best
/// only when it is significantly better than every other variant; otherwise the sweep names the
/// variants it cannot tell apart.
///
/// The rule, for the plan's metric and objective:
/// 1. The **leader** is the variant with the best mean over its runs (lowest for `min`, highest
///    for `max`); a tie goes to the lower variant number, as in a single-run sweep. A variant
///    without the metric is not a candidate.
/// 2. Against every other candidate c, the change c − leader is measured with its 95 % interval
///    (`PairedDifference`): paired run by run when the two variants' runs drew alike (the same
///    run indexes and seeds — every variant of a sweep keeps the scenario's seed, so run i of
///    each draws from the same seed), else unpaired (Welch). A single-run variant counts as one
///    exact value, as `compare` counts one.
/// 3. The leader is the **best** only if every one of those intervals lies wholly on the side
///    that favours it (above 0 for `min`, below 0 for `max`). Otherwise there is no best: the
///    **tied** set is the leader and every candidate whose interval does not exclude 0 in the
///    leader's favour — the variants the runs do not tell apart from the leader.
///
/// Each interval is a 95 % interval on its own: no correction for making several comparisons.
/// When two variants truly have the same mean, the leader comes out significantly better than
/// the other about 1 time in 20, so with m variants truly tied for first a false "best" can be
/// up to m in 20; more runs narrow every interval (as 1/√n) and settle real differences.
///
/// Where it comes from: issue 41 asks for the best "only among variants whose difference is
/// significant (say so when it is not)"; the comparison is `compare`'s (`ScenarioComparison`),
/// whose verdicts call a change only when its interval excludes zero.
public struct SweepChoice: Equatable, Sendable {
    /// One variant's runs of the metric.
    public struct Candidate: Equatable, Sendable {
        /// The variant's number in the sweep.
        public var index: Int
        /// The metric's value in each run, in run order (one value for a single run).
        public var runs: [Double]
        /// What each run drew from — its index and seed (`EnsembleReport`), one item per run —
        /// so that two variants' runs are paired only when they drew alike; nil for a single
        /// run.
        public var draws: [String]?

        public init(index: Int, runs: [Double], draws: [String]?) {
            precondition(!runs.isEmpty, "a candidate without runs")
            self.index = index
            self.runs = runs
            self.draws = draws
        }

        /// The mean of the runs.
        public var mean: Double { runs.reduce(0, +) / Double(runs.count) }

        /// Whether run i of both drew alike, for the runs both have.
        func drawsAlike(_ other: Candidate) -> Bool {
            guard let mine = draws, let theirs = other.draws else { return false }
            let n = Swift.min(mine.count, theirs.count)
            return n > 0 && mine.prefix(n) == theirs.prefix(n)
        }
    }

    /// A candidate against the leader: `difference` is candidate − leader.
    public struct Versus: Equatable, Sendable {
        public var index: Int
        public var difference: PairedDifference
        /// Whether the interval lies wholly on the side that favours the leader.
        public var leaderIsBetter: Bool
    }

    /// The variant with the best mean.
    public var leader: Int
    /// Every other candidate against the leader, in variant order.
    public var others: [Versus]

    /// Whether the leader is significantly better than every other candidate: then it is the
    /// sweep's best.
    public var isSignificant: Bool { others.allSatisfy(\.leaderIsBetter) }

    /// The best variant, nil when the runs cannot tell it from another.
    public var best: Int? { isSignificant ? leader : nil }

    /// The leader and every candidate the runs do not tell apart from it, in variant order
    /// (the leader alone when it is the best).
    public var tied: [Int] {
        ([leader] + others.filter { !$0.leaderIsBetter }.map(\.index)).sorted()
    }

    /// The runner-up: the other candidate whose mean is closest to the leader's.
    public var closest: Versus? {
        others.min { abs($0.difference.mean) < abs($1.difference.mean) }
    }

    /// Applies the rule to `candidates` (any order; the variant numbers must differ).
    /// - Returns: nil when there is no candidate.
    /// - Complexity: O(v · n) for v candidates of n runs.
    public static func choose(_ candidates: [Candidate], objective: SweepPlan.Objective) -> SweepChoice? {
        let ordered = candidates.sorted { $0.index < $1.index }
        guard var leader = ordered.first else { return nil }
        for candidate in ordered.dropFirst() {
            let better = objective == .min ? candidate.mean < leader.mean : candidate.mean > leader.mean
            if better { leader = candidate }
        }
        let others = ordered.filter { $0.index != leader.index }.map { candidate -> Versus in
            let difference = candidate.drawsAlike(leader)
                ? PairedDifference(pairing: leader.runs, with: candidate.runs)
                : PairedDifference(unpaired: leader.runs, candidate.runs)
            let favours = objective == .min ? difference.low > 0 : difference.high < 0
            return Versus(index: candidate.index, difference: difference, leaderIsBetter: favours)
        }
        return SweepChoice(leader: leader.index, others: others)
    }
}
