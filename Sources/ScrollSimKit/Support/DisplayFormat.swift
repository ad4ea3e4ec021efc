/// Numbers as pages and the terminal print them: fixed decimals, thousands separators, binary byte units.
///
/// Every figure on a page goes through here, so pages are byte-identical for one report on
/// every platform (no locale, no `String(format:)`). Rounding is JSONWriter's (half away from
/// zero at the last kept digit).
public enum DisplayFormat {
    /// `value` with exactly `decimals` digits after the point (`8.30`), "–" if not finite.
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var text = SVG.number(value, decimals: decimals)
        guard decimals > 0 else { return group(text) }
        if !text.contains(".") { text += "." }
        let have = text.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
        text += String(repeating: "0", count: max(0, decimals - have))
        return group(text)
    }

    /// A whole number with thousands separators (`115`, `100,000`).
    public static func integer(_ value: Double) -> String { fixed(value.rounded(), 0) }

    /// Milliseconds with a precision that suits the size: `0.63 ms`, `12.5 ms`, `960.6 ms`, `1,204 ms`.
    public static func ms(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude < 10 ? 2 : (magnitude < 1000 ? 1 : 0)
        return fixed(value, decimals) + " ms"
    }

    /// A byte count in binary units: `812 B`, `3.7 MiB`, `1.20 GiB`.
    public static func bytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var v = value
        var unit = 0
        while abs(v) >= 1024 && unit < units.count - 1 {
            v /= 1024
            unit += 1
        }
        if unit == 0 { return integer(v) + " B" }
        return fixed(v, abs(v) < 10 ? 2 : 1) + " " + units[unit]
    }

    /// Seconds for a time axis: `0 s`, `2.5 s`, `120 s`.
    public static func seconds(_ ms: Double) -> String { SVG.number(ms / 1000, decimals: 2) + " s" }

    /// A metric value in its natural unit, chosen from its key (`peakMemoryBytes` → bytes,
    /// `…Ms` → ms, counts as integers).
    public static func metric(_ key: String, _ value: Double) -> String {
        let leaf = key.split(separator: ".").last.map(String.init) ?? key
        if key.hasSuffix("Bytes") { return bytes(value) }
        if key.hasSuffix("MB") { return fixed(value, abs(value) < 10 ? 2 : 1) + " MiB" }
        if key.hasPrefix("frameWorkMs") || leaf.hasSuffix("Ms") { return ms(value) }
        if leaf.hasSuffix("Px") { return fixed(value, 1) + " pt" }
        if key == "hitchRatio" { return fixed(value, 2) + " ms/s" }
        if value == value.rounded() { return integer(value) }
        return fixed(value, abs(value) < 10 ? 2 : 1)
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
