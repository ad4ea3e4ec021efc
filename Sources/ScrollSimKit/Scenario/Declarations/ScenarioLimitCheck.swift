import ScrollSimEngine

/// Checks a decoded scenario against `ScenarioLimits` before any work is done: frames, rows,
/// eager rows, nested items and modeled bytes. Products are computed with checked arithmetic,
/// so a product past what an `Int` holds is a refusal like any other, never a trap.
///
/// Each refusal names the keys that make the product, the product and the limit, and the
/// `--limit` that raises it. Nothing is checked when the values it needs were themselves
/// invalid (those are already reported).
struct ScenarioLimitCheck {
    let draft: ScenarioDraft
    let context: DecodingContext

    var limits: ScenarioLimits { context.limits }

    static func text(_ value: Int) -> String { ScenarioLimits.grouped(value) }

    func refuse(_ keyPath: String, _ what: String, over limit: Int, unit: String, name: String) {
        context.problem(keyPath, "\(what), over the limit of \(ScenarioLimitCheck.text(limit)) \(unit) (raise it with --limit \(name)=N)")
    }

    /// a × b, or nil past `Int.max`.
    static func product(_ a: Int, _ b: Int) -> Int? {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : value
    }

    static func sum(_ a: Int, _ b: Int) -> Int? {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : value
    }

    func run() {
        checkFrames()
        // A paginated list grows to `pagination.total` elements.
        var content = draft.content
        if let total = content.pagination?.total, total > content.count { content.count = total }
        guard !content.types.isEmpty, content.count >= 0 else { return }
        // Elements the script appends count as the content's (the rows and bytes at the end).
        content.count = ScenarioLimitCheck.sum(content.count, appended) ?? Int.max
        guard let rows = checkRows(content) else { return }
        checkNestedItems(content)
        checkModeledBytes(content, rows: rows)
        checkCosts(content, rows: rows)
    }

    /// Elements the script's `append` events add, in all.
    var appended: Int {
        draft.script.reduce(0) { total, event in
            guard case .append(let count) = event.action else { return total }
            return ScenarioLimitCheck.sum(total, count) ?? Int.max
        }
    }

    func checkFrames() {
        let rate = draft.device.refreshRate
        guard draft.duration > 0, rate > 0 else { return }
        let frames = (draft.duration * rate).rounded(.up) + 1
        if frames > Double(limits.frames) {
            refuse("duration", "\(JSONWriter.text(draft.duration)) s × \(JSONWriter.text(rate)) Hz (device.refreshRate) = \(frames < 9e18 ? ScenarioLimitCheck.text(Int(frames)) : JSONWriter.text(frames)) frames",
                   over: limits.frames, unit: "frames", name: "frames")
        }
    }

    /// The key that sets how many elements there are in the end.
    var countKey: String {
        (draft.content.pagination?.total ?? 0) > draft.content.count ? "content.pagination.total" : "content.count"
    }

    /// What builds every row up front, if the stack does.
    var eagerStack: String? {
        let stack = draft.stack
        switch stack.kind {
        case .vStack: return "an eager vStack"
        case .masonryLayout: return "a masonryLayout (every child resident)"
        case .lazyVStack:
            let eager = stack.nestedIn == .scrollView && draft.device.platform != .ios26
            return eager ? "a lazyVStack nested in a scrollView before ios26" : nil
        // Every kind named: a new kind must say whether it builds everything up front.
        case .lazyVGrid, .pairedRows, .masonryColumns: return nil
        }
    }

    /// The widest type (most children), and the rows: elements × its children + headers.
    func checkRows(_ content: ContentConfig) -> Int? {
        let (widest, children) = content.types.enumerated().map { ($0.offset, $0.element.children.count) }.max { $0.1 < $1.1 } ?? (0, 1)
        let headers = content.sections.map { (content.count + $0.every - 1) / max(1, $0.every) } ?? 0
        let rows = (ScenarioLimitCheck.product(content.count, children).flatMap { ScenarioLimitCheck.sum($0, headers) }) ?? Int.max
        var what = "\(ScenarioLimitCheck.text(content.count)) elements × \(children) \(children == 1 ? "child" : "children")"
        if children > 1 { what += " (content.types[\(widest)].children)" }
        if headers > 0 { what += " + \(ScenarioLimitCheck.text(headers)) section headers" }
        what += " = \(ScenarioLimitCheck.text(rows)) rows"
        if rows > limits.rows {
            refuse(countKey, what, over: limits.rows, unit: "rows", name: "rows")
            return nil
        }
        if let eager = eagerStack, rows > limits.eagerRows {
            refuse("stack.kind", "\(eager) builds every row in its first frame: \(what)", over: limits.eagerRows, unit: "rows", name: "eager-rows")
            return nil
        }
        return rows
    }

