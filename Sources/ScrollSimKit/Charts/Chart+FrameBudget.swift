extension Chart {
    /// The frame-budget chart and the data its hover tooltips read.
    public struct FrameBudget: Sendable {
        /// The `<svg>` markup.
        public var svg: String
        /// JSON for the tooltip script: `{"budget": B, "phases": […], "rows": [[x0, x1, frame,
        /// first, last, timeMs, workMs, dropped, phase ms…], …]}`, one row per bar.
        public var hover: String
        /// The y axis' top (ms): 2× budget, or 3× when a frame exceeds 2×.
        public var capMs: Double
        /// How many bars were drawn, and how many frames each stands for at most.
        public var bars: Int
        public var framesPerBar: Int
        /// Bars taller than the cap (drawn clipped, with the true value printed over the tallest).
        public var clippedBars: Int
    }

    /// Lines at 0.8×, 1× and 1.5× the frame budget across the plot, labelled in the right margin.
    static func budgetLines(_ svg: inout SVG, _ plot: Plot, _ y: Scale, budget: Double) {
        svg.open("g", ["class": "budget-lines"])
        for (factor, name, label) in [(0.8, "b08", "0.8×"), (1.0, "b10", "1× budget"), (1.5, "b15", "1.5×")] {
            let py = y(factor * budget)
            svg.element("line", ["class": name, "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(py), "y2": SVG.number(py)])
            svg.text("\(label) \(DisplayFormat.ms(factor * budget))", x: plot.maxX + 6, y: py + 4, classes: "line-label \(name)")
        }
        svg.close()
    }

    /// The frame-budget chart, after Android's Profile GPU Rendering bars: one bar per frame,
    /// stacked by phase (`Report.phases`, from the bottom), on an honest time axis.
    ///
    /// - A frame's bar spans the vsync intervals it occupied, `[timeMs, timeMs + (dropped+1)·B]`:
    ///   a late frame is a wide bar, and the gap it leaves in the time axis is its hitch. The
    ///   dropped intervals are also marked in a red strip under the axis.
    /// - Lines at 0.8×, 1× and 1.5× the budget B.
    /// - The y axis stops at 2·B (3·B once any frame exceeds 2·B): a taller bar is cut at the
    ///   top, its phases drawn in proportion within the cap (so a 960 ms launch frame still shows
    ///   that layout dominates), with a red cap; the tallest, spaced apart, are labelled with
    ///   their true value.
    /// - More frames than `plot.columns` are downsampled by index into buckets that each draw
    ///   their worst frame over the bucket's whole span (`Downsampler`), so no spike is lost.
    ///
    /// - Complexity: O(n) in frames; the output holds O(`plot.columns`) marks.
    public static func frameBudget(_ frames: Report.Frames, id: String = "frame-budget") -> FrameBudget {
        let plot = Plot(height: 340, top: 34, bottom: 48)
        let budget = frames.budgetMs
        let maxWork = frames.workMs.max() ?? 0
        let cap = maxWork > 2 * budget ? 3 * budget : 2 * budget
        let x = Scale(domain: (0, max(frames.durationMs, budget)), range: (plot.minX, plot.maxX))
        let y = Scale(domain: (0, cap), range: (plot.maxY, plot.minY))
        var svg = SVG(width: plot.width, height: plot.height, label: "Frame budget: main-thread work per frame, stacked by phase, against the \(DisplayFormat.ms(budget)) budget", id: id, classes: "chart frame-budget")

        yAxis(&svg, plot, y, ticks: ticks(0, cap, count: 6), label: { SVG.number($0, decimals: 1) }, title: "ms")

        // Bars: one per frame, or one per bucket of frames showing the bucket's worst frame.
        let buckets = Downsampler.buckets(frames.workMs, count: plot.columns)
        var phasePaths = [String](repeating: "", count: Report.phases.count)
        var rows: [String] = []
        var clipped: [(work: Double, x0: Double, x1: Double)] = []
        rows.reserveCapacity(buckets.count)
        for bucket in buckets {
            let frame = bucket.maxIndex
            let x0 = x(frames.timeMs[bucket.range.lowerBound])
            let x1 = x(frames.endMs(bucket.range.upperBound - 1))
            let inset = min(0.6, (x1 - x0) * 0.15)
            let left = x0 + inset
            let width = max(0.4, x1 - x0 - 2 * inset)
            // A bar within the cap is drawn to scale; a cut bar is squeezed into the cap with its
            // phases in proportion, so the cause of a hitch stays visible.
            let work = frames.workMs[frame]
            let stacked = Report.phases.indices.reduce(0.0) { $0 + max(0, frames.phaseMs[$1][frame]) }
            let squeeze = stacked > cap ? cap / stacked : 1
            var sum = 0.0
            for p in Report.phases.indices {
                let ms = frames.phaseMs[p][frame] * squeeze
                guard ms > 0 else { continue }
                let bottom = y(sum)
                let top = y(min(cap, sum + ms))
                sum += ms
                phasePaths[p] += "M\(SVG.number(left)) \(SVG.number(top))h\(SVG.number(width))v\(SVG.number(bottom - top))h\(SVG.number(-width))z"
            }
            if work > cap { clipped.append((work, left, left + width)) }
            var row = "[\(SVG.number(x0)),\(SVG.number(x1)),\(frame),\(bucket.range.lowerBound),\(bucket.range.upperBound - 1),"
            row += "\(SVG.number(frames.timeMs[frame], decimals: 3)),\(SVG.number(work, decimals: 4)),\(frames.dropped[frame])"
            for p in Report.phases.indices { row += "," + SVG.number(frames.phaseMs[p][frame], decimals: 4) }
            rows.append(row + "]")
        }
        svg.open("g", ["class": "bars"])
        for (p, d) in phasePaths.enumerated() where !d.isEmpty {
            svg.element("path", ["class": "ph-\(Report.phases[p])", "d": d])
        }
        svg.close()

        budgetLines(&svg, plot, y, budget: budget)

        // Clipped bars: a cut near the top, a red cap, and the true value over the tallest ones.
        if !clipped.isEmpty {
            svg.open("g", ["class": "overflow"])
            var cuts = ""
            var caps = ""
            for bar in clipped {
                cuts += "M\(SVG.number(bar.x0)) \(SVG.number(plot.minY + 7))H\(SVG.number(bar.x1))"
                let mid = (bar.x0 + bar.x1) / 2
                caps += "M\(SVG.number(mid - 4)) \(SVG.number(plot.minY - 1))l4 -6l4 6z"
            }
            svg.element("path", ["class": "cut", "d": cuts])
            svg.element("path", ["class": "cap", "d": caps])
            var placed: [Double] = []
            for bar in clipped.sorted(by: { $0.work > $1.work }) where placed.count < 8 {
                let mid = (bar.x0 + bar.x1) / 2
                guard placed.allSatisfy({ abs($0 - mid) > 90 }) else { continue }
                placed.append(mid)
                let anchorX = min(max(mid, plot.minX + 40), plot.maxX - 40)
                svg.text(DisplayFormat.ms(bar.work), x: anchorX, y: plot.minY - 11, classes: "overflow-label", anchor: "middle")
            }
            svg.close()
        }

        timeAxis(&svg, plot, x, endMs: x.domain.1)

        // Dropped vsync intervals, under the axis.
        var spans: [(Double, Double)] = []
        for i in 0..<frames.count where frames.dropped[i] > 0 {
            spans.append((x(frames.timeMs[i] + budget), x(frames.endMs(i))))
        }
        let stripY = plot.maxY + 26
        svg.text("dropped", x: plot.minX - 6, y: stripY + 7, classes: "tick", anchor: "end")
        svg.open("g", ["class": "dropped-strip"])
        svg.element("rect", ["class": "strip-bg", "x": SVG.number(plot.minX), "y": SVG.number(stripY), "width": SVG.number(plot.plotWidth), "height": "8"])
        for (a, b) in mergeSpans(spans) {
            svg.element("rect", ["class": "dropped", "x": SVG.number(a), "y": SVG.number(stripY), "width": SVG.number(max(1, b - a)), "height": "8"])
        }
        svg.close()

        // The hover target and its highlight (the page script moves the highlight).
        svg.element("rect", ["class": "hover-highlight", "x": "0", "y": SVG.number(plot.minY), "width": "0", "height": SVG.number(plot.plotHeight)])
        svg.element("rect", ["class": "hover-area", "data-hover": "\(id)-data", "x": SVG.number(plot.minX), "y": SVG.number(plot.minY), "width": SVG.number(plot.plotWidth), "height": SVG.number(plot.plotHeight)])

        let phases = Report.phases.map { "\"\($0)\"" }.joined(separator: ",")
        let hover = "{\"budget\":\(SVG.number(budget, decimals: 4)),\"phases\":[\(phases)],\"rows\":[\(rows.joined(separator: ","))]}"
        let framesPerBar = buckets.map { $0.range.count }.max() ?? 0
        return FrameBudget(svg: svg.finished(), hover: hover, capMs: cap, bars: buckets.count, framesPerBar: framesPerBar, clippedBars: clipped.count)
    }
}
