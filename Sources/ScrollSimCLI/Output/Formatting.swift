import Foundation

/// Number formatting for terminal output: fixed decimals, thousands separators, byte sizes.
enum Format {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        return String(format: "%.\(decimals)f", value)
    }

    static func integer(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let rounded = Int(value.rounded())
        let digits = String(abs(rounded))
        var grouped = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        return (rounded < 0 ? "-" : "") + String(grouped.reversed())
    }

    static func bytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var v = value
        var unit = 0
        while abs(v) >= 1024 && unit < units.count - 1 {
            v /= 1024
            unit += 1
        }
        return unit == 0 ? "\(Int(v)) B" : "\(fixed(v, 1)) \(units[unit])"
    }

    /// Columns padded to their widest cell; the first column left-aligned, the rest right.
    static func table(_ rows: [[String]], indent: String = "") -> String {
        guard let first = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: first.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            indent + row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: max(0, widths[i] - cell.count))
                return i == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
