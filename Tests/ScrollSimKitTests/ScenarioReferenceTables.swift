import Foundation
@testable import ScrollSimKit

/// The key tables of the scenario reference (`ScenarioReference.md`), generated from the key
/// declarations (`ScenarioKeys`): one row per key, with its value, its default (from the
/// engine's types) and its meaning. `ReferenceArticleTests` checks the article against them.
enum ScenarioReferenceTables {
    /// The article's generated sections: marker name, the object, and which of its object keys
    /// are listed inline as `key.subkey` rows.
    static var sections: [(name: String, table: String)] {
        [
            ("keys-top", table(ScenarioKeys.top.shape)),
            ("keys-device", table(ScenarioKeys.device.shape, inline: ["viewport"])),
            ("keys-stack", table(ScenarioKeys.stack.shape, inline: ["prefetch", "keepAlive", "scrollPosition"])),
            ("keys-content", table(ScenarioKeys.content.shape, inline: ["sections"])),
            ("keys-view-type", table(ScenarioKeys.listType.shape, inline: ["memory", "asyncContent", "row"])),
            ("keys-height", table(ScenarioKeys.heightForm.shape, inline: ["text"])),
            ("keys-cost-distribution", table(ScenarioKeys.costDistribution.shape, inline: ["uniform", "normal", "lognormal"])),
            ("keys-costs", table(ScenarioKeys.costs.shape, inline: ["calibration"])),
            ("keys-calibration-source", table(ScenarioKeys.calibrationSource.shape)),
            ("keys-event", table(ScenarioKeys.event.shape, inline: ["drag", "fling", "rotate", "scrollTo", "tap", "environment", "append"])),
            ("keys-grading", table(ScenarioKeys.grading.shape, inline: ["hitchRatio"])),
        ]
    }

    static func table(_ shape: ObjectShape, inline: Set<String> = []) -> String {
        var lines = ["| key | value | default | meaning |", "|---|---|---|---|"]
        for info in shape.keys where info.replacement == nil {
            lines.append(row(info, prefix: ""))
            if inline.contains(info.key), case .object(let object) = info.shape {
                for sub in object.keys where sub.replacement == nil {
                    lines.append(row(sub, prefix: info.key + "."))
                }
            }
        }
        var rules: [String] = []
        for rule in shape.rules {
            switch rule {
            case .atMostOne(let keys): rules.append("give at most one of \(keys.map { "`\($0)`" }.joined(separator: ", "))")
            case .exactlyOne(let keys): rules.append("give exactly one of \(keys.map { "`\($0)`" }.joined(separator: ", "))")
            case .note(let note) where !note.isEmpty: rules.append(note)
            case .note: break
            }
        }
        if !rules.isEmpty {
            lines.append("")
            lines += rules.map { "- \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ info: ObjectShape.KeyInfo, prefix: String) -> String {
        "| `\(prefix)\(info.key)` | \(cell(value(info.shape))) | \(cell(defaultText(info))) | \(cell(info.meaning))\(warnings(info)) |"
    }

    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static func defaultText(_ info: ObjectShape.KeyInfo) -> String {
        switch info.presence {
        case .required: return "**required**"
        case .requiredUnless(let other): return "**required** unless `\(other)`"
        case .optional:
            if let value = info.defaultValue { return "`\(compact(value))`" }
            return info.defaultNote ?? "none"
        }
    }

    static func warnings(_ info: ObjectShape.KeyInfo) -> String {
        guard !info.plausibility.isEmpty else { return "" }
        var unit = ""
        if case .number(_, let u) = info.shape, !u.isEmpty { unit = " " + u }
        let bounds = info.plausibility.map { p -> String in
            var parts: [String] = []
            if let below = p.below { parts.append("under \(number(below))\(unit)") }
            if let above = p.above { parts.append("over \(number(above))\(unit)") }
            return parts.joined(separator: " or ")
        }
        return "; a warning \(bounds.joined(separator: ", ")) (`silence` quiets it)"
    }

    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) >= 10_000, abs(value) < 1e16 { return ScenarioLimits.grouped(Int(value)) }
        return JSONWriter.text(value, decimals: 6)
    }

    static let nouns = ["viewType": "view types", "rowItemType": "view types (no `row`)", "event": "events"]

    static func value(_ shape: KeyShape) -> String {
        switch shape {
        case .number(let range, let unit):
            return "number \(number(range.lowerBound))–\(number(range.upperBound))\(unit.isEmpty ? "" : " " + unit)"
        case .integer(let range):
            if range.lowerBound == range.upperBound { return "`\(range.lowerBound)`" }
            return "integer \(number(Double(range.lowerBound)))–\(number(Double(range.upperBound)))"
        case .boolean:
            return "true or false"
        case .string(let rule):
            return rule.map { "string, \($0.lengths.lowerBound)–\($0.lengths.upperBound) characters" } ?? "string"
        case .choice(let choices):
            return choices.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .object(let object):
            return object.name.hasSuffix("Distribution") ? "distribution" : "object"
        case .array(let element, let count):
            var noun = "values"
            if case .object(let object) = element { noun = nouns[object.name] ?? "objects" }
            if case .string = element { noun = "strings" }
            return "array of \(noun), at most \(number(Double(count.upperBound)))\(count.lowerBound > 0 ? ", at least \(count.lowerBound)" : "")"
        case .anyOf(let shapes):
            return shapes.map(value).joined(separator: " or ")
        case .map(_, let element, let count):
            return "object of \(value(element)) by name, at most \(number(Double(count.upperBound)))"
        }
    }

    /// JSON on one line, keys sorted.
    static func compact(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            return "{" + object.keys.sorted().map { "\"\($0)\": \(compact(object[$0] ?? .null))" }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(compact).joined(separator: ", ") + "]"
        default:
            return JSONWriter(decimals: 6).string(value).trimmingCharacters(in: .newlines)
        }
    }
}
