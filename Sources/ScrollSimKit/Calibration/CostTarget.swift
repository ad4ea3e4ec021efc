/// A cost of a view type that a measurement can set: `post.body` is the `bodyMs` of the view
/// type named `post`.
public struct CostTarget: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The cost keys of a view type, by the phase name the map uses (`body`) — the key itself
    /// (`bodyMs`) is accepted too.
    public enum Phase: String, CaseIterable, Comparable, Sendable {
        case initialize = "init"
        case body, layout, render, appear, renderServer, effect

        /// The scenario key: `bodyMs`.
        public var key: String { rawValue + "Ms" }

        /// `body` or `bodyMs`; nil for anything else.
        public init?(name: String) {
            let bare = name.hasSuffix("Ms") ? String(name.dropLast(2)) : name
            guard let phase = Phase(rawValue: bare) else { return nil }
            self = phase
        }

        public static func < (a: Phase, b: Phase) -> Bool {
            order(a) < order(b)
        }

        static func order(_ phase: Phase) -> Int {
            allCases.firstIndex(of: phase) ?? 0
        }

        /// Every name a phase is accepted as, for messages.
        public static var names: [String] { allCases.map(\.rawValue) + allCases.map(\.key) }
    }

    public var type: String
    public var phase: Phase

    public init(type: String, phase: Phase) {
        self.type = type
        self.phase = phase
    }

    /// `TYPE.PHASE` split at its last dot; nil when there is no dot or the phase is not a cost.
    public init?(_ text: String) {
        guard let dot = text.lastIndex(of: "."), dot != text.startIndex,
              let phase = Phase(name: String(text[text.index(after: dot)...])) else { return nil }
        self.init(type: String(text[..<dot]), phase: phase)
    }

    /// `post.body`.
    public var description: String { "\(type).\(phase.rawValue)" }

    public static func < (a: CostTarget, b: CostTarget) -> Bool {
        a.type != b.type ? a.type < b.type : a.phase < b.phase
    }
}
