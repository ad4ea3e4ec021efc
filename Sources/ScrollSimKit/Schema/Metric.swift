import ScrollSimEngine

/// A summary metric of a report, named by its dotted path in `summary` (`frameWorkMs.p99`):
/// the one place each metric is declared.
///
/// Everything about a metric is in its `definition`: where the report builder takes its value
/// from, its kind (which fixes its unit, its display format and its default threshold), which
/// way is better, whether a scenario may budget it (and under which former name), and what it
/// means. The report builder writes `summary` from it, compare judges by it, budgets are
/// checked and named by it, pages and the terminal format by it, and the report reference's
/// metric table is checked against it.
///
/// ```swift
/// Metric(rawValue: "frameWorkMs.p99")?.polarity   // .lowerIsBetter
/// Metric.frames.polarity                          // .neutral: reported, never a regression
/// Metric.peakMemoryBytes.kind.unit                // "B"
/// ```
///
/// `budgets`, `budgetsPassed` and `hitchGrade` are in `summary` but are not metrics: budgets
/// belong to the scenario, and the other two are derived from metrics listed here. The report's
/// `harness` section (wall time, allocator figures) is not deterministic and is never compared.
///
/// `allCases` is in display order (work, then memory, then behaviour); comparisons list metrics
/// in that order, and metrics unknown to this catalog (from a newer report) after them, sorted.
public enum Metric: String, CaseIterable, Sendable, Codable {
    case frames
    case droppedFrames
    case hitchTimeMs
    case hitchRatio
    case movingSeconds
    case commitHitchTimeMs
    case renderHitchTimeMs
    case otherDroppedFrames
    case launchFrames = "launch.frames"
    case launchWorkMs = "launch.workMs"
    case launchDroppedFrames = "launch.droppedFrames"
    case prefetchOverrunFrames
    case prefetchOverrunMs
    case frameWorkMean = "frameWorkMs.mean"
    case frameWorkP50 = "frameWorkMs.p50"
    case frameWorkP90 = "frameWorkMs.p90"
    case frameWorkP95 = "frameWorkMs.p95"
    case frameWorkP99 = "frameWorkMs.p99"
    case frameWorkMax = "frameWorkMs.max"
    case peakMemoryBytes
    case finalMemoryBytes
    case peakResidentViews
    case bodyEvaluations
    case layoutPasses
    case coldBuilds
    case prefetchedBuilds
    case prefetchMs
    case wastedPrefetchMs
    case prefetchedNeverAppeared
    case prefetchPendingAtEnd
    case prefetchPendingAtEndMs
    case appears
    case releases
    case offsetCorrections
    case correctionPx
    case unsettledFrames
    case visibleJumps
    case maxJumpPx
    case topArrivals
    case topLandingErrorPx
    case stateLossEvents
    case contentLoads
    case blankAreaFrames
    case mostlyBlankFrames
    case blankAreaFractionSum = "blankAreaFraction.sum"
    case blankAreaFractionMax = "blankAreaFraction.max"
    case clippedChildren
    case clippedPx
    case nestedItemsBuilt
    case widerThanIdealWidth
    case widerThanIdealPx
    case gridWastePx
    case reshuffledItems
    case columnImbalancePx
    case paginationLoads = "pagination.loads"
    case paginationDuplicateTriggers = "pagination.duplicateTriggers"
    case paginationWaitingFrames = "pagination.waitingFrames"
    case paginationTimeToContentMs = "pagination.timeToContentMs"
    case scrollToCount = "scrollTo.count"
    case scrollToLookupMs = "scrollTo.lookupMs"
    case scrollToFrames = "scrollTo.frames"
    case scrollToLandingErrorPx = "scrollTo.landingErrorPx"
    case scrollToSettlePx = "scrollTo.settlePx"
    case scrollToInterrupted = "scrollTo.interrupted"
    case scrollToMissed = "scrollTo.missed"
    case poppedViews
    case observerCallbacks = "observer.callbacks"
    case observerSpuriousChanges = "observer.spuriousChanges"

    /// Everything the catalog says about one metric.
    public struct Definition: Sendable {
        public var kind: Kind
        public var polarity: Polarity
        public var budget: Budgeting
        /// One line on what the metric measures, for references, help and page legends.
        public var meaning: String
        /// The metric's value in a run's summary.
        public var value: @Sendable (SimulationSummary) -> Double

