import ScrollSimEngine

/// `events`: a column per field of the run's events, and their counts by kind; `type` names the
/// row's view type (null when none), `element` is the data file's id when the scenario has ids.
extension ReportBuilder {
    /// `events` as a JSON value.
    static func eventsObject(_ events: [SimulationEvent], ids: [String]?, typeNames: [String]) -> JSONValue {
        var counts: [String: Int] = [:]
        for event in events { counts[event.kind.name, default: 0] += 1 }
        return .object([
            "count": .number(Double(events.count)),
            "counts": .object(counts.mapValues { .number(Double($0)) }),
            "frame": .array(events.map { .number(Double($0.frame)) }),
            "kind": .array(events.map { .string($0.kind.name) }),
            "row": .array(events.map { .number(Double($0.row)) }),
            "element": .array(events.map { event in
                guard event.element >= 0 else { return .number(-1) }
                if let ids { return .string(elementID(Int(event.element), ids)) }
                return .number(Double(event.element))
            }),
            "type": .array(events.map { event in
                let t = Int(event.type)
                return t >= 0 ? .string(Attribution.typeName(t, typeNames)) : .null
            }),
            "value": .array(events.map { .number($0.value) }),
        ])
    }

    /// `events` streamed into `out`, the same text `JSONWriter` writes of `eventsObject`; kind
    /// and type names are quoted once, not per event.
    /// - Complexity: O(events + kinds log kinds).
    static func writeEvents(_ events: [SimulationEvent], ids: [String]?, typeNames: [String], into out: inout JSONStream) {
        let kinds = SimulationEvent.Kind.allCases
        var counts = [Int](repeating: 0, count: kinds.count)
        for event in events { counts[Int(event.kind.rawValue)] += 1 }
        let kindNames = JSONStream.TextTable(kinds.map(\.name))
        var typeCount = 0
        for event in events { typeCount = max(typeCount, Int(event.type) + 1) }
        let types = JSONStream.TextTable((0..<typeCount).map { Attribution.typeName($0, typeNames) })
        let counted = kinds.filter { counts[Int($0.rawValue)] > 0 }.sorted { $0.name < $1.name }

        let members = ["count", "counts", "element", "frame", "kind", "row", "type", "value"]
        out.byte(0x7B)
        for (i, key) in members.sorted().enumerated() {
            if i > 0 { out.byte(0x2C) }
            out.key(key, indent: 2)
            switch key {
            case "count":
                out.number(Double(events.count))
            case "counts":
                guard !counted.isEmpty else {
                    out.text("{}")
                    break
                }
                out.byte(0x7B)
                for (k, kind) in counted.enumerated() {
                    if k > 0 { out.byte(0x2C) }
                    out.key(kind.name, indent: 3)
                    out.number(Double(counts[Int(kind.rawValue)]))
                }
                out.newline(2)
                out.byte(0x7D)
            case "element":
                out.array(count: events.count) { i, out in
                    let element = Int(events[i].element)
                    if element >= 0, let ids { out.string(elementID(element, ids)) } else { out.number(Double(max(element, -1))) }
                }
            case "frame":
                out.numbers(count: events.count) { Double(events[$0].frame) }
            case "kind":
                out.texts(count: events.count, from: kindNames) { Int(events[$0].kind.rawValue) }
            case "row":
                out.numbers(count: events.count) { Double(events[$0].row) }
            case "type":
                out.texts(count: events.count, from: types) { i in
                    let t = Int(events[i].type)
                    return t >= 0 ? t : nil
                }
            default:
                out.numbers(count: events.count) { events[$0].value }
            }
        }
        out.newline(1)
        out.byte(0x7D)
    }
}
