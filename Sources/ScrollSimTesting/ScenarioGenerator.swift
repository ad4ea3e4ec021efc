import Foundation
import ScrollSimEngine
import ScrollSimKit

/// Random scenario files built from the key declarations (`ScenarioKeys`), for the property
/// tests and the `generated` fuzz target: `ScenarioGenerator.text(seed: 7)` is a scenario's JSON
/// text, the same for the same seed on every platform (SplitMix64, the engine's generator).
///
/// The generator walks the declared shapes, as the JSON Schema generator does: every object's
/// keys (required ones always, optional ones at random, now and then `null`), every rule of
/// `exactlyOne`/`atMostOne`, every number and integer at its declared extremes (the lower and
/// upper bound, just inside each) or in between, every choice (so every enum case), arrays from
/// empty up, and strings that the key's rule accepts. A key added to the declarations is
/// generated without a change here. The stack kind cycles with the seed, so every kind
/// (`vStack`, `lazyVStack`, `lazyVGrid`, `pairedRows`, `masonryLayout`, `masonryColumns`) comes up
/// as often as the others.
///
/// What the declarations cannot say is written here once, by key path: the rules only the
/// decoder checks (a `max` not below its `min`, events in time order, ids that exist, keys that
/// only some stack kinds read, unique names), so most scenarios validate; and a cap on what
/// makes a run long — frames (duration × refresh rate), rows (elements × children), nested
/// items, script events, appended elements — so one scenario plays in milliseconds. One
/// lazy scenario in a hundred is "large": 10^5 to 10^6 elements on a lazy stack, within the
/// limits, with cheap rows. Scenarios that do not validate are part of the test too: the
/// decoder must refuse them with messages, never trap.
///
/// A data file (`content.data`) comes with one scenario in about seven that has elements (not
/// a large one): `g<seed>.jsonl`, a record per element with an `id` (`e0`, `e1`, …) and now
/// and then the name of one of the scenario's types; `count` is kept or dropped at random, and
/// the script's `tap` and `scrollTo` ids become the data ids of the same elements.
/// It is drawn last, so the scenario's other keys are those of the same seed without it, and
/// it comes back from `files(seed:)` beside the text (the property check reads it from memory).
public struct ScenarioGenerator {
    public let seed: UInt64
    var random: Draws
    var plan: Plan
    /// The scenario's data file, when it has one: its path (as `content.data` gives it) and bytes.
    public private(set) var dataFile: (path: String, bytes: [UInt8])?

    /// Where the draws come from: bytes first (a fuzzer's input: every choice is one of its
    /// 8-byte words, so mutating the input steers the scenario), then SplitMix64.
    struct Draws {
        var bytes: [UInt8]
        var position = 0
        var fallback: SplitMix64

        mutating func next() -> UInt64 {
            guard position < bytes.count else { return fallback.next() }
            var value: UInt64 = 0
            for i in position..<(position + 8) { value = value << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
            position += 8
            return value
        }

        mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
    }

    /// What is decided before the walk: the stack kind, the element count and the caps.
    struct Plan {
        var kind: StackConfig.Kind
        /// A large scenario: many elements, cheap rows.
        var large: Bool
        var count: Int
        /// The most rows (elements × children) a type's `children` may make.
        var rows: Int
        /// The most frames the run presents.
        var frames: Int
        /// How often an optional key is given.
        var optionalRate: Double
        /// Type names given so far (unique across the scenario).
        var names = 0
    }

    /// The environment keys types read and the script changes.
    static let environmentKeys = ["writingStyle", "colorScheme", "locale_2", "a.b"]

    /// Names that exercise every output's escaping (HTML, Markdown, CSV, terminal).
    static let awkwardTexts = [
        "<script>alert(1)</script>", "a \"quoted\" \\ name", "\u{1B}[31mred\u{1B}[0m", "two\nlines\n\n# heading", "=SUM(A1:A2)",
        "@cmd", "`code` span", "../escape", "élan 😀", " ", "&amp; <b>", "\u{202E}reversed",
    ]

