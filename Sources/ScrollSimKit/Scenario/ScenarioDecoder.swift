import Foundation
import ScrollSimEngine

/// Turns a scenario's JSON into a validated `Scenario` (the scenario reference article lists
/// every key). Errors name the file and key path; unknown keys are errors.
///
/// Defaults are not written here: an absent key takes the value the engine's configuration
/// types give it (`DeviceConfig()`, `StackConfig()`, `ViewTypeSpec.defaultWeight`, …), and a
/// choice's spellings are the raw values of the engine enum's cases, so a scenario and a
/// configuration built in code cannot drift apart.
///
/// Reading data files (`content.data`) is delegated to a closure so this type stays free of I/O.
public struct ScenarioDecoder {
    public let file: String
    /// Reads a data file named by the scenario, relative to the scenario's directory.
    public var readData: (String) throws -> Data

    public static let supportedSchema = 1

    public init(file: String, readData: @escaping (String) throws -> Data) {
        self.file = file
        self.readData = readData
    }

    public func decode(_ root: JSONValue) throws -> Scenario {
        var top = try KeyedReader(file: file, path: "", value: root)
        let schema = try top.integer("schema")
        guard schema == ScenarioDecoder.supportedSchema else {
            throw top.error("schema", "this ScrollSim reads schema \(ScenarioDecoder.supportedSchema), the file says \(schema)")
        }
        let name = try top.string("name")
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) else {
            throw top.error("name", "\"\(name)\" must be non-empty letters, digits, '-', '_' or '.' (it names the report file)")
        }
        let description = try top.string("description", default: "")
        let seed = try top.integer("seed", default: Int(SimulationConfig.defaultSeed), range: 0...Int.max)
        let duration = try top.number("duration", range: 0.001...3600)

        var deviceReader = try top.object("device")
        let device = try decodeDevice(&deviceReader)
        var stackReader = try top.object("stack")
        let stack = try decodeStack(&stackReader)
        guard var contentReader = try top.object("content") else { throw top.error("content", "is required") }
        let (content, ids, dataBytes) = try decodeContent(&contentReader)
        let script = try decodeScript(top.array("script") ?? [], content: content, ids: ids)
        var budgetReader = try top.object("budgets")
        let (budgets, warnings) = try decodeBudgets(&budgetReader)
        var gradingReader = try top.object("grading")
        let grading = try decodeGrading(&gradingReader)
        try top.finish()

