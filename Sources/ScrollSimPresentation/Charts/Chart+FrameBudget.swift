import ScrollSimEngine
import ScrollSimKit

extension Chart {
    /// The frame-budget chart and the data its hover tooltips read.
    struct FrameBudget: Sendable {
        /// The `<svg>` markup.
        var svg: String
        /// JSON for the tooltip script: `{"budget": B, "phases": […], "notes": […], "rows":
        /// [[x0, x1, frame, first, last, timeMs, workMs, dropped, phase ms…, renderServerMs,
        /// renderDropped, interval, prefetchOverrunMs, note], …]}`, one row per bar; `interval`
        /// is 1 for launch, 2 for scroll, 0 for rest; `note` indexes `notes` (what the frame
        /// built, the script event in effect), -1 when none.
        var hover: String
        /// The commit plot's y axis top (ms): 2× budget, or 3× when a frame exceeds 2×.
        var capMs: Double
        /// How many bars were drawn, and how many frames each stands for at most.
        var bars: Int
        var framesPerBar: Int
        /// Commit bars taller than the cap (drawn clipped, with the true value printed over the
        /// tallest).
        var clippedBars: Int
    }

    /// The geometry every chart on the run's time axis shares (frame budget, event lane,
    /// memory, resident views, content height): the same left and right margins, so the
    /// charts line up as one timeline, as Instruments lines up its tracks.
    static func timeline(height: Double, top: Double = 30, bottom: Double = 30) -> Plot {
        Plot(height: height, left: 132, right: 124, top: top, bottom: bottom)
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

    /// The frame-budget chart: both stages of every frame on the run's time axis, after
    /// Android's Profile GPU Rendering bars and Instruments' hitch tracks.
    ///
    /// - **Main thread (commit)**: one bar per frame, stacked by phase (`PhaseWork.Phase`, from
    ///   the bottom). A frame's bar spans the vsync intervals it occupied, `[timeMs, timeMs +
    ///   (dropped+1)·B]`: a late frame is a wide bar on a tinted background. Lines at 0.8×, 1×
    ///   and 1.5× the budget B. The y axis stops at 2·B (3·B once any frame exceeds 2·B): a
    ///   taller bar is cut at the top, its phases drawn in proportion within the cap, with a red
    ///   cap; the tallest, spaced apart, are labelled with their true value. A frame that
    ///   prefetch made late (`prefetchOverrunMs` > 0) has its prefetch segment outlined.
    /// - **Render server**: under it, each frame's render-server work (done in the interval
    ///   after its commit) against the budget line, red where the render server made the frame
    ///   late (`renderDropped` > 0).
    /// - Strips under the axis: launch and scroll-interaction frames; the dropped intervals,
    ///   the commit's and the render server's; the prefetch-overrun frames.
    /// - More frames than `plot.columns` are downsampled by index into buckets that each draw
    ///   their worst frame over the bucket's whole span (`Downsampler`), so no spike is lost.
    ///
    /// - Parameter events: the report's events, for the hover notes (what each drawn frame
    ///   built, the script event in effect); none gives bars without notes.
    /// - Complexity: O(n + events) in frames; the output holds O(`plot.columns`) marks.
    /// - Parameter band: for an ensemble, the band of per-frame work over its runs
    ///   (`WorkBand`), drawn behind the bars bucket by bucket as the bars are (each bucket's
    ///   highest p10 and p90), its edges over them, and named in each bar's hover note; nil
    ///   draws none (a single run: the chart is exactly as it always was).
    static func frameBudget(_ frames: Report.Frames, events: [Report.Event] = [], id: String = "frame-budget", band: WorkBand? = nil) -> FrameBudget {
        // Rows of the viewBox, top to bottom.
        let commitTop = 44.0, commitBottom = 294.0
        let renderTop = 316.0, renderBottom = 386.0
        let stripsTop = renderBottom + 30
        let strips = ["launch · scroll", "dropped", "prefetch overrun"]
        let stripHeight = 9.0, stripGap = 7.0
        let height = stripsTop + Double(strips.count) * (stripHeight + stripGap) + 6
        let plot = timeline(height: height, top: commitTop, bottom: height - commitBottom)
        let budget = frames.budgetMs
        let maxWork = frames.workMs.max() ?? 0
        let cap = maxWork > 2 * budget ? 3 * budget : 2 * budget
        let maxRender = frames.renderServerMs.max() ?? 0
        let renderCap = maxRender > 2 * budget ? 3 * budget : 2 * budget
        let x = Scale(domain: (0, max(frames.durationMs, budget)), range: (plot.minX, plot.maxX))
        let y = Scale(domain: (0, cap), range: (commitBottom, commitTop))
        let ry = Scale(domain: (0, renderCap), range: (renderBottom, renderTop))
        var svg = SVG(width: plot.width, height: plot.height, label: "Frame budget: main-thread work per frame stacked by phase, and the render server's work after it, against the \(DisplayFormat.ms(budget)) budget", id: id, classes: "chart frame-budget")

        // The commit plot's axis; its title sits in the left margin, clear of the cut labels.
        svg.open("g", ["class": "axis y"])
        for tick in ticks(0, cap, count: 6) {
            let py = y(tick)
            svg.element("line", ["class": "grid", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(py), "y2": SVG.number(py)])
            svg.text(SVG.number(tick, decimals: 1), x: plot.minX - 6, y: py + 4, classes: "tick", anchor: "end")
        }
        svg.text("main thread", x: plot.minX - 6, y: commitTop - 26, classes: "axis-title", anchor: "end")
        svg.text("(commit), ms", x: plot.minX - 6, y: commitTop - 12, classes: "axis-title", anchor: "end")
        svg.close()

        // Bars: one per frame, or one per bucket of frames showing the bucket's worst frame.
        let buckets = Downsampler.buckets(frames.workMs, count: plot.columns)
        let renderBuckets = Downsampler.buckets(frames.renderServerMs, count: plot.columns)
        var phasePaths = ByPhase<String>(repeating: "")
        var overrunPath = ""
        var lateSpans: [(Double, Double)] = []
        var renderPaths = (ok: "", late: "")
        var rows: [(x0: Double, x1: Double, frame: Int, renderFrame: Int, bucket: Range<Int>)] = []
        var clipped: [(work: Double, x0: Double, x1: Double)] = []
        var renderClipped: [(work: Double, x0: Double, x1: Double)] = []
        rows.reserveCapacity(buckets.count)
        for (b, bucket) in buckets.enumerated() {
            let frame = bucket.maxIndex
            let x0 = x(frames.timeMs[bucket.range.lowerBound])
            let x1 = x(frames.endMs(bucket.range.upperBound - 1))
            let inset = min(0.6, (x1 - x0) * 0.15)
            let left = x0 + inset
            let width = max(0.4, x1 - x0 - 2 * inset)
            if frames.dropped[frame] > 0 { lateSpans.append((x0, x1)) }
            // A bar within the cap is drawn to scale; a cut bar is squeezed into the cap with its
            // phases in proportion, so the cause of a hitch stays visible.
            let work = frames.workMs[frame]
            let stacked = frames.phaseMs.reduce(0.0) { $0 + max(0, $1[frame]) }
            let squeeze = stacked > cap ? cap / stacked : 1
            var sum = 0.0
            for phase in PhaseWork.Phase.allCases {
                let ms = frames.phaseMs[phase][frame] * squeeze
                guard ms > 0 else { continue }
                let bottom = y(sum)
                let top = y(min(cap, sum + ms))
                sum += ms
                let rect = "M\(SVG.number(left)) \(SVG.number(top))h\(SVG.number(width))v\(SVG.number(bottom - top))h\(SVG.number(-width))z"
                phasePaths[phase] += rect
                if phase == .prefetch, frames.prefetchOverrunMs[frame] > 0 { overrunPath += rect }
            }
            if work > cap { clipped.append((work, left, left + width)) }

            // The render server's bar for the same bucket: its worst frame.
            let renderFrame = renderBuckets[b].maxIndex
            let rs = frames.renderServerMs[renderFrame]
            if rs > 0 {
                let top = ry(min(renderCap, rs))
                let bar = "M\(SVG.number(left)) \(SVG.number(top))h\(SVG.number(width))V\(SVG.number(renderBottom))h\(SVG.number(-width))z"
                if frames.renderDropped[renderFrame] > 0 { renderPaths.late += bar } else { renderPaths.ok += bar }
                if rs > renderCap { renderClipped.append((rs, left, left + width)) }
            }
            rows.append((x0, x1, frame, renderFrame, bucket.range))
        }
        // Late frames: a tinted band behind their bars.
        if !lateSpans.isEmpty {
            svg.open("g", ["class": "late-frames"])
            for (a, b) in mergeSpans(lateSpans) {
                svg.element("rect", ["class": "late-bg", "x": SVG.number(a), "y": SVG.number(commitTop), "width": SVG.number(max(1, b - a)), "height": SVG.number(commitBottom - commitTop)])
            }
            svg.close()
        }
        // An ensemble's band: its area behind the bars, its edges over them.
        let bandPaths = band.map { workBandPaths($0, spans: rows.map { ($0.x0, $0.x1, $0.bucket) }, y: y, cap: cap) }
        if let bandPaths {
            svg.open("g", ["class": "work-band"])
            svg.element("path", ["class": "band-area", "d": bandPaths.area])
            svg.close()
        }
        svg.open("g", ["class": "bars"])
        for (p, d) in phasePaths.byPhase where !d.isEmpty {
            svg.element("path", ["class": "ph-\(p.name)", "d": d])
        }
        if !overrunPath.isEmpty { svg.element("path", ["class": "overrun", "d": overrunPath]) }
        svg.close()
        if let bandPaths {
            svg.open("g", ["class": "work-band-edges"])
            svg.element("path", ["class": "band-edge p90", "d": bandPaths.high])
            svg.element("path", ["class": "band-edge p10", "d": bandPaths.low])
            svg.close()
        }

        budgetLines(&svg, plot, y, budget: budget)
        svg.element("line", ["class": "baseline", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(commitBottom), "y2": SVG.number(commitBottom)])
        cutLabels(&svg, clipped, top: commitTop, plot: plot)

        // The render server's plot.
        svg.open("g", ["class": "axis y"])
        for tick in [0, budget, renderCap] {
            let py = ry(tick)
            svg.element("line", ["class": "grid", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(py), "y2": SVG.number(py)])
        }
        svg.text(SVG.number(renderCap, decimals: 1), x: plot.minX - 6, y: renderTop + 4, classes: "tick", anchor: "end")
        svg.text("render server, ms", x: plot.minX - 6, y: (renderTop + renderBottom) / 2 + 4, classes: "axis-title", anchor: "end")
        svg.text("0", x: plot.minX - 6, y: renderBottom + 4, classes: "tick", anchor: "end")
        svg.close()
        svg.open("g", ["class": "render-bars"])
        if !renderPaths.ok.isEmpty { svg.element("path", ["class": "rs", "d": renderPaths.ok]) }
        if !renderPaths.late.isEmpty { svg.element("path", ["class": "rs late", "d": renderPaths.late]) }
        svg.close()
        let rb = SVG.number(ry(budget))
        svg.element("line", ["class": "b10", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": rb, "y2": rb])
        svg.text("1× budget", x: plot.maxX + 6, y: ry(budget) + 4, classes: "line-label b10")
        cutLabels(&svg, renderClipped, top: renderTop, plot: plot, labelled: false)

        timeAxis(&svg, plot, x, endMs: x.domain.1, y: renderBottom)

        // Strips: intervals, dropped intervals (commit and render), prefetch overruns.
        func stripY(_ i: Int) -> Double { stripsTop + Double(i) * (stripHeight + stripGap) }
        var intervals = (launch: [(Double, Double)](), scroll: [(Double, Double)]())
        var dropped = (commit: [(Double, Double)](), render: [(Double, Double)]())
        var overruns: [(Double, Double)] = []
        for i in 0..<frames.count {
            let span = (x(frames.timeMs[i]), x(frames.endMs(i)))
            if frames.launch[i] > 0 { intervals.launch.append(span) } else if frames.moving[i] > 0 { intervals.scroll.append(span) }
            let late = frames.dropped[i]
            if late > 0 {
                let render = min(late, frames.renderDropped[i])
                let commitEnd = frames.timeMs[i] + Double(1 + late - render) * budget
                if late > render { dropped.commit.append((x(frames.timeMs[i] + budget), x(commitEnd))) }
                if render > 0 { dropped.render.append((x(commitEnd), x(frames.endMs(i)))) }
            }
            if frames.prefetchOverrunMs[i] > 0 { overruns.append(span) }
        }
        for (i, label) in strips.enumerated() {
            svg.text(label, x: plot.minX - 6, y: stripY(i) + stripHeight - 1, classes: "tick", anchor: "end")
        }
        svg.open("g", ["class": "strips"])
        for i in strips.indices {
            svg.element("rect", ["class": "strip-bg", "x": SVG.number(plot.minX), "y": SVG.number(stripY(i)), "width": SVG.number(plot.plotWidth), "height": SVG.number(stripHeight)])
        }
        for (spans, css, row) in [(intervals.launch, "iv-launch", 0), (intervals.scroll, "iv-scroll", 0), (dropped.commit, "dropped", 1),
                                  (dropped.render, "dropped render", 1), (overruns, "overrun-mark", 2)] {
            for (a, b) in mergeSpans(spans) {
                svg.element("rect", ["class": css, "x": SVG.number(a), "y": SVG.number(stripY(row)), "width": SVG.number(max(1, b - a)), "height": SVG.number(stripHeight)])
            }
        }
        svg.close()

        // The hover target and its highlight (the page script moves the highlight).
        let hoverBottom = stripY(strips.count - 1) + stripHeight
        svg.element("rect", ["class": "hover-highlight", "x": "0", "y": SVG.number(commitTop), "width": "0", "height": SVG.number(renderBottom - commitTop)])
        svg.element("rect", ["class": "hover-area", "data-hover": "\(id)-data", "x": SVG.number(plot.minX), "y": SVG.number(commitTop), "width": SVG.number(plot.plotWidth), "height": SVG.number(hoverBottom - commitTop)])

        // Hover rows, with a note per drawn frame (what it built, the script event in effect).
        var notes = Attribution.notes(for: rows.map(\.frame), events: events, timeMs: frames.timeMs)
        if let band {
            for row in rows { notes[row.frame] = [notes[row.frame], band.note(row.bucket)].compactMap { $0 }.joined(separator: "; ") }
        }
        var noteTexts: [String] = []
        var noteIndex: [String: Int] = [:]
        var rowTexts: [String] = []
        rowTexts.reserveCapacity(rows.count)
        for row in rows {
            let frame = row.frame
            var text = "[\(SVG.number(row.x0)),\(SVG.number(row.x1)),\(frame),\(row.bucket.lowerBound),\(row.bucket.upperBound - 1),"
            text += "\(SVG.number(frames.timeMs[frame], decimals: 3)),\(SVG.number(frames.workMs[frame], decimals: 4)),\(frames.dropped[frame])"
            for work in frames.phaseMs { text += "," + SVG.number(work[frame], decimals: 4) }
            let interval = frames.launch[frame] > 0 ? 1 : (frames.moving[frame] > 0 ? 2 : 0)
            text += ",\(SVG.number(frames.renderServerMs[frame], decimals: 4)),\(frames.renderDropped[frame]),\(interval),\(SVG.number(frames.prefetchOverrunMs[frame], decimals: 4))"
            var note = -1
            if let line = notes[frame] {
                if let known = noteIndex[line] {
                    note = known
                } else {
                    note = noteTexts.count
                    noteIndex[line] = note
                    noteTexts.append(line)
                }
            }
            rowTexts.append(text + ",\(note)]")
        }
        let phases = PhaseWork.Phase.names.map { "\"\($0)\"" }.joined(separator: ",")
        let noteJSON = noteTexts.map { line -> String in
            var bytes: [UInt8] = []
            JSONWriter.appendString(line, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }.joined(separator: ",")
        let hover = "{\"budget\":\(SVG.number(budget, decimals: 4)),\"phases\":[\(phases)],\"notes\":[\(noteJSON)],\"rows\":[\(rowTexts.joined(separator: ","))]}"
        let framesPerBar = buckets.map { $0.range.count }.max() ?? 0
        return FrameBudget(svg: svg.finished(), hover: hover, capMs: cap, bars: buckets.count, framesPerBar: framesPerBar, clippedBars: clipped.count)
    }

    /// Cut bars: a cut near the plot's top, a red cap above it and, unless `labelled` is
    /// false, the true value over the tallest ones, spaced so that no two labels meet.
    static func cutLabels(_ svg: inout SVG, _ clipped: [(work: Double, x0: Double, x1: Double)], top: Double, plot: Plot, labelled: Bool = true) {
        guard !clipped.isEmpty else { return }
        svg.open("g", ["class": "overflow"])
        var cuts = ""
        var caps = ""
        for bar in clipped {
            cuts += "M\(SVG.number(bar.x0)) \(SVG.number(top + 7))H\(SVG.number(bar.x1))"
            let mid = (bar.x0 + bar.x1) / 2
            caps += "M\(SVG.number(mid - 4)) \(SVG.number(top - 1))l4 -6l4 6z"
        }
        svg.element("path", ["class": "cut", "d": cuts])
        svg.element("path", ["class": "cap", "d": caps])
        if labelled {
            var placed: [(Double, Double)] = []
            for bar in clipped.sorted(by: { $0.work > $1.work }) where placed.count < 8 {
                let text = DisplayFormat.ms(bar.work)
                let half = Double(text.count) * 3.6 + 4
                let mid = min(max((bar.x0 + bar.x1) / 2, plot.minX + half), plot.maxX - half)
                guard placed.allSatisfy({ mid + half < $0.0 || mid - half > $0.1 }) else { continue }
                placed.append((mid - half, mid + half))
                svg.text(text, x: mid, y: top - 10, classes: "overflow-label", anchor: "middle")
            }
        }
        svg.close()
    }
}
