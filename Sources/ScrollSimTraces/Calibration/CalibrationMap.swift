import ScrollSimKit
import Foundation

/// Which measured intervals are which cost: `--map NAME=TYPE.PHASE` rules, from the command
/// line and from a map file.
///
/// A rule's left side is an interval name, optionally filtered by one attribute:
/// `body[view.name=PostCell]=post.body` takes the `body` spans whose `view.name` attribute is
/// `PostCell`. A rule with a filter is tried before one without (the more specific wins); among
/// rules equally specific, the first given wins. An interval no rule takes maps itself when its
/// name is `TYPE.PHASE` for a view type of the scenario and a cost phase — CSV rows, and the
/// cost slices of ScrollSim's own `--trace`.
///
/// A map file is a JSON object of the same rules: `{"body[view.name=PostCell]": "post.body"}`.
public struct CalibrationMap: Equatable, Sendable {
    public struct Rule: Equatable, Sendable {
        public var name: String
        public var filter: (key: String, value: String)?
        public var target: CostTarget
        /// Where the rule came from, for messages: `--map 'body=post.body'` or `map.json: "body"`.
        public var origin: String

        public static func == (a: Rule, b: Rule) -> Bool {
            a.name == b.name && a.filter?.key == b.filter?.key && a.filter?.value == b.filter?.value && a.target == b.target
        }

        func matches(_ interval: TraceInterval) -> Bool {
            guard interval.name == name else { return false }
            guard let filter else { return true }
            return interval.attributes[filter.key] == filter.value
        }
    }

    public private(set) var rules: [Rule] = []

    public init(rules: [Rule] = []) {
        self.rules = rules
    }

    /// `NAME=TYPE.PHASE` or `NAME[KEY=VALUE]=TYPE.PHASE` (the target follows the last `=`).
    public static func rule(_ text: String, origin: String) throws -> Rule {
        guard let equals = text.lastIndex(of: "=") else {
            throw ScrollSimError("\(origin): expected NAME=TYPE.PHASE (e.g. body=post.body or 'body[view.name=PostCell]=post.body')")
        }
        return try rule(left: String(text[..<equals]), right: String(text[text.index(after: equals)...]), origin: origin)
    }

    static func rule(left: String, right: String, origin: String) throws -> Rule {
        var name = left
        var filter: (key: String, value: String)?
        // A bracket outside the one NAME[KEY=VALUE] form is refused with its place (counted in
        // characters from the rule's start), not taken as part of a name no trace has.
        func character(_ index: String.Index) -> Int { left.distance(from: left.startIndex, to: index) + 1 }
        if let open = left.firstIndex(of: "["), !left.hasSuffix("]") {
            throw ScrollSimError("\(origin): the '[' at character \(character(open)) is not closed by a ']' before the '=TYPE.PHASE' (a filter is NAME[KEY=VALUE])")
        }
        if let close = left.firstIndex(of: "]"), left.firstIndex(of: "[").map({ close < $0 }) ?? true {
            throw ScrollSimError("\(origin): the ']' at character \(character(close)) closes no '[' (a filter is NAME[KEY=VALUE])")
        }
        if let open = left.firstIndex(of: "["), let extra = left[left.index(after: open)..<left.index(before: left.endIndex)].firstIndex(where: { $0 == "[" || $0 == "]" }) {
            throw ScrollSimError("\(origin): the '\(left[extra])' at character \(character(extra)) is inside the filter; a rule has one filter, NAME[KEY=VALUE]")
        }
        if left.hasSuffix("]"), let open = left.firstIndex(of: "[") {
            let inside = left[left.index(after: open)..<left.index(before: left.endIndex)]
            guard let eq = inside.firstIndex(of: "="), eq != inside.startIndex else {
                throw ScrollSimError("\(origin): the filter [\(inside)] is not [KEY=VALUE] (e.g. body[view.name=PostCell])")
            }
            filter = (String(inside[..<eq]), String(inside[inside.index(after: eq)...]))
            name = String(left[..<open])
        }
        guard !name.isEmpty else { throw ScrollSimError("\(origin): the interval name is empty") }
        guard let target = CostTarget(right) else {
            throw ScrollSimError("\(origin): '\(right)' is not TYPE.PHASE, where PHASE is one of \(CostTarget.Phase.allCases.map(\.name).joined(separator: ", ")) (or the key: bodyMs…)")
        }
        return Rule(name: name, filter: filter, target: target, origin: origin)
    }

    /// The rules of a map file: a JSON object of `"NAME": "TYPE.PHASE"` members, in key order.
    public static func rules(file: String, bytes: [UInt8]) throws -> [Rule] {
        let root = try JSONParser.parse(bytes, file: file)
        guard let object = root.objectValue else {
            throw ScrollSimError("\(file): expected an object of \"NAME\": \"TYPE.PHASE\" rules, found \(root.kindDescription)")
        }
        return try object.keys.sorted().map { key in
            guard let target = object[key]?.stringValue else {
                throw ScrollSimError("\(file): \(key): expected a string \"TYPE.PHASE\", found \(object[key]?.kindDescription ?? "nothing")")
            }
            return try rule(left: key, right: target, origin: "\(file): \(key)")
        }
    }

    public mutating func add(_ rule: Rule) {
        rules.append(rule)
    }

    /// Every rule's type must be one of `types`: otherwise the first that is not, with the
    /// names nearest to it.
    public func check(types: [String]) throws {
        for rule in rules where !types.contains(rule.target.type) {
            var message = "\(rule.origin): the scenario has no view type '\(rule.target.type)'"
            let near = types.filter { Spelling.distance($0.lowercased(), rule.target.type.lowercased()) <= max(2, rule.target.type.count / 3) }.sorted()
            message += near.isEmpty ? " (its types: \(types.sorted().joined(separator: ", ")))" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)"
            throw ScrollSimError(message)
        }
    }

    /// The cost `interval` measures, or nil when the map does not cover it.
    public func target(of interval: TraceInterval, types: Set<String>) -> CostTarget? {
        take(interval, types: types)?.target
    }

    /// The cost `interval` measures and the index of the rule that took it (nil when it maps
    /// itself as TYPE.PHASE), or nil when the map does not cover it.
    func take(_ interval: TraceInterval, types: Set<String>) -> (target: CostTarget, rule: Int?)? {
        if let index = rules.firstIndex(where: { $0.filter != nil && $0.matches(interval) }) ?? rules.firstIndex(where: { $0.filter == nil && $0.matches(interval) }) {
            return (rules[index].target, index)
        }
        if let own = CostTarget(interval.name), types.contains(own.type) { return (own, nil) }
        return nil
    }
}
