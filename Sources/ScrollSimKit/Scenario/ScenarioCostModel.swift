import ScrollSimEngine

/// The work and memory a scenario will cost, estimated from its keys before any work is done:
/// the one place the cost of each kind of content is worked out.
///
/// `ScenarioLimitCheck` bounds what a scenario holds (rows, frames, nested items, modeled
/// bytes); this model bounds what a run does with it, where a small value of one key
/// multiplies the work of the rest:
///
/// - **Columns.** A column count that follows the width (`stack.masonry.targetColumnWidth`,
///   `stack.grid.adaptiveMinimum`) is worked out at the widest viewport the run takes
///   (`device.viewport.width` and every `rotate`), the way the engine does
///   (`max(2, ⌊width / target⌋)`; `⌊(width + spacing) / (minimum + spacing)⌋`). Every column
///   is a list of its own that each layout pass walks, so a target of 1 pt gave 10,000 columns
///   and a minute of CPU for half a second of scrolling. The limit is the one `columns` keys
///   take (64).
/// - **Rows built at once.** A lazy stack builds the rows that cover the viewport and its
///   prefetch window: `(2 + prefetch.distance) × viewport height` over the shortest row
///   (the least height any type can take, its data file's sizes included, and the height it
///   first lays out at: `unconfiguredHeight`, or less `relayoutAfterAppear`; plus
///   `stack.spacing`), times the columns. Rows of height 0 with no spacing all fit in one
///   screen: ten million of them took 8 GB and wrote a 973 MB report.
/// - **Layout passes.** A width change (`rotate`) lays every row out again (text wraps anew,
///   masonry redistributes every item: 4.4 s for ten million), and an `environment` change
///   evaluates every element's conditional body: the rows × (1 + those events) is bounded.
///
/// Each estimate is an upper bound worked out with checked arithmetic, and a refusal names the
/// keys it comes from and the `--limit` that raises it.
struct ScenarioCostModel {
    let draft: ScenarioDraft
    let content: ContentConfig
    /// Rows of the stack in the end (`ScenarioLimitCheck.checkRows`).
    let rows: Int

    /// Every viewport size the run takes: the device's, then each `rotate`'s.
    var viewports: [(size: Size, key: String)] {
        var sizes = [(draft.device.viewport, "device.viewport")]
        for (i, event) in draft.script.enumerated() {
            if case .rotate(let size) = event.action { sizes.append((size, "script[\(i)].rotate")) }
        }
        return sizes
    }

    /// The widest viewport, and the key that sets it.
    var widest: (width: Double, key: String) {
        let widest = viewports.max { $0.size.width < $1.size.width } ?? (draft.device.viewport, "device.viewport")
        return (widest.size.width, widest.key + ".width")
    }

    // MARK: columns

    /// The most columns the stack takes at any width, with the key that decides them and how.
    var columns: (count: Int, key: String, how: String) {
        let (width, widthKey) = widest
        let stack = draft.stack
        switch stack.kind {
        case .masonryColumns, .masonryLayout:
            switch stack.masonry.columns {
            case .fixed(let k): return (max(1, k), "stack.masonry.columns", "")
            case .targetWidth(let target):
                let count = ScenarioCostModel.clamped(width / max(target, 1e-9))
                return (max(2, count), "stack.masonry.targetColumnWidth",
                        "max(2, ⌊\(MessageText.number(width)) pt (\(widthKey)) / \(MessageText.number(target)) pt⌋)")
            }
        case .lazyVGrid:
            let grid = stack.grid
            switch grid.columns {
            case .fixed(let k): return (max(1, k), "stack.grid.columns", "")
            case .adaptive(let minimum):
                let count = ScenarioCostModel.clamped((width + grid.spacing) / (max(1, minimum) + grid.spacing))
                return (max(1, count), "stack.grid.adaptiveMinimum",
                        "⌊(\(MessageText.number(width)) pt (\(widthKey)) + \(MessageText.number(grid.spacing)) pt) / (\(MessageText.number(minimum)) pt + \(MessageText.number(grid.spacing)) pt)⌋")
            }
        case .pairedRows:
            return (2, "stack.kind", "")
        case .vStack, .lazyVStack:
            return (1, "stack.kind", "")
        }
    }

    /// A count worked out in doubles, as a whole number no larger than an `Int` holds.
    static func clamped(_ value: Double) -> Int {
        guard value.isFinite else { return Int.max }
        return value >= 9e18 ? Int.max : max(0, Int(value))
    }

    // MARK: rows built at once

