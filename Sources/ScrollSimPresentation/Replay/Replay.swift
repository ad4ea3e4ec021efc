import ScrollSimEngine
import ScrollSimKit

/// The replay of the viewport on a scenario page: the list at a selected frame, each row a band
/// at its position and height, coloured and patterned by state (`ReplayTrack.State`), the
/// viewport as a window over it, the prefetch window past its leading edge, corrections and
/// jumps as arrows with their size, masonry columns and grid cells side by side. A slider and
/// the arrow keys step through frames; a bar of the frame-budget chart or a frame number in the
/// slowest frames' table jumps there; play animates it at a chosen speed (`ReplayStyle.script`).
///
/// Everything is derived from the report as it is (the frames' offsets and the event log), so
/// the report's format does not change; row positions are inferred (`ReplayLayout`), states
/// are exact (`ReplayTrack`).
///
/// Bounded: the page carries the offsets of the frames replayed, one entry per row the log
/// names, and the state changes in the window; a run longer than `maxFrames` is replayed in a
/// window of that many frames around its slowest frame, and the section says which.
struct Replay: Sendable {
    /// The most frames replayed: 20 s at 120 Hz.
    static let maxFrames = 2_400

    var first: Int
    var count: Int
    var totalFrames: Int
    var worstFrame: Int?
    var layout: ReplayLayout
    var track: ReplayTrack
    /// Every state change of the run, in order (the page carries the window's).
    var changes: [Change]
    var json: String
    var isLazy: Bool

    /// The frames the replay can show.
    var frameSet: Set<Int> { Set(first..<(first + count)) }

