/// The JSON Schema (draft 2020-12) of scenario files, generated from the declarations the
/// decoder reads (`ScenarioKeys`), so the two cannot drift apart.
///
/// The repository commits it as `Scenarios/scenario.schema.json` (a test fails when the file
/// and this generator disagree). A scenario file that names it — `"$schema":
/// "scenario.schema.json"` — gets completion, descriptions and checking in editors that read
/// JSON Schemas. It states every key, type, range, choice and required key; unknown keys are
/// errors there too (`additionalProperties: false`); `null` stands for an absent optional key,
/// as the decoder reads it. What it cannot state (a `max` not below its `min`, unique type
/// names, events in time order, ids that exist, the limits) the decoder still checks.
public enum ScenarioSchema {
    /// The schema as a JSON value.
    public static var json: JSONValue { json(of: ScenarioKeys.top.shape, title: "ScrollSim scenario") }

    /// The schema of any file declared with `ObjectDeclaration` (a scenario, a thresholds file:
    /// `Thresholds.jsonSchema`), its top object being `shape`.
    static func json(of shape: ObjectShape, title: String) -> JSONValue {
        var generator = Generator()
        var root = generator.object(shape)
        root["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        root["title"] = .string(title)
        root["$defs"] = .object(generator.definitions)
        return .object(root)
    }

    /// The schema as the committed file's text.
    public static var text: String { JSONWriter(decimals: 6).string(json) }

    struct Generator {
        var definitions: [String: JSONValue] = [:]

        /// An object's schema: its properties, required keys, no others, and its rules.
        mutating func object(_ shape: ObjectShape) -> [String: JSONValue] {
            var properties: [String: JSONValue] = [:]
            var required: [JSONValue] = []
            var constraints: [JSONValue] = []
            for info in shape.keys {
                properties[info.key] = .object(property(info))
                switch info.presence {
                case .required: required.append(.string(info.key))
                case .requiredUnless(let other):
                    constraints.append(.object(["anyOf": .array([
                        .object(["required": .array([.string(info.key)])]),
                        .object(["required": .array([.string(other)])]),
                    ])]))
                case .optional: break
                }
            }
            for rule in shape.rules {
                switch rule {
                case .atMostOne(let keys):
                    constraints.append(.object(["not": .object(["required": .array(keys.map(JSONValue.string))])]))
                case .exactlyOne(let keys):
                    constraints.append(.object(["oneOf": .array(keys.map { .object(["required": .array([.string($0)])]) })]))
                case .note:
                    break
                }
            }
            var schema: [String: JSONValue] = [
                "type": .string("object"),
                "description": .string(shape.summary),
                "properties": .object(properties),
                "additionalProperties": .bool(false),
            ]
            if !required.isEmpty { schema["required"] = .array(required) }
            if constraints.count == 1, case .object(let only) = constraints[0] {
                schema.merge(only) { a, _ in a }
            } else if !constraints.isEmpty {
                schema["allOf"] = .array(constraints)
            }
            return schema
        }

        /// A key's schema: its value's, with its meaning, its default, and `null` allowed when
        /// the key is optional.
        mutating func property(_ info: ObjectShape.KeyInfo) -> [String: JSONValue] {
            var schema = value(info.shape)
            if info.presence != .required {
                if case .string(let type) = schema["type"] {
                    schema["type"] = .array([.string(type), .string("null")])
                    if case .array(let choices) = schema["enum"] { schema["enum"] = .array(choices + [.null]) }
                } else if case .array(let alternatives) = schema["anyOf"], schema.count == 1 {
                    schema["anyOf"] = .array(alternatives + [.object(["type": .string("null")])])
                } else {
                    schema = ["anyOf": .array([.object(schema), .object(["type": .string("null")])])]
                }
            }
            var description = info.meaning
            if let replacement = info.replacement {
                description = replacement
                schema["deprecated"] = .bool(true)
            }
            schema["description"] = .string(description)
            if let defaultValue = info.defaultValue { schema["default"] = defaultValue }
            return schema
        }

        mutating func value(_ shape: KeyShape) -> [String: JSONValue] {
            switch shape {
            case .number(let range, _):
                return ["type": .string("number"), "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
            case .integer(let range):
                if range.lowerBound == range.upperBound { return ["const": .number(Double(range.lowerBound))] }
                return ["type": .string("integer"), "minimum": .number(Double(range.lowerBound)), "maximum": .number(Double(range.upperBound))]
            case .boolean:
                return ["type": .string("boolean")]
            case .string(let rule):
                var schema: [String: JSONValue] = ["type": .string("string")]
                if let pattern = rule?.pattern { schema["pattern"] = .string(pattern) }
                if let rule {
                    schema["minLength"] = .number(Double(rule.lengths.lowerBound))
                    schema["maxLength"] = .number(Double(rule.lengths.upperBound))
                }
                return schema
            case .choice(let choices):
                return ["type": .string("string"), "enum": .array(choices.map(JSONValue.string))]
            case .object(let object):
                if definitions[object.name] == nil {
                    definitions[object.name] = .object([:])
                    definitions[object.name] = .object(self.object(object))
                }
                return ["$ref": .string("#/$defs/\(object.name)")]
            case .array(let element, let count):
                var schema: [String: JSONValue] = ["type": .string("array"), "items": .object(value(element)), "maxItems": .number(Double(count.upperBound))]
                if count.lowerBound > 0 { schema["minItems"] = .number(Double(count.lowerBound)) }
                return schema
            case .anyOf(let shapes):
                return ["anyOf": .array(shapes.map { .object(value($0)) })]
            case .map(let key, let element, let count):
                return ["type": .string("object"), "propertyNames": .object(value(.string(key))),
                        "additionalProperties": .object(value(element)), "maxProperties": .number(Double(count.upperBound))]
            }
        }
    }
}
