/// One kind of view in the list: what it costs, what it holds, and how tall it is.
///
/// Costs are main-thread milliseconds per event: `initMs` when the view struct is created,
/// `bodyMs` per body evaluation, `layoutMs` per layout pass, `renderMs` per frame while visible,
/// `appearMs` per onAppear. `jitter` multiplies each of these main-thread costs by a seeded factor
/// in `1 ± jitter`, drawn per evaluation; render-server costs (`Rendering`) are not jittered.
/// A cost may instead be a distribution (`costDistributions`), drawn per element; its mean is
/// then the number here.
public struct ViewTypeSpec: Equatable, Sendable {
    public var name: String
    public var weight: Double
    public var children: Children
    public var height: HeightSpec
    public var costs: Costs
    public var memory: Memory
    public var configure: Configure
    /// The height the view reports while unconfigured (`configure: onAppear` during prefetch).
    public var unconfiguredHeight: Double
    public var stateLocation: StateLocation
    public var asyncContent: AsyncContent?
    /// A horizontal lazy row nested in this view (a photo showcase under a section of the list).
    public var row: NestedRowSpec?
    /// The onGeometryChange anti-pattern: a second layout pass the frame after appearing that
    /// changes the view's own height by this many points.
    public var relayoutAfterAppear: Double?
    /// The child's ideal (fitting) width in points, e.g. a label's natural width; nil for a
    /// flexible child that takes whatever width it is offered.
    public var idealWidth: Distribution?
    /// What the view costs the render server (off the main thread) while it is visible.
    public var rendering: Rendering
    /// A `scrollTransition` effect on the view, judged against its untransformed frame.
    public var transition: Transition?
    /// The view measures itself with a GeometryReader and re-lays out its column from the size it
    /// reads: it first lays out at `unconfiguredHeight`, then at its real height the frame after
    /// it appears (a jump), and while such views are on screen during a scroll every frame lays
    /// them out twice and needs a second commit (the feedback loop's 60 fps floor).
    public var measureWithGeometryReader = false
    /// Environment keys the view's body reads (`@Environment(\.writingStyle)`): a change of one
    /// of them evaluates the body of every resident view of this type again.
    public var readsEnvironment: [String] = []
    /// The costs given as distributions (drawn per element); the rest are the numbers in
    /// `costs` and `rendering`, which hold a distributed cost's mean.
    public var costDistributions = CostDistributions()

    /// The values of the optional fields when a view type does not give them (the scenario
    /// decoder reads them from here too, so a scenario and a configuration built in code agree).
    public static let defaultWeight = 1.0
    public static let defaultChildren = Children.count(1)
    public static let defaultConfigure = Configure.initializer
    public static let defaultUnconfiguredHeight = 44.0
    public static let defaultStateLocation = StateLocation.view
    /// The fraction of a conditional body's elements that show their child, when not given.
    public static let defaultShownFraction = 0.5

    public init(
        name: String, weight: Double = ViewTypeSpec.defaultWeight, children: Children = ViewTypeSpec.defaultChildren, height: HeightSpec,
        costs: Costs = Costs(), memory: Memory = Memory(), configure: Configure = ViewTypeSpec.defaultConfigure,
        unconfiguredHeight: Double = ViewTypeSpec.defaultUnconfiguredHeight, stateLocation: StateLocation = ViewTypeSpec.defaultStateLocation,
        asyncContent: AsyncContent? = nil, row: NestedRowSpec? = nil,
        relayoutAfterAppear: Double? = nil, idealWidth: Distribution? = nil, rendering: Rendering = Rendering()
    ) {
        self.name = name
        self.weight = weight
        self.children = children
        self.height = height
        self.costs = costs
        self.memory = memory
        self.configure = configure
        self.unconfiguredHeight = unconfiguredHeight
        self.stateLocation = stateLocation
        self.asyncContent = asyncContent
        self.row = row
        self.relayoutAfterAppear = relayoutAfterAppear
        self.idealWidth = idealWidth
        self.rendering = rendering
    }

    public enum Children: Equatable, Sendable {
        /// A body that returns k views with no wrapping stack: k independent children. The body
        /// is evaluated once per element; each child is laid out and rendered on its own.
        case count(Int)
        /// A body that returns its content or nothing depending on state or the environment
        /// (`if`, `if let`): each element shows its child with probability `shown` (drawn once,
        /// seeded). To index its children the stack evaluates every element's body and keeps
        /// every element view resident.
        case conditional(shown: Double)

