/// A structural diff of two scenario sources (a report's `scenario.source`, `ScenarioSource`):
/// what changed in a scenario between a baseline and a current report, key path by key path.
///
/// ```swift
/// ScenarioDiff.changes(from: baseline.scenarioSource!, to: current.scenarioSource!)
/// // [content.types[photo].bodyMs 0.15 → 2.5, content.types[video] absent → {"bodyMs":1,…}]
/// ```
///
/// Objects are matched by key. Arrays whose elements are all objects with a distinct string
/// `name` on each side (view types) are matched by name, so a type added, removed or renamed
/// shows as that type absent on one side, not as every later type shifted; other arrays are
/// matched by index, the longer side's extra elements shown as added or removed. Values of
/// different kinds (a number that became an object) are one change. A value added or removed
/// whole, or replaced by one of another kind, is shown on one line (`JSONWriter.compact`,
/// shortened past `maximumValueLength` characters); strings are shown as they are, quoted only
/// when empty, holding a control character (a line break) or beside a value of another kind.
///
/// Deterministic: changes come in the order of a walk with object keys in code-point order,
/// named elements by name and other elements by index. Numbers compare as the report wrote them.
///
/// - Complexity: O(n log n) in the number of values of both sources.
public enum ScenarioDiff {
    /// The longest value text before it is cut with `…`.
    public static let maximumValueLength = 120

    /// The most changes kept and shown (`changes(from:to:limit:)`): two reports whose sources
    /// differ in a million-element array gave a 130 MiB comparison and a 92 MB page.
    public static let shownChanges = 100

    /// The changes from `old` to `new`, in walk order; empty when they are equal.
    public static func changes(from old: JSONValue, to new: JSONValue) -> [ScenarioChange] {
        changes(from: old, to: new, limit: Int.max).shown
    }

    /// The first `limit` changes in walk order, and how many there are in all: the others are
    /// counted, not kept, so memory stays bounded however large the difference.
    public static func changes(from old: JSONValue, to new: JSONValue, limit: Int) -> (shown: [ScenarioChange], total: Int) {
        var changes = Collected(limit: limit)
        diff(old, new, path: "", into: &changes)
        return (changes.kept, changes.total)
    }

    /// Changes kept up to a limit, and the count of all.
    struct Collected {
        let limit: Int
        var kept: [ScenarioChange] = []
        var total = 0

        mutating func append(_ change: @autoclosure () -> ScenarioChange) {
            total += 1
            if kept.count < limit { kept.append(change()) }
        }
    }

    static func diff(_ old: JSONValue?, _ new: JSONValue?, path: @autoclosure () -> String, into changes: inout Collected) {
        switch (old, new) {
        case (nil, nil):
            return
        case let (.object(a)?, .object(b)?):
            let path = path()
            for key in Set(a.keys).union(b.keys).sorted() {
                diff(a[key], b[key], path: join(path, key), into: &changes)
            }
        case let (.array(a)?, .array(b)?):
            let path = path()
            if let named = byName(a), let namedNew = byName(b) {
                for name in Set(named.keys).union(namedNew.keys).sorted() {
                    diff(named[name], namedNew[name], path: path + "[" + element(name) + "]", into: &changes)
                }
            } else {
                for i in 0..<max(a.count, b.count) {
                    diff(i < a.count ? a[i] : nil, i < b.count ? b[i] : nil, path: path + "[\(i)]", into: &changes)
                }
            }
        case let (a?, b?) where a == b:
            return
        default:
            let quoted = old != nil && new != nil && old?.kindDescription != new?.kindDescription
            let path = path()
            changes.append(ScenarioChange(path: path.isEmpty ? "(root)" : path,
                                          old: old.map { text($0, quoted: quoted) }, new: new.map { text($0, quoted: quoted) }))
        }
    }

    /// The elements by their `name`, when every element is an object with a string name and
    /// no name repeats; nil otherwise (the array is then matched by index).
    static func byName(_ items: [JSONValue]) -> [String: JSONValue]? {
        guard !items.isEmpty else { return nil }
        var named: [String: JSONValue] = [:]
        for item in items {
            guard let name = item["name"]?.stringValue, named[name] == nil else { return nil }
            named[name] = item
        }
        return named
    }

    /// `path.key`; a key that is not a plain word (`frameWorkMs.p99`) as `path["key"]`.
    static func join(_ path: String, _ key: String) -> String {
        guard plain(key) else { return path + "[" + quote(key) + "]" }
        return path.isEmpty ? key : path + "." + key
    }

    /// A name inside brackets: as it is when plain, quoted otherwise.
    static func element(_ name: String) -> String {
        plain(name) ? name : quote(name)
    }

    static func plain(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            !". []\"\n\t".unicodeScalars.contains(scalar) && scalar.value >= 0x20
        }
    }

    static func quote(_ text: String) -> String {
        JSONWriter().compact(.string(text))
    }

    /// A value on one line; strings bare unless `quoted` or empty.
    static func text(_ value: JSONValue, quoted: Bool) -> String {
        var out: String
        if case .string(let string) = value, !quoted, !string.isEmpty, !string.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            out = string
        } else {
            out = JSONWriter().compact(value)
        }
        if out.count > maximumValueLength { out = String(out.prefix(maximumValueLength - 1)) + "…" }
        return out
    }
}
