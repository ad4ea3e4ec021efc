extension SweepSummary {
    /// A metric of a row as its tables show it: the value, or for an ensemble the mean and the
    /// half-width of its 95 % interval, the unit once (`4.40 ± 0.86`, `7.80 ± 0.21 ms`).
    public func cell(_ metric: Metric, _ row: Row) -> String {
        guard let mean = row.metrics[metric.rawValue] else { return "" }
        guard let spread = row.spread(metric.rawValue) else { return DisplayFormat.metric(metric, mean) }
        return SweepSummary.meanAndInterval(metric, mean: mean, halfWidth: spread.halfWidth)
    }

    /// `4.40 ± 0.86`, `7.80 ± 0.21 ms`, `3.68 MiB ± 12.0 KiB`: the unit written once when both
    /// figures have the same one.
    public static func meanAndInterval(_ metric: Metric, mean: Double, halfWidth: Double) -> String {
        let m = DisplayFormat.metric(metric, mean)
        let h = DisplayFormat.metric(metric, halfWidth)
        if let space = m.lastIndex(of: " "), let other = h.lastIndex(of: " "), m[space...] == h[other...] {
            return "\(m[..<space]) ± \(h)"
        }
        return "\(m) ± \(h)"
    }

    /// `30 runs`, or `10 to 30 runs` when the variants differ (a sweep that varies
    /// `ensemble.runs`).
    public var runCounts: String {
        let counts = rows.map(\.runs)
        let low = counts.min() ?? 1, high = counts.max() ?? 1
        return low == high ? CompareFormat.count(low, "run") : "\(low) to \(high) runs"
    }

    /// `a, b and c`; past `limit` names, the first ones and `and 12 more`.
    static func list(_ names: [String], limit: Int = 8) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        if names.count > limit { return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// The best variant, or why there is none, as lines for people (the command's output, the
    /// markdown and the page): the verdict first, then any details, each indented by two
    /// spaces; nil when no variant has the metric.
    ///
    /// A sweep of single runs: `best (min hitchRatio): feed-v2: stack.spacing=16: 0.00 ms/s`,
    /// as it always was. A sweep of ensembles names the best only when it is significantly
    /// better than every other variant (`SweepChoice`), with its closest rival; otherwise it
    /// says that no variant is, lists the variants it cannot tell apart, and one line per
    /// rival with its difference from the leader and that difference's 95 % interval (at most
    /// `rivals` of them, then how many more).
    public func choiceLines(rivals: Int = .max) -> [String]? {
        let plan = self.plan
        let head = "best (\(plan.objective.rawValue) \(plan.metric.rawValue))"
        guard let choice else {
            return best.map { ["\(head): \($0.name): \(plan.describe($0.index)): \(DisplayFormat.metric(plan.metric, $0.value))"] }
        }
        guard let leader = row(choice.leader) else { return nil }
        let direction = plan.objective == .min ? "lower" : "higher"
        let leaderText = "\(cell(plan.metric, leader)) (\(CompareFormat.count(leader.runs, "run")))"
        func versus(_ v: SweepChoice.Versus) -> String {
            let d = v.difference
            let unit = d.kind == .paired ? CompareFormat.count(d.count, "pair") : "unpaired"
            return "\(row(v.index)?.name ?? "v\(v.index)") − \(leader.name): \(CompareFormat.interval(d, kind: plan.metric.kind)) (\(unit))"
        }
        if choice.isSignificant {
            var line = "\(head): \(leader.name): \(plan.describe(leader.index)): \(leaderText), significantly \(direction) than every other variant"
            if let closest = choice.closest { line += "; closest: \(versus(closest))" }
            return [line]
        }
        let tied = choice.tied.compactMap { row($0)?.name }
        var lines = ["\(head): none: no variant is significantly \(direction) than the others; \(SweepSummary.list(tied)) are within each other's intervals "
                     + "(each one's difference from \(leader.name), the \(plan.objective == .min ? "lowest" : "highest") mean, has a 95 % interval that includes 0)"]
        lines.append("  \(leader.name): \(plan.describe(leader.index)): \(leaderText)")
        let tiedRivals = choice.others.filter { !$0.leaderIsBetter }
        for v in tiedRivals.prefix(rivals) { lines.append("  " + versus(v)) }
        if tiedRivals.count > rivals { lines.append("  and \(tiedRivals.count - rivals) more (summary.md lists every one)") }
        return lines
    }
}