        /// The most child rows an element of this type has.
        public var count: Int {
            switch self {
            case .count(let k): return k
            case .conditional: return 1
            }
        }

        /// Whether the stack must build views to know how many children an element has.
        public var isDynamic: Bool {
            if case .conditional = self { return true }
            return false
        }
    }

    public struct Costs: Equatable, Sendable {
        public var initMs: Double
        public var bodyMs: Double
        public var layoutMs: Double
        public var renderMs: Double
        public var appearMs: Double
        public var jitter: Double

        public init(
            initMs: Double = 0.02, bodyMs: Double = 0.05, layoutMs: Double = 0.05,
            renderMs: Double = 0.01, appearMs: Double = 0.01, jitter: Double = 0
        ) {
            self.initMs = initMs
            self.bodyMs = bodyMs
            self.layoutMs = layoutMs
            self.renderMs = renderMs
            self.appearMs = appearMs
            self.jitter = jitter
        }

        /// What it costs to make the view from nothing: init, body and one layout pass.
        public var buildMs: Double { self[.initialize] + self[.body] + self[.layout] }

        /// Adds `other`'s main-thread costs to these, keeping this jitter: a grouped row costs
        /// its cells' sum. Written out rather than looped over the phases: grid rows sum their
        /// cells every frame, and the loop allocated in a debug build.
        @inlinable
        public mutating func add(_ other: Costs) {
            initMs += other.initMs
            bodyMs += other.bodyMs
            layoutMs += other.layoutMs
            renderMs += other.renderMs
            appearMs += other.appearMs
        }

        /// The type's number for a main-thread cost (a distributed cost's mean): the one way
        /// the engine asks for a cost, so a call site names the phase once
        /// (`rows.cost(.body, ofRow: row, spec.costs)`). The render server's costs are the
        /// `Rendering`'s; asking these costs for one is a programming error.
        @inlinable
        public subscript(phase: CostPhase) -> Double {
            get {
                switch phase {
                case .initialize: return initMs
                case .body: return bodyMs
                case .layout: return layoutMs
                case .render: return renderMs
                case .appear: return appearMs
                case .renderServer, .effect: preconditionFailure("\(phase.key) is a render-server cost: ask the view type's rendering")
                }
            }
            set {
                switch phase {
                case .initialize: initMs = newValue
                case .body: bodyMs = newValue
                case .layout: layoutMs = newValue
                case .render: renderMs = newValue
                case .appear: appearMs = newValue
                case .renderServer, .effect: preconditionFailure("\(phase.key) is a render-server cost: set the view type's rendering")
                }
            }
        }
    }

    /// A `scrollTransition` effect. The lazy stack decides visibility from the view's original
    /// frame; an effect that moves the view outside that frame keeps it on screen after the
    /// stack has unloaded it.
    public enum Transition: Equatable, Sendable {
        /// `scaleEffect(1 − |phase| · 0.1)`: stays inside the original frame.
        case scale
        /// An offset of up to `points` toward the inside of the viewport as the view leaves.
        case offset(points: Double)
        /// A rotation by up to `degrees` as the view leaves: its corners sweep out of the frame
        /// by half the viewport's width × sin(degrees).
        case rotation(degrees: Double)

        /// How far the transformed view reaches beyond its original frame, toward the
        /// viewport, as it leaves (0 for an effect that stays inside the frame).
        public func overhang(width: Double) -> Double {
            switch self {
            case .scale: return 0
            case .offset(let points): return Swift.max(0, points)
            case .rotation(let degrees): return width / 2 * abs(_sin(degrees * Double.pi / 180))
            }
        }
    }

    /// Render-server work per visible view per frame: compositing its layers, plus one offscreen
    /// pass per overlapping effect (shadow, gradient mask, blur). `drawingGroup` rasterizes the
    /// view into one texture the first frame it is rendered after each build (paying its full
    /// cost once); after that it composites as one layer at `serverMs`, effects included.
    public struct Rendering: Equatable, Sendable {
        public var serverMs: Double
        public var effects: Int
        /// Render-server ms per effect per frame (an offscreen pass the size of the view).
        public var effectMs: Double
        public var drawingGroup: Bool

