/// Something that happened to a row, the scroll, or the run, at a frame (the report's `events`).
///
/// A plain value with no strings or references, so the frame loop can record events without
/// allocating (the log is reserved up front).
public struct SimulationEvent: Equatable, Sendable {
    public enum Kind: UInt8, CaseIterable, Sendable {
        case appear, disappear
        case build, prefetchStart, prefetchFinish, prefetchAbandon
        case evict, release, stateLoss
        case loadStart, contentLoaded, loadCancel
        case correction, hitch, visibleJump
        case rotate, scrollTo, scrollToLanded, tap, fling, drag
        case relayout, nestedBuild, clipped, widerThanIdeal
        case environment, append
        case scrollToInterrupted, popped
        case unsettled

        /// The name used in reports.
        public var name: String {
            switch self {
            case .appear: return "appear"
            case .disappear: return "disappear"
            case .build: return "build"
            case .prefetchStart: return "prefetchStart"
            case .prefetchFinish: return "prefetchFinish"
            case .prefetchAbandon: return "prefetchAbandon"
            case .evict: return "evict"
            case .release: return "release"
            case .stateLoss: return "stateLoss"
            case .loadStart: return "loadStart"
            case .contentLoaded: return "contentLoaded"
            case .loadCancel: return "loadCancel"
            case .correction: return "correction"
            case .hitch: return "hitch"
            case .visibleJump: return "visibleJump"
            case .rotate: return "rotate"
            case .scrollTo: return "scrollTo"
            case .scrollToLanded: return "scrollToLanded"
            case .tap: return "tap"
            case .fling: return "fling"
            case .drag: return "drag"
            case .relayout: return "relayout"
            case .nestedBuild: return "nestedBuild"
            case .clipped: return "clipped"
            case .widerThanIdeal: return "widerThanIdeal"
            case .environment: return "environment"
            case .append: return "append"
            case .scrollToInterrupted: return "scrollToInterrupted"
            case .popped: return "popped"
            case .unsettled: return "unsettled"
            }
        }
    }

    public var frame: Int32
    public var kind: Kind
    /// The row concerned, or -1.
    public var row: Int32
    /// The element concerned, or -1.
    public var element: Int32
    /// The view type of the row concerned (an index into the content's types, the section
    /// header type last), or -1.
    public var type: Int16
    /// A kind-specific amount (ms of work, points of correction, frames dropped…), or 0.
    public var value: Double

    public init(frame: Int, kind: Kind, row: Int = -1, element: Int = -1, type: Int = -1, value: Double = 0) {
        self.frame = Int32(frame)
        self.kind = kind
        self.row = Int32(row)
        self.element = Int32(element)
        self.type = Int16(type)
        self.value = value
    }
}

/// The run's events, in the order they happened.
public struct EventLog: Equatable, Sendable {
    public private(set) var events: [SimulationEvent] = []
    /// The frame events are currently stamped with.
    public var frame = 0

    public init(reserving capacity: Int) {
        events.reserveCapacity(capacity)
    }

    /// - Complexity: amortized O(1); no allocation until the reserved capacity is used up.
    public mutating func record(_ kind: SimulationEvent.Kind, row: Int = -1, element: Int = -1, type: Int = -1, value: Double = 0) {
        events.append(SimulationEvent(frame: frame, kind: kind, row: row, element: element, type: type, value: value))
    }
}