    public init(seed: UInt64) {
        self.init(seed: seed, draws: Draws(bytes: [], fallback: SplitMix64(seed: seed ^ 0xA076_1D64_78BD_642F)))
    }

    /// A generator whose draws are `bytes` (then a SplitMix64 seeded by their first word):
    /// for fuzzing, where the fuzzer's mutations of the bytes steer the scenario.
    public init(bytes: [UInt8]) {
        var draws = Draws(bytes: bytes, fallback: SplitMix64(seed: 0))
        let seed = draws.next()
        draws.fallback = SplitMix64(seed: seed)
        self.init(seed: seed, draws: draws)
    }

    init(seed: UInt64, draws: Draws) {
        self.seed = seed
        random = draws
        let kinds = StackConfig.Kind.allCases
        let kind = kinds[Int(seed % UInt64(kinds.count))]
        plan = Plan(kind: kind, large: false, count: 0, rows: 0, frames: 1, optionalRate: 0.5)
        // Not masonryColumns: distributing 100,000 items takes seconds (a debug build: 19 s).
        plan.large = [.lazyVStack, .lazyVGrid, .pairedRows].contains(kind) && chance(0.01)
        plan.optionalRate = [0.15, 0.5, 0.85][roll(3)]
        plan.frames = roll(10) == 0 ? 1 : 2 + roll(24)
        if plan.large {
            plan.count = [100_000, 100_000, 300_000, 1_000_000][roll(4)]
            plan.rows = plan.count
            plan.frames = 1 + roll(10)
        } else {
            switch roll(20) {
            case 0: plan.count = 0
            case 1: plan.count = 1
            case 2..<10: plan.count = 2 + roll(20)
            case 10..<19: plan.count = 20 + roll(180)
            default: plan.count = 200 + roll(800)
            }
            plan.rows = max(plan.count, 1_000)
        }
    }

    /// The scenario of `seed`, as JSON.
    public static func scenario(seed: UInt64) -> JSONValue {
        var generator = ScenarioGenerator(seed: seed)
        return generator.scenario()
    }

    /// The scenario of `seed`, as the text of a scenario file.
    public static func text(seed: UInt64) -> String {
        JSONWriter(decimals: 6).string(scenario(seed: seed))
    }

    /// The scenario of `seed` as the text of a scenario file, and its data file if it has one.
    public static func files(seed: UInt64) -> (text: String, data: (path: String, bytes: [UInt8])?) {
        var generator = ScenarioGenerator(seed: seed)
        let text = JSONWriter(decimals: 6).string(generator.scenario())
        return (text, generator.dataFile)
    }

    /// The scenario the draws `bytes` make, as the text of a scenario file.
    public static func text(bytes: [UInt8]) -> String {
        var generator = ScenarioGenerator(bytes: bytes)
        return JSONWriter(decimals: 6).string(generator.scenario())
    }

    /// Generates the scenario (once per generator: the draws continue).
    public mutating func scenario() -> JSONValue {
        guard case .object(var top) = object(ScenarioKeys.topShape, "") else { return .object([:]) }
        finishScenario(&top)
        return .object(top)
    }

    // MARK: draws

