/// Where each catalog metric belongs when a run is shown: the concern it answers (the group it
/// is listed under) and the scenarios it applies to (its scope). `KeyFigures` derives the one
/// list of key figures the terminal summary and the scenario page share from these and from
/// `allCases`' display order; adding a metric to the catalog adds it to both.
extension Metric {
    /// The scenarios a metric applies to: a report holds every metric, but gridWastePx means
    /// nothing for a single column and `pagination.*` nothing without paging. A metric is shown
    /// when its scope applies (`ReportScenario.features`), and also whenever it is not 0 or a
    /// budget names it, so nothing a run produced is hidden.
    public enum Scope: String, Hashable, Sendable, CaseIterable {
        /// Every scenario.
        case always
        /// `lazyVGrid` and `pairedRows`.
        case grid
        /// `masonryLayout` and `masonryColumns`.
        case masonry
        /// `content.pagination`.
        case pagination
        /// A `scrollTo` in the script.
        case scrollTo
        /// `stack.scrollPosition.observer`.
        case observer
        /// A view type with `asyncContent`: placeholders that can leave blank area.
        case asyncContent
        /// A view type with a nested `row`.
        case nestedRows
        /// A view type with a scroll `transition`.
        case transitions
        /// No scenario: the metric counts a fault of the model's own (a layout that did not
        /// settle), listed only when it is not 0 or a budget names it.
        case whenProduced
    }

    /// The group a metric is listed under, in display order.
    public enum Concern: String, Sendable, CaseIterable {
        case smoothness, launch, work, memory, builds, prefetch, position, blankArea, nestedRows, grid, masonry, pagination, scrollTo, transitions, observer

        /// The group's title on the page and in the terminal.
        public var title: String {
            switch self {
            case .smoothness: return "smoothness"
            case .launch: return "launch"
            case .work: return "frame work"
            case .memory: return "memory"
            case .builds: return "views built"
            case .prefetch: return "prefetch"
            case .position: return "position"
            case .blankArea: return "blank area"
            case .nestedRows: return "nested rows"
            case .grid: return "grid"
            case .masonry: return "masonry"
            case .pagination: return "pagination"
            case .scrollTo: return "scrollTo"
            case .transitions: return "transitions"
            case .observer: return "observer"
            }
        }
    }

    public var scope: Scope {
        switch self {
        case .gridWastePx: return .grid
        case .reshuffledItems, .columnImbalancePx: return .masonry
        case .paginationLoads, .paginationDuplicateTriggers, .paginationWaitingFrames, .paginationTimeToContentMs: return .pagination
        case .scrollToCount, .scrollToLookupMs, .scrollToFrames, .scrollToLandingErrorPx, .scrollToSettlePx, .scrollToInterrupted, .scrollToMissed: return .scrollTo
        case .observerCallbacks, .observerSpuriousChanges: return .observer
        case .contentLoads, .blankAreaFrames, .mostlyBlankFrames, .blankAreaFractionSum, .blankAreaFractionMax: return .asyncContent
        case .clippedChildren, .clippedPx, .nestedItemsBuilt: return .nestedRows
        case .poppedViews: return .transitions
        case .unsettledFrames: return .whenProduced
        default: return .always
        }
    }

    public var concern: Concern {
        switch self {
        case .frames, .droppedFrames, .hitchTimeMs, .hitchRatio, .movingSeconds, .commitHitchTimeMs, .renderHitchTimeMs, .otherDroppedFrames: return .smoothness
        case .launchFrames, .launchWorkMs, .launchDroppedFrames: return .launch
        case .frameWorkMean, .frameWorkP50, .frameWorkP90, .frameWorkP95, .frameWorkP99, .frameWorkMax: return .work
        case .peakMemoryBytes, .finalMemoryBytes, .peakResidentViews: return .memory
        case .bodyEvaluations, .layoutPasses, .coldBuilds, .prefetchedBuilds, .appears, .releases, .widerThanIdealWidth, .widerThanIdealPx: return .builds
        case .prefetchOverrunFrames, .prefetchOverrunMs, .prefetchMs, .wastedPrefetchMs, .prefetchedNeverAppeared, .prefetchPendingAtEnd, .prefetchPendingAtEndMs: return .prefetch
        case .offsetCorrections, .correctionPx, .unsettledFrames, .visibleJumps, .maxJumpPx, .topArrivals, .topLandingErrorPx, .stateLossEvents: return .position
        case .contentLoads, .blankAreaFrames, .mostlyBlankFrames, .blankAreaFractionSum, .blankAreaFractionMax: return .blankArea
        case .clippedChildren, .clippedPx, .nestedItemsBuilt: return .nestedRows
        case .gridWastePx: return .grid
        case .reshuffledItems, .columnImbalancePx: return .masonry
        case .paginationLoads, .paginationDuplicateTriggers, .paginationWaitingFrames, .paginationTimeToContentMs: return .pagination
        case .scrollToCount, .scrollToLookupMs, .scrollToFrames, .scrollToLandingErrorPx, .scrollToSettlePx, .scrollToInterrupted, .scrollToMissed: return .scrollTo
        case .poppedViews: return .transitions
        case .observerCallbacks, .observerSpuriousChanges: return .observer
        }
    }
}
