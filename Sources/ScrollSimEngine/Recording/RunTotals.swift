/// Running counts of what a run did, by concern; the summary is built from these.
///
/// The simulation owns one, in its `FrameContext`; the stack, the viewport and the masonry
/// columns book into the record of the concern they touch. The rule: a count that is one field
/// is written where it is counted (`context.totals.work.appears += 1`); a booking that moves
/// more than one field, or keeps a derived figure (a maximum, a running sum of squares, a
/// per-type share), goes through the record's `record…` method (`recordColdBuild(type:)` books
/// the run's and the type's count together; `ScrollingTotals.recordJump` its count and its
/// largest), so no call site can make half of it. Every metric in the report's summary reads
/// one field here (its name is the record's name and the field's: `scrollTo.count` is
/// `scrollToCount`).
public struct RunTotals: Equatable, Sendable {
    /// Views built, evaluated, laid out and shown.
    public var work = WorkTotals()
    /// Building ahead of need in idle time, and what of it was thrown away.
    public var prefetch = PrefetchTotals()
    /// Views held at once, and views let go.
    public var memory = MemoryTotals()
    /// Offset corrections, visible jumps and landings at the top edge.
    public var scrolling = ScrollingTotals()
    /// Programmatic scrolls (`scrollTo`) and how they landed.
    public var scrollTo = ScrollToTotals()
    /// The app's scroll-position observer.
    public var observer = ObserverTotals()
    /// Placeholder area on screen.
    public var blankArea = BlankAreaTotals()
    /// What the shape of the layout cost: grids, masonry columns, nested rows, ideal widths.
    public var layout = LayoutTotals()
    /// What paging cost the user (zeros without pagination).
    public var pagination = PaginationTotals()
    /// The same accounting by view type (indexed like `SimulationResult.typeNames`).
    public var byType: [TypeTotals] = []

    public init() {}

    /// A view built from nothing inside a frame.
    /// - Complexity: O(1)
    mutating func recordColdBuild(type: Int) {
        work.coldBuilds += 1
        byType[type].coldBuilds += 1
    }

    /// A view whose build prefetch finished ahead of need.
    /// - Complexity: O(1)
    mutating func recordPrefetchedBuild(type: Int) {
        prefetch.builds += 1
        byType[type].prefetchedBuilds += 1
    }
}
