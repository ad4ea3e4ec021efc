/// The delta table of the compare page: one row per summary metric, baseline against current.
///
/// PROVISIONAL. The comparison model proper (thresholds per metric, polarity, verdicts, exit
/// codes) is `Sources/ScrollSimKit/Compare/` on the compare branch (issue 5). The page depends
/// only on `ReportComparing` and `MetricDelta`, so when both branches are merged the page is
/// reconnected by making the compare branch's `Comparison` conform to `ReportComparing` (or by
/// mapping its rows to `MetricDelta`) and deleting `ProvisionalComparison`.
public protocol ReportComparing {
    /// The rows of the delta table, in display order.
    func deltas(baseline: Report, current: Report) -> [MetricDelta]
}

/// One metric compared.
public struct MetricDelta: Equatable, Sendable {
    public enum Verdict: String, Sendable {
        /// Better than the baseline by more than the threshold.
        case improvement
        /// Worse than the baseline by more than the threshold.
        case regression
        /// Within the threshold.
        case unchanged
        /// Not judged (neither larger nor smaller is better, e.g. the frame count).
        case info
    }

    public var key: String
    public var baseline: Double
    public var current: Double
    public var verdict: Verdict

    public init(key: String, baseline: Double, current: Double, verdict: Verdict) {
        self.key = key
        self.baseline = baseline
        self.current = current
        self.verdict = verdict
    }

    public var delta: Double { current - baseline }
    /// `delta / |baseline|`, or nil when the baseline is 0.
    public var relative: Double? { baseline == 0 ? nil : delta / abs(baseline) }
}

/// A minimal stand-in for issue 5's comparison, over `Report.metrics` only: every listed
/// metric is smaller-is-better and is a regression when it grows by more than
/// `relativeThreshold` of the baseline (or at all, from a baseline of 0) and by more than
/// `absoluteThreshold`. Deliberately simple; see `ReportComparing` for how it is replaced.
public struct ProvisionalComparison: ReportComparing {
    public var relativeThreshold: Double
    public var absoluteThreshold: Double

    public init(relativeThreshold: Double = 0.05, absoluteThreshold: Double = 1e-9) {
        self.relativeThreshold = relativeThreshold
        self.absoluteThreshold = absoluteThreshold
    }

    /// Judged metrics (smaller is better), then informational ones.
    public static let judged = [
        "droppedFrames", "hitchTimeMs", "hitchRatio", "frameWorkMs.p50", "frameWorkMs.p90", "frameWorkMs.p95", "frameWorkMs.p99",
        "frameWorkMs.max", "frameWorkMs.mean", "peakMemoryBytes", "peakResidentViews", "bodyEvaluations", "layoutPasses",
        "wastedPrefetchMs", "offsetCorrections", "correctionPx", "visibleJumps", "topLandingErrorPx", "stateLossEvents",
        "blankAreaFrames", "clippedChildren", "scrollTo.landingErrorPx", "pagination.waitingFrames",
    ]
    public static let informational = ["frames", "movingSeconds", "finalMemoryBytes", "prefetchMs", "appears", "releases"]

    public func deltas(baseline: Report, current: Report) -> [MetricDelta] {
        let b = baseline.metrics
        let c = current.metrics
        var rows: [MetricDelta] = []
        for key in Self.judged {
            guard let old = b[key], let new = c[key] else { continue }
            rows.append(MetricDelta(key: key, baseline: old, current: new, verdict: verdict(old, new)))
        }
        for key in Self.informational {
            guard let old = b[key], let new = c[key] else { continue }
            rows.append(MetricDelta(key: key, baseline: old, current: new, verdict: .info))
        }
        return rows
    }

    func verdict(_ old: Double, _ new: Double) -> MetricDelta.Verdict {
        let change = new - old
        guard abs(change) > absoluteThreshold else { return .unchanged }
        if old != 0 && abs(change) / abs(old) <= relativeThreshold { return .unchanged }
        return change > 0 ? .regression : .improvement
    }
}
