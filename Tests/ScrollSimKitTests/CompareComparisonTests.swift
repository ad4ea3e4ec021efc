import ScrollSimEngine
import Testing
@testable import ScrollSimKit
@testable import ScrollSimPresentation

@Suite struct CompareComparisonTests {
    typealias F = CompareFixtures

    @Test func aReportComparedWithItselfPasses() throws {
        let report = try F.origamiLazy
        let comparison = Comparison(baseline: report, current: report, thresholds: .relative)
        #expect(!comparison.failed)
        #expect(comparison.severity == nil)
        #expect(comparison.scenarios.count == 1)
        #expect(comparison.scenarios[0].metrics.allSatisfy { $0.verdict == .unchanged && $0.delta == 0 })
        #expect(comparison.scenarios[0].metrics.count == Metric.allCases.count)
    }

    @Test func theHarnessIsNeverCompared() throws {
        // The fixtures give every report a random harness wall time.
        let comparison = Comparison(baseline: try F.report(F.summary), current: try F.report(F.summary), thresholds: .relative)
        #expect(!comparison.failed)
        #expect(!comparison.scenarios[0].metrics.contains { $0.path.contains("wallTime") })
    }

    @Test func droppedFramesAndP99RegressionsAreNamed() throws {
        let base = try F.report(F.summary)
        let current = try F.report(F.summary(["droppedFrames": 5, "frameWorkMs.p99": 1.65]))
        let comparison = Comparison(baseline: base, current: current, thresholds: .relative)
        #expect(comparison.failed)
        #expect(comparison.severity == .error)
        #expect(comparison.regressions.map(\.metric.path) == ["droppedFrames", "frameWorkMs.p99"])
        let p99 = comparison.regressions[1].metric
        let delta = try #require(p99.delta)
        #expect(delta > 0.5499 && delta < 0.5501)
        #expect(abs(try #require(p99.relative) - 0.5) < 1e-9)
        #expect(p99.limitReached == .relative(0.1))
    }

    @Test func improvementsAloneDoNotFail() throws {
        let comparison = Comparison(baseline: try F.report(F.summary), current: try F.report(F.summary(["wastedPrefetchMs": 1.0, "frameWorkMs.p99": 0.9])), thresholds: .relative)
        #expect(!comparison.failed)
        #expect(comparison.improvements.map(\.metric.path) == ["frameWorkMs.p99", "wastedPrefetchMs"])
        #expect(comparison.headline.hasPrefix("OK: "))
    }

    @Test func neutralMetricsChangeWithoutFailing() throws {
        let comparison = Comparison(baseline: try F.report(F.summary), current: try F.report(F.summary(["frames": 900, "appears": 80])), thresholds: .relative)
        #expect(!comparison.failed)
        #expect(comparison.findings(.changed).map(\.metric.path) == ["frames", "appears"])
        // The summary's counts (compare's JSON "changed") say the same: two metrics changed.
        #expect(comparison.counts.changed == 2)
    }

    @Test(arguments: [(Severity.error, false), (.warning, true)])
    func warningsFailOnlyWhenAsked(failOn: Severity, failed: Bool) throws {
        // +3 % memory: past the 2 % warning, within the 5 % error.
        let current = try F.report(F.summary(["peakMemoryBytes": 2_684_354 * 1.03]))
        let comparison = Comparison(baseline: try F.report(F.summary), current: current, thresholds: .relative, options: .init(failOn: failOn))
        #expect(comparison.severity == .warning)
        #expect(comparison.failed == failed)
    }

    @Test func setsAreMatchedByNameWithNewAndMissingScenarios() throws {
        let base = [try F.report("b", F.summary), try F.report("a", F.summary), try F.report("gone", F.summary)]
        let current = [try F.report("a", F.summary), try F.report("fresh", F.summary), try F.report("b", F.summary(["visibleJumps": 1]))]
        let comparison = Comparison(baseline: base, current: current, thresholds: .relative)
        #expect(comparison.scenarios.map(\.name) == ["a", "b", "fresh", "gone"])
        #expect(comparison.scenarios.map(\.status) == [.compared, .compared, .new, .missing])
        #expect(comparison.scenarios.map(\.severity) == [nil, .error, nil, .warning])
        #expect(comparison.failed)
        let counts = comparison.counts
        #expect(counts.new == 1 && counts.missing == 1 && counts.compared == 2 && counts.errors == 1)
    }

    /// Two sides as a command line names them: two single files are compared with each other
    /// whatever their scenarios (the anti-pattern against its fix); a single file against a
    /// directory holding one report, either way round, is matched by name, so reports of two
    /// scenarios there are one missing and one new, not compared.
    @Test func onlyTwoSingleFilesArePairedWhateverTheirNames() throws {
        let bad = try F.report("feed-bad", F.summary), good = try F.report("feed-good", F.summary)
        func side(_ report: Report, file: Bool) -> ReportSet.Side {
            ReportSet.Side(paths: [file ? "a.json" : "dir"], reports: [report], isSingleFile: file)
        }
        let files = Comparison(baseline: side(bad, file: true), current: side(good, file: true))
        #expect(files.scenarios.map(\.status) == [.compared])
        for (baseFile, currentFile) in [(true, false), (false, true), (false, false)] {
            let mixed = Comparison(baseline: side(bad, file: baseFile), current: side(good, file: currentFile))
            #expect(mixed.scenarios.map(\.name) == ["feed-bad", "feed-good"], "file \(baseFile) vs \(currentFile)")
            #expect(mixed.scenarios.map(\.status) == [.missing, .new], "file \(baseFile) vs \(currentFile)")
        }
    }

