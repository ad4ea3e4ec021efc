/// A summary metric of a report (DESIGN §11), named by its dotted path in `summary`, with what
/// a change in it means.
///
/// The catalog is the single place that says which way a metric is better: comparison reads a
/// metric's `polarity` to tell a regression from an improvement, and its `kind` to pick a
/// default threshold (`Thresholds.standard`) and a unit for display.
///
/// ```swift
/// Metric(rawValue: "frameWorkMs.p99")?.polarity   // .lowerIsBetter
/// Metric.frames.polarity                          // .neutral: reported, never a regression
/// ```
///
/// Every numeric key `ReportBuilder` writes into `summary` has a case (a test holds the two
/// together). `budgets`, `budgetsPassed` and `hitchGrade` are not metrics: budgets belong to
/// `scrollsim run`, and the other two are derived from metrics listed here. The report's
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
    case scrollToCount = "scrollTo.count"
    case scrollToLookupMs = "scrollTo.lookupMs"
    case scrollToFrames = "scrollTo.frames"
    case scrollToLandingErrorPx = "scrollTo.landingErrorPx"

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

    /// What a metric measures, which decides its unit and its default threshold.
    public enum Kind: String, Sendable, Codable {
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

    /// The dotted path in a report's `summary` (`frameWorkMs.p99`).
    public var path: String { rawValue }

    public var polarity: Polarity {
        switch self {
        case .frames, .movingSeconds, .launchFrames, .prefetchedBuilds, .prefetchPendingAtEnd, .prefetchPendingAtEndMs, .appears, .releases,
             .topArrivals, .contentLoads, .scrollToCount:
            return .neutral
        default:
            return .lowerIsBetter
        }
    }

    public var kind: Kind {
        switch self {
        case .hitchTimeMs, .commitHitchTimeMs, .renderHitchTimeMs, .launchWorkMs, .prefetchOverrunMs, .frameWorkMean, .frameWorkP50, .frameWorkP90, .frameWorkP95, .frameWorkP99, .frameWorkMax,
             .prefetchMs, .wastedPrefetchMs, .prefetchPendingAtEndMs, .scrollToLookupMs:
            return .time
        case .peakMemoryBytes, .finalMemoryBytes:
            return .memory
        case .correctionPx, .maxJumpPx, .topLandingErrorPx, .clippedPx, .widerThanIdealPx, .scrollToLandingErrorPx:
            return .length
        case .hitchRatio:
            return .rate
        case .blankAreaFractionSum, .blankAreaFractionMax:
            return .fraction
        case .movingSeconds:
            return .seconds
        default:
            return .count
        }
    }

    /// One line on what the metric measures, for help text and report legends.
    public var meaning: String {
        switch self {
        case .frames: return "frames presented in the run"
        case .droppedFrames: return "vsync ticks missed because a frame's work overran the budget"
        case .hitchTimeMs: return "total hitch time (dropped frames × frame budget)"
        case .hitchRatio: return "hitch time per second of motion (Apple: < 5 good, 5–10 warning, > 10 critical)"
        case .movingSeconds: return "seconds of scroll interaction (a gesture, fling or animated scroll moving content that can move)"
        case .commitHitchTimeMs: return "hitch time during scrolling caused by the main thread's commit overrunning"
        case .renderHitchTimeMs: return "hitch time during scrolling caused by the render server"
        case .otherDroppedFrames: return "frames dropped while the list rested (not scrolling, after launch)"
        case .launchFrames: return "frames until the first screen was complete"
        case .launchWorkMs: return "main-thread work until the first screen was complete"
        case .launchDroppedFrames: return "frames dropped until the first screen was complete"
        case .prefetchOverrunFrames: return "frames that idle-time prefetch pushed past their deadline"
        case .prefetchOverrunMs: return "prefetch work past the deadlines those frames would have met"
        case .frameWorkMean: return "mean main-thread work per frame"
        case .frameWorkP50: return "median main-thread work per frame"
        case .frameWorkP90: return "90th percentile of main-thread work per frame"
        case .frameWorkP95: return "95th percentile of main-thread work per frame"
        case .frameWorkP99: return "99th percentile of main-thread work per frame"
        case .frameWorkMax: return "the worst frame's main-thread work"
        case .peakMemoryBytes: return "modeled peak memory (data model and resident views)"
        case .finalMemoryBytes: return "modeled memory held at the end of the run"
        case .peakResidentViews: return "most views resident at once (visible, prefetched, cached, indexed)"
        case .bodyEvaluations: return "view body evaluations"
        case .layoutPasses: return "view layout passes"
        case .coldBuilds: return "views built inside a frame (not prefetched or cached)"
        case .prefetchedBuilds: return "views built ahead of time by idle-time prefetch"
        case .prefetchMs: return "idle-time prefetch work"
        case .wastedPrefetchMs: return "prefetch work thrown away (views destroyed unseen, layouts discarded on appear)"
        case .prefetchedNeverAppeared: return "prefetched views destroyed without ever appearing"
        case .prefetchPendingAtEnd: return "prefetched views still waiting to be shown when the run ended (not waste)"
        case .prefetchPendingAtEndMs: return "prefetch work held by views still waiting when the run ended"
        case .appears: return "onAppear calls"
        case .releases: return "views destroyed and their state released"
        case .offsetCorrections: return "content offset corrections (estimate fixes above the anchor)"
        case .correctionPx: return "total length of offset corrections"
        case .visibleJumps: return "frames in which visible content jumped on screen"
        case .maxJumpPx: return "largest visible jump"
        case .topArrivals: return "times the content reached its top edge"
        case .topLandingErrorPx: return "worst error of element 0 or the offset on reaching the top"
        case .stateLossEvents: return "view-local state lost when an element came back"
        case .contentLoads: return "async content loads completed"
        case .blankAreaFrames: return "frames showing placeholder area"
        case .mostlyBlankFrames: return "frames whose viewport was mostly placeholder"
        case .blankAreaFractionSum: return "sum over frames of the viewport fraction showing placeholders"
        case .blankAreaFractionMax: return "largest viewport fraction showing placeholders"
        case .clippedChildren: return "nested row children clipped by the row's ideal height"
        case .clippedPx: return "total clipped height of nested row children"
        case .nestedItemsBuilt: return "items built inside nested lazy rows"
        case .widerThanIdealWidth: return "children wider than a lazy stack's ideal width (its first child's)"
        case .widerThanIdealPx: return "total excess width of children wider than the stack's ideal width"
        case .scrollToCount: return "scrollTo calls in the script"
        case .scrollToLookupMs: return "work spent finding scrollTo targets"
        case .scrollToFrames: return "frames spent in scrollTo animations"
        case .scrollToLandingErrorPx: return "worst distance between a scrollTo target and where it landed"
        }
    }

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
