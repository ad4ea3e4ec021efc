/// Fixed number formatting for comparison renderings: the same value always gives the same text.
///
/// Counts get thousands separators (`1,440`), bytes a binary unit with two decimals
/// (`3.68 MiB`), other values at most four decimals with trailing zeros removed and their
/// unit (`1.09 ms`). Relative changes have one decimal (`+50.0%`). Machine-readable outputs
/// (JSON, JUnit attributes) carry the raw numbers instead.
enum CompareFormat {
    /// At most four decimals, trailing zeros removed, no unit (the report's own precision).
    static func plain(_ value: Double) -> String {
        guard abs(value) < largest else { return value.isFinite ? "\(value)" : "n/a" }
        return JSONWriter.text(value)
    }

    /// "1 error", "2 errors".
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// Values this large are written in exponent form (`1e+20`): they do not fit the integer
    /// arithmetic of the fixed formats, and only a hand-made report holds them.
    static let largest = 1e15

    static func grouped(_ value: Double) -> String {
        guard abs(value) < largest else { return "\(value)" }
        return DisplayFormat.integer(value)
    }

    static func bytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var scaled = abs(value)
        var unit = 0
        while scaled >= 1024 && unit < units.count - 1 {
            scaled /= 1024
            unit += 1
        }
        let sign = value < 0 ? "-" : ""
        if unit == 0 { return "\(sign)\(grouped(scaled)) B" }
        return "\(sign)\(fixed(scaled, 2)) \(units[unit])"
    }

    /// `decimals` digits after the point, rounded half away from zero.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard abs(value) < largest else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let units = Int64((abs(value) * scale).rounded())
        let integral = units / Int64(scale)
        let fraction = String(units % Int64(scale))
        let padded = String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
        let sign = value < 0 && units != 0 ? "-" : ""
        return decimals == 0 ? "\(sign)\(integral)" : "\(sign)\(integral).\(padded)"
    }

    /// A value with its unit; "-" when absent.
    static func value(_ value: Double?, _ kind: Metric.Kind?) -> String {
        guard let value else { return "-" }
        guard value.isFinite else { return "n/a" }
        guard abs(value) < largest else { return kind.map { $0.unit.isEmpty ? "\(value)" : "\(value) \($0.unit)" } ?? "\(value)" }
        switch kind {
        case .count?: return grouped(value)
        case .memory?: return bytes(value)
        case let kind?: return kind.unit.isEmpty ? plain(value) : "\(plain(value)) \(kind.unit)"
        case nil: return plain(value)
        }
    }

    /// A change with its sign and unit ("+5", "-0.545 ms", "0"); "-" when absent.
    static func delta(_ delta: Double?, _ kind: Metric.Kind?) -> String {
        guard let delta else { return "-" }
        if abs(delta) <= Threshold.tolerance { return "0" }
        let text = value(abs(delta), kind)
        return (delta > 0 ? "+" : "-") + text
    }

    /// "+50.0%", "-3.2%", "0.0%"; "n/a" for a change from 0; "-" when a value is absent.
    static func relative(_ metric: MetricComparison) -> String {
        guard let delta = metric.delta else { return "-" }
        if abs(delta) <= Threshold.tolerance { return "0.0%" }
        guard let relative = metric.relative else { return "n/a" }
        return (relative > 0 ? "+" : "-") + fixed(abs(relative) * 100, 1) + "%"
    }

    /// A limit with the metric's unit when absolute ("10%", "0", "1 pt").
    static func limit(_ limit: Threshold.Limit, _ kind: Metric.Kind?) -> String {
        switch limit {
        case .relative: return limit.description
        case .absolute(let value):
            if kind == .memory { return bytes(value) }
            if let unit = kind?.unit, !unit.isEmpty { return "\(plain(value)) \(unit)" }
            return plain(value)
        }
    }

    /// What the verdict column says ("regressed: error, over 10%", "within threshold").
    static func verdict(_ metric: MetricComparison) -> String {
        switch metric.verdict {
        case .regressed:
            let severity = metric.severity?.rawValue ?? "error"
            guard let limit = metric.limitReached else { return "regressed: \(severity)" }
            return "regressed: \(severity), over \(self.limit(limit, metric.metric?.kind))"
        case .improved: return "improved"
        case .unchanged:
            if let delta = metric.delta, abs(delta) > Threshold.tolerance { return "within threshold" }
            return "unchanged"
        case .changed: return metric.polarity == .neutral ? "changed (neutral)" : "changed (not judged)"
        case .added: return "added (not in baseline)"
        case .removed: return "removed (not in current)"
        }
    }

    /// Whether a metric moved at all, whatever its verdict.
    static func moved(_ metric: MetricComparison) -> Bool {
        guard let delta = metric.delta else { return true }
        return abs(delta) > Threshold.tolerance
    }
}
