/// Numbers as people read them, the one formatter of the terminal, the pages and compare: fixed
/// decimals, thousands separators, binary byte units, and each metric in its unit.
///
/// Every figure goes through here, so the same value reads the same everywhere and pages are
/// byte-identical for one report on every platform (no locale, no `String(format:)`). Rounding
/// is JSONWriter's (half away from zero at the last kept digit).
///
/// Two precisions: `.glance` for summaries, pages and comparisons (`0.63 ms`, `3.7 MiB`), and
/// `.exact`, the precision reports are written with (`0.6312 ms`, `3.68 MiB`), which a
/// comparison falls back to where `.glance` would show two different values as one, so that a
/// change a threshold judged is a change a reader can see (`CompareFormat.shown`).
public enum DisplayFormat {
    public enum Precision: Sendable {
        /// Few digits, chosen by size: for summaries, tables and charts.
        case glance
        /// The report's precision (at most four decimals), memory with two decimals: where a
        /// comparison must tell two close values apart.
        case exact
    }

    /// Values at least this large are written in Swift's exponent form (`1e+20`): they do not
    /// fit the fixed formats' integer arithmetic, and only a hand-made report holds them.
    public static let largest = 1e15

    /// `value` with exactly `decimals` digits after the point (`8.30`) and thousands separators
    /// (`1,234.50`), "–" if not finite.
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        guard abs(value) < largest else { return "\(value)" }
        var text = JSONWriter.text(value, decimals: decimals)
        guard decimals > 0 else { return group(text) }
        if !text.contains(".") { text += "." }
        let have = text.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
        text += String(repeating: "0", count: max(0, decimals - have))
        return group(text)
    }

    /// A whole number with thousands separators (`115`, `100,000`).
    public static func integer(_ value: Double) -> String { fixed(value.rounded(), 0) }

    /// A whole number as an integer, anything else with two decimals under 10 and one above
    /// (`960`, `2.56`, `136.3`).
    public static func number(_ value: Double) -> String {
        if value.rounded() == value { return integer(value) }
        return fixed(value, abs(value) < 10 ? 2 : 1)
    }

    /// At most four decimals, trailing zeros dropped, no separators: the report's own form
    /// (`0.6312`, `1440`).
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        guard abs(value) < largest else { return "\(value)" }
        return JSONWriter.text(value)
    }

    /// Milliseconds with a precision that suits the size: `0.63 ms`, `12.5 ms`, `960.6 ms`, `1,204 ms`.
    public static func ms(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude < 10 ? 2 : (magnitude < 1000 ? 1 : 0)
        return fixed(value, decimals) + " ms"
    }

    /// A byte count in binary units: `812 B`, `3.7 MiB` (`.glance`: two decimals under 10, one
    /// above) or `3.68 MiB` (`.exact`: always two).
    public static func bytes(_ value: Double, precision: Precision = .glance) -> String {
        guard value.isFinite else { return precision == .exact ? "n/a" : "–" }
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var scaled = abs(value)
        var unit = 0
        while scaled >= 1024 && unit < units.count - 1 {
            scaled /= 1024
            unit += 1
        }
        let sign = value < 0 && (unit > 0 || scaled.rounded() != 0) ? "-" : ""
        if unit == 0 { return sign + integer(scaled) + " B" }
        let decimals = precision == .exact || scaled < 10 ? 2 : 1
        return sign + fixed(scaled, decimals) + " " + units[unit]
    }

    /// Seconds for a time axis: `0 s`, `2.5 s`, `120 s`.
    public static func seconds(_ ms: Double) -> String { (ms.isFinite ? JSONWriter.text(ms / 1000, decimals: 2) : "0") + " s" }

    /// A metric's value in its unit, as its kind is written: counts as whole numbers, times in
    /// ms, memory in binary units, lengths in pt, the hitch ratio in ms/s.
    public static func metric(_ metric: Metric, _ value: Double, precision: Precision = .glance) -> String {
        self.value(value, kind: metric.kind, precision: precision)
    }

    /// A value of a summary path: as its metric when the catalog knows it, otherwise a plain
    /// number (a metric from a newer report).
    public static func metric(path: String, _ value: Double, precision: Precision = .glance) -> String {
        self.value(value, kind: Metric(rawValue: path)?.kind, precision: precision)
    }

    /// A value of a kind of metric (nil: unknown, no unit).
    public static func value(_ value: Double, kind: Metric.Kind?, precision: Precision = .glance) -> String {
        switch precision {
        case .glance:
            guard value.isFinite else { return "–" }
            switch kind {
            case .count?, .fraction?, nil: return number(value)
            case .time?: return ms(value)
            case .memory?: return bytes(value)
            case .length?: return fixed(value, 1) + " pt"
            case .rate?: return fixed(value, 2) + " ms/s"
            case .seconds?: return number(value) + " s"
            }
        case .exact:
            guard value.isFinite else { return "n/a" }
            guard abs(value) < largest else { return kind.map { $0.unit.isEmpty ? "\(value)" : "\(value) \($0.unit)" } ?? "\(value)" }
            switch kind {
            // A count is whole in a single run's report; an ensemble's mean of one is not
            // (0.2 dropped frames over 5 runs) and keeps its four decimals.
            case .count?: return value.rounded() == value ? integer(value) : group(plain(value))
            case .memory?: return bytes(value, precision: .exact)
            case let kind?: return kind.unit.isEmpty ? plain(value) : "\(plain(value)) \(kind.unit)"
            case nil: return plain(value)
            }
        }
    }

    /// Inserts thousands separators into the integral part of a plain decimal string.
    static func group(_ text: String) -> String {
        var digits = Substring(text)
        var sign = ""
        if digits.hasPrefix("-") {
            sign = "-"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integral = parts[0]
        guard integral.count > 3 else { return text }
        var grouped = ""
        for (i, c) in integral.enumerated() {
            if i > 0 && (integral.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        return sign + grouped + (parts.count > 1 ? "." + parts[1] : "")
    }
}
