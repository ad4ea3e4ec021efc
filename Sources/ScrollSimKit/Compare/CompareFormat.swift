/// How comparison renderings write values, changes, limits and verdicts. A metric's baseline,
/// current value and change are written at display precision, as the terminal summary and the
/// pages write them (`DisplayFormat`'s `.glance`: `1.10 ms`, `3.7 MiB`, `-4,050.2 pt`), and at
/// the report's own precision (`.exact`: `1.0912 ms`) only where display precision would show
/// two different values, or a change, as the same. Relative changes have one decimal
/// (`+50.0%`). Machine-readable outputs (JSON, JUnit attributes) carry the raw numbers instead.
public enum CompareFormat {
    /// At most four decimals, trailing zeros removed, no unit (the report's own precision).
    public static func plain(_ value: Double) -> String { DisplayFormat.plain(value) }

    /// "1 error", "2 errors".
    public static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// A metric's baseline, current value and change as renderings show them: at display
    /// precision, or at the report's where that would hide a difference (both values then
    /// switch, so they stay comparable).
    public static func shown(_ metric: MetricComparison) -> (baseline: String, current: String, delta: String) {
        let kind = metric.metric?.kind
        func glance(_ value: Double?) -> String { value.map { DisplayFormat.value($0, kind: kind, precision: .glance) } ?? "-" }
        var baseline = glance(metric.baseline), current = glance(metric.current)
        if let b = metric.baseline, let c = metric.current, abs(c - b) > Threshold.tolerance, baseline == current {
            baseline = value(b, kind)
            current = value(c, kind)
        }
        guard let delta = metric.delta else { return (baseline, current, "-") }
        if abs(delta) <= Threshold.tolerance { return (baseline, current, "0") }
        var text = DisplayFormat.value(abs(delta), kind: kind, precision: .glance)
        if text == DisplayFormat.value(0, kind: kind, precision: .glance) { text = value(abs(delta), kind) }
        return (baseline, current, (delta > 0 ? "+" : "-") + text)
    }

    /// A value with its unit at the report's precision; "-" when absent.
    public static func value(_ value: Double?, _ kind: Metric.Kind?) -> String {
        guard let value else { return "-" }
        return DisplayFormat.value(value, kind: kind, precision: .exact)
    }

    /// A change with its sign and unit ("+5", "-0.545 ms", "0"); "-" when absent.
    public static func delta(_ delta: Double?, _ kind: Metric.Kind?) -> String {
        guard let delta else { return "-" }
        if abs(delta) <= Threshold.tolerance { return "0" }
        let text = value(abs(delta), kind)
        return (delta > 0 ? "+" : "-") + text
    }

    /// "+50.0%", "-3.2%", "0.0%"; "n/a" for a change from 0; "-" when a value is absent.
    public static func relative(_ metric: MetricComparison) -> String {
        guard let delta = metric.delta else { return "-" }
        if abs(delta) <= Threshold.tolerance { return "0.0%" }
        guard let relative = metric.relative else { return "n/a" }
        return (relative > 0 ? "+" : "-") + DisplayFormat.fixed(abs(relative) * 100, 1) + "%"
    }

    /// A limit with the metric's unit when absolute ("10%", "0", "1 pt").
    public static func limit(_ limit: Threshold.Limit, _ kind: Metric.Kind?) -> String {
        switch limit {
        case .relative: return limit.description
        case .absolute(let value):
            if kind == .memory { return DisplayFormat.bytes(value, precision: .exact) }
            if let unit = kind?.unit, !unit.isEmpty { return "\(plain(value)) \(unit)" }
            return plain(value)
        }
    }

    /// What the verdict column says ("regressed: error, over 10%", "within threshold",
    /// "noted: under half the 8.33 ms frame budget", "regressed: error, hitch grade good →
    /// warning"), then, apart, a current value over its budget ("unchanged · over budget
    /// 3 > 0: error").
    public static func verdict(_ metric: MetricComparison) -> String {
        var text: String
        switch metric.verdict {
        case .regressed:
            let severity = metric.moveSeverity?.rawValue ?? "error"
            if let reason = metric.reason {
                text = "regressed: \(severity), \(reason)"
            } else if let limit = metric.limitReached {
                text = "regressed: \(severity), over \(self.limit(limit, metric.metric?.kind))"
            } else {
                text = "regressed: \(severity)"
            }
        case .improved: text = metric.reason.map { "improved (\($0))" } ?? "improved"
        case .unchanged:
            if let delta = metric.delta, abs(delta) > Threshold.tolerance {
                text = metric.reason ?? "within threshold"
            } else {
                text = "unchanged"
            }
        case .changed: text = metric.polarity == .neutral ? "changed (neutral)" : "changed (not judged)"
        case .added: text = "added (not in baseline)"
        case .removed: text = "removed (not in current)"
        }
        if let over = overBudget(metric) { text += " · " + over }
        return text
    }

    /// "over budget 3 > 0: error" for a current value over its budget (with the finding's
    /// severity, or "not judged" when over-budget findings are off); nil within it.
    public static func overBudget(_ metric: MetricComparison) -> String? {
        guard let budget = metric.budget, !budget.pass else { return nil }
        let kind = metric.metric?.kind
        let values = "\(DisplayFormat.value(budget.value, kind: kind)) > \(DisplayFormat.value(budget.limit, kind: kind))"
        return "over budget \(values): \(metric.budgetSeverity?.rawValue ?? "not judged")"
    }

    /// "−1.0, 95 % interval −2.3…+0.4": an ensemble's change with its interval, at display
    /// precision, signed.
    public static func interval(_ difference: PairedDifference, kind: Metric.Kind?) -> String {
        "\(signed(difference.mean, kind)), 95 % interval \(signed(difference.low, kind))…\(signed(difference.high, kind))"
    }

    /// "95 % interval −2.3…+0.4 (30 pairs)": the interval alone, for a table's column.
    public static func intervalColumn(_ metric: MetricComparison) -> String {
        guard let d = metric.difference else { return "-" }
        let unit = d.kind == .paired ? CompareFormat.count(d.count, "pair") : "unpaired, \(d.count)+ runs"
        return "\(signed(d.low, metric.metric?.kind))…\(signed(d.high, metric.metric?.kind)) (\(unit))"
    }

    /// A value with its sign at display precision ("+1.25 ms", "−2", "0").
    static func signed(_ value: Double, _ kind: Metric.Kind?) -> String {
        if abs(value) <= Threshold.tolerance { return "0" }
        var text = DisplayFormat.value(abs(value), kind: kind, precision: .glance)
        if text == DisplayFormat.value(0, kind: kind, precision: .glance) { text = self.value(abs(value), kind) }
        return (value > 0 ? "+" : "−") + text
    }

    /// Whether a metric moved at all, whatever its verdict.
    public static func moved(_ metric: MetricComparison) -> Bool {
        guard let delta = metric.delta else { return true }
        return abs(delta) > Threshold.tolerance
    }
}
