/// One difference between two scenario sources (`ScenarioDiff`): where, and the value on each
/// side as text (`nil` where the key or element is absent on that side).
///
/// `description` is the line the comparison prints: `content.types[photo].bodyMs 0.15 → 2.5`,
/// `content.types[video] absent → {"bodyMs":1,…}`.
public struct ScenarioChange: Equatable, Sendable, CustomStringConvertible {
    /// The key path: object keys after dots, array elements with a `name` by name
    /// (`types[photo]`), other elements by index (`script[3]`), keys that are not plain words
    /// quoted (`budgets["frameWorkMs.p99"]`).
    public var path: String
    /// The baseline side's value as text; nil when absent there (an added key or element).
    public var old: String?
    /// The current side's value as text; nil when absent there (a removed key or element).
    public var new: String?

    public init(path: String, old: String?, new: String?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// `added`, `removed` or `changed`.
    public var kind: String {
        switch (old, new) {
        case (nil, _): return "added"
        case (_, nil): return "removed"
        default: return "changed"
        }
    }

    /// The word shown for a side that lacks the value.
    public static let absent = "absent"

    public var description: String {
        "\(path) \(old ?? ScenarioChange.absent) → \(new ?? ScenarioChange.absent)"
    }
}
