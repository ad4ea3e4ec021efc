/// The stack that holds the list, and the options of its lazy machinery.
public struct StackConfig: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Eager: every child is created and laid out when the stack first appears.
        case vStack
        /// Lazy: children are materialized on demand, prefetched, cached and released.
        case lazyVStack
        /// A LazyVGrid: rows of `grid.columns` cells, each row as tall as its tallest cell.
        case lazyVGrid
        /// A LazyVStack of HStack rows of `grid.columns` cells: the same row heights, with the
        /// pairing forced.
        case pairedRows
        /// Masonry with the Layout protocol: every child measured on every invalidation, all
        /// children resident (no virtualization).
        case masonryLayout
        /// Masonry as one lazy stack per column over items distributed by precomputed height.
        case masonryColumns
    }

    /// Grids: how many columns.
    public struct GridConfig: Equatable, Sendable {
        public enum Columns: Equatable, Sendable {
            case fixed(Int)
            /// `GridItem(.adaptive(minimum:))`: as many columns of at least this width as fit.
            case adaptive(minimum: Double)
        }

        public var columns: Columns
        /// Space between cells in a row.
        public var spacing: Double

        public init(columns: Columns = .fixed(2), spacing: Double = 8) {
            self.columns = columns
            self.spacing = spacing
        }

        /// The column count at a width.
        public func columnCount(width: Double) -> Int {
            switch columns {
            case .fixed(let k): return max(1, k)
            case .adaptive(let minimum):
                return max(1, Int((width + spacing) / (max(1, minimum) + spacing)))
            }
        }
    }

    /// Masonry layouts.
    public struct MasonryConfig: Equatable, Sendable {
        public enum Columns: Equatable, Sendable {
            case fixed(Int)
            /// `max(2, ⌊width / target⌋)`, recomputed when the width changes.
            case targetWidth(Double)
        }

        /// After a width change: `stable` keeps every item already viewed in its column and
        /// distributes only the rest (the plan's advice); `full` distributes everything again.
        public enum Redistribution: String, Equatable, Sendable, CaseIterable {
            case stable, full
        }

        public var columns: Columns
        public var redistribution: Redistribution
        /// Pad shorter columns with a spacer when they trail the tallest by more than 1.5× the
        /// average item height.
        public var rebalance: Bool
        /// `masonryLayout`: the Layout's cache (placements kept between layout requests).
        public var cache: Bool
        /// The distribution recomputed in body, every frame (the anti-pattern), and its cost per
        /// item.
        public var distributeInBody: Bool
        public var distributeMsPerItem: Double

        public init(columns: Columns = .targetWidth(180), redistribution: Redistribution = .stable, rebalance: Bool = false,
                    cache: Bool = true, distributeInBody: Bool = false, distributeMsPerItem: Double = 0.0008) {
            self.columns = columns
            self.redistribution = redistribution
            self.rebalance = rebalance
            self.cache = cache
            self.distributeInBody = distributeInBody
            self.distributeMsPerItem = distributeMsPerItem
        }

        public func columnCount(width: Double) -> Int {
            switch columns {
            case .fixed(let k): return max(1, k)
            case .targetWidth(let target): return MasonryDistributor.columnCount(width: width, targetColumnWidth: target)
            }
        }
    }

    /// A lazy stack nested in another ScrollView: before iOS 26 it did not load lazily.
    public enum Nesting: String, Equatable, Sendable, CaseIterable {
        case none, scrollView
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
    public var grid = GridConfig()
    public var masonry = MasonryConfig()
    /// Async images loaded from the data layer when their item comes within this many points
    /// of the viewport, whether or not its view exists (0: off).
    public var imagePrefetchPt = 0.0
    public var nestedIn = Nesting.none

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
