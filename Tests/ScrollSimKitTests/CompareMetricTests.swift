import Testing
@testable import ScrollSimKit

@Suite struct CompareMetricTests {
    /// The catalog and the report builder must agree, or a new summary key would be compared
    /// as an unknown, never-judged metric.
    @Test func catalogListsEverySummaryMetricTheReportBuilderWrites() throws {
        let written = Set(try CompareFixtures.origamiLazy.metrics.keys)
        let catalog = Set(Metric.allCases.map(\.path))
        #expect(written.subtracting(catalog).sorted() == [], "summary keys missing from Metric")
        #expect(catalog.subtracting(written).sorted() == [], "Metric cases the report builder does not write")
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