    /// The shortest a row can be, in points, and the key it comes from.
    var shortestRow: (height: Double, key: String) {
        let narrowest = viewports.map(\.size.width).min() ?? draft.device.viewport.width
        let dataLeast = content.items?.compactMap(\.heightParameter).min()
        var shortest: (height: Double, key: String)?
        func consider(_ height: Double, _ key: String) {
            if shortest == nil || height < shortest?.height ?? 0 { shortest = (height, key) }
        }
        var types = content.types.enumerated().map { ($0.element, "content.types[\($0.offset)]") }
        if let header = content.sections?.header { types.append((header, "content.sections.header")) }
        for (type, key) in types {
            let least: Double
            switch type.height {
            case .absolute(let distribution):
                least = min(ScenarioCostModel.least(distribution), dataLeast ?? .infinity)
                consider(least, key + ".height")
            case .text(let metrics):
                least = metrics.base
                consider(least, key + ".height.text.base")
            case .aspect(let distribution):
                let aspect = min(ScenarioCostModel.least(distribution), dataLeast ?? .infinity)
                least = aspect * narrowest / Double(max(1, columns.count))
                consider(least, key + ".height.aspect")
            }
            // A view that changes layout after appearing is laid out first that much shorter.
            if let delta = type.relayoutAfterAppear, delta > 0 {
                consider(max(0, least - delta), key + ".relayoutAfterAppear")
            }
            if type.configure == .onAppear || type.measureWithGeometryReader {
                consider(type.unconfiguredHeight, key + ".unconfiguredHeight")
            }
        }
        return shortest ?? (0, "content.types")
    }

    /// The least value a distribution can draw.
    static func least(_ distribution: Distribution) -> Double {
        switch distribution {
        case .fixed(let value): return value
        case .uniform(let low, _): return low
        case .normal(_, _, let low, _): return max(0, low ?? 0)
        }
    }

    /// The rows a lazy stack may hold built at once, and how that was worked out.
    var residentRows: (rows: Int, what: String) {
        let tallest = viewports.map(\.size.height).max() ?? draft.device.viewport.height
        let distance = draft.stack.prefetch.enabled ? draft.stack.prefetch.distance : 0
        let extent = (2 + distance) * tallest
        let (least, key) = shortestRow
        let pitch = least + draft.stack.spacing
        let columns = columns.count
        let perColumn = pitch > 0 ? ScenarioCostModel.clamped((extent / pitch).rounded(.up)) : Int.max
        let built = min(rows, ScenarioLimitCheck.product(perColumn, columns) ?? Int.max)
        var what = "rows of \(MessageText.number(least)) pt (\(key)) + \(MessageText.number(draft.stack.spacing)) pt (stack.spacing)"
        what += " in \(MessageText.number(extent)) pt (the viewport and its prefetch window)"
        if columns > 1 { what += " × \(columns) columns" }
        what += ": \(ScenarioLimits.grouped(built)) of the \(ScenarioLimits.grouped(rows)) rows built at once"
        return (built, what)
    }

    // MARK: layout passes

    /// Rows laid out in full passes: every row once, and again at every event that lays out or
    /// evaluates every element (`rotate`, `environment`).
    var layoutRows: (rows: Int, key: String, what: String) {
        var rotations = 0
        var environments = 0
        var first: String?
        for (i, event) in draft.script.enumerated() {
            switch event.action {
            case .rotate:
                rotations += 1
                if first == nil { first = "script[\(i)].rotate" }
            case .environment:
                environments += 1
                if first == nil { first = "script[\(i)].environment" }
            default: break
            }
        }
        let passes = 1 + rotations + environments
        let total = ScenarioLimitCheck.product(rows, passes) ?? Int.max
        var events: [String] = []
        if rotations > 0 { events.append("\(ScenarioLimits.grouped(rotations)) rotate") }
        if environments > 0 { events.append("\(ScenarioLimits.grouped(environments)) environment") }
        let what = "\(ScenarioLimits.grouped(rows)) rows × (1 + \(events.joined(separator: " + ")) events) = \(ScenarioLimits.grouped(total)) rows laid out"
        return (total, first ?? "script", what)
    }
}

extension ScenarioLimitCheck {
    /// Checks what the run will do with its rows (`ScenarioCostModel`): columns, rows built at
    /// once, rows laid out in full passes.
    func checkCosts(_ content: ContentConfig, rows: Int) {
        let model = ScenarioCostModel(draft: draft, content: content, rows: rows)
        let columns = model.columns
        if columns.count > limits.columns {
            refuse(columns.key, "\(columns.how) = \(ScenarioLimitCheck.text(columns.count)) columns",
                   over: limits.columns, unit: "columns", name: "columns")
            return
        }
        if eagerStack == nil {
            let resident = model.residentRows
            if resident.rows > limits.residentRows {
                refuse(model.shortestRow.key, resident.what, over: limits.residentRows, unit: "rows built at once", name: "resident-rows")
                return
            }
        }
        let layout = model.layoutRows
        if layout.rows > limits.layoutRows {
            refuse(layout.key, layout.what, over: limits.layoutRows, unit: "rows laid out", name: "layout-rows")
        }
    }
}
