import ScrollSimKit

extension Chart {
    /// A row of the event lane and the event kinds it shows.
    struct Lane: Sendable {
        var key: String
        var label: String
        var kinds: Set<String>
    }

    /// The event lanes, top to bottom. Kinds no lane names go to "other" (shown only if any).
    static let lanes: [Lane] = [
        Lane(key: "script", label: "script", kinds: ["fling", "drag", "rotate", "scrollTo", "scrollToLanded", "tap", "environment", "append"]),
        Lane(key: "hitch", label: "hitches", kinds: ["hitch"]),
        Lane(key: "load", label: "loads", kinds: ["loadStart", "contentLoaded", "loadCancel", "pageLoad", "pageLoadStart", "pageLoaded"]),
        Lane(key: "state", label: "state loss", kinds: ["stateLoss"]),
        Lane(key: "layout", label: "corrections, jumps", kinds: ["correction", "visibleJump", "relayout", "clipped"]),
        Lane(key: "views", label: "view lifecycle", kinds: ["appear", "disappear", "build", "prefetchStart", "prefetchFinish", "prefetchAbandon", "evict", "release", "nestedBuild"]),
    ]

    /// A short description of one event for labels and tooltips (`fling 8,000 pt/s`).
    static func describe(_ event: Report.Event) -> String {
        let id = (event.type.isEmpty ? "" : " \(event.type)") + (event.element.isEmpty ? "" : " #\(event.element)")
        switch event.kind {
        case "fling", "drag": return "\(event.kind) \(DisplayFormat.integer(event.value)) pt/s"
        case "rotate": return "rotate to \(DisplayFormat.integer(event.value)) pt wide"
        case "scrollTo": return "scrollTo\(id)" + (event.value > 0 ? " (animated \(SVG.number(event.value, decimals: 2)) s)" : "")
        case "scrollToLanded": return "scrollTo landed, error \(DisplayFormat.fixed(event.value, 1)) pt"
        case "hitch": return "hitch: \(DisplayFormat.integer(event.value)) frame\(event.value == 1 ? "" : "s") dropped"
        case "correction": return "offset correction\(id) \(DisplayFormat.fixed(event.value, 1)) pt"
        case "visibleJump": return "visible jump\(id) \(DisplayFormat.fixed(event.value, 1)) pt"
        case "loadStart": return "load start\(id) (\(DisplayFormat.ms(event.value)))"
        default: return event.kind + id
        }
    }

    /// The event lane: a row per lane on the run's time axis, one glyph per event (events that
    /// fall within two units of each other merge into one glyph whose tooltip counts them), and
    /// the script's events labelled. It has the frame-budget chart's margins and time axis, and
    /// the page puts it right under that chart: one timeline.
    /// - Complexity: O(events); output O(lanes × `plot.columns`).
    static func eventLane(_ events: [Report.Event], frames: Report.Frames, id: String = "events") -> String {
        var laneOf: [String: Int] = [:]
        for (i, lane) in lanes.enumerated() { for kind in lane.kinds { laneOf[kind] = i } }
        var shown = lanes
        if events.contains(where: { laneOf[$0.kind] == nil }) {
            shown.append(Lane(key: "other", label: "other", kinds: []))
        }
        let rowHeight = 26.0
        let plot = timeline(height: 8 + rowHeight * Double(shown.count) + 30, top: 8, bottom: 30)
        let x = Scale(domain: (0, max(frames.durationMs, 1)), range: (plot.minX, plot.maxX))
        var svg = SVG(width: plot.width, height: plot.height, label: "Event lane: script events, hitches, loads, state loss, corrections and view lifecycle over time", id: id, classes: "chart event-lane")

        struct Mark {
            var x: Double
            var first: Report.Event
            var count: Int
        }
        var marks = [[Mark]](repeating: [], count: shown.count)
        for event in events {
            let lane = laneOf[event.kind] ?? shown.count - 1
            let px = x(frames.timeMs[event.frame])
            if let last = marks[lane].last, px - last.x < 2 {
                marks[lane][marks[lane].count - 1].count += 1
            } else {
                marks[lane].append(Mark(x: px, first: event, count: 1))
            }
        }
        for (i, lane) in shown.enumerated() {
            let cy = plot.minY + rowHeight * (Double(i) + 0.5)
            svg.element("line", ["class": "lane-rule", "x1": SVG.number(plot.minX), "x2": SVG.number(plot.maxX), "y1": SVG.number(cy), "y2": SVG.number(cy)])
            svg.text(lane.label, x: plot.minX - 8, y: cy + 4, classes: "tick lane-label", anchor: "end")
            let total = marks[i].reduce(0) { $0 + $1.count }
            svg.text(total == 0 ? "none" : DisplayFormat.integer(Double(total)), x: plot.maxX + 6, y: cy + 4, classes: "tick")
            guard !marks[i].isEmpty else { continue }
            svg.open("g", ["class": "lane lane-\(lane.key)"])
            var labelEnd = -Double.infinity
            for (m, mark) in marks[i].enumerated() {
                let seconds = DisplayFormat.seconds(frames.timeMs[mark.first.frame])
                let more = mark.count > 1 ? " (+\(DisplayFormat.integer(Double(mark.count - 1))) more here)" : ""
                svg.open("g")
                svg.title("\(seconds), frame \(mark.first.frame): \(describe(mark.first))\(more)")
                svg.element("path", ["class": "ev", "d": glyph(lane.key, x: mark.x, y: cy)])
                svg.close()
                // Script and hitch marks are labelled: in full where the label fits before the
                // next mark, by kind alone where only that fits, not at all otherwise.
                if lane.key == "script" || lane.key == "hitch", mark.x > labelEnd {
                    let room = (m + 1 < marks[i].count ? marks[i][m + 1].x - 8 : plot.maxX + 2) - (mark.x + 8)
                    let full = describe(mark.first)
                    if let text = [full, mark.first.kind].first(where: { Double($0.count) * 6.2 <= room }) {
                        svg.text(text, x: mark.x + 8, y: cy + 4, classes: "ev-label")
                        labelEnd = mark.x + 8 + Double(text.count) * 6.2 + 10
                    }
                }
            }
            svg.close()
        }
        timeAxis(&svg, plot, x, endMs: x.domain.1)
        return svg.finished()
    }

    /// The glyph of a lane: a diamond for the script, a bar for hitches, a dot for loads, a
    /// cross for state loss, a triangle for corrections, a tick for view lifecycle.
    static func glyph(_ lane: String, x: Double, y: Double) -> String {
        let cx = SVG.number(x)
        switch lane {
        case "script": return "M\(cx) \(SVG.number(y - 6))l5 6l-5 6l-5 -6z"
        case "hitch": return "M\(SVG.number(x - 1.5)) \(SVG.number(y - 8))h3v16h-3z"
        case "load": return "M\(SVG.number(x - 4)) \(SVG.number(y))a4 4 0 1 0 8 0a4 4 0 1 0 -8 0z"
        case "state": return "M\(SVG.number(x - 4)) \(SVG.number(y - 4))l8 8m0 -8l-8 8"
        case "layout": return "M\(cx) \(SVG.number(y - 5))l4.5 9h-9z"
        default: return "M\(SVG.number(x - 0.5)) \(SVG.number(y - 5))h1v10h-1z"
        }
    }
}
