/// Terminal layout. Numbers come from `DisplayFormat`, the same as the HTML pages.
enum Format {
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