    @Test func missingScenariosAreWarnings() throws {
        let comparison = Comparison(baseline: [try F.report("a", F.summary), try F.report("gone", F.summary)], current: [try F.report("a", F.summary)], thresholds: .relative)
        #expect(!comparison.failed)
        #expect(comparison.severity == .warning)
        #expect(try #require(comparison.scenarios[1].note).contains("missing"))
    }

    @Test func differentContentIsRefusedWhenStrict() throws {
        let base = try F.report("feed", hash: "aaaaaaaaaaaaaaaa", F.summary)
        let current = try F.report("feed", hash: "bbbbbbbbbbbbbbbb", F.summary(["droppedFrames": 3]))
        let refused = Comparison(baseline: [base], current: [current], thresholds: .relative, options: .init(strictContent: true))
        #expect(refused.scenarios[0].status == .contentChanged)
        #expect(refused.scenarios[0].metrics.isEmpty)
        #expect(refused.failed)
        #expect(refused.headline == "FAILED: no scenario compared; 1 refused (content changed)")
        let note = try #require(refused.scenarios[0].note)
        #expect(note.contains("aaaaaaaaaaaaaaaa → bbbbbbbbbbbbbbbb"))
        #expect(note.contains("without --strict-content"))

        // By default the changed scenario is compared by name, its regression found.
        let allowed = Comparison(baseline: [base], current: [current], thresholds: .relative)
        #expect(allowed.scenarios[0].status == .compared)
        #expect(allowed.scenarios[0].contentHashChanged)
        #expect(allowed.regressions.map(\.metric.path) == ["droppedFrames"])
        #expect(try #require(allowed.scenarios[0].note).contains("scenario changed"))
    }

    @Test func metricsOnlyOneSideHasAreAddedOrRemoved() throws {
        var newer = F.summary
        newer["pagination"] = .object(["loads": .number(3)])
        var older = F.summary
        older["visibleJumps"] = nil
        let comparison = Comparison(baseline: try F.report(older), current: try F.report(newer), thresholds: .relative)
        #expect(!comparison.failed)
        #expect(comparison.findings(.added).map(\.metric.path) == ["visibleJumps", "pagination.loads"])
        #expect(comparison.findings(.removed).isEmpty)
        let reverse = Comparison(baseline: try F.report(newer), current: try F.report(older), thresholds: .relative)
        #expect(reverse.findings(.removed).map(\.metric.path) == ["visibleJumps", "pagination.loads"])
    }

    @Test func twoFilesArePairedWhateverTheirNames() throws {
        let comparison = Comparison(baseline: try F.report("old-name", F.summary), current: try F.report("new-name", F.summary), thresholds: .relative)
        #expect(comparison.scenarios.map(\.name) == ["new-name"])
        #expect(comparison.scenarios[0].status == .compared)
        #expect(try #require(comparison.scenarios[0].note).contains("compared scenario old-name (baseline) with new-name (current)"))
    }

    @Test func theResultDoesNotDependOnInputOrder() throws {
        let base = try (0..<6).map { try F.report("s\($0)", F.summary(["droppedFrames": Double($0)])) }
        let current = try (0..<6).map { try F.report("s\($0)", F.summary(["droppedFrames": Double($0 % 2 == 0 ? $0 + 1 : $0)])) }
        let one = Comparison(baseline: base, current: current, thresholds: .relative)
        let other = Comparison(baseline: base.reversed(), current: current.shuffled(), thresholds: .relative)
        #expect(one == other)
        #expect(one.text() == other.text())
        #expect(one.jsonText() == other.jsonText())
        #expect(one.markdown() == other.markdown())
        #expect(one.junit() == other.junit())
    }
}

@Suite struct CompareReportPrecisionTests {
    /// A report built in memory holds unrounded numbers; its file holds four decimals. They
    /// must compare equal even with the exact preset, or a test comparing a fresh run with a
    /// committed baseline would see noise.
    @Test func aReportBuiltInMemoryEqualsItsFileExactly() throws {
        let scenario = try ScenarioLoader.load(path: CompareFixtures.path("Scenarios/origami-lazy.json"))
        let root = ReportBuilder.build(scenario: scenario, result: Simulation.run(scenario.config), harness: nil)
        let inMemory = try Report(path: "in memory", root: root)
        #expect(try inMemory.metrics != CompareFixtures.origamiLazy.metrics, "the fixture no longer exercises rounding")
        let comparison = Comparison(baseline: try CompareFixtures.origamiLazy, current: inMemory, thresholds: .exact)
        #expect(!comparison.failed)
        #expect(comparison.scenarios[0].metrics.allSatisfy { $0.verdict == .unchanged && $0.delta == 0 })
    }
}
