import ScrollSimEngine
@testable import ScrollSimKit
import Testing

@Suite struct CompareMetricTests {
    /// The catalog and the report builder must agree, or a new summary key would be compared
    /// as an unknown, never-judged metric.
    @Test func catalogListsEverySummaryMetricTheReportBuilderWrites() throws {
        let written = Set(try CompareFixtures.origamiLazy.metrics.keys)
        let catalog = Set(Metric.allCases.map(\.path))
        #expect(written.subtracting(catalog).sorted() == [], "summary keys missing from Metric")
        #expect(catalog.subtracting(written).sorted() == [], "Metric cases the report builder does not write")
    }

    /// Each metric reads its own field of the run's summary: every field gets a different
    /// value here, and the table says by hand which metric must show which.
    @Test func everyMetricReadsItsOwnField() {
        var totals = RunTotals()
        totals.work.bodyEvaluations = 101; totals.work.layoutPasses = 102; totals.work.coldBuilds = 103; totals.prefetch.builds = 104
        totals.prefetch.spentMs = 105; totals.prefetch.wastedMs = 106; totals.prefetch.neverAppeared = 107
        totals.prefetch.pendingAtEnd = 108; totals.prefetch.pendingAtEndMs = 109; totals.work.appears = 110; totals.memory.releases = 111
        totals.scrolling.offsetCorrections = 112; totals.scrolling.correctionPx = 113; totals.scrolling.visibleJumps = 114; totals.scrolling.maxJumpPx = 115
        totals.scrolling.topArrivals = 116; totals.scrolling.topLandingErrorPx = 117; totals.memory.stateLossEvents = 118; totals.work.contentLoads = 119
        totals.blankArea.frames = 120; totals.blankArea.mostlyBlankFrames = 121; totals.blankArea.fractionSum = 122; totals.blankArea.fractionMax = 123
        totals.layout.clippedChildren = 124; totals.layout.clippedPx = 125; totals.work.nestedItemsBuilt = 126; totals.layout.widerThanIdealWidth = 127
        totals.layout.widerThanIdealPx = 128; totals.scrollTo.count = 129; totals.scrollTo.frames = 130; totals.scrollTo.landingErrorPx = 131
        totals.scrollTo.lookupMs = 132; totals.scrollTo.settlePx = 133; totals.scrollTo.interrupted = 134; totals.scrollTo.missed = 135
        totals.memory.poppedViews = 136; totals.observer.callbacks = 137; totals.observer.spuriousChanges = 138
        totals.layout.gridWastePx = 139; totals.layout.reshuffledItems = 140; totals.layout.columnImbalancePx = 141
        totals.scrolling.unsettledFrames = 142
        var summary = SimulationSummary(frames: FrameSeries(reserving: 0), totals: totals, accounting: FrameAccounting(), budgetMs: 1000.0 / 120)
        summary.frames = 1; summary.droppedFrames = 2; summary.hitchTimeMs = 3; summary.hitchRatio = 4; summary.movingSeconds = 5
        summary.commitHitchTimeMs = 15; summary.renderHitchTimeMs = 16; summary.otherDroppedFrames = 17
        summary.launch.frames = 18; summary.launch.workMs = 19; summary.launch.droppedFrames = 20
        summary.prefetchOverrunFrames = 21; summary.prefetchOverrunMs = 22
        summary.frameWorkMs.mean = 6; summary.frameWorkMs.p50 = 7; summary.frameWorkMs.p90 = 8; summary.frameWorkMs.p95 = 9
        summary.frameWorkMs.p99 = 10; summary.frameWorkMs.max = 11
        summary.peakMemoryBytes = 12; summary.finalMemoryBytes = 13; summary.peakResidentViews = 14
        summary.totals.pagination.loads = 23; summary.totals.pagination.duplicateTriggers = 24; summary.totals.pagination.waitingFrames = 25
        summary.totals.pagination.timeToContentMs = 26
        let expected: [String: Double] = [
            "frames": 1, "droppedFrames": 2, "hitchTimeMs": 3, "hitchRatio": 4, "movingSeconds": 5,
            "commitHitchTimeMs": 15, "renderHitchTimeMs": 16, "otherDroppedFrames": 17,
            "launch.frames": 18, "launch.workMs": 19, "launch.droppedFrames": 20,
            "prefetchOverrunFrames": 21, "prefetchOverrunMs": 22,
            "frameWorkMs.mean": 6, "frameWorkMs.p50": 7, "frameWorkMs.p90": 8, "frameWorkMs.p95": 9, "frameWorkMs.p99": 10, "frameWorkMs.max": 11,
            "peakMemoryBytes": 12, "finalMemoryBytes": 13, "peakResidentViews": 14,
            "bodyEvaluations": 101, "layoutPasses": 102, "coldBuilds": 103, "prefetchedBuilds": 104, "prefetchMs": 105,
            "wastedPrefetchMs": 106, "prefetchedNeverAppeared": 107, "prefetchPendingAtEnd": 108, "prefetchPendingAtEndMs": 109,
            "appears": 110, "releases": 111, "offsetCorrections": 112, "correctionPx": 113, "visibleJumps": 114, "maxJumpPx": 115,
            "topArrivals": 116, "topLandingErrorPx": 117, "stateLossEvents": 118, "contentLoads": 119, "blankAreaFrames": 120,
            "mostlyBlankFrames": 121, "blankAreaFraction.sum": 122, "blankAreaFraction.max": 123, "clippedChildren": 124,
            "clippedPx": 125, "nestedItemsBuilt": 126, "widerThanIdealWidth": 127, "widerThanIdealPx": 128, "scrollTo.count": 129,
            "scrollTo.lookupMs": 132, "scrollTo.frames": 130, "scrollTo.landingErrorPx": 131,
            "scrollTo.settlePx": 133, "scrollTo.interrupted": 134, "scrollTo.missed": 135,
            "poppedViews": 136, "observer.callbacks": 137, "observer.spuriousChanges": 138,
            "gridWastePx": 139, "reshuffledItems": 140, "columnImbalancePx": 141, "unsettledFrames": 142,
            "pagination.loads": 23, "pagination.duplicateTriggers": 24, "pagination.waitingFrames": 25, "pagination.timeToContentMs": 26,
        ]
        let read = Dictionary(uniqueKeysWithValues: Metric.allCases.map { ($0.path, $0.value(in: summary)) })
        #expect(read == expected)
        // The report builder writes exactly these, nested by path.
        let written = Report.flatten(.object(ReportBuilder.summaryObject(summary, grading: .apple)))
        #expect(written == expected)
    }

