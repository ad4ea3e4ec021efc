import ScrollSimKit

/// The error-bar chart of a sweep of ensembles (on the sweep page, under the heatmap): one row
/// per variant, in variant order, its mean of the plan's metric as a dot, the 95 % interval of
/// the mean as a bar with caps, and where the middle 80 % of its runs fall (p10…p90) as a light
/// band behind; at the right, how it stands against the leader (`SweepChoice`): best, tied
/// (its difference from the leader has an interval that includes 0) or its difference with
/// that interval. A dashed line marks the leader's mean.
///
/// Whether two variants are told apart is decided by their paired difference, not by whether
/// their bars overlap: run i of both drew alike, so the difference varies less than either
/// variant (the note under the chart says so).
///
/// Every number is written by `SVG.number`, so the same summary gives the same bytes.
/// - Complexity: O(variants).
enum SweepIntervalChart {
    static func svg(_ summary: SweepSummary) -> String? {
        let plan = summary.plan
        let path = plan.metric.rawValue
        let rows = summary.rows.compactMap { row in row.spread(path).map { (row, $0) } }
        guard !rows.isEmpty, let choice = summary.choice else { return nil }
        let writer = JSONWriter(decimals: 6)
        let versus = Dictionary(uniqueKeysWithValues: choice.others.map { ($0.index, $0) })
        let tied = Set(choice.isSignificant ? [] : choice.tied)

        let labelWidth = 250.0, plotWidth = 560.0, standingWidth = 300.0
        let rowHeight = 22.0, top = 40.0, bottom = 12.0
        let width = labelWidth + plotWidth + standingWidth
        let height = top + rowHeight * Double(rows.count) + bottom
        let lows = rows.map { Swift.min($0.1.low, $0.1.p10) }, highs = rows.map { Swift.max($0.1.high, $0.1.p90) }
        var lo = lows.min() ?? 0, hi = highs.max() ?? 1
        if hi - lo <= 1e-12 { lo -= 1; hi += 1 }
        let pad = (hi - lo) * 0.04
        let ticks = Chart.ticks(lo - pad, hi + pad, count: 6)
        let x = Chart.Scale(domain: (Swift.min(lo - pad, ticks.first ?? lo), Swift.max(hi + pad, ticks.last ?? hi)),
                            range: (labelWidth, labelWidth + plotWidth))

        var svg = SVG(width: width, height: height, label: "\(path) of each variant: mean and 95 % interval over its runs", classes: "chart intervals")
        svg.open("g", ["class": "axis x"])
        for tick in ticks {
            let px = x(tick)
            svg.element("line", ["class": "grid", "x1": SVG.number(px), "x2": SVG.number(px), "y1": SVG.number(top - 6), "y2": SVG.number(height - bottom)])
            svg.text(DisplayFormat.metric(plan.metric, tick), x: px, y: top - 10, classes: "tick", anchor: "middle")
        }
        svg.text("\(path), mean ± 95 % interval", x: labelWidth, y: 12, classes: "axis-title")
        svg.text("against the \(plan.objective == .min ? "lowest" : "highest") mean", x: labelWidth + plotWidth + 12, y: 12, classes: "axis-title")
        svg.close()
        if let leader = summary.row(choice.leader) {
            let px = x(leader.value)
            svg.element("line", ["x1": SVG.number(px), "x2": SVG.number(px), "y1": SVG.number(top - 6), "y2": SVG.number(height - bottom),
                                 "style": "stroke:var(--muted);stroke-width:1;stroke-dasharray:4 3"])
        }

        for (r, (row, spread)) in rows.enumerated() {
            let y = top + rowHeight * (Double(r) + 0.5)
            let isBest = choice.isSignificant && row.index == choice.leader
            let isTied = tied.contains(row.index)
            let colour = isBest ? "var(--good)" : isTied ? "var(--warn)" : "var(--accent)"
            let short = row.name.hasPrefix(plan.name + "-") ? String(row.name.dropFirst(plan.name.count + 1)) : row.name
            var label = short + "  " + row.values.map { writer.compact($0) }.joined(separator: " · ")
            if label.count > 38 { label = String(label.prefix(37)) + "…" }
            let standing: String
            if isBest {
                standing = "★ best"
            } else if row.index == choice.leader {
                standing = "≈ the \(plan.objective == .min ? "lowest" : "highest") mean, not told apart"
            } else if let v = versus[row.index] {
                standing = (isTied ? "≈ " : "") + CompareFormat.interval(v.difference, kind: plan.metric.kind)
            } else {
                standing = ""
            }
            svg.open("a", ["href": SweepDirectory.pagePath(row.name)])
            svg.open("g", ["class": isBest ? "variant best" : isTied ? "variant tied" : "variant"])
            var title = "\(row.name): \(plan.describe(row.index)): mean \(summary.cell(plan.metric, row)) "
            title += "(95 % interval \(DisplayFormat.metric(plan.metric, spread.low))…\(DisplayFormat.metric(plan.metric, spread.high))); "
            title += "runs p10…p90 \(DisplayFormat.metric(plan.metric, spread.p10))…\(DisplayFormat.metric(plan.metric, spread.p90)), \(CompareFormat.count(spread.runs, "run"))"
            if let v = versus[row.index] {
                title += "; minus \(summary.row(choice.leader)?.name ?? ""): \(CompareFormat.interval(v.difference, kind: plan.metric.kind)) (\(v.difference.kind == .paired ? CompareFormat.count(v.difference.count, "pair") : "unpaired"))"
            }
            svg.title(title)
            svg.text(label, x: 8, y: y + 4, classes: "tick")
            svg.element("rect", ["x": SVG.number(x(spread.p10)), "y": SVG.number(y - 5), "width": SVG.number(Swift.max(1, x(spread.p90) - x(spread.p10))), "height": "10",
                                 "style": "fill:var(--faint);opacity:.3"])
            let (x0, x1) = (x(spread.low), x(spread.high))
            let bar = "stroke:\(colour);stroke-width:2"
            svg.element("line", ["x1": SVG.number(x0), "x2": SVG.number(x1), "y1": SVG.number(y), "y2": SVG.number(y), "style": bar])
            for cap in [x0, x1] {
                svg.element("line", ["x1": SVG.number(cap), "x2": SVG.number(cap), "y1": SVG.number(y - 5), "y2": SVG.number(y + 5), "style": bar])
            }
            svg.element("circle", ["cx": SVG.number(x(spread.mean)), "cy": SVG.number(y), "r": "3.5", "style": "fill:\(colour)"])
            svg.text(standing, x: labelWidth + plotWidth + 12, y: y + 4, classes: "tick")
            svg.close()
            svg.close()
        }
        return svg.finished()
    }

    /// What the chart shows, under it.
    static let note = "Dot: the variant's mean over its runs; bar with caps: the 95 % interval of that mean (where the mean of many more runs would be, 19 times out of 20); "
        + "light band: where the middle 80 % of its runs fall (p10…p90). Right: the variant's difference from the best mean with the 95 % interval of that difference, "
        + "paired run by run (run i of every variant draws from the same seed). A variant is told apart from the best mean only when that interval excludes 0: "
        + "bars that overlap can still differ significantly, because the paired difference varies less than either variant. "
        + "Green: the best (significantly better than every other); amber ≈: not told apart from the best mean."
}