        public init(serverMs: Double = 0.02, effects: Int = 0, effectMs: Double = 0.25, drawingGroup: Bool = false) {
            self.serverMs = serverMs
            self.effects = effects
            self.effectMs = effectMs
            self.drawingGroup = drawingGroup
        }

        /// Render-server ms for one frame of the view, drawn live (every effect every frame).
        public var liveMs: Double { self[.renderServer] + Double(effects) * self[.effect] }

        /// The type's number for a render-server cost (`renderServerMs`, `effectMs`): as
        /// `Costs`' subscript is for the main thread's. Asking it for a main-thread cost is a
        /// programming error.
        @inlinable
        public subscript(phase: CostPhase) -> Double {
            switch phase {
            case .renderServer: return serverMs
            case .effect: return effectMs
            case .initialize, .body, .layout, .render, .appear:
                preconditionFailure("\(phase.key) is a main-thread cost: ask the view type's costs")
            }
        }
    }

    /// Bytes held per view while it is resident, and per element by the data model.
    public struct Memory: Equatable, Sendable {
        public var view: Int
        public var state: Int
        /// Held from the moment async content (or, without async content, the view) exists.
        public var content: Int
        public var data: Int

        public init(view: Int = 512, state: Int = 0, content: Int = 0, data: Int = 64) {
            self.view = view
            self.state = state
            self.content = content
            self.data = data
        }
    }

    /// Raw values are the scenario file's spelling.
    public enum Configure: String, Equatable, Sendable, CaseIterable {
        /// The fix: the view model is built in init, so prefetch sees real data.
        case initializer = "init"
        /// The anti-pattern: configured in onAppear; prefetch lays out a placeholder.
        case onAppear
    }

    /// Raw values are the scenario file's spelling.
    public enum StateLocation: String, Equatable, Sendable, CaseIterable {
        /// `@State` in the view: released with the view after keep-alive.
        case view
        /// Lifted to a parent with `@Binding`: survives the view.
        case parent
        /// Kept in a model object: survives the view.
        case model

        public var survivesRelease: Bool { self != .view }
    }

    /// A loader for the view's content (an image, a diagram) that arrives after `latencyMs`.
    public struct AsyncContent: Equatable, Sendable {
        /// Raw values are the scenario file's spelling.
        public enum Start: String, Equatable, Sendable, CaseIterable {
            /// An @Observable loader created in init: starts during prefetch.
            case initializer = "init"
            /// `.task`: starts when the view appears and is cancelled when it disappears.
            case task
            /// Started from onAppear and never cancelled.
            case onAppear
        }

        public var latencyMs: Double
        public var start: Start
        /// A placeholder with the content's size; when false the placeholder is
        /// `placeholderHeight` tall and the view changes height when content arrives.
        public var placeholderSized: Bool
        public var placeholderHeight: Double

        public static let defaultPlaceholderSized = true
        public static let defaultPlaceholderHeight = 44.0

        public init(latencyMs: Double, start: Start, placeholderSized: Bool = AsyncContent.defaultPlaceholderSized,
                    placeholderHeight: Double = AsyncContent.defaultPlaceholderHeight) {
            self.latencyMs = latencyMs
            self.start = start
            self.placeholderSized = placeholderSized
            self.placeholderHeight = placeholderHeight
        }
    }
}

/// A LazyHStack nested inside a row of the vertical stack.
///
/// Its ideal height is its first child's height unless `height` fixes it; taller children are
/// clipped. Its items materialize only once the outer row is reached (visible, or prefetched
/// with idle time to spare). Each item's type is drawn by weight from `itemTypes`.
public struct NestedRowSpec: Equatable, Sendable {
    public var count: Int
    public var itemWidth: Double
    public var spacing: Double
    /// A fixed row height (`.frame(height:)`); nil means "the first child's height".
    public var height: Double?
    /// Held in an array, which also lets a row type contain itself without infinite size.
    public var itemTypes: [ViewTypeSpec]

    public static let defaultSpacing = 8.0

    public init(count: Int, itemWidth: Double, spacing: Double = NestedRowSpec.defaultSpacing, height: Double? = nil, itemTypes: [ViewTypeSpec]) {
        precondition(!itemTypes.isEmpty, "a nested row needs at least one item type")
        self.count = count
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.height = height
        self.itemTypes = itemTypes
    }
}