    @Test func harnessAndBudgetsAreNotMetrics() throws {
        let metrics = try CompareFixtures.report(CompareFixtures.summary).metrics
        #expect(!metrics.keys.contains { $0.hasPrefix("budgets") || $0.hasPrefix("harness") || $0.contains("wallTime") })
    }

    @Test(arguments: [
        ("frames", Metric.Polarity.neutral, Metric.Kind.count),
        ("droppedFrames", .lowerIsBetter, .count),
        ("frameWorkMs.p99", .lowerIsBetter, .time),
        ("hitchRatio", .lowerIsBetter, .rate),
        ("peakMemoryBytes", .lowerIsBetter, .memory),
        ("topLandingErrorPx", .lowerIsBetter, .length),
        ("blankAreaFraction.max", .lowerIsBetter, .fraction),
        ("movingSeconds", .neutral, .seconds),
        ("appears", .neutral, .count),
        ("scrollTo.count", .neutral, .count),
        ("wastedPrefetchMs", .lowerIsBetter, .time),
        ("stateLossEvents", .lowerIsBetter, .count),
    ])
    func polarityAndKind(path: String, polarity: Metric.Polarity, kind: Metric.Kind) throws {
        let metric = try #require(Metric(rawValue: path))
        #expect(metric.polarity == polarity)
        #expect(metric.kind == kind)
        #expect(!metric.meaning.isEmpty)
    }

    @Test func displayOrderFollowsTheCatalogThenUnknownPathsSorted() {
        let sorted = Metric.sorted(["zeta.unknown", "frameWorkMs.max", "alpha.unknown", "frameWorkMs.p50", "frames"])
        #expect(sorted == ["frames", "frameWorkMs.p50", "frameWorkMs.max", "alpha.unknown", "zeta.unknown"])
    }
}

/// Frame columns: the writer writes exactly the declared columns, the reader requires only
/// those declared required.
@Suite struct FrameColumnTests {
    @Test func theWriterWritesEveryDeclaredColumnAndNothingElse() throws {
        let frames = try #require(CompareFixtures.origamiLazy.root["frames"]?.objectValue)
        let declared = Set(FrameColumn.allCases.map(\.key)).union(["count", "phaseMs"])
        #expect(Set(frames.keys) == declared)
        let phases = try #require(frames["phaseMs"]?.objectValue)
        #expect(Set(phases.keys) == Set(PhaseWork.Phase.names))
        #expect(PhaseWork.Phase.names == ["input", "init", "body", "layout", "appear", "render", "overhead", "prefetch"])
        let count = try #require(frames["count"]?.numberValue)
        for column in FrameColumn.allCases {
            #expect(frames[column.key]?.arrayValue?.count == Int(count), "\(column.key)")
        }
    }

    @Test func requiredColumnsAreTheOnesChartsCannotDoWithout() {
        #expect(FrameColumn.allCases.filter(\.definition.required) == [.timeMs, .workMs, .dropped, .memoryBytes])
    }

    @Test(arguments: FrameColumn.allCases)
    func aMissingColumnIsRefusedOnlyWhenRequired(column: FrameColumn) throws {
        var root = try #require(CompareFixtures.origamiLazy.root.objectValue)
        var frames = try #require(root["frames"]?.objectValue)
        frames[column.key] = nil
        root["frames"] = .object(frames)
        let report = try Report(path: "trimmed.json", root: .object(root))
        if column.definition.required {
            #expect(throws: ScrollSimError(file: "trimmed.json", message: "frames.\(column.key): missing")) { try report.frames() }
        } else {
            #expect(throws: Never.self) { try report.frames() }
        }
    }
}
