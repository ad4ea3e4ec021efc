/// Something the user or the app does at a moment of the run (`script` in a scenario).
///
/// Events at the same instant run in the order the scenario lists them.
public struct ScriptEvent: Equatable, Sendable {
    /// Seconds from the start of the run.
    public var at: Double
    public var action: Action
    /// For a drag or a fling, when the touch happened (ms from the start of the run), if not at
    /// the frame that applies it: the motion is timed from here, so the first frame that shows
    /// it has moved by the time since. Nil, as a scenario file gives it: timed from that frame.
    /// Only an ensemble's runs set it (`RunVariation`'s touch phase).
    public var touchMs: Double?

    public init(at: Double, action: Action, touchMs: Double? = nil) {
        self.at = at
        self.action = action
        self.touchMs = touchMs
    }

    public enum Action: Equatable, Sendable {
        /// The finger moves the content at `velocity` pt/s for `duration` s; on release the
        /// content either stops or flings on with the finger's velocity.
        case drag(velocity: Double, duration: Double, flingOnRelease: Bool)
        /// A release at `velocity` pt/s decelerating by `deceleration` per ms.
        case fling(velocity: Double, deceleration: Double)
        /// A new viewport size (a rotation, or a Split View resize).
        case rotate(Size)
        case scrollTo(ScrollTarget)
        /// A tap that mutates the element's view state (e.g. a highlight).
        case tap(element: Int)
        /// An environment value changes (`\.writingStyle`, `\.detailLevel`): every resident
        /// body that reads it is evaluated again.
        case environment(key: String)
        /// `count` elements are added at the end of the data (a message arrives, a page loads).
        case append(count: Int)
    }
}

/// A programmatic scroll (`ScrollPosition.scrollTo`).
public struct ScrollTarget: Equatable, Sendable {
    public enum Destination: Equatable, Sendable {
        case element(Int)
        /// The top edge of the content.
        case top
        /// The true bottom edge of the content (its last view's bottom at the viewport's).
        case bottom
        /// The middle of the content (`defaultScrollAnchor(.center)`'s initial offset).
        case center
        case offset(Double)
    }

    /// Raw values are the scenario file's spelling.
    public enum Anchor: String, Equatable, Sendable, CaseIterable {
        case top, center, bottom
    }

    /// The content edges a scroll can target (`"edge": "top"` in a scenario).
    public enum Edge: String, Equatable, Sendable, CaseIterable {
        case top, bottom

        public var destination: Destination {
            switch self {
            case .top: return .top
            case .bottom: return .bottom
            }
        }
    }

    public var destination: Destination
    public var anchor: Anchor
    /// Seconds of ease-in-out animation; nil jumps in one frame.
    public var animationDuration: Double?

    public static let defaultAnchor = Anchor.top
    /// The length of an animated scroll that does not give one, in seconds.
    public static let defaultAnimationDuration = 0.35

    public init(destination: Destination, anchor: Anchor = ScrollTarget.defaultAnchor, animationDuration: Double? = nil) {
        self.destination = destination
        self.anchor = anchor
        self.animationDuration = animationDuration
    }
}

/// UIScrollView's deceleration rates, per millisecond.
public enum DecelerationRate {
    public static let normal = 0.998
    public static let fast = 0.99

    /// The rates by name (`"deceleration": "fast"` in a scenario); raw values are the spelling.
    public enum Preset: String, Equatable, Sendable, CaseIterable {
        case normal, fast

        public var perMillisecond: Double {
            switch self {
            case .normal: return DecelerationRate.normal
            case .fast: return DecelerationRate.fast
            }
        }
    }
}
