/// The differences between two reports of one scenario, value by value, outside `harness`.
///
/// This is what `scrollsim baseline --check` lists when a fresh report is not its committed
/// baseline: there is no threshold here, any difference is one. Items come in a fixed order:
/// the `scenario` section (a changed content hash explains everything after it), the `summary`
/// metrics, the `frames` columns, the `events`, then any other key, each section by key path.
///
/// - A scalar that changed: `summary.droppedFrames: 0 → 1`.
/// - A column (an array of numbers or strings): how many entries differ and the first one,
///   `frames.offset: 37 of 960 frames differ, first at frame 12: 100 → 101.5`.
/// - The events, as one item: the counts per kind that changed, and the first event that
///   differs, `events: 146 → 147 (appear 27 → 28); first difference at event 37: …`.
/// - A key only one side has: `summary.newMetric: added (3)` or `removed (was 3)`.
public enum ReportDiff {
    public struct Item: Equatable, Sendable, CustomStringConvertible {
        /// The key path in the report (`summary.frameWorkMs.p99`, `frames.phaseMs.body`, `events`).
        public var path: String
        /// What changed, in words.
        public var change: String

        public init(path: String, change: String) {
            self.path = path
            self.change = change
        }

        public var description: String { "\(path): \(change)" }
    }

    /// The top-level sections in the order their differences are listed; other keys follow,
    /// sorted. `harness` is never compared.
    static let sectionOrder = ["scenario", "summary", "frames", "events"]

    /// Every difference between `baseline` and `current`, outside `harness`.
    /// - Complexity: O(size of the reports).
    public static func items(baseline: JSONValue, current: JSONValue) -> [Item] {
        guard let old = baseline.objectValue, let new = current.objectValue else {
            return baseline == current ? [] : [Item(path: "(report)", change: "\(text(baseline)) → \(text(current))")]
        }
        let keys = Set(old.keys).union(new.keys).subtracting(["harness"])
        let ordered = sectionOrder.filter(keys.contains) + keys.subtracting(sectionOrder).sorted()
        var items: [Item] = []
        for key in ordered {
            if key == "events", let eventsItem = events(old[key], new[key]) {
                items += eventsItem
                continue
            }
            walk(key, old[key], new[key], unit: key == "frames" ? "frame" : "entry", into: &items)
        }
        return items
    }

    private static func walk(_ path: String, _ a: JSONValue?, _ b: JSONValue?, unit: String, into items: inout [Item]) {
        switch (a, b) {
        case (nil, nil):
            return
        case (nil, let b?):
            items.append(Item(path: path, change: "added (\(text(b)))"))
        case (let a?, nil):
            items.append(Item(path: path, change: "removed (was \(text(a)))"))
        case (.object(let x)?, .object(let y)?):
            for key in Set(x.keys).union(y.keys).sorted() {
                walk("\(path).\(key)", x[key], y[key], unit: unit, into: &items)
            }
        case (.array(let x)?, .array(let y)?):
            if x == y { return }
            if isColumn(x) && isColumn(y) {
                items.append(Item(path: path, change: column(x, y, unit: unit)))
            } else {
                for i in 0..<max(x.count, y.count) {
                    walk("\(path)[\(i)]", i < x.count ? x[i] : nil, i < y.count ? y[i] : nil, unit: unit, into: &items)
                }
            }
        case (let a?, let b?):
            if a != b { items.append(Item(path: path, change: "\(text(a)) → \(text(b))")) }
        }
    }

    /// An array of scalars: a frames or events column.
    static func isColumn(_ values: [JSONValue]) -> Bool {
        values.allSatisfy { value in
            switch value {
            case .array, .object: return false
            default: return true
            }
        }
    }

    /// `12 of 960 frames differ, first at frame 12: 100 → 101`, with the lengths when they differ.
    static func column(_ x: [JSONValue], _ y: [JSONValue], unit: String) -> String {
        let common = min(x.count, y.count)
        var differing = 0
        var first: Int?
        for i in 0..<common where x[i] != y[i] {
            differing += 1
            if first == nil { first = i }
        }
        if x.count != y.count {
            var change = "\(x.count) → \(y.count) \(unit)s"
            if let first {
                change += "; \(differing) of the first \(common) differ, first at \(unit) \(first): \(text(x[first])) → \(text(y[first]))"
            } else {
                change += "; the first \(common) are equal"
            }
            return change
        }
        guard let first else { return "equal" }
        return "\(differing) of \(x.count) \(unit)s differ, first at \(unit) \(first): \(text(x[first])) → \(text(y[first]))"
    }