        init(_ kind: Kind, _ polarity: Polarity, budget: Budgeting = .none, _ meaning: String,
             _ value: @escaping @Sendable (SimulationSummary) -> Double) {
            self.kind = kind
            self.polarity = polarity
            self.budget = budget
            self.meaning = meaning
            self.value = value
        }
    }

    /// Whether a scenario's `budgets` may limit a metric, and under which names.
    public enum Budgeting: Equatable, Sendable {
        /// No budget: neutral metrics, and those nobody has needed to bound.
        case none
        /// A budget names the metric by its path (`"frameWorkMs.p99": 8.33`).
        case byPath
        /// As `byPath`, and the former name is still accepted with a deprecation warning. A
        /// number given under the former name is multiplied by `scale` into the metric's unit
        /// (the former `peakMemoryMB` was in MiB; the metric is in bytes).
        case byPathFormerly(String, scale: Double)
    }

    /// Which direction of change is better.
    public enum Polarity: String, Sendable, Codable {
        /// Work, memory, drops, jumps: a rise is a regression.
        case lowerIsBetter
        /// A rise is an improvement (no summary metric has this polarity yet; the comparison
        /// supports it for metrics that will, such as a cache hit rate).
        case higherIsBetter
        /// A change is neither good nor bad (how many frames ran, how often scrollTo was
        /// called): reported, never judged.
        case neutral
    }

    /// What a metric measures, which decides its unit, its display format and its default
    /// threshold (`Thresholds.standard`).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A count of events or objects: deterministic, so any rise is real.
        case count
        /// Milliseconds of modeled work or hitch.
        case time
        /// Modeled bytes.
        case memory
        /// Points on screen (offsets, jumps, landing errors).
        case length
        /// Milliseconds of hitch per second of motion.
        case rate
        /// A fraction of the viewport (or a sum of per-frame fractions).
        case fraction
        /// Seconds of simulated time.
        case seconds

