import ScrollSimKit
/// Why a `--map` rule took no interval, said with what the traces do carry: no interval of that
/// name (and the names nearest to it), a filter on a key the name's intervals do not carry (and
/// the keys they do), a value the key never takes (and the values it does), or intervals that
/// an earlier or more specific rule took first.
public struct CalibrationRuleCheck: Equatable, Sendable {
    /// The rule, as given (`--map 'body[view.name=PostCell]=post.body'`).
    public var origin: String
    /// Why it took nothing.
    public var reason: String

    public init(origin: String, reason: String) {
        self.origin = origin
        self.reason = reason
    }

    /// The rules of `rules` that took nothing (`taken[i]` intervals for rule i), each with the
    /// reason, from the tallies of the intervals the rules name and the names seen.
    /// `excluded` says whether some intervals were left out before mapping (window, launch).
    static func idle(_ rules: [CalibrationMap.Rule], taken: [Int], tallies: [String: AttributeTally.Builder], names: Set<String>, excluded: Bool) -> [CalibrationRuleCheck] {
        let read = excluded ? " (after the launch and inside --window)" : ""
        return rules.indices.filter { taken[$0] == 0 }.map { index in
            let rule = rules[index]
            guard let builder = tallies[rule.name], builder.count > 0 else {
                let near = names.filter { Spelling.distance($0.lowercased(), rule.name.lowercased()) <= max(2, rule.name.count / 3) }.sorted().prefix(5)
                let hint = near.isEmpty ? "" : "; the nearest names: " + near.map { "'\($0)'" }.joined(separator: ", ")
                return CalibrationRuleCheck(origin: rule.origin, reason: "no interval is named '\(rule.name)'\(read)\(hint)")
            }
            let tally = builder.tally
            let intervals = "the \(ScenarioLimits.grouped(builder.count)) '\(rule.name)' interval\(builder.count == 1 ? "" : "s")"
            guard let filter = rule.filter else {
                return CalibrationRuleCheck(origin: rule.origin, reason: "\(intervals) were all taken by rules with a filter (a rule with a filter is tried first)")
            }
            guard let key = tally[filter.key] else {
                let keys = tally.keys.prefix(8).map { describe($0) }.joined(separator: "; ")
                return CalibrationRuleCheck(origin: rule.origin, reason: "\(intervals) carry no attribute '\(filter.key)'; they carry \(keys.isEmpty ? "no attributes at all" : keys)")
            }
            switch builder.count(filter.key, filter.value) {
            case let carried? where carried > 0:
                return CalibrationRuleCheck(origin: rule.origin, reason: "the \(ScenarioLimits.grouped(carried)) '\(rule.name)' interval\(carried == 1 ? "" : "s") with \(filter.key)=\(filter.value) were all taken by an earlier rule with a filter (among rules as specific, the first given wins)")
            case nil:
                return CalibrationRuleCheck(origin: rule.origin, reason: "no '\(rule.name)' interval among those counted has \(filter.key)=\(filter.value); \(describe(key))")
            default:
                return CalibrationRuleCheck(origin: rule.origin, reason: "no '\(rule.name)' interval has \(filter.key)=\(filter.value); \(describe(key))")
            }
        }
    }

    /// A key and its values as the unmapped list shows them: `view.name=PostCell ×1500,
    /// PhotoCell ×1000 (3 values)`, or `thread.id (3,000 values)` for an identifier.
    public static func describe(_ key: AttributeTally.Key) -> String {
        if !key.separates && key.distinct > 1 {
            return "\(key.key) (\(key.more ? "more than \(ScenarioLimits.grouped(key.distinct))" : ScenarioLimits.grouped(key.distinct)) values)"
        }
        let values = key.top.map { "\($0.value) ×\($0.count)" }.joined(separator: ", ")
        let rest = key.distinct > key.top.count ? " (\(key.distinct) values)" : ""
        return "\(key.key)=\(values)\(rest)"
    }
}