        let config = SimulationConfig(
            name: name, seed: UInt64(seed), duration: duration, device: device, stack: stack,
            content: content, script: script
        )
        return Scenario(
            file: file, name: name, description: description, config: config, budgets: budgets,
            grading: grading, contentHash: ScenarioDecoder.contentHash(root, data: dataBytes), elementIDs: ids,
            warnings: warnings
        )
    }

    /// FNV-1a (64-bit) over the canonical JSON of everything but `description`, `budgets` and
    /// `grading`: formatting and commentary do not change it, any model input does.
    public static func contentHash(_ root: JSONValue, data: Data = Data()) -> String {
        var object = root.objectValue ?? [:]
        object["description"] = nil
        object["budgets"] = nil
        object["grading"] = nil
        let text = JSONWriter(decimals: 6).string(.object(object))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    // MARK: device

    func decodeDevice(_ reader: inout KeyedReader?) throws -> DeviceConfig {
        var device = DeviceConfig()
        guard var r = reader else { return device }
        device.refreshRate = try r.number("refreshRate", default: device.refreshRate, range: 1...480)
        if var viewport = try r.object("viewport") {
            device.viewport = Size(
                width: try viewport.number("width", range: 1...10_000),
                height: try viewport.number("height", range: 1...10_000)
            )
            try viewport.finish()
        }
        device.frameOverheadMs = try r.number("frameOverheadMs", default: device.frameOverheadMs, range: 0...1000)
        device.inputMs = try r.number("inputMs", default: device.inputMs, range: 0...1000)
        try r.finish()
        return device
    }

    // MARK: stack

    func decodeStack(_ reader: inout KeyedReader?) throws -> StackConfig {
        var stack = StackConfig()
        guard var r = reader else { return stack }
        stack.kind = try r.choice("kind", default: stack.kind)
        stack.spacing = try r.number("spacing", default: stack.spacing, range: 0...10_000)
        stack.pinnedHeaders = try r.bool("pinnedHeaders", default: stack.pinnedHeaders)
        stack.initialEstimate = try r.number("initialEstimate", default: stack.initialEstimate, range: 0...100_000)
        if var p = try r.object("prefetch") {
            stack.prefetch.enabled = try p.bool("enabled", default: stack.prefetch.enabled)
            stack.prefetch.distance = try p.number("distance", default: stack.prefetch.distance, range: 0...20)
            stack.prefetch.policy = try p.choice("policy", default: stack.prefetch.policy)
            stack.prefetch.marginMs = try p.number("marginMs", default: stack.prefetch.marginMs, range: 0...1000)
            try p.finish()
        }
        if var k = try r.object("keepAlive") {
            let ms = try k.optionalNumber("ms", range: 0...3_600_000)
            let frames = try k.optionalInteger("frames", range: 0...10_000_000)
            if ms != nil && frames != nil { throw k.error("frames", "give either \"ms\" or \"frames\", not both") }
            if let frames { stack.keepAlive.duration = .frames(frames) }
            if let ms { stack.keepAlive.duration = .milliseconds(ms) }
            stack.keepAlive.maxViews = try k.integer("maxViews", default: stack.keepAlive.maxViews, range: 0...1_000_000)
            try k.finish()
        }
        try r.finish()
        return stack
    }

    // MARK: content

    func decodeContent(_ r: inout KeyedReader) throws -> (ContentConfig, [String]?, Data) {
        guard let typeValues = try r.array("types"), !typeValues.isEmpty else {
            throw r.error("types", "is required: an array of at least one view type")
        }
        var types: [ViewTypeSpec] = []
        for (i, value) in typeValues.enumerated() {
            var t = try KeyedReader(file: file, path: r.keyPath("types") + "[\(i)]", value: value)
            types.append(try decodeType(&t, nestedAllowed: true))
        }
        let names = types.map(\.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw r.error("types", "two types are named \"\(duplicate)\"; names must be unique")
        }

        var items: [ElementData]?
        var ids: [String]?
        var bytes = Data()
        if let path = try r.optionalString("data") {
            let table = try DataFile(file: file, keyPath: r.keyPath("data"), path: path, readData: readData, typeNames: names, heightForms: types.map(\.height)).records()
            items = table.items
            ids = table.ids
            bytes = table.bytes
        }
        let count: Int
        if let items {
            count = try r.integer("count", default: items.count, range: 0...10_000_000)
            if count != items.count {
                throw r.error("count", "is \(count) but the data file has \(items.count) records; drop \"count\" or make them agree")
            }
        } else {
            count = try r.integer("count", range: 0...10_000_000)
        }
        var sections: SectionsConfig?
        if var s = try r.object("sections") {
            let every = try s.integer("every", range: 1...10_000_000)
            guard let headerValue = s.value("header") else { throw s.error("header", "is required") }
            var h = try KeyedReader(file: file, path: s.keyPath("header"), value: headerValue)
            let header = try decodeType(&h, nestedAllowed: false, defaultName: "header", heightRequired: true)
            sections = SectionsConfig(every: every, header: header)
            try s.finish()
        }
        try r.finish()
        return (ContentConfig(count: count, types: types, sections: sections, items: items), ids, bytes)
    }

    func decodeType(_ r: inout KeyedReader, nestedAllowed: Bool, defaultName: String? = nil, heightRequired: Bool = true) throws -> ViewTypeSpec {
        let name = try r.string("name", default: defaultName)
        let weight = try r.number("weight", default: ViewTypeSpec.defaultWeight, range: 0...1e9)
        let children = try r.integer("children", default: ViewTypeSpec.defaultChildren.count, range: 1...64)
        let height: HeightSpec
        if let value = r.value("height") {
            height = try decodeHeight(value, path: r.keyPath("height"))
        } else if nestedAllowed, r.has("row") {
            height = .absolute(.fixed(0))
        } else {
            throw r.error("height", "is required: {\"fixed\": 300}, {\"uniform\": {…}}, {\"normal\": {…}}, {\"text\": {…}} or {\"aspect\": …}")
        }
        var costs = ViewTypeSpec.Costs()
        costs.initMs = try r.number("initMs", default: costs.initMs, range: 0...60_000)
        costs.bodyMs = try r.number("bodyMs", default: costs.bodyMs, range: 0...60_000)
        costs.layoutMs = try r.number("layoutMs", default: costs.layoutMs, range: 0...60_000)
        costs.renderMs = try r.number("renderMs", default: costs.renderMs, range: 0...60_000)
        costs.appearMs = try r.number("appearMs", default: costs.appearMs, range: 0...60_000)
        costs.jitter = try r.number("jitter", default: costs.jitter, range: 0...0.99)
        var rendering = ViewTypeSpec.Rendering()
        rendering.serverMs = try r.number("renderServerMs", default: rendering.serverMs, range: 0...60_000)
        rendering.effects = try r.integer("effects", default: rendering.effects, range: 0...1000)
        rendering.effectMs = try r.number("effectMs", default: rendering.effectMs, range: 0...60_000)
        rendering.drawingGroup = try r.bool("drawingGroup", default: rendering.drawingGroup)
        var memory = ViewTypeSpec.Memory()
        if var m = try r.object("memory") {
            memory.view = try m.integer("view", default: memory.view, range: 0...Int(1e12))
            memory.state = try m.integer("state", default: memory.state, range: 0...Int(1e12))
            memory.content = try m.integer("content", default: memory.content, range: 0...Int(1e12))
            memory.data = try m.integer("data", default: memory.data, range: 0...Int(1e12))
            try m.finish()
        }
        let configure = try r.choice("configure", default: ViewTypeSpec.defaultConfigure)
        let unconfiguredHeight = try r.number("unconfiguredHeight", default: ViewTypeSpec.defaultUnconfiguredHeight, range: 0...100_000)
        let stateLocation = try r.choice("stateLocation", default: ViewTypeSpec.defaultStateLocation)
        var asyncContent: ViewTypeSpec.AsyncContent?
        if var a = try r.object("asyncContent") {
            asyncContent = ViewTypeSpec.AsyncContent(
                latencyMs: try a.number("latencyMs", range: 0...600_000),
                start: try a.choice("start") as ViewTypeSpec.AsyncContent.Start,
                placeholderSized: try a.bool("placeholderSized", default: ViewTypeSpec.AsyncContent.defaultPlaceholderSized),
                placeholderHeight: try a.number("placeholderHeight", default: ViewTypeSpec.AsyncContent.defaultPlaceholderHeight, range: 0...100_000)
            )
            try a.finish()
        }
        let relayout = try r.optionalNumber("relayoutAfterAppear", range: -100_000...100_000)
        let idealWidth = try r.value("idealWidth").map { try decodeDistribution($0, path: r.keyPath("idealWidth"), range: 0...100_000) }
        var row: NestedRowSpec?
        if nestedAllowed, var n = try r.object("row") {
            guard let itemValues = try n.array("types"), !itemValues.isEmpty else {
                throw n.error("types", "is required: the nested row's item types")
            }
            var itemTypes: [ViewTypeSpec] = []
            for (i, value) in itemValues.enumerated() {
                var t = try KeyedReader(file: file, path: n.keyPath("types") + "[\(i)]", value: value)
                itemTypes.append(try decodeType(&t, nestedAllowed: false))
            }
            row = NestedRowSpec(
                count: try n.integer("count", range: 0...1_000_000),
                itemWidth: try n.number("itemWidth", range: 1...10_000),
                spacing: try n.number("spacing", default: NestedRowSpec.defaultSpacing, range: 0...10_000),
                height: try n.optionalNumber("height", range: 0...100_000),
                itemTypes: itemTypes
            )
            try n.finish()
        }
        try r.finish()
        return ViewTypeSpec(
            name: name, weight: weight, children: .count(children), height: height, costs: costs, memory: memory,
            configure: configure, unconfiguredHeight: unconfiguredHeight, stateLocation: stateLocation,
            asyncContent: asyncContent, row: row, relayoutAfterAppear: relayout, idealWidth: idealWidth, rendering: rendering
        )
    }

    static let heightForms = "{\"fixed\": 300}, {\"uniform\": {\"min\": 150, \"max\": 450}}, {\"normal\": {\"mean\": 320, \"sd\": 60, \"min\": 120}}, {\"text\": {\"chars\": 240, \"lineHeight\": 20, \"base\": 180}} or {\"aspect\": {\"uniform\": {\"min\": 0.5, \"max\": 2}}}"

    func decodeHeight(_ value: JSONValue, path: String) throws -> HeightSpec {
        guard case .object(let object) = value, object.count == 1, let (form, body) = object.first else {
            throw ScenarioError(file: file, location: .keyPath(path), message: "expected an object with exactly one of fixed, uniform, normal, text, aspect: \(ScenarioDecoder.heightForms)")
        }
        let formPath = "\(path).\(form)"
        switch form {
        case "fixed", "uniform", "normal":
            return .absolute(try decodeDistribution(.object([form: body]), path: path, range: 0...100_000))
        case "aspect":
            return .aspect(try decodeDistribution(body, path: formPath, range: 0.001...1000))
        case "text":
            var t = try KeyedReader(file: file, path: formPath, value: body)
            guard let chars = t.value("chars") else { throw t.error("chars", "is required (a number or a distribution)") }
            let metrics = HeightSpec.TextMetrics(
                chars: try decodeDistribution(chars, path: t.keyPath("chars"), range: 0...10_000_000),
                lineHeight: try t.number("lineHeight", range: 0...10_000),
                base: try t.number("base", default: HeightSpec.TextMetrics.defaultBase, range: 0...100_000),
                charWidth: try t.number("charWidth", default: HeightSpec.TextMetrics.defaultCharWidth, range: 0.01...1000),
                padding: try t.number("padding", default: HeightSpec.TextMetrics.defaultPadding, range: 0...10_000),
                lineLimit: try t.optionalInteger("lineLimit", range: 1...100_000)
            )
            try t.finish()
            return .text(metrics)
        default:
            var message = "unknown height form \"\(form)\"; expected one of \(ScenarioDecoder.heightForms)"
            if let near = Spelling.closest(to: form, in: ["fixed", "uniform", "normal", "text", "aspect"]) {
                message = "unknown height form \"\(form)\" (did you mean \"\(near)\"?)"
            }
            throw ScenarioError(file: file, location: .keyPath(formPath), message: message)
        }
    }

    /// A number, or `{"fixed": x}`, `{"uniform": {min, max}}`, `{"normal": {mean, sd, min?, max?}}`.
    func decodeDistribution(_ value: JSONValue, path: String, range: ClosedRange<Double>) throws -> Distribution {
        if case .number(let number) = value {
            guard range.contains(number) else {
                throw ScenarioError(file: file, location: .keyPath(path), message: "\(JSONWriter.text(number)) is outside \(JSONWriter.text(range.lowerBound))...\(JSONWriter.text(range.upperBound))")
            }
            return .fixed(number)
        }
        guard case .object(let object) = value, object.count == 1, let (form, body) = object.first else {
            throw ScenarioError(file: file, location: .keyPath(path), message: "expected a number or an object with one of fixed, uniform, normal, found \(value.kindDescription)")
        }
        let formPath = "\(path).\(form)"
        switch form {
        case "fixed":
            guard case .number(let number) = body, range.contains(number) else {
                throw ScenarioError(file: file, location: .keyPath(formPath), message: "expected a number in \(JSONWriter.text(range.lowerBound))...\(JSONWriter.text(range.upperBound))")
            }
            return .fixed(number)
        case "uniform":
            var u = try KeyedReader(file: file, path: formPath, value: body)
            let low = try u.number("min", range: range)
            let high = try u.number("max", range: range)
            guard low <= high else { throw u.error("max", "\(JSONWriter.text(high)) is below min \(JSONWriter.text(low))") }
            try u.finish()
            return .uniform(min: low, max: high)
        case "normal":
            var n = try KeyedReader(file: file, path: formPath, value: body)
            let mean = try n.number("mean", range: range)
            let sd = try n.number("sd", range: 0...1e9)
            let low = try n.optionalNumber("min", range: range) ?? range.lowerBound
            let high = try n.optionalNumber("max", range: range)
            if let high, high < low { throw n.error("max", "\(JSONWriter.text(high)) is below min \(JSONWriter.text(low))") }
            try n.finish()
            return .normal(mean: mean, sd: sd, min: low, max: high)
        default:
            throw ScenarioError(file: file, location: .keyPath(formPath), message: "unknown distribution \"\(form)\"; expected fixed, uniform or normal")
        }
    }

    // MARK: script

    func decodeScript(_ values: [JSONValue], content: ContentConfig, ids: [String]?) throws -> [ScriptEvent] {
        var events: [ScriptEvent] = []
        var lastAt = 0.0
        let actions = ["drag", "fling", "rotate", "scrollTo", "tap"]
        for (i, value) in values.enumerated() {
            var e = try KeyedReader(file: file, path: "script[\(i)]", value: value)
            let at = try e.number("at", range: 0...86_400)
            if at < lastAt {
                throw e.error("at", "\(JSONWriter.text(at)) comes before the previous event's \(JSONWriter.text(lastAt)); list events in time order")
            }
            lastAt = at
            let present = actions.filter { e.object[$0] != nil }
            guard present.count == 1, let kind = present.first else {
                let unknown = e.object.keys.filter { $0 != "at" }.sorted()
                if present.isEmpty, let first = unknown.first {
                    var message = "unknown event \"\(first)\"; expected one of \(actions.joined(separator: ", "))"
                    if let near = Spelling.closest(to: first, in: actions) { message += " (did you mean \"\(near)\"?)" }
                    throw ScenarioError(file: file, location: .keyPath("script[\(i)].\(first)"), message: message)
                }
                throw e.error("expected exactly one of \(actions.joined(separator: ", ")) beside \"at\", found \(present.isEmpty ? "none" : present.joined(separator: " and "))")
            }
            guard var a = try e.object(kind) else { throw e.error(kind, "is required") }
            let action: ScriptEvent.Action
            switch kind {
            case "drag":
                action = .drag(
                    velocity: try a.number("velocity", range: -1e6...1e6),
                    duration: try a.number("duration", range: 0...86_400),
                    flingOnRelease: try a.choice("release", [("stop", false), ("fling", true)], default: false)
                )
            case "fling":
                let rate: Double
                if a.object["deceleration"]?.numberValue != nil {
                    rate = try a.number("deceleration", range: 0.5...0.99999)
                } else {
                    rate = try (a.choice("deceleration", default: DecelerationRate.Preset.normal) as DecelerationRate.Preset).perMillisecond
                }
                action = .fling(velocity: try a.number("velocity", range: -1e6...1e6), deceleration: rate)
            case "rotate":
                action = .rotate(Size(width: try a.number("width", range: 1...10_000), height: try a.number("height", range: 1...10_000)))
            case "scrollTo":
                action = .scrollTo(try decodeScrollTarget(&a, count: content.count, ids: ids))
            case "tap":
                action = .tap(element: try elementIndex(&a, "id", count: content.count, ids: ids))
            default:
                preconditionFailure("unhandled event \(kind)")
            }
            try a.finish()
            try e.finish()
            events.append(ScriptEvent(at: at, action: action))
        }
        return events
    }

    func decodeScrollTarget(_ a: inout KeyedReader, count: Int, ids: [String]?) throws -> ScrollTarget {
        let given = ["id", "edge", "offset"].filter { a.object[$0] != nil }
        guard given.count == 1 else {
            throw a.error("expected exactly one of id, edge, offset, found \(given.isEmpty ? "none" : given.joined(separator: " and "))")
        }
        let destination: ScrollTarget.Destination
        switch given[0] {
        case "id": destination = .element(try elementIndex(&a, "id", count: count, ids: ids))
        case "edge": destination = try (a.choice("edge") as ScrollTarget.Edge).destination
        default: destination = .offset(try a.number("offset", range: 0...1e12))
        }
        let anchor = try a.choice("anchor", default: ScrollTarget.defaultAnchor)
        let animated = try a.bool("animated", default: a.object["duration"] != nil)
        let duration = try a.number("duration", default: ScrollTarget.defaultAnimationDuration, range: 0.001...60)
        return ScrollTarget(destination: destination, anchor: anchor, animationDuration: animated ? duration : nil)
    }

    /// An element named by id: a data file id when the data gives ids, otherwise an index.
    func elementIndex(_ a: inout KeyedReader, _ key: String, count: Int, ids: [String]?) throws -> Int {
        guard let value = a.value(key) else { throw a.error(key, "is required") }
        if let ids {
            let text: String
            switch value {
            case .string(let s): text = s
            case .number(let n): text = JSONWriter.text(n)
            default: throw a.error(key, "expected an id from the data file, found \(value.kindDescription)")
            }
            guard let index = ids.firstIndex(of: text) else { throw a.error(key, "no element has id \"\(text)\" in the data file") }
            return index
        }
        guard case .number(let n) = value, n.rounded() == n else {
            throw a.error(key, "expected an element index (an integer), found \(value.kindDescription)")
        }
        guard n >= 0, Int(n) < count else { throw a.error(key, "\(Int(n)) is outside the content's 0..<\(count)") }
        return Int(n)
    }

    // MARK: budgets

    /// Budgets by metric path (`"frameWorkMs.p99": 8.33`, `"peakMemoryBytes": "200 MiB"`), in
    /// display order; a former name (`p99FrameMs`) is read as the metric it names, with a
    /// warning saying the new key.
    func decodeBudgets(_ reader: inout KeyedReader?) throws -> ([Budget], [ScenarioWarning]) {
        guard var r = reader else { return ([], []) }
        var budgets: [Metric: (budget: Budget, key: String)] = [:]
        var warnings: [ScenarioWarning] = []
        for key in r.object.keys.sorted() {
            guard let (metric, formerScale) = Budget.metric(forKey: key) else {
                var message = "unknown budget \"\(key)\""
                if let metric = Metric(rawValue: key) {
                    message = "\(metric.path) cannot be budgeted"
                    if metric.polarity == .neutral { message += " (it is neutral: a change in it is neither good nor bad)" }
                } else if let near = Spelling.closest(to: key, in: Budget.keys + Budget.formerNames.map(\.name)) {
                    let suggestion = Budget.metric(forKey: near).map(\.metric.path) ?? near
                    message += " (did you mean \"\(suggestion)\"?)"
                }
                message += "; budgets: \(Budget.keys.joined(separator: ", "))"
                throw r.error(key, message)
            }
            guard let value = r.value(key) else { throw r.error(key, "expected a limit, found null") }
            let limit: Double
            do {
                limit = try Budget.limit(value, for: metric, formerScale: formerScale)
            } catch let error as Budget.LimitError {
                throw r.error(key, error.message)
            }
            if let other = budgets[metric] {
                throw r.error(key, "\"\(key)\" and \"\(other.key)\" both limit \(metric.path); keep one")
            }
            budgets[metric] = (Budget(metric: metric, limit: limit), key)
            if formerScale != nil {
                var message = "\"\(key)\" is a former budget name; write \"\(metric.path)\" (the name compare uses)"
                if metric.kind == .memory { message += ", whose limit is in bytes or a string such as \"200 MiB\"" }
                warnings.append(ScenarioWarning(file: file, keyPath: r.keyPath(key), message: message))
            }
        }
        try r.finish()
        return (Metric.allCases.compactMap { budgets[$0]?.budget }, warnings)
    }

    func decodeGrading(_ reader: inout KeyedReader?) throws -> HitchGrading {
        guard var r = reader else { return .apple }
        guard var h = try r.object("hitchRatio") else {
            try r.finish()
            return .apple
        }
        let warning = try h.number("warning", default: HitchGrading.apple.warning, range: 0...1e6)
        let critical = try h.number("critical", default: HitchGrading.apple.critical, range: 0...1e6)
        guard warning <= critical else { throw h.error("critical", "\(JSONWriter.text(critical)) is below warning \(JSONWriter.text(warning))") }
        try h.finish()
        try r.finish()
        return HitchGrading(warning: warning, critical: critical)
    }
}