    /// The events section: when the event columns differ, one item with the counts per kind
    /// that changed and the first event that differs (the written `count` and `counts` follow
    /// from the columns and are not listed again); otherwise the other keys one by one. Nil
    /// when a side does not have the shape reports write (then it is compared key by key).
    static func events(_ a: JSONValue?, _ b: JSONValue?) -> [Item]? {
        guard let a, let b, let x = EventColumns(a), let y = EventColumns(b),
              let xKeys = a.objectValue?.keys, let yKeys = b.objectValue?.keys else { return nil }
        var items: [Item] = []
        let columnsDiffer = EventColumns.names.contains { a[$0] != b[$0] }
        if columnsDiffer {
            var parts: [String] = []
            let kinds = Set(x.counts.keys).union(y.counts.keys).sorted()
            let changed = kinds.filter { x.counts[$0, default: 0] != y.counts[$0, default: 0] }
            let total = x.count == y.count ? "\(x.count) events" : "\(x.count) → \(y.count) events"
            if changed.isEmpty {
                parts.append("\(total), the same number of each kind")
            } else {
                let moved = changed.map { "\($0) \(x.counts[$0, default: 0]) → \(y.counts[$0, default: 0])" }
                parts.append("\(total) (\(moved.joined(separator: ", ")))")
            }
            if let i = (0..<max(x.count, y.count)).first(where: { x.event($0) != y.event($0) }) {
                parts.append("first difference at event \(i): \(x.describe(i)) → \(y.describe(i))")
            }
            items.append(Item(path: "events", change: parts.joined(separator: "; ")))
        }
        let derived: Set<String> = columnsDiffer ? ["count", "counts"] : []
        for key in Set(xKeys).union(yKeys).subtracting(EventColumns.names).subtracting(derived).sorted() {
            walk("events.\(key)", a[key], b[key], unit: "event", into: &items)
        }
        return items
    }

    /// The events columns of a report.
    struct EventColumns {
        var frame: [JSONValue]
        var kind: [JSONValue]
        var row: [JSONValue]
        var element: [JSONValue]
        var value: [JSONValue]
        var counts: [String: Int]

        init?(_ events: JSONValue) {
            guard let frame = events["frame"]?.arrayValue, let kind = events["kind"]?.arrayValue,
                  let row = events["row"]?.arrayValue, let element = events["element"]?.arrayValue,
                  let value = events["value"]?.arrayValue,
                  [kind.count, row.count, element.count, value.count].allSatisfy({ $0 == frame.count }) else { return nil }
            self.frame = frame
            self.kind = kind
            self.row = row
            self.element = element
            self.value = value
            // Counted from the column, so the summary of a difference never trusts `counts`.
            var counts: [String: Int] = [:]
            for k in kind { counts[k.stringValue ?? text(k), default: 0] += 1 }
            self.counts = counts
        }

        static let names = ["frame", "kind", "row", "element", "value"]

        var count: Int { frame.count }

        func event(_ i: Int) -> [JSONValue]? {
            i < count ? [frame[i], kind[i], row[i], element[i], value[i]] : nil
        }

        /// `release row 12 (element 12) at frame 128, value 0.6`, or `none` past the end.
        func describe(_ i: Int) -> String {
            guard i < count else { return "none" }
            var words = kind[i].stringValue ?? ReportDiff.text(kind[i])
            if let r = row[i].numberValue, r >= 0 { words += " row \(ReportDiff.text(row[i]))" }
            if element[i] != row[i], element[i] != .number(-1) { words += " (element \(ReportDiff.text(element[i])))" }
            words += " at frame \(ReportDiff.text(frame[i]))"
            if value[i] != .number(0) { words += ", value \(ReportDiff.text(value[i]))" }
            return words
        }
    }

    /// A value as it is shown in a difference: numbers exactly (integers without a point, others
    /// in their shortest exact form), strings quoted and cut to 60 characters, containers by size.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            return "\(n)"
        case .string(let s):
            let cut = s.count > 60 ? String(s.prefix(59)) + "…" : s
            return "\"\(cut)\""
        case .array(let items): return "[\(items.count) values]"
        case .object(let object): return "{\(object.count) keys}"
        }
    }
}