    func checkNestedItems(_ content: ContentConfig) {
        var total = 0
        var largest: (index: Int, items: Int, rows: Int, count: Int)?
        for (i, type) in content.types.enumerated() {
            guard let row = type.row else { continue }
            let rows = ScenarioLimitCheck.product(content.count, type.children.count) ?? Int.max
            let items = ScenarioLimitCheck.product(rows, row.count) ?? Int.max
            total = ScenarioLimitCheck.sum(total, items) ?? Int.max
            if largest == nil || items > largest?.items ?? 0 { largest = (i, items, rows, row.count) }
        }
        guard let largest, total > limits.nestedItems else { return }
        var what = "\(ScenarioLimitCheck.text(largest.rows)) rows of content.types[\(largest.index)] × \(ScenarioLimitCheck.text(largest.count)) items = \(ScenarioLimitCheck.text(largest.items)) nested items"
        if total != largest.items { what += " (\(ScenarioLimitCheck.text(total)) in all)" }
        refuse("content.types[\(largest.index)].row.count", what, over: limits.nestedItems, unit: "nested items", name: "nested-items")
    }

    /// The bytes a view of `type` holds when built, nested items included.
    static func rowBytes(_ type: ViewTypeSpec) -> Int? {
        let memory = type.memory
        guard var bytes = sum(memory.view, memory.state).flatMap({ sum($0, memory.content) }) else { return nil }
        if let row = type.row {
            var largestItem = 0
            for itemType in row.itemTypes {
                guard let b = sum(itemType.memory.view, itemType.memory.state).flatMap({ sum($0, itemType.memory.content) }) else { return nil }
                largestItem = max(largestItem, b)
            }
            guard let items = product(row.count, largestItem), let total = sum(bytes, items) else { return nil }
            bytes = total
        }
        return bytes
    }

    func checkModeledBytes(_ content: ContentConfig, rows: Int) {
        let count = content.count
        // Data: every element's memory.data, at the largest of any type.
        let (dataType, dataBytes) = content.types.enumerated().map { ($0.offset, $0.element.memory.data) }.max { $0.1 < $1.1 } ?? (0, 0)
        let data = ScenarioLimitCheck.product(count, dataBytes)
        if data.map({ $0 > limits.modeledBytes }) ?? true {
            refuse("content.types[\(dataType)].memory.data", "\(ScenarioLimitCheck.text(count)) elements × \(ScenarioLimitCheck.text(dataBytes)) bytes = \(data.map(ScenarioLimitCheck.text) ?? "more than 9.2 × 10^18") bytes of data",
                   over: limits.modeledBytes, unit: "modeled bytes", name: "modeled-bytes")
            return
        }
        // Views: every row resident at once, at the largest row of any type (or the header).
        var largest: (path: String, bytes: Int)?
        for (i, type) in content.types.enumerated() {
            let bytes = ScenarioLimitCheck.rowBytes(type) ?? Int.max
            if largest == nil || bytes > largest?.bytes ?? 0 { largest = ("content.types[\(i)]", bytes) }
        }
        if let header = content.sections?.header {
            let bytes = ScenarioLimitCheck.rowBytes(header) ?? Int.max
            if bytes > largest?.bytes ?? 0 { largest = ("content.sections.header", bytes) }
        }
        guard let largest, let data else { return }
        let views = ScenarioLimitCheck.product(rows, largest.bytes)
        let total = views.flatMap { ScenarioLimitCheck.sum($0, data) }
        guard total.map({ $0 > limits.modeledBytes }) ?? true else { return }
        let perRow = largest.bytes == Int.max ? "more than 9.2 × 10^18" : ScenarioLimitCheck.text(largest.bytes)
        var what = "\(ScenarioLimitCheck.text(rows)) rows × \(perRow) bytes a view (memory.view + state + content\(content.types.contains { $0.row != nil } ? ", nested items" : ""))"
        what += " + \(ScenarioLimitCheck.text(data)) bytes of data = \(total.map(ScenarioLimitCheck.text) ?? "more than 9.2 × 10^18") bytes with every row resident"
        refuse("\(largest.path).memory", what, over: limits.modeledBytes, unit: "modeled bytes", name: "modeled-bytes")
    }
}
