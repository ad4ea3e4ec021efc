/// Running counts of what the stack did over a run; the summary is built from these.
public struct StackTotals: Equatable, Sendable {
    public var bodyEvaluations = 0
    public var layoutPasses = 0
    /// Views built from nothing inside a frame (no prefetch had finished them).
    public var coldBuilds = 0
    /// Views whose build was finished ahead of need by prefetch.
    public var prefetchedBuilds = 0
    public var prefetchMs = 0.0
    /// Prefetch work whose result was never shown: views destroyed without appearing, and
    /// layouts discarded when a view configured in onAppear changed on appear.
    public var wastedPrefetchMs = 0.0
    /// Views prefetch built that were destroyed without ever appearing.
    public var prefetchedNeverAppeared = 0
    /// Prefetched views still resident and not yet shown when the run ended (not waste: they
    /// would be used if the user scrolled on), and the prefetch work they hold.
    public var prefetchPendingAtEnd = 0
    public var prefetchPendingAtEndMs = 0.0
    public var appears = 0
    public var releases = 0
    public var stateLossEvents = 0
    public var offsetCorrections = 0
    public var correctionPx = 0.0
    public var visibleJumps = 0
    public var maxJumpPx = 0.0
    public var topArrivals = 0
    public var topLandingErrorPx = 0.0
    public var clippedChildren = 0
    public var clippedPx = 0.0
    public var contentLoads = 0
    public var blankAreaFrames = 0
    public var mostlyBlankFrames = 0
    public var blankFractionSum = 0.0
    public var blankFractionMax = 0.0
    public var peakResidentViews = 0
    public var nestedItemsBuilt = 0
    /// Built rows wider than a lazy stack's ideal width (its first child's), once per row, and
    /// by how much in all.
    public var widerThanIdealWidth = 0
    public var widerThanIdealPx = 0.0
    public var scrollToCount = 0
    public var scrollToFrames = 0
    public var scrollToLandingErrorPx = 0.0
    /// Main-thread work spent finding scrollTo targets among views (0 when every element has
    /// one child: the index comes from the data).
    public var scrollToLookupMs = 0.0
    /// The largest settle of an animated scroll: how far the content moved in the frame the
    /// animation ended, onto the target re-resolved after the views around it were measured.
    public var scrollToSettlePx = 0.0
    /// Scrolls a gesture or another scroll took over before they landed (not landings).
    public var scrollToInterrupted = 0
    /// Scrolls to an element that shows no view (a conditional body that returned nothing).
    public var scrollToMissed = 0
    /// Views unloaded while a scroll transition still showed them on screen.
    public var poppedViews = 0
    /// Scroll-position observer: callbacks delivered, and how often its answer ("scrolled past
    /// the boundary?") changed in a frame without a user scroll.
    public var observerCallbacks = 0
    public var observerSpuriousChanges = 0
    /// Grids: Σ over rows laid out of the height left empty below cells shorter than their row.
    public var gridWastePx = 0.0
    /// Masonry: viewed items moved to another column by a redistribution, and the largest
    /// difference between the tallest and the shortest column seen at the end of a frame.
    public var reshuffledItems = 0
    public var columnImbalancePx = 0.0
    /// The same accounting by view type (indexed like `SimulationResult.typeNames`).
    public var byType: [TypeTotals] = []

    public init() {}
}

/// What one view type did and cost over a run: which type to fix.
public struct TypeTotals: Equatable, Sendable {
    /// Main-thread work on behalf of views of this type, by phase.
    public var work = PhaseWork()
    /// Of that, the work done in frames that were late (any interval), in all and by phase.
    public var lateWorkMs = 0.0
    public var lateWork = PhaseWork()
    /// Views built inside a frame, finished ahead of need by prefetch, and shown again from the
    /// keep-alive cache.
    public var coldBuilds = 0
    public var prefetchedBuilds = 0
    public var reusedFromCache = 0

    public init() {}
}
