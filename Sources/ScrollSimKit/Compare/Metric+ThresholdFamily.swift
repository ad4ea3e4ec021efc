extension Metric {
    /// Which of a preset's thresholds a metric gets (`Thresholds.Preset`): finer than its
    /// `kind`, because a count of dropped frames during launch and a count of body evaluations
    /// do not matter alike, nor per-frame work and total prefetch work.
    ///
    /// Declared for every metric with no default, so a new metric must be placed here.
    public enum ThresholdFamily: String, CaseIterable, Sendable {
        /// Per-frame main-thread work (`frameWorkMs.*`): judged against the frame budget.
        case frameWork
        /// The hitch ratio and the hitches it is made of during the scroll interaction: judged
        /// by Apple's grades.
        case hitch
        /// Counts of things a user sees or an app gets wrong (a dropped launch frame, a jump,
        /// lost state, a duplicate page load): every one is a defect, no slack.
        case defectCount
        /// Counts of work (body evaluations, layout passes, builds, views resident): a view
        /// more or less from a shifted prefetch boundary is not a regression.
        case workCount
        /// Other times (launch work, prefetch work, lookups).
        case time
        case memory
        case length
        case fraction
        /// Neutral metrics: never judged, whatever the preset.
        case neutral
    }

    /// The metric's threshold family.
    public var thresholdFamily: ThresholdFamily {
        switch self {
        case .frameWorkMean, .frameWorkP50, .frameWorkP90, .frameWorkP95, .frameWorkP99, .frameWorkMax:
            return .frameWork
        case .hitchRatio, .droppedFrames, .hitchTimeMs, .commitHitchTimeMs, .renderHitchTimeMs:
            return .hitch
        case .launchDroppedFrames, .otherDroppedFrames, .prefetchOverrunFrames, .visibleJumps, .stateLossEvents,
             .clippedChildren, .widerThanIdealWidth, .reshuffledItems, .paginationDuplicateTriggers, .scrollToMissed,
             .poppedViews, .observerSpuriousChanges, .unsettledFrames:
            return .defectCount
        case .peakResidentViews, .bodyEvaluations, .layoutPasses, .coldBuilds, .prefetchedNeverAppeared, .offsetCorrections,
             .blankAreaFrames, .mostlyBlankFrames, .nestedItemsBuilt, .paginationWaitingFrames, .scrollToFrames, .observerCallbacks:
            return .workCount
        case .launchWorkMs, .prefetchOverrunMs, .prefetchMs, .wastedPrefetchMs, .paginationTimeToContentMs, .scrollToLookupMs:
            return .time
        case .peakMemoryBytes, .finalMemoryBytes:
            return .memory
        case .correctionPx, .maxJumpPx, .topLandingErrorPx, .clippedPx, .widerThanIdealPx, .gridWastePx, .columnImbalancePx,
             .scrollToLandingErrorPx, .scrollToSettlePx:
            return .length
        case .blankAreaFractionSum, .blankAreaFractionMax:
            return .fraction
        case .frames, .movingSeconds, .launchFrames, .prefetchedBuilds, .prefetchPendingAtEnd, .prefetchPendingAtEndMs, .appears,
             .releases, .topArrivals, .contentLoads, .paginationLoads, .scrollToCount, .scrollToInterrupted:
            return .neutral
        }
    }
}