    mutating func roll(_ n: Int) -> Int { n <= 1 ? 0 : Int(random.next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { random.nextUnit() < p }

    /// Six decimals at most, so the file's text reads back as the same value.
    static func rounded(_ x: Double) -> Double {
        abs(x) >= 1e9 ? x.rounded() : (x * 1e6).rounded() / 1e6
    }

    /// A number at the range's extremes (bounds, just inside them) or in between (log-uniform
    /// over wide ranges, so small values come up as often as large ones).
    mutating func number(in range: ClosedRange<Double>) -> Double {
        let lo = range.lowerBound, hi = range.upperBound
        let width = hi - lo
        let x: Double
        switch roll(100) {
        case 0..<12: x = lo
        case 12..<20: x = hi
        case 20..<26: x = lo + max(width * 1e-6, 1e-6)
        case 26..<30: x = hi - max(width * 1e-6, 1e-6)
        case 30..<60 where width > 100:
            x = min(hi, lo + random.nextUnit() * 100)
        default:
            if width > 100 && lo >= 0 {
                let floor = max(lo, 1e-3)
                x = floor * pow(hi / floor, random.nextUnit())
            } else if lo < 0 && hi > 0 {
                x = (chance(0.5) ? -1 : 1) * random.nextUnit() * min(hi, -lo)
            } else {
                x = lo + random.nextUnit() * width
            }
        }
        return min(hi, max(lo, ScenarioGenerator.rounded(x)))
    }

    mutating func integer(in range: ClosedRange<Int>) -> Int {
        let lo = range.lowerBound, hi = range.upperBound
        switch roll(10) {
        case 0, 1: return lo
        case 2: return hi
        case 3: return min(hi, lo + 1)
        case 4: return max(lo, hi - 1)
        default:
            let span = Double(hi) - Double(lo)
            return span < 100 ? lo + roll(hi - lo + 1) : lo + Int(min(span, pow(span + 1, random.nextUnit()) - 1))
        }
    }

    /// A string the rule accepts: an identifier, a device profile's name, a SHA-256, a cost
    /// sample key or an environment key, whichever it takes first; awkward text where any goes.
    mutating func string(_ rule: KeyShape.StringRule?, _ path: String) -> String {
        guard let rule else { return chance(0.5) ? "g\(seed)" : ScenarioGenerator.awkwardTexts[roll(ScenarioGenerator.awkwardTexts.count)] }
        let profiles = DeviceProfile.all.map(\.name)
        let hex = (0..<64).map { _ in Array("0123456789abcdef")[roll(16)] }
        var candidates = [
            ScenarioGenerator.awkwardTexts[roll(ScenarioGenerator.awkwardTexts.count)], "g\(seed)",
            profiles[roll(profiles.count)], String(hex), "type.\(CostPhase.allCases[roll(CostPhase.allCases.count)].key)",
            ScenarioGenerator.environmentKeys[roll(ScenarioGenerator.environmentKeys.count)],
        ]
        if rule.lengths.upperBound >= 100 && chance(0.1) { candidates.insert(String(repeating: "x", count: rule.lengths.upperBound), at: 0) }
        return candidates.first(where: rule.accepts) ?? "x"
    }

    // MARK: the walk

    mutating func value(_ shape: KeyShape, _ path: String) -> JSONValue {
        switch shape {
        case .number(let range, _): return .number(number(in: range))
        case .integer(let range): return .number(Double(integer(in: range)))
        case .boolean: return .bool(chance(0.5))
        case .string(let rule): return .string(string(rule, path))
        case .choice(let choices): return .string(choices[roll(choices.count)])
        case .object(let object): return self.object(object, path)
        case .array(let element, let count):
            let n = itemCount(count, path)
            return .array((0..<n).map { _ in value(element, path + "[]") })
        case .anyOf(let shapes): return value(shapes[roll(shapes.count)], path)
        case .map(let keyRule, let element, let count):
            var members: [String: JSONValue] = [:]
            for _ in 0..<min(count.upperBound, roll(4)) {
                members[string(keyRule, path)] = value(element, path + ".*")
            }
            return .object(members)
        }
    }

    /// How many items an array gets: few, from its least; capped where items cost run time.
    mutating func itemCount(_ count: ClosedRange<Int>, _ path: String) -> Int {
        let lo = count.lowerBound
        switch path {
        case "content.types": return lo + (chance(0.003) ? 999 : roll(5))
        case "content.types[].row.types", "content.calibration.sources": return lo + roll(3)
        case "script": return plan.large ? roll(4) : (chance(0.1) ? 0 : roll(10))
        case "content.types[].readsEnvironment", "content.sections.header.readsEnvironment":
            return roll(ScenarioGenerator.environmentKeys.count + 1)
        default: return min(count.upperBound, lo + roll(4))
        }
    }

    mutating func object(_ shape: ObjectShape, _ path: String) -> JSONValue {
        var excluded = Set<String>()
        var forced = Set<String>()
        for rule in shape.rules {
            switch rule {
            case .exactlyOne(let keys):
                let candidates = keys.filter { allowed(DecodingContext.join(path, $0)) }
                if !candidates.isEmpty { forced.insert(candidates[roll(candidates.count)]) }
                excluded.formUnion(keys.filter { !forced.contains($0) })
            case .atMostOne(let keys):
                let candidates = keys.filter { allowed(DecodingContext.join(path, $0)) }
                if !candidates.isEmpty, chance(0.6) { forced.insert(candidates[roll(candidates.count)]) }
                excluded.formUnion(keys.filter { !forced.contains($0) })
            case .note:
                break
            }
        }
        var members: [String: JSONValue] = [:]
        for info in shape.keys where !excluded.contains(info.key) {
            let keyPath = DecodingContext.join(path, info.key)
            guard allowed(keyPath) else { continue }
            if info.presence == .optional && !forced.contains(info.key) {
                guard chance(plan.optionalRate) else { continue }
                if chance(0.03) {
                    members[info.key] = .null
                    continue
                }
            }
            members[info.key] = special(keyPath, info) ?? value(info.shape, keyPath)
        }
        finish(&members, shape, path)
        return .object(members)
    }

    // MARK: what the declarations cannot say

    /// Whether a key may be given here (the stack kind reads it; the content has elements).
    func allowed(_ path: String) -> Bool {
        let kind = plan.kind
        switch path {
        case "content.data": return false
        case "stack.grid": return ScenarioKeys.gridKinds.contains(kind)
        case "stack.masonry": return ScenarioKeys.masonryKinds.contains(kind)
        case "stack.masonry.cache": return kind == .masonryLayout
        case "stack.masonry.redistribution", "stack.masonry.rebalance", "stack.masonry.distributeInBody", "stack.masonry.distributeMsPerItem":
            return kind == .masonryColumns
        case "stack.nestedIn": return kind == .vStack || kind == .lazyVStack
        case "stack.imagePrefetchPt": return kind != .masonryLayout
        case "content.sections": return !plan.large && !(ScenarioKeys.gridKinds.contains(kind) || kind == .masonryColumns)
        case "content.types[].measureWithGeometryReader": return kind != .masonryLayout
        case "content.types[].row": return !plan.large
        case "stack.scrollPosition.observer.visibility", "script[].scrollTo.id", "script[].tap": return plan.count > 0
        case "script[].rotate": return !plan.large
        default: return true
        }
    }

    /// A value decided here rather than drawn from the shape, or nil.
    mutating func special(_ path: String, _ info: ObjectShape.KeyInfo) -> JSONValue? {
        switch path {
        case "name":
            let name = "g\(seed)"
            return .string(chance(0.2) ? name + "-" + String(repeating: "x", count: 59 - name.count) : name)
        case "stack.kind": return .string(plan.kind.rawValue)
        case "content.count": return .number(Double(plan.count))
        case "content.types[].name", "content.types[].row.types[].name", "content.sections.header.name":
            plan.names += 1
            return .string(chance(0.15) ? ScenarioGenerator.awkwardTexts[roll(ScenarioGenerator.awkwardTexts.count)] + "\(plan.names)" : "t\(plan.names)")
        case "content.types[].children":
            let most = max(1, min(64, plan.rows / max(1, plan.count)))
            if plan.large { return .number(1) }
            // masonryColumns refuses a conditional body: now and then, to see it refused.
            if chance(plan.kind == .masonryColumns ? 0.02 : 0.2) { return .string(ScenarioKeys.conditionalChildren) }
            return .number(Double([1, 1, 2, most][roll(4)]))
        case "content.types[].row.types[].children", "content.sections.header.children":
            return .number(Double(1 + roll(2)))
        case "content.types[].row.count":
            return .number(Double([0, 1, 3, 20, 200][roll(5)]))
        case "content.types[].readsEnvironment", "content.sections.header.readsEnvironment":
            let n = itemCount(0...100, path)
            return .array(ScenarioGenerator.environmentKeys.prefix(n).map(JSONValue.string))
        case "script[].environment.key":
            return .string(ScenarioGenerator.environmentKeys[roll(ScenarioGenerator.environmentKeys.count)])
        case "script[].tap.id", "script[].scrollTo.id", "stack.scrollPosition.observer.visibility.element":
            return .number(Double([0, plan.count - 1, roll(max(1, plan.count))][roll(3)]))
        case "script[].append.count":
            return .number(Double(plan.large ? 1 + roll(1000) : [1, 1 + roll(20), 200][roll(3)]))
        case "content.pagination.pageSize":
            return .number(Double([1, 1 + roll(50), 500][roll(3)]))
        case "content.pagination.total":
            return .number(Double(plan.count + [0, 1, roll(100), plan.large ? plan.count : 1_000][roll(4)]))
        case "silence":
            let paths = ScenarioKeys.warnablePaths.sorted()
            return .array((0..<roll(3)).map { _ in .string(paths[roll(paths.count)].replacingOccurrences(of: "[]", with: "[*]")) })
        case _ where path.contains(".memory."):
            // Bytes at their largest (10^12) now and then: more often, most scenarios would
            // model more than the limit of 10^15 bytes and be refused.
            return .number(chance(0.02) ? Double(ScenarioKeys.bytesRange.upperBound) : Double(integer(in: 0...10_000_000)))
        case _ where path.hasPrefix("budgets."):
            return budgetLimit(info.key)
        case _ where path.hasSuffix(".quantiles"):
            return quantiles()
        default:
            return nil
        }
    }

    /// A budget's limit: a number in its unit, or a string with one of its units.
    mutating func budgetLimit(_ key: String) -> JSONValue {
        guard let metric = Budget.metric(forKey: key)?.metric else { return .number(0) }
        let limit = number(in: 0...Budget.largestLimit)
        let units = Budget.units(for: metric.kind)
        guard !units.isEmpty, chance(0.3) else { return .number(limit) }
        let unit = units[roll(units.count)]
        return .string("\(JSONWriter.text(ScenarioGenerator.rounded(limit / unit.factor))) \(unit.unit)")
    }

    /// `[[p, ms], …]`: probabilities increasing to 1, values not decreasing.
    mutating func quantiles() -> JSONValue {
        let n = 1 + roll(4)
        var value = 0.0
        return .array((1...n).map { i in
            value = min(ScenarioKeys.costRange.upperBound, value + [0, 0.5, 5, 1000][roll(4)])
            return .array([.number(ScenarioGenerator.rounded(Double(i) / Double(n))), .number(value)])
        })
    }

    /// Repairs an object against the rules only the decoder checks.
    mutating func finish(_ members: inout [String: JSONValue], _ shape: ObjectShape, _ path: String) {
        func number(_ key: String) -> Double? { members[key]?.numberValue }
        func ordered(_ low: String, _ high: String) {
            if let a = number(low), let b = number(high), b < a {
                members[low] = .number(b)
                members[high] = .number(a)
            }
        }
        let name = shape.name
        if name.hasSuffix("Uniform") {
            ordered("min", "max")
        } else if name == "hitchRatioGrading" {
            ordered("warning", "critical")
        } else if name == "calibrationWindow" {
            ordered("start", "end")
        } else if name.hasSuffix("Normal") {
            if let high = number("max"), high < (number("min") ?? 0) { members["max"] = nil }
        } else if name == "costLognormal" {
            var p50 = number("p50") ?? 1, p95 = number("p95") ?? 1
            if p95 < p50 { swap(&p50, &p95) }
            if p50 <= 0 { p50 = 0.001 }
            members["p50"] = .number(p50)
            members["p95"] = .number(max(p95, p50))
        } else if name == "viewType" || name == "headerType" {
            if members["children"]?.stringValue != ScenarioKeys.conditionalChildren { members["shownFraction"] = nil }
            if plan.large {
                members["height"] = .object(["fixed": .number(20 + Double(roll(200)))])
                members["children"] = nil
            }
        } else if name == "nestedRow" {
            if (number("count") ?? 0) > 20, (number("itemWidth") ?? 0) < 50 { members["itemWidth"] = .number(50) }
        } else if name == "budgets" {
            // Each metric once: a former name is dropped when its metric's path is given too.
            for key in members.keys.sorted() {
                guard let metric = Budget.metric(forKey: key), metric.formerScale != nil, members[metric.metric.path] != nil else { continue }
                members[key] = nil
            }
        } else if name == "content" {
            // At least one type weighs more than 0.
            if let types = members["types"]?.arrayValue, !types.contains(where: { ($0["weight"]?.numberValue ?? 1) > 0 }) {
                members["types"] = .array(types.enumerated().map { i, type in
                    guard i == 0, case .object(var object) = type else { return type }
                    object["weight"] = .number(1)
                    return .object(object)
                })
            }
        }
    }

    /// Repairs the whole scenario: the duration within the frame cap at its refresh rate, the
    /// script in time order, masonry columns within 64 at every width.
    mutating func finishScenario(_ top: inout [String: JSONValue]) {
        let device = top["device"]?.objectValue ?? [:]
        let profile = device["profile"]?.stringValue.flatMap(DeviceProfile.named)
        let rate = device["refreshRate"]?.numberValue ?? profile?.refreshRate ?? DeviceConfig().refreshRate
        let duration = top["duration"]?.numberValue ?? 1
        top["duration"] = .number(max(0.001, min(duration, ScenarioGenerator.rounded(Double(plan.frames) / rate))))
        if var events = top["script"]?.arrayValue {
            events.sort { ($0["at"]?.numberValue ?? 0) < ($1["at"]?.numberValue ?? 0) }
            top["script"] = .array(events)
        }
        if var stack = top["stack"]?.objectValue, var masonry = stack["masonry"]?.objectValue, let target = masonry["targetColumnWidth"]?.numberValue {
            var widths = [device["viewport"]?["width"]?.numberValue ?? profile?.viewport.width ?? DeviceConfig().viewport.width]
            for event in top["script"]?.arrayValue ?? [] {
                if let width = event["rotate"]?["width"]?.numberValue { widths.append(width) }
            }
            let least = ((widths.max() ?? 1) / 64).rounded(.up)
            if target < least {
                masonry["targetColumnWidth"] = .number(least)
                stack["masonry"] = .object(masonry)
                top["stack"] = .object(stack)
            }
        }
        // `expect` and `expectedOver` go together and name budgets the scenario sets: a deliberate
        // anti-pattern now and then, naming some of the budgets drawn above.
        top["expect"] = nil
        top["expectedOver"] = nil
        let budgets = (top["budgets"]?.objectValue ?? [:]).keys.sorted()
        if !budgets.isEmpty, chance(0.1) {
            top["expect"] = .string("over-budget")
            top["expectedOver"] = .array(budgets.prefix(1 + roll(budgets.count)).map(JSONValue.string))
        } else if chance(0.05) {
            top["expect"] = .string("within-budget")
        }
        drawDataFile(&top)
    }

    /// Now and then, a data file for the elements (drawn last: see the type's notes).
    mutating func drawDataFile(_ top: inout [String: JSONValue]) {
        guard !plan.large, plan.count > 0, chance(0.15), var content = top["content"]?.objectValue else { return }
        let typeNames = (content["types"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        let writer = JSONWriter()
        var text = ""
        for i in 0..<plan.count {
            // One record a line: the type's name written as a JSON string (escaped).
            text += "{\"id\": \"e\(i)\""
            if !typeNames.isEmpty, chance(0.3) {
                text += ", \"type\": " + String(decoding: writer.member(.string(typeNames[roll(typeNames.count)])), as: UTF8.self)
            }
            text += "}\n"
        }
        // Script ids then name elements by their data ids.
        if let events = top["script"]?.arrayValue {
            top["script"] = .array(events.map { event in
                guard case .object(var members) = event else { return event }
                for action in ["tap", "scrollTo"] {
                    if case .object(var body) = members[action] ?? .null, let n = body["id"]?.numberValue {
                        body["id"] = .string("e\(Int(n))")
                        members[action] = .object(body)
                    }
                }
                return .object(members)
            })
        }
        let path = "g\(seed).jsonl"
        content["data"] = .string(path)
        if chance(0.5) { content["count"] = nil }
        top["content"] = .object(content)
        dataFile = (path, Array(text.utf8))
    }
}