        /// The unit shown after a value ("" for counts and fractions).
        public var unit: String {
            switch self {
            case .count, .fraction: return ""
            case .time: return "ms"
            case .memory: return "B"
            case .length: return "pt"
            case .rate: return "ms/s"
            case .seconds: return "s"
            }
        }
    }

    /// The catalog: every metric's definition.
    public var definition: Definition {
        switch self {
        case .frames:
            return .init(.count, .neutral, "frames presented in the run") { Double($0.frames) }
        case .droppedFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "vsync intervals missed during the scroll interaction: a frame presented late (its commit overran ⌈W/B⌉ intervals, or the render server did) drops the ticks it missed") { Double($0.droppedFrames) }
        case .hitchTimeMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "hitch time during the scroll interaction: droppedFrames × B") { $0.hitchTimeMs }
        case .hitchRatio:
            return .init(.rate, .lowerIsBetter, budget: .byPath, "hitch ms per second of scroll interaction (0 when nothing scrolled); graded good, warning or critical (Apple: under 5 good, over 10 critical)") { $0.hitchRatio }
        case .movingSeconds:
            return .init(.seconds, .neutral, "seconds of scroll interaction: frames after launch in which a gesture, fling or animated scroll moved content that can move") { $0.movingSeconds }
        case .commitHitchTimeMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "the part of hitchTimeMs caused by the main thread's commit overrunning its interval") { $0.commitHitchTimeMs }
        case .renderHitchTimeMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "the part of hitchTimeMs caused by the render server (overrunning, or still busy with an earlier frame)") { $0.renderHitchTimeMs }
        case .otherDroppedFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames dropped after launch while the list rested (content arriving, a rotation or an instant jump while still)") { Double($0.otherDroppedFrames) }
        case .launchFrames:
            return .init(.count, .neutral, "frames until the first screen was complete (every visible view built, configured and laid out)") { Double($0.launch.frames) }
        case .launchWorkMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "main-thread work until the first screen was complete") { $0.launch.workMs }
        case .launchDroppedFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames dropped until the first screen was complete") { Double($0.launch.droppedFrames) }
        case .prefetchOverrunFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames that idle-time prefetch made late: a unit (a view's init, body or layout) started with too little idle time left, and cannot be paused") { Double($0.prefetchOverrunFrames) }
        case .prefetchOverrunMs:
            return .init(.time, .lowerIsBetter, "prefetch work past the deadlines those frames' required work would have met") { $0.prefetchOverrunMs }
        case .frameWorkMean:
            return .init(.time, .lowerIsBetter, "mean main-thread work per frame") { $0.frameWorkMs.mean }
        case .frameWorkP50:
            return .init(.time, .lowerIsBetter, budget: .byPathFormerly("p50FrameMs", scale: 1), "median main-thread work per frame (percentiles interpolate linearly between ranks)") { $0.frameWorkMs.p50 }
        case .frameWorkP90:
            return .init(.time, .lowerIsBetter, "90th percentile of main-thread work per frame") { $0.frameWorkMs.p90 }
        case .frameWorkP95:
            return .init(.time, .lowerIsBetter, budget: .byPathFormerly("p95FrameMs", scale: 1), "95th percentile of main-thread work per frame") { $0.frameWorkMs.p95 }
        case .frameWorkP99:
            return .init(.time, .lowerIsBetter, budget: .byPathFormerly("p99FrameMs", scale: 1), "99th percentile of main-thread work per frame") { $0.frameWorkMs.p99 }
        case .frameWorkMax:
            return .init(.time, .lowerIsBetter, budget: .byPathFormerly("maxFrameMs", scale: 1), "the worst frame's main-thread work") { $0.frameWorkMs.max }
        case .peakMemoryBytes:
            return .init(.memory, .lowerIsBetter, budget: .byPathFormerly("peakMemoryMB", scale: 1_048_576), "modeled peak memory: the data model plus every resident view's view, state and content bytes") { Double($0.peakMemoryBytes) }
        case .finalMemoryBytes:
            return .init(.memory, .lowerIsBetter, "modeled memory held when the run ended") { Double($0.finalMemoryBytes) }
        case .peakResidentViews:
            return .init(.count, .lowerIsBetter, budget: .byPath, "most views built at once (visible, prefetched, cached, pinned)") { Double($0.peakResidentViews) }
        case .bodyEvaluations:
            return .init(.count, .lowerIsBetter, budget: .byPath, "view body evaluations, prefetch and re-layouts included") { Double($0.totals.work.bodyEvaluations) }
        case .layoutPasses:
            return .init(.count, .lowerIsBetter, budget: .byPath, "view layout passes (one per cell of a grid row), prefetch and re-layouts included") { Double($0.totals.work.layoutPasses) }
        case .coldBuilds:
            return .init(.count, .lowerIsBetter, "views built from nothing inside a frame (no prefetch had finished them)") { Double($0.totals.work.coldBuilds) }
        case .prefetchedBuilds:
            return .init(.count, .neutral, "views whose build prefetch finished ahead of need") { Double($0.totals.prefetch.builds) }
        case .prefetchMs:
            return .init(.time, .lowerIsBetter, "idle-time work spent prefetching") { $0.totals.prefetch.spentMs }
        case .wastedPrefetchMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "prefetch work thrown away: views destroyed without ever appearing, and the body and layout discarded when a view configured in onAppear appears") { $0.totals.prefetch.wastedMs }
        case .prefetchedNeverAppeared:
            return .init(.count, .lowerIsBetter, "prefetched views destroyed without ever appearing") { Double($0.totals.prefetch.neverAppeared) }
        case .prefetchPendingAtEnd:
            return .init(.count, .neutral, "prefetched views still waiting to be shown when the run ended (not waste)") { Double($0.totals.prefetch.pendingAtEnd) }
        case .prefetchPendingAtEndMs:
            return .init(.time, .neutral, "the prefetch work those waiting views hold") { $0.totals.prefetch.pendingAtEndMs }
        case .appears:
            return .init(.count, .neutral, "onAppear calls") { Double($0.totals.work.appears) }
        case .releases:
            return .init(.count, .neutral, "views destroyed, their state released") { Double($0.totals.memory.releases) }
        case .offsetCorrections:
            return .init(.count, .lowerIsBetter, budget: .byPath, "anchor-preserving shifts of the content offset, made when estimated heights above the anchor are replaced by measured ones") { Double($0.totals.scrolling.offsetCorrections) }
        case .correctionPx:
            return .init(.length, .lowerIsBetter, "total size of the offset corrections") { $0.totals.scrolling.correctionPx }
        case .unsettledFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames whose layout did not settle: the viewport's layout loop ran out of its \(LayoutLoop.maximumPasses) passes with the content still asking for a scroll-offset correction, so what the frame shows, and every figure measured on it, is not a settled layout (an unsettled event names each frame); 0 in a sound run") { Double($0.totals.scrolling.unsettledFrames) }
        case .visibleJumps:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames in which a view visible before and after moved by other than the scroll (frames that change the viewport size are not judged)") { Double($0.totals.scrolling.visibleJumps) }
        case .maxJumpPx:
            return .init(.length, .lowerIsBetter, "the largest such move") { $0.totals.scrolling.maxJumpPx }
        case .topArrivals:
            return .init(.count, .neutral, "arrivals at the top edge of the content") { Double($0.totals.scrolling.topArrivals) }
        case .topLandingErrorPx:
            return .init(.length, .lowerIsBetter, budget: .byPath, "whenever the top edge stops scrolling, and on every arrival at the top, the worst distance between element 0's top and the viewport's top after that frame's layout") { $0.totals.scrolling.topLandingErrorPx }
        case .stateLossEvents:
            return .init(.count, .lowerIsBetter, budget: .byPath, "elements that came back without the view state the script gave them") { Double($0.totals.memory.stateLossEvents) }
        case .contentLoads:
            return .init(.count, .neutral, "async content arrivals") { Double($0.totals.work.contentLoads) }
        case .blankAreaFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames with any placeholder area visible (the blank area of FlashList and React Native)") { Double($0.totals.blankArea.frames) }
        case .mostlyBlankFrames:
            return .init(.count, .lowerIsBetter, "frames with more than half the viewport blank") { Double($0.totals.blankArea.mostlyBlankFrames) }
        case .blankAreaFractionSum:
            return .init(.fraction, .lowerIsBetter, "the fraction of the viewport that is blank, summed over frames") { $0.totals.blankArea.fractionSum }
        case .blankAreaFractionMax:
            return .init(.fraction, .lowerIsBetter, "the largest fraction of the viewport blank in one frame") { $0.totals.blankArea.fractionMax }
        case .clippedChildren:
            return .init(.count, .lowerIsBetter, budget: .byPath, "nested-row items taller than their row, so clipped") { Double($0.totals.layout.clippedChildren) }
        case .clippedPx:
            return .init(.length, .lowerIsBetter, "total height clipped from nested-row items") { $0.totals.layout.clippedPx }
        case .nestedItemsBuilt:
            return .init(.count, .lowerIsBetter, "items built in nested rows") { Double($0.totals.work.nestedItemsBuilt) }
        case .widerThanIdealWidth:
            return .init(.count, .lowerIsBetter, budget: .byPath, "built children wider than a lazy stack's ideal width (its first child's), once per row: squeezed wherever the stack is sized to its ideal width") { Double($0.totals.layout.widerThanIdealWidth) }
        case .widerThanIdealPx:
            return .init(.length, .lowerIsBetter, "how much wider than the ideal width those children are, in all") { $0.totals.layout.widerThanIdealPx }
        case .gridWastePx:
            return .init(.length, .lowerIsBetter, budget: .byPath, "grids (lazyVGrid, pairedRows): the height left empty below cells shorter than their row's tallest, summed over the rows laid out (a last row short of cells included); masonry has none") { $0.totals.layout.gridWastePx }
        case .reshuffledItems:
            return .init(.count, .lowerIsBetter, budget: .byPath, "masonry columns: items the user had already seen that a redistribution after a width change moved to another column") { Double($0.totals.layout.reshuffledItems) }
        case .columnImbalancePx:
            return .init(.length, .lowerIsBetter, "masonry: the largest difference between the tallest and the shortest column at the end of a frame") { $0.totals.layout.columnImbalancePx }
        case .paginationLoads:
            return .init(.count, .neutral, "pages that arrived (content.pagination); a load still in flight when the run ends is not counted") { Double($0.totals.pagination.loads) }
        case .paginationDuplicateTriggers:
            return .init(.count, .lowerIsBetter, budget: .byPath, "paging triggers that fired while a load was in flight, suppressed (without the in-flight flag each would be a duplicate load)") { Double($0.totals.pagination.duplicateTriggers) }
        case .paginationWaitingFrames:
            return .init(.count, .lowerIsBetter, budget: .byPath, "frames with the spinner row on screen: the user at the end, waiting for the next page") { Double($0.totals.pagination.waitingFrames) }
        case .paginationTimeToContentMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "the longest wait from the spinner first showing to its page arriving") { $0.totals.pagination.timeToContentMs }
        case .scrollToCount:
            return .init(.count, .neutral, "programmatic scrolls requested (scrollTo in the script), landed, interrupted or missed alike") { Double($0.totals.scrollTo.count) }
        case .scrollToLookupMs:
            return .init(.time, .lowerIsBetter, budget: .byPath, "main-thread work finding scrollTo targets: 0 when every element resolves to one child (the index comes from the data); otherwise the element views before the target are constructed (init + body) to count their children") { $0.totals.scrollTo.lookupMs }
        case .scrollToFrames:
            return .init(.count, .lowerIsBetter, "frames from scrollTo requests to their landing") { Double($0.totals.scrollTo.frames) }
        case .scrollToSettlePx:
            return .init(.length, .lowerIsBetter, "the largest settle of an animated scroll: how far the content moved in the frame its animation ended, onto the target re-resolved once the views around it were measured") { $0.totals.scrollTo.settlePx }
        case .scrollToInterrupted:
            return .init(.count, .neutral, "programmatic scrolls a gesture or another scroll took over before they landed (not landings)") { Double($0.totals.scrollTo.interrupted) }
        case .scrollToMissed:
            return .init(.count, .lowerIsBetter, "scrollTo requests for an element that shows no view (a conditional body that returned nothing): nothing to scroll to") { Double($0.totals.scrollTo.missed) }
        case .poppedViews:
            return .init(.count, .lowerIsBetter, budget: .byPath, "views the lazy stack unloaded while their scroll transition still showed them on screen (visibility is judged on the untransformed frame)") { Double($0.totals.memory.poppedViews) }
        case .observerCallbacks:
            return .init(.count, .lowerIsBetter, "callbacks delivered to the app's scroll-position observer (onScrollGeometryChange: every geometry change; onScrollTargetVisibilityChange: only when the visible elements change)") { Double($0.totals.observer.callbacks) }
        case .observerSpuriousChanges:
            return .init(.count, .lowerIsBetter, budget: .byPath, "spurious observer answers: for an observer reading the absolute offset, frames in which an estimate correction alone carried the offset across the boundary (the answer flipped with no scroll across it); for one watching visibility, answers that flipped in a frame in which nothing moved the content (no gesture, fling or programmatic scroll; an instant scrollTo moves it)") { Double($0.totals.observer.spuriousChanges) }
        case .scrollToLandingErrorPx:
            return .init(.length, .lowerIsBetter, budget: .byPathFormerly("scrollToLandingErrorPx", scale: 1), "the worst distance between where a scrollTo target should be and where it is once the content has settled after the landing (no onAppear update pending, no correction)") { $0.totals.scrollTo.landingErrorPx }
        }
    }

    /// The dotted path in a report's `summary` (`frameWorkMs.p99`).
    public var path: String { rawValue }

    /// `path`'s keys, outermost first (`["frameWorkMs", "p99"]`): split once for every metric
    /// rather than at each of the thousands of reads a suite's summaries make.
    public var pathKeys: [String] { Metric.splitPaths[self] ?? [] }

    private static let splitPaths: [Metric: [String]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.path.split(separator: ".").map(String.init)) })

    public var kind: Kind { definition.kind }

    public var polarity: Polarity { definition.polarity }

    /// One line on what the metric measures.
    public var meaning: String { definition.meaning }

    /// The metric's value in a run's summary.
    public func value(in summary: SimulationSummary) -> Double { definition.value(summary) }

    /// The position of each catalog path in display order.
    static let order: [String: Int] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1.rawValue, $0) })

    /// The position of `path` in display order: catalog metrics by their case order, unknown
    /// paths after them (ties among unknown paths are broken by the path itself).
    static func displayOrder(_ path: String) -> Int { order[path] ?? allCases.count }

    /// Sorts metric paths into display order.
    /// - Complexity: O(m log m) for m paths.
    public static func sorted<S: Sequence>(_ paths: S) -> [String] where S.Element == String {
        paths.sorted { a, b in
            let (oa, ob) = (displayOrder(a), displayOrder(b))
            return oa != ob ? oa < ob : a < b
        }
    }
}
