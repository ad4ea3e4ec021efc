/// An ensemble's figure as people read it: the mean with the half-width of its 95 % interval
/// ("4.3 ± 0.6", "1.23 ± 0.04 ms", "3.71 ± 0.02 MiB"), and where the runs fall ("p10 2, p90 7;
/// 30 runs").
///
/// The interval decides the digits, as a measurement is written with its uncertainty: the
/// half-width keeps one significant digit (two when that digit is 1: "± 0.14", not "± 0.1", which
/// would be off by up to a third); the mean and the run percentiles are written to the same
/// decimals, so no digit is shown that the runs do not support. A half-width far below what
/// the value's own format shows is not chased: at most one decimal more than `value(_:kind:)`
/// writes (and at most four), "0.676 ± <0.001 ms"; runs that differ by less than that are "the
/// same in all 30 runs to the digits shown". Memory takes its binary unit from the mean, and the
/// half-width is written in the same unit.
extension DisplayFormat {
    /// "4.3 ± 0.6": `mean` ± `half` (the interval's half-width) in the kind's unit; the value
    /// alone, as `value(_:kind:)` writes it, when `half` is 0 (every run agreed) or the runs'
    /// `spread` is below the digits shown.
    /// - Complexity: O(1).
    public static func estimate(_ mean: Double, plusMinus half: Double, spread: Double? = nil, kind: Metric.Kind?) -> String {
        guard half > 0, half.isFinite, mean.isFinite else { return value(mean, kind: kind) }
        let (scale, unit) = unit(for: mean, kind: kind)
        let most = maximumDecimals(mean, kind: kind)
        if let spread, agrees(spread / scale, decimals: most) { return value(mean, kind: kind) }
        let decimals = min(most, decimals(forHalfWidth: half / scale))
        let halfText = fixed(half / scale, decimals)
        let shownHalf = agrees(half / scale, decimals: decimals) ? "<" + fixed(1 / pow10(decimals), decimals) : halfText
        return "\(fixed(mean / scale, decimals)) ± \(shownHalf)" + (unit.isEmpty ? "" : " \(unit)")
    }

    /// "p10 2, p90 7; 30 runs": the runs' 10th and 90th percentiles at the decimals `estimate`
    /// writes the mean with (trailing zeros dropped), and how many runs ("p10 and p90 1.128 ms"
    /// when the two read alike at those digits); "the same in all 30 runs" when they agree (to
    /// the digits shown, when they differ by less).
    public static func runRange(_ spread: RunSpread, kind: Metric.Kind?) -> String {
        let runs = integer(Double(spread.runs))
        guard spread.max > spread.min else { return "the same in all \(runs) runs" }
        let (scale, unit) = unit(for: spread.mean, kind: kind)
        let most = maximumDecimals(spread.mean, kind: kind)
        guard !agrees((spread.max - spread.min) / scale, decimals: most) else { return "the same in all \(runs) runs to the digits shown" }
        let decimals = spread.halfWidth > 0 ? min(most, decimals(forHalfWidth: spread.halfWidth / scale)) : most
        func short(_ value: Double) -> String {
            var text = fixed(value / scale, decimals)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return unit.isEmpty ? text : "\(text) \(unit)"
        }
        let (p10, p90) = (short(spread.p10), short(spread.p90))
        return p10 == p90 ? "p10 and p90 \(p10); \(runs) runs" : "p10 \(p10), p90 \(p90); \(runs) runs"
    }

    /// Whether `amount` (≥ 0) rounds to 0 at `decimals`.
    static func agrees(_ amount: Double, decimals: Int) -> Bool {
        fixed(amount, decimals).allSatisfy { $0 == "0" || $0 == "." }
    }

    /// One decimal more than `value(_:kind:)` writes `value` with at a glance, at most four.
    static func maximumDecimals(_ value: Double, kind: Metric.Kind?) -> Int {
        let magnitude = abs(value)
        let glance: Int
        switch kind {
        case .time?: glance = magnitude < 10 ? 2 : (magnitude < 1000 ? 1 : 0)
        case .memory?:
            let scaled = magnitude / unit(for: value, kind: kind).scale
            glance = magnitude < 1024 ? 0 : (scaled < 10 ? 2 : 1)
        case .length?: glance = 1
        case .rate?: glance = 2
        case .count?, .fraction?, .seconds?, nil: glance = magnitude < 10 ? 2 : 1
        }
        return min(4, glance + 1)
    }

    /// Decimals for a half-width: its first significant digit, two when that digit is 1; 0…4.
    static func decimals(forHalfWidth half: Double) -> Int {
        var decimals = 0
        var scaled = half
        while scaled < 1, decimals < 4 {
            scaled *= 10
            decimals += 1
        }
        if scaled < 2, decimals < 4 { decimals += 1 }
        return decimals
    }

    /// The divisor and unit a value of `kind` is written in: memory in the binary unit of the
    /// value (as `bytes` picks it), other kinds in their own unit.
    static func unit(for value: Double, kind: Metric.Kind?) -> (scale: Double, unit: String) {
        guard kind == .memory else { return (1, kind?.unit ?? "") }
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var scale = 1.0
        var unit = 0
        while abs(value) / scale >= 1024 && unit < units.count - 1 {
            scale *= 1024
            unit += 1
        }
        return (scale, units[unit])
    }

    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { product, _ in product * 10 } }
}
