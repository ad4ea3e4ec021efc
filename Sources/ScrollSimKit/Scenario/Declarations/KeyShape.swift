/// What the value of a scenario key must look like: its JSON type, range, choices or object.
///
/// A key's shape is declared once (`ScenarioKeys`) and used three ways: the decoder checks a
/// value against it (`problem(with:)`), the JSON Schema is generated from it
/// (`ScenarioSchema`), and the scenario reference describes it (`summary`).
package indirect enum KeyShape {
    /// A number in `range`, in `unit` ("ms", "pt", "" for none).
    case number(ClosedRange<Double>, unit: String)
    /// A whole number in `range`.
    case integer(ClosedRange<Int>)
    case boolean
    /// A string; `rule` (when given) says which strings are accepted.
    case string(StringRule?)
    /// One of these strings.
    case choice([String])
    /// An object declared by `ObjectShape`.
    case object(ObjectShape)
    /// An array of values of one shape, with at least `count.lowerBound` and at most
    /// `count.upperBound` items.
    case array(KeyShape, count: ClosedRange<Int>)
    /// Any one of these shapes (a number or a distribution; a number or a name).
    case anyOf([KeyShape])
    /// An object whose member names follow `key` and whose values all have one shape (sample
    /// counts by `"type.costKey"`), with at most `count.upperBound` members.
    case map(key: StringRule, value: KeyShape, count: ClosedRange<Int>)

    /// Which strings a string key accepts: a regular expression for the JSON Schema, the same
    /// rule as a Swift predicate for the decoder, and words for messages.
    package struct StringRule {
        /// A regular expression (ECMA-262, as JSON Schema reads it), if the rule needs one.
        var pattern: String?
        /// How many Unicode scalars.
        package var lengths: ClosedRange<Int>
        var words: String
        package var accepts: (String) -> Bool
    }

    /// The shape in a few words, for "is required (…)" and "expected …, found …".
    var summary: String {
        switch self {
        case .number: return "a number"
        case .integer: return "an integer"
        case .boolean: return "true or false"
        case .string: return "a string"
        case .choice(let choices): return "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        case .object, .map: return "an object"
        case .array: return "an array"
        case .anyOf(let shapes):
            var seen: [String] = []
            for shape in shapes where !seen.contains(shape.summary) { seen.append(shape.summary) }
            return seen.joined(separator: " or ")
        }
    }

    /// What is wrong with `value` for this shape at the top level (its type, range, choice or
    /// item count), or nil if nothing is. Object members and array items are checked by their
    /// own declarations, not here.
    func problem(with value: JSONValue) -> String? {
        switch (self, value) {
        case (.number(let range, _), .number(let n)):
            return range.contains(n) ? nil : "\(MessageText.number(n)) is outside \(KeyShape.text(range))"
        case (.integer(let range), .number(let n)):
            guard n.rounded() == n, n.isFinite else { return "expected an integer, found \(MessageText.number(n))" }
            // Compared as doubles: an integer past what an Int holds is out of range, not "not an integer".
            guard abs(n) < 9.2e18, n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                return "\(MessageText.number(n)) is outside \(range.lowerBound)...\(range.upperBound)"
            }
            return nil
        case (.boolean, .bool):
            return nil
        case (.string(let rule), .string(let s)):
            guard let rule, !rule.accepts(s) else { return nil }
            return "\"\(KeyShape.clipped(s))\" \(rule.words)"
        case (.choice(let choices), .string(let s)):
            guard !choices.contains(s) else { return nil }
            var message = "\"\(KeyShape.clipped(s))\" is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))"
            if let near = Spelling.closest(to: s, in: choices) { message += " (did you mean \"\(near)\"?)" }
            return message
        case (.object, .object):
            return nil
        case (.map(_, _, let count), .object(let members)):
            guard members.count > count.upperBound else { return nil }
            return "has \(ScenarioLimits.grouped(members.count)) members; at most \(ScenarioLimits.grouped(count.upperBound)) are allowed"
        case (.object(let object), _):
            return object.notAnObject ?? "expected an object, found \(value.kindDescription)"
        case (.number(let range, _), _):
            return "expected a number in \(KeyShape.text(range)), found \(value.kindDescription)"
        case (.array(_, let count), .array(let items)):
            if items.count < count.lowerBound {
                return count.lowerBound == 1 ? "needs at least one item" : "needs at least \(count.lowerBound) items, found \(items.count)"
            }
            if items.count > count.upperBound {
                return "has \(ScenarioLimits.grouped(items.count)) items; at most \(ScenarioLimits.grouped(count.upperBound)) are allowed"
            }
            return nil
        case (.anyOf(let shapes), _):
            // The first alternative of the value's JSON type decides (a number out of range is
            // reported as such, not as "expected a number or an object").
            for shape in shapes where shape.acceptsType(of: value) {
                return shape.problem(with: value)
            }
            return "expected \(summary), found \(value.kindDescription)"
        default:
            return "expected \(summary), found \(value.kindDescription)"
        }
    }

    /// Whether the value's JSON type is this shape's (whatever its range or choice).
    func acceptsType(of value: JSONValue) -> Bool {
        switch (self, value) {
        case (.number, .number), (.boolean, .bool), (.string, .string), (.choice, .string), (.object, .object), (.map, .object), (.array, .array):
            return true
        case (.integer, .number(let n)):
            return n.rounded() == n
        case (.anyOf(let shapes), _):
            return shapes.contains { $0.acceptsType(of: value) }
        default:
            return false
        }
    }

    static func text(_ range: ClosedRange<Double>) -> String {
        MessageText.range(range)
    }

    /// A user's string in a message, cut to 60 characters.
    static func clipped(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(59)) + "…" : text
    }
}
