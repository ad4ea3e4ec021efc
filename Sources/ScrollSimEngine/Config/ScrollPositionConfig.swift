/// How the scroll view positions its content and reports its position: `defaultScrollAnchor`,
/// `scrollPosition(_:anchor:)`, and an observer of the scroll position.
public struct ScrollPositionConfig: Equatable, Sendable {
    /// `defaultScrollAnchor(_:for:)`, per role. nil leaves SwiftUI's default (the top).
    public struct DefaultAnchor: Equatable, Sendable {
        /// Where the content starts (a chat opens on its last message with `.bottom`).
        public var initialOffset: ScrollTarget.Anchor?
        /// Where content smaller than the viewport sits (`.center` centers an error state).
        public var alignment: ScrollTarget.Anchor?
        /// What stays put when the content's size changes: with `.bottom`, a position at the
        /// bottom stays at the bottom when elements are appended.
        public var sizeChanges: ScrollTarget.Anchor?

        public init(initialOffset: ScrollTarget.Anchor? = nil, alignment: ScrollTarget.Anchor? = nil, sizeChanges: ScrollTarget.Anchor? = nil) {
            self.initialOffset = initialOffset
            self.alignment = alignment
            self.sizeChanges = sizeChanges
        }

        /// `defaultScrollAnchor(anchor)`: the same anchor for every role.
        public init(all anchor: ScrollTarget.Anchor) {
            self.init(initialOffset: anchor, alignment: anchor, sizeChanges: anchor)
        }
    }

    /// How the app tells where the user has scrolled (to show a "back to top" button, say).
    public enum Observer: Equatable, Sendable {
        /// `onScrollGeometryChange` reading the absolute content offset against a fixed
        /// boundary in points: recomputed on every geometry change, and it drifts when a lazy
        /// stack corrects its estimates.
        case geometry(boundary: Double)
        /// `onScrollTargetVisibilityChange` on an element: fires only when the set of visible
        /// elements changes, and means "scrolled past `element`" whatever the estimates.
        case visibility(element: Int)
    }

    /// `scrollPosition(_:anchor:)`: the point of the viewport `viewID` reports the element at.
    public var anchor: ScrollTarget.Anchor
    public var defaultAnchor: DefaultAnchor
    public var observer: Observer?

    public init(anchor: ScrollTarget.Anchor = .top, defaultAnchor: DefaultAnchor = DefaultAnchor(), observer: Observer? = nil) {
        self.anchor = anchor
        self.defaultAnchor = defaultAnchor
        self.observer = observer
    }

    /// The fraction of the viewport's height an anchor sits at: top 0, center 0.5, bottom 1.
    static func fraction(_ anchor: ScrollTarget.Anchor) -> Double {
        switch anchor {
        case .top: return 0
        case .center: return 0.5
        case .bottom: return 1
        }
    }
}
