import ScrollSimKit

extension Chart {
    /// One metric's runs on both sides of a comparison, on one axis, back to back: a dot per
    /// run, the baseline's stacked upward in grey above the middle line, the current's
    /// downward in blue below it (dots within a dot's width of each other stack, so equal
    /// counts read as a small histogram), each side's mean as a tick, the axis' ends labelled.
    /// A single run's report is one dot.
    /// - Complexity: O(runs log runs); the output holds one mark per run.
    static func runStrip(baseline: [Double], current: [Double], kind: Metric.Kind?, label: String) -> String {
        let width = 320.0, left = 6.0, right = 6.0, middle = 19.0, dot = 2.4
        var svg = SVG(width: width, height: 50, label: label, classes: "chart strip runs")
        let values = baseline + current
        let lo = values.min() ?? 0, hi = values.max() ?? 0
        let pad = hi > lo ? (hi - lo) * 0.03 : max(abs(lo) * 0.05, 1e-9)
        let x = Scale(domain: (lo - pad, hi + pad), range: (left + dot, width - right - dot))
        svg.element("line", ["class": "grid", "x1": SVG.number(left), "x2": SVG.number(width - right), "y1": SVG.number(middle), "y2": SVG.number(middle)])
        for (side, runs, direction) in [("base", baseline, -1.0), ("cur", current, 1.0)] where !runs.isEmpty {
            let dots = stackedDots(runs.map { x($0) }, from: middle + direction * (dot + 1.2), direction: direction, room: 13, radius: dot)
            svg.element("path", ["class": "run-dot \(side)", "d": dots])
            let mean = runs.reduce(0, +) / Double(runs.count)
            svg.element("line", ["class": "run-mean \(side)", "x1": SVG.number(x(mean)), "x2": SVG.number(x(mean)),
                                 "y1": SVG.number(middle), "y2": SVG.number(middle + direction * 18)])
        }
        svg.text(DisplayFormat.value(lo, kind: kind), x: left, y: 48, classes: "strip-label")
        if hi > lo { svg.text(DisplayFormat.value(hi, kind: kind), x: width - right, y: 48, classes: "strip-label", anchor: "end") }
        return svg.finished()
    }

    /// A change with its 95 % interval (`PairedDifference`) on an axis symmetric about zero:
    /// the pairs' differences as faint dots when the runs were paired, the interval as a bar
    /// and the mean change as a dot, coloured by `verdict` (a `Verdict`'s raw value: regressed
    /// red, improved green, anything else grey), zero as a dashed line. The interval is where
    /// the mean change of many more pairs would fall; it excludes zero exactly when the change
    /// is significant (`PairedDifference.isSignificant`).
    /// - Complexity: O(pairs).
    static func differenceInterval(_ difference: PairedDifference, pairs: [Double], verdict: String, kind: Metric.Kind?, label: String) -> String {
        let width = 240.0, left = 8.0, right = 8.0
        var svg = SVG(width: width, height: 50, label: label, classes: "chart strip diff")
        let reach = ([difference.low, difference.high, difference.mean] + pairs).map(abs).max() ?? 0
        let r = reach > 0 ? reach * 1.08 : 1
        let x = Scale(domain: (-r, r), range: (left, width - right))
        svg.element("line", ["class": "grid", "x1": SVG.number(left), "x2": SVG.number(width - right), "y1": "34", "y2": "34"])
        svg.element("line", ["class": "diff-zero", "x1": SVG.number(x(0)), "x2": SVG.number(x(0)), "y1": "2", "y2": "34"])
        if !pairs.isEmpty {
            svg.element("path", ["class": "diff-dot", "d": stackedDots(pairs.map { x($0) }, from: 17, direction: -1, room: 14, radius: 2)])
        }
        let css = ["regressed", "improved"].contains(verdict) ? verdict : "unchanged"
        svg.element("line", ["class": "diff-ci \(css)", "x1": SVG.number(x(difference.low)), "x2": SVG.number(x(difference.high)), "y1": "25", "y2": "25"])
        svg.element("circle", ["class": "diff-mean \(css)", "cx": SVG.number(x(difference.mean)), "cy": "25", "r": "4"])
        svg.text("0", x: x(0), y: 48, classes: "strip-label", anchor: "middle")
        if reach > 0 {
            svg.text(signed(-reach, kind), x: left, y: 48, classes: "strip-label")
            svg.text(signed(reach, kind), x: width - right, y: 48, classes: "strip-label", anchor: "end")
        }
        return svg.finished()
    }

    /// Dots at `xs`, those whose centres lie within a dot's width of the previous stack's
    /// stacked away from `from` in `direction` (−1 up, +1 down), squeezed so that the tallest
    /// stack fits in `room`: a dot plot, where equal values read as a small histogram.
    /// - Complexity: O(n log n).
    static func stackedDots(_ xs: [Double], from: Double, direction: Double, room: Double, radius: Double) -> String {
        var stacks: [(x: Double, count: Int)] = []
        for px in xs.sorted() {
            if let last = stacks.last, px - last.x < radius * 2 { stacks[stacks.count - 1].count += 1 } else { stacks.append((px, 1)) }
        }
        let tallest = stacks.map(\.count).max() ?? 1
        let step = tallest > 1 ? min(radius * 2, room / Double(tallest - 1)) : 0
        let r = SVG.number(radius), d = SVG.number(2 * radius), back = SVG.number(-2 * radius)
        var path = ""
        for stack in stacks {
            for k in 0..<stack.count {
                path += "M\(SVG.number(stack.x - radius)) \(SVG.number(from + direction * Double(k) * step))a\(r) \(r) 0 1 0 \(d) 0a\(r) \(r) 0 1 0 \(back) 0z"
            }
        }
        return path
    }

    /// "+1.25 ms", "−2", "0": a change with its sign, at display precision.
    static func signed(_ value: Double, _ kind: Metric.Kind?) -> String {
        guard value != 0 else { return "0" }
        return (value > 0 ? "+" : "−") + DisplayFormat.value(abs(value), kind: kind)
    }
}
