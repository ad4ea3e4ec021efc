/// The stack that holds the list, and the options of its lazy machinery.
public struct StackConfig: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Eager: every child is created and laid out when the stack first appears.
        case vStack
        /// Lazy: children are materialized on demand, prefetched, cached and released.
        case lazyVStack
    }

    public var kind: Kind
    public var spacing: Double
    public var pinnedHeaders: Bool
    public var prefetch: PrefetchConfig
    public var keepAlive: KeepAliveConfig
    /// The height assumed for children before any has been laid out (UITableView's default).
    public var initialEstimate: Double
    /// `defaultScrollAnchor`, `scrollPosition(_:anchor:)` and how the app observes the position.
    public var scrollPosition = ScrollPositionConfig()

    public init(kind: Kind = .lazyVStack, spacing: Double = 8, pinnedHeaders: Bool = false,
                prefetch: PrefetchConfig = PrefetchConfig(), keepAlive: KeepAliveConfig = KeepAliveConfig(),
                initialEstimate: Double = 44) {
        self.kind = kind
        self.spacing = spacing
        self.pinnedHeaders = pinnedHeaders
        self.prefetch = prefetch
        self.keepAlive = keepAlive
        self.initialEstimate = initialEstimate
    }
}

/// Idle-time prefetch.
public struct PrefetchConfig: Equatable, Sendable {
    public enum Policy: String, Equatable, Sendable, CaseIterable {
        /// Spread one element's init, body and layout over as many frames' idle time as it needs.
        case chunked
        /// Android GapWorker: start an element only if its type's average cost fits the idle time
        /// left; an element the next frame needs is forced even if it overruns.
        case deadline
    }

    public var enabled: Bool
    /// How far beyond the leading edge to prefetch, in viewport heights.
    public var distance: Double
    public var policy: Policy
    /// Idle time left unused at the end of each frame, in ms.
    public var marginMs: Double

    public init(enabled: Bool = true, distance: Double = 1.0, policy: Policy = .chunked, marginMs: Double = 1.0) {
        self.enabled = enabled
        self.distance = distance
        self.policy = policy
        self.marginMs = marginMs
    }
}

/// How long views that left the screen are kept before they are destroyed.
public struct KeepAliveConfig: Equatable, Sendable {
    public enum Duration: Equatable, Sendable {
        case milliseconds(Double)
        case frames(Int)
    }

    public var duration: Duration
    /// The most cached (offscreen, not prefetched) views kept; the oldest go first.
    public var maxViews: Int

    public init(duration: Duration = .milliseconds(500), maxViews: Int = 64) {
        self.duration = duration
        self.maxViews = maxViews
    }
}
