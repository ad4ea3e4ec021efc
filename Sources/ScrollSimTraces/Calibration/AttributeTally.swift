import ScrollSimKit
/// The attributes that the intervals of one name carry: per key, how many intervals carry it,
/// how many values it takes and the most frequent of them. It is what tells a name's intervals
/// apart when the name is listed as not covered by the map (`view.name=PostCell ×1500`), and
/// what a `--map` filter that took nothing could have filtered on.
///
/// Counting is bounded: per key, the first `tracked` distinct values are counted exactly; once
/// there are more, further new values are only counted as "others" (a key with more values
/// than that is an identifier, not something to map on).
public struct AttributeTally: Equatable, Sendable {
    /// One value and how many intervals carry it.
    public struct Value: Equatable, Sendable {
        public var value: String
        public var count: Int
    }

    /// One attribute key.
    public struct Key: Equatable, Sendable {
        public var key: String
        /// Intervals that carry the key.
        public var count: Int
        /// Distinct values counted (at most `tracked`); `more` when there were others.
        public var distinct: Int
        public var more: Bool
        /// The most frequent values, most frequent first (ties by value), at most `shown`.
        public var top: [Value]

        /// Whether the key tells intervals apart: more than one value, few enough to name.
        public var separates: Bool { distinct > 1 && !more && distinct <= AttributeTally.shown * 4 }
    }

    /// Every key, the ones that tell intervals apart first (by how many intervals carry them),
    /// then the ones with one value (an interval's own before an OTLP resource's, which say
    /// where the spans come from rather than what they are), then identifiers; ties by key.
    public var keys: [Key] = []

    public static let tracked = 256
    public static let shown = 3

    public init(keys: [Key] = []) {
        self.keys = keys
    }

    /// The key `key`, when some interval carries it.
    public subscript(key: String) -> Key? { keys.first { $0.key == key } }

    /// What a tally is built with, interval by interval.
    struct Builder {
        /// The intervals tallied.
        private(set) var count = 0
        private var values: [String: [String: Int]] = [:]
        private var others: [String: Int] = [:]

        /// Counts one interval's attributes. O(a) dictionary updates for a attributes.
        mutating func add(_ attributes: [String: String]) {
            count += 1
            for (key, value) in attributes {
                if values[key]?[value] != nil || values[key, default: [:]].count < AttributeTally.tracked {
                    values[key, default: [:]][value, default: 0] += 1
                } else {
                    others[key, default: 0] += 1
                }
            }
        }

        /// How many intervals carry `key` = `value`; nil when it cannot be told (the value was
        /// not among the ones counted and the key had more).
        func count(_ key: String, _ value: String) -> Int? {
            if let carried = values[key]?[value] { return carried }
            return others[key] == nil ? 0 : nil
        }

        var tally: AttributeTally {
            let keys = values.map { key, counts -> Key in
                let top = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(AttributeTally.shown).map { Value(value: $0.key, count: $0.value) }
                let carried = counts.values.reduce(0, +) + others[key, default: 0]
                return Key(key: key, count: carried, distinct: counts.count, more: others[key] != nil, top: Array(top))
            }
            func rank(_ key: Key) -> Int {
                if key.separates { return 0 }
                if key.distinct == 1 && !key.more { return key.key.hasPrefix("resource.") ? 2 : 1 }
                return 3
            }
            return AttributeTally(keys: keys.sorted {
                rank($0) != rank($1) ? rank($0) < rank($1) : $0.count != $1.count ? $0.count > $1.count : $0.key < $1.key
            })
        }
    }
}