    /// The replay of `report`, nil when its log names no row (nothing to draw).
    init?(_ report: Report, frames: Report.Frames, events: [Report.Event], attribution: Attribution?) {
        guard frames.count > 0 else { return nil }
        let scenario = report.scenario
        let kind = scenario.stackKind
        // The stack as the scenario configured it, decoded from the report's record of it.
        let stack = scenario.facts.stack
        let spacing = stack?.spacing ?? 0
        let viewport = scenario.viewport ?? (width: 393, height: 852)
        // The viewport's size frame by frame: a rotation swaps width and height.
        var sizes: [(frame: Int, width: Double, height: Double)] = [(0, viewport.width, viewport.height)]
        for event in events where event.kind == "rotate" {
            let last = sizes[sizes.count - 1]
            sizes.append((event.frame, last.height, last.width))
        }
        var heights = Array(repeating: viewport.height, count: frames.count)
        for (i, size) in sizes.enumerated() {
            let end = i + 1 < sizes.count ? sizes[i + 1].frame : frames.count
            for f in size.frame..<max(size.frame, end) where f < frames.count { heights[f] = size.height }
        }
        // A row index is a whole number below the element count's ceiling; anything else (a
        // tampered report) is read as no row.
        let rows = (report.root["events"]?["row"]?.arrayValue ?? []).map { value -> Int in
            guard let n = value.numberValue, n >= 0, n < 1e9, n == n.rounded() else { return -1 }
            return Int(n)
        }
        let masonry = stack?.masonry ?? StackConfig.MasonryConfig()
        let columns: Int
        switch masonry.columns {
        case .fixed(let fixed):
            columns = min(max(fixed, 1), 64)
        case .targetWidth(let target):
            columns = target.isFinite && target > 0 && viewport.width.isFinite && viewport.width / target < 64
                ? masonry.columnCount(width: viewport.width) : 2
        }
        let topElements: [String] = (report.root["frames"]?["viewID"]?.arrayValue ?? []).map { value in
            switch value {
            case .number(let n) where n >= 0 && n < Report.largestMetric: return String(Int(n))
            case .string(let id): return id
            default: return ""
            }
        }
        let layout = ReplayLayout(kind: kind, spacing: spacing, events: events, rows: rows, offsets: frames.offset,
                                  viewportHeights: heights, masonryColumns: columns, topElements: topElements.count == frames.count ? topElements : [])
        guard !layout.items.isEmpty else { return nil }
        let track = ReplayTrack(events: events)

        // The window: the whole run, or `maxFrames` around the slowest frame.
        let worst = attribution?.worstFrames.first?.frame ?? frames.workMs.indices.max { frames.workMs[$0] < frames.workMs[$1] }
        var first = 0
        var count = frames.count
        if frames.count > Replay.maxFrames {
            count = Replay.maxFrames
            first = min(max(0, (worst ?? 0) - count / 2), frames.count - count)
        }
        self.first = first
        self.count = count
        self.totalFrames = frames.count
        self.worstFrame = worst
        self.layout = layout
        self.track = track
        self.isLazy = kind?.isLazy ?? true

        // What the page carries (`ReplayStyle.script` reads it).
        let prefetchOn = isLazy && (stack?.prefetch.enabled ?? true)
        let eager = Replay.isEager(events: events, frames: frames)
        let all = Replay.changes(events: events, layout: layout, eager: eager,
                                 topElements: topElements, visible: frames.visible, kind: kind)
        var startStates = Array(repeating: ReplayTrack.State.estimated, count: layout.items.count)
        var changes: [Int] = []
        for change in all {
            if change.frame < first {
                startStates[change.row] = change.state
            } else if change.frame < first + count {
                changes += [change.frame, change.row, change.state.rawValue + (change.built ? 8 : 0)]
            }
        }
        self.changes = all
        // A grid's events name each grid row by its first element: its cells are the elements
        // up to the next row's first, drawn side by side in the row's band.
        var cells = 1
        if kind?.family == .grid {
            let firsts = Dictionary(layout.items.compactMap { item in Int(item.element).flatMap { $0 >= 0 && $0 < 1 << 40 ? (item.row, $0) : nil } }, uniquingKeysWith: min)
            let steps = firsts.keys.sorted().compactMap { row in firsts[row + 1].flatMap { next in firsts[row].map { next - $0 } } }.filter { $0 > 0 }
            cells = max(1, ReplayLayout.median(steps.map(Double.init)).map { Int($0) } ?? 1)
        }
        let types = Array(Set(layout.items.map(\.type))).sorted()
        let typeIndex = Dictionary(uniqueKeysWithValues: types.enumerated().map { ($1, $0) })
        func n(_ v: Double, _ decimals: Int = 1) -> String { SVG.number(v, decimals: decimals) }
        func quoted(_ text: String) -> String {
            var bytes: [UInt8] = []
            JSONWriter.appendString(text, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        var json = "{\"first\":\(first),\"count\":\(count),\"total\":\(frames.count),\"kind\":\(quoted(kind?.rawValue ?? scenario.stack))"
        json += ",\"lanes\":\(layout.lanes),\"spacing\":\(n(spacing)),\"prefetch\":\(prefetchOn ? n(stack?.prefetch.distance ?? 1, 2) : "0")"
        json += ",\"cells\":\(cells),\"eager\":\(eager ? 1 : 0),\"worst\":\(worst.map(String.init) ?? "null")"
        json += ",\"sizes\":[" + sizes.map { "[\($0.frame),\(n($0.width)),\(n($0.height))]" }.joined(separator: ",") + "]"
        json += ",\"offset\":[" + frames.offset[first..<(first + count)].map { n($0) }.joined(separator: ",") + "]"
        json += ",\"time\":[" + frames.timeMs[first..<(first + count)].map { n($0) }.joined(separator: ",") + "]"
        json += ",\"work\":[" + frames.workMs[first..<(first + count)].map { n($0, 2) }.joined(separator: ",") + "]"
        json += ",\"dropped\":[" + frames.dropped[first..<(first + count)].map(String.init).joined(separator: ",") + "]"
        json += ",\"budget\":\(n(frames.budgetMs, 4)),\"types\":[" + types.map { quoted($0) }.joined(separator: ",") + "]"
        json += ",\"rows\":[" + layout.items.map { "[\($0.lane),\(n($0.top)),\(n($0.height)),\(typeIndex[$0.type] ?? 0)]" }.joined(separator: ",") + "]"
        json += ",\"elements\":[" + layout.items.map { quoted($0.element) }.joined(separator: ",") + "]"
        json += ",\"start\":[" + startStates.map { String($0.rawValue) }.joined(separator: ",") + "]"
        json += ",\"changes\":[" + changes.map(String.init).joined(separator: ",") + "]"
        json += ",\"corrections\":[" + track.corrections.filter { $0.frame >= first && $0.frame < first + count }
            .map { "[\($0.frame),\(n($0.px)),\($0.jump ? 1 : 0)]" }.joined(separator: ",") + "]"
        json += "}"
        self.json = json
    }

    /// A state change, and whether the row was built by it (`build`, `prefetchFinish`).
    struct Change: Equatable, Sendable {
        var frame: Int
        var row: Int
        var state: ReplayTrack.State
        var built: Bool
    }

    /// Every row's state at the end of `frame` (rows not named yet: `.estimated`), and the rows
    /// built in it.
    /// - Complexity: O(changes up to `frame`).
    func states(at frame: Int) -> (states: [ReplayTrack.State], built: [Int]) {
        Replay.states(changes, rows: layout.items.count, at: frame)
    }

    /// `changes` folded up to the end of `frame`, for `rows` rows.
    static func states(_ changes: [Change], rows: Int, at frame: Int) -> (states: [ReplayTrack.State], built: [Int]) {
        var states = Array(repeating: ReplayTrack.State.estimated, count: rows)
        var built: [Int] = []
        for change in changes {
            if change.frame > frame { break }
            states[change.row] = change.state
            if change.frame == frame && change.built { built.append(change.row) }
        }
        return (states, built)
    }

    /// Whether the log is an eager stack's: more rows appeared at launch than were on screen.
    static func isEager(events: [Report.Event], frames: Report.Frames) -> Bool {
        guard frames.count > 0 else { return false }
        return Double(events.lazy.filter { $0.frame == 0 && $0.kind == "appear" }.count) > frames.visible[0]
    }

    /// The state changes of the run: the events' (`ReplayTrack.State(event:)`), and for an
    /// eager stack, whose `appear` means built, the rows on screen from the frames' topmost
    /// visible row and `visible` count.
    static func changes(events: [Report.Event], layout: ReplayLayout, eager: Bool, topElements: [String], visible: [Double], kind: StackConfig.Kind?) -> [Change] {
        let built: Set<String> = ["build", "prefetchFinish"]
        var out: [Change] = []
        var byFrame: [Int: [Change]] = [:]
        for (i, event) in events.enumerated() {
            guard var state = ReplayTrack.State(event: event.kind), let item = layout.eventItem[i] else { continue }
            if eager && state == .onScreen { state = .keptAlive }
            byFrame[event.frame, default: []].append(Change(frame: event.frame, row: item, state: state, built: built.contains(event.kind)))
        }
        guard eager, topElements.count == visible.count, kind?.family == .list else {
            return byFrame.keys.sorted().flatMap { byFrame[$0]! }
        }
        let itemOfElement = Dictionary(layout.items.enumerated().map { ($1.element, $0) }, uniquingKeysWith: { a, _ in a })
        let itemOfRow = Dictionary(layout.items.enumerated().map { ($1.row, $0) }, uniquingKeysWith: { a, _ in a })
        var shown: Set<Int> = []
        for f in visible.indices {
            var now: Set<Int> = []
            if let top = itemOfElement[topElements[f]] {
                let first = layout.items[top].row
                for r in first..<(first + max(0, Int(visible[f]))) { if let item = itemOfRow[r] { now.insert(item) } }
            }
            var list = byFrame[f] ?? []
            for item in shown.subtracting(now).sorted() { list.append(Change(frame: f, row: item, state: .keptAlive, built: false)) }
            for item in now.sorted() { list.append(Change(frame: f, row: item, state: .onScreen, built: false)) }
            out += list
            shown = now
        }
        return out
    }

    /// The replay's section: the drawing, its controls, what it shows in words, and how to
    /// read it.
    func section(lead: String) -> String {
        var html = "<section id=\"replay\" aria-labelledby=\"replay-title\">\n<h2 id=\"replay-title\">Replay of the list</h2>\n"
        html += HTMLPage.legend(ReplayTrack.State.allCases.map { ("replay-swatch rs-\($0.rawValue)", $0.name) } + [
            ("replay-swatch viewport", "viewport"), ("replay-swatch pf-window", "prefetch window"), ("replay-swatch arrow", "correction or jump (size in pt)"),
        ])
        let start = worstFrame.map { min(max($0, first), first + count - 1) } ?? first
        html += "<div class=\"replay\" id=\"replay-box\" data-frame=\"\(start)\" data-resident=\"\">\n"
        html += "<div class=\"replay-controls\" role=\"group\" aria-label=\"replay controls\">"
        html += "<button type=\"button\" id=\"replay-prev\" aria-label=\"previous frame\">◀</button>"
        html += "<button type=\"button\" id=\"replay-play\" aria-pressed=\"false\">play</button>"
        html += "<button type=\"button\" id=\"replay-next\" aria-label=\"next frame\">▶</button>"
        html += "<label class=\"replay-slider\">frame <input type=\"range\" id=\"replay-frame\" min=\"\(first)\" max=\"\(first + count - 1)\" step=\"1\" value=\"\(start)\" aria-describedby=\"replay-status\"></label>"
        html += "<label>speed <select id=\"replay-speed\"><option value=\"0.0625\">1/16×</option><option value=\"0.25\" selected>1/4×</option><option value=\"1\">1× (real time)</option></select></label>"
        if let worstFrame { html += "<button type=\"button\" id=\"replay-worst\" data-replay-frame=\"\(worstFrame)\">worst frame \(worstFrame)</button>" }
        html += "</div>\n"
        html += "<div class=\"replay-body\"><svg class=\"replay-svg\" id=\"replay-svg\" role=\"img\" aria-labelledby=\"replay-status\" viewBox=\"0 0 360 480\" width=\"360\" height=\"480\">"
        html += ReplayStyle.patterns + "<g id=\"replay-layer\"></g></svg>\n"
        html += "<div class=\"replay-text\"><p id=\"replay-status\" class=\"replay-status\" aria-live=\"polite\"></p><dl id=\"replay-states\" class=\"replay-states\"></dl></div></div>\n"
        html += "</div>\n"
        html += "<script type=\"application/json\" id=\"replay-data\">\(Markup.scriptSafe(json))</script>\n"
        var note = "\(lead)The list as the stack held it at the selected frame: each row a band at its position, its state in its fill, pattern and label; "
        note += "the viewport is the heavy frame, the prefetch window the bracket past its leading edge. Rows drawn dashed and empty have never been built (their height is the stack's estimate); released rows keep their measured outline. "
        note += "States come from the report's events, exactly; positions are inferred from the frames at which each row crossed an edge of the viewport, to within half a frame's scroll, since the report records no row geometry. "
        note += "Step with the slider or the arrow keys (← →, Page Up/Down for ten frames, Home/End), click a bar of the frame-budget chart or a frame number in the slowest frames' table to jump there, or play it."
        if count < totalFrames {
            note += " <b>This run has \(DisplayFormat.integer(Double(totalFrames))) frames: the replay covers frames \(first)–\(first + count - 1), \(DisplayFormat.integer(Double(count))) frames around the slowest frame (\(worstFrame.map(String.init) ?? "–")).</b>"
        }
        html += "<p class=\"note\">\(note)</p>\n"
        return html + "</section>\n"
    }
}
