import Foundation
@testable import ScrollSimKit

/// A validator for the subset of JSON Schema (draft 2020-12) that `ScenarioSchema` emits,
/// written from the specification (not from the generator): `$ref` to `#/$defs/…`, `type`
/// (one or several), `enum`, `const`, `minimum`, `maximum`, `minLength`, `maxLength` (Unicode
/// code points), `pattern` (unanchored, as the specification says), `properties`, `required`,
/// `additionalProperties` (`false` or a schema), `propertyNames`, `maxProperties`, `items`, `minItems`, `maxItems`, `anyOf`, `oneOf`, `allOf`
/// and `not`. Annotations (`description`, `default`, `deprecated`, `title`, `$schema`) are
/// ignored. `keywords` lists them all, so a test can check the schema uses nothing else.
struct JSONSchemaValidator {
    let root: JSONValue

    static let keywords: Set<String> = [
        "$schema", "$defs", "$ref", "title", "description", "default", "deprecated",
        "type", "enum", "const", "minimum", "maximum", "minLength", "maxLength", "pattern",
        "properties", "required", "additionalProperties", "propertyNames", "maxProperties", "items", "minItems", "maxItems",
        "anyOf", "oneOf", "allOf", "not",
    ]

    /// Every keyword the schema uses, wherever it is (property names are not keywords).
    static func keywordsUsed(in schema: JSONValue) -> Set<String> {
        guard case .object(let object) = schema else { return [] }
        var used = Set(object.keys)
        for (key, value) in object {
            switch key {
            case "properties", "$defs":
                for child in value.objectValue?.values.map({ $0 }) ?? [] { used.formUnion(keywordsUsed(in: child)) }
            case "anyOf", "oneOf", "allOf":
                for child in value.arrayValue ?? [] { used.formUnion(keywordsUsed(in: child)) }
            case "items", "not", "propertyNames":
                used.formUnion(keywordsUsed(in: value))
            case "additionalProperties" where value.objectValue != nil:
                used.formUnion(keywordsUsed(in: value))
            default:
                break
            }
        }
        return used
    }

    /// The problems of `instance`, each "key path: keyword …"; empty when it is valid.
    func errors(_ instance: JSONValue) -> [String] {
        validate(instance, root, "")
    }

    func resolve(_ reference: String) -> JSONValue {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), let target = root["$defs"]?[String(reference.dropFirst(prefix.count))] else {
            return .bool(false)
        }
        return target
    }

    func typeMatches(_ type: String, _ value: JSONValue) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            return true
        case ("integer", .number(let n)):
            return n.rounded() == n
        default:
            return false
        }
    }

    func validate(_ value: JSONValue, _ schema: JSONValue, _ path: String) -> [String] {
        if case .bool(let accepts) = schema { return accepts ? [] : ["\(path): false schema"] }
        guard case .object(let s) = schema else { return ["\(path): schema is not an object"] }
        var errors: [String] = []
        let at = path.isEmpty ? "(root)" : path
        if let reference = s["$ref"]?.stringValue {
            errors += validate(value, resolve(reference), path)
        }
        if let type = s["type"] {
            let types = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !types.contains(where: { typeMatches($0, value) }) { errors.append("\(at): type \(types) does not match \(value.kindDescription)") }
        }
        if let choices = s["enum"]?.arrayValue, !choices.contains(value) { errors.append("\(at): enum") }
        if let constant = s["const"], constant != value { errors.append("\(at): const") }
        if case .number(let n) = value {
            if let minimum = s["minimum"]?.numberValue, n < minimum { errors.append("\(at): minimum \(minimum)") }
            if let maximum = s["maximum"]?.numberValue, n > maximum { errors.append("\(at): maximum \(maximum)") }
        }
        if case .string(let text) = value {
            let length = text.unicodeScalars.count
            if let minimum = s["minLength"]?.numberValue, Double(length) < minimum { errors.append("\(at): minLength") }
            if let maximum = s["maxLength"]?.numberValue, Double(length) > maximum { errors.append("\(at): maxLength") }
            if let pattern = s["pattern"]?.stringValue {
                let regex = try? NSRegularExpression(pattern: pattern)
                let range = NSRange(text.startIndex..., in: text)
                if regex?.firstMatch(in: text, range: range) == nil { errors.append("\(at): pattern \(pattern)") }
            }
        }
        if case .object(let members) = value {
            let properties = s["properties"]?.objectValue ?? [:]
            for (key, member) in members {
                let memberPath = path.isEmpty ? key : "\(path).\(key)"
                if let property = properties[key] {
                    errors += validate(member, property, memberPath)
                } else if s["additionalProperties"] == .bool(false) {
                    errors.append("\(memberPath): additionalProperties")
                } else if let additional = s["additionalProperties"], additional.objectValue != nil {
                    errors += validate(member, additional, memberPath)
                }
                if let names = s["propertyNames"] { errors += validate(.string(key), names, memberPath) }
            }
            if let maximum = s["maxProperties"]?.numberValue, Double(members.count) > maximum { errors.append("\(at): maxProperties") }
            for required in s["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[required] == nil {
                errors.append("\(at): required \(required)")
            }
        }
        if case .array(let items) = value {
            if let itemSchema = s["items"] {
                for (i, item) in items.enumerated() { errors += validate(item, itemSchema, "\(path)[\(i)]") }
            }
            if let minimum = s["minItems"]?.numberValue, Double(items.count) < minimum { errors.append("\(at): minItems") }
            if let maximum = s["maxItems"]?.numberValue, Double(items.count) > maximum { errors.append("\(at): maxItems") }
        }
        if let alternatives = s["anyOf"]?.arrayValue, !alternatives.contains(where: { validate(value, $0, path).isEmpty }) {
            errors.append("\(at): anyOf")
        }
        if let alternatives = s["oneOf"]?.arrayValue, alternatives.filter({ validate(value, $0, path).isEmpty }).count != 1 {
            errors.append("\(at): oneOf")
        }
        for part in s["allOf"]?.arrayValue ?? [] { errors += validate(value, part, path) }
        if let negated = s["not"], validate(value, negated, path).isEmpty { errors.append("\(at): not") }
        return errors
    }
}
