import ScrollSimKit
import ScrollSimEngine

/// A cost of a view type that a measurement can set: `post.body` is the `bodyMs` of the view
/// type named `post`.
public struct CostTarget: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The cost keys of a view type: the engine's `CostPhase`, named as the map names them
    /// (`body`; the key itself, `bodyMs`, is accepted too).
    public typealias Phase = CostPhase

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
    public var description: String { "\(type).\(phase.name)" }

    public static func < (a: CostTarget, b: CostTarget) -> Bool {
        a.type != b.type ? a.type < b.type : a.phase < b.phase
    }
}

extension CostPhase: Comparable {
    /// The name a calibration map uses: the key without `Ms` (`init`, `body`, `renderServer`).
    public var name: String { String(key.dropLast(2)) }

    /// `body` or `bodyMs`; nil for anything else.
    public init?(name: String) {
        let bare = name.hasSuffix("Ms") ? String(name.dropLast(2)) : name
        guard let phase = CostPhase.allCases.first(where: { $0.name == bare }) else { return nil }
        self = phase
    }

    /// Every name a phase is accepted as, for messages.
    public static var names: [String] { allCases.map(\.name) + allCases.map(\.key) }

    /// The order the scenario declares the costs in.
    public static func < (a: CostPhase, b: CostPhase) -> Bool { a.rawValue < b.rawValue }
}
