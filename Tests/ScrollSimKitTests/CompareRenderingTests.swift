import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ScrollSimKit
@testable import ScrollSimPresentation

@Suite struct CompareRenderingTests {
    typealias F = CompareFixtures

    /// Two scenarios: one with two errors and a warning, one unchanged; plus a new and a
    /// missing one.
    static var comparison: Comparison {
        get throws { try sample.get() }
    }

    private static let sample = Result {
        let base = [try F.report("feed", F.summary), try F.report("calm", F.summary), try F.report("gone", F.summary)]
        let current = [
            try F.report("feed", F.summary(["droppedFrames": 5, "frameWorkMs.p99": 1.65, "peakMemoryBytes": 2_684_354 * 1.03])),
            try F.report("calm", F.summary), try F.report("fresh", F.summary),
        ]
        return Comparison(baseline: base, current: current, thresholds: .relative, baselineLabel: "Reports/baseline", currentLabel: "Reports/latest")
    }

    @Test func textNamesRegressionsAndHidesIdenticalMetrics() throws {
        let text = try Self.comparison.text()
        #expect(text.contains("feed: REGRESSED (failed: droppedFrames, frameWorkMs.p99; warned: peakMemoryBytes)"))
        #expect(text.contains("droppedFrames"))
        #expect(text.contains("frameWorkMs.p99"))
        #expect(text.contains("+50.0%"))
        #expect(text.contains("\nunchanged: calm\n"))
        #expect(!text.contains("frameWorkMs.max"))
        #expect(text.contains("fresh: new"))
        #expect(text.contains("gone: MISSING"))
        #expect(text.hasSuffix("FAILED: 3 regressions (2 errors, 1 warning) in 1 of 4 scenarios; 1 missing; 1 new\n"))
        #expect(!text.contains("\u{1B}["))
    }

    @Test func textListsEveryMetricWhenAsked() throws {
        #expect(try Self.comparison.text(all: true).contains("frameWorkMs.max"))
    }

    @Test func colourIsOnlyUsedWhenAsked() throws {
        let colored = try Self.comparison.text(colored: true)
        #expect(colored.contains("\u{1B}[31mregressed: error, over 0\u{1B}[0m"))
        #expect(try colored.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == Self.comparison.text())
    }

    @Test func markdownIsATableNamingEveryMetric() throws {
        let markdown = try Self.comparison.markdown()
        #expect(markdown.hasPrefix("## ScrollSim comparison: ❌ failed\n"))
        #expect(markdown.contains("| feed | ❌ regressed (failed: droppedFrames, frameWorkMs.p99; warned: peakMemoryBytes) | 2 | 1 | 0 | 10 |"))
        #expect(markdown.contains("| feed | `droppedFrames` | 0 | 5 | +5 | n/a | **regressed: error, over 0** |"))
        #expect(markdown.contains("<details><summary>feed: 10 metrics, 3 regressed, 0 improved</summary>"))
        for path in try F.report(F.summary).metrics.keys {
            #expect(markdown.contains("`\(path)`"), "markdown does not name \(path)")
        }
        #expect(markdown.contains("- **gone**: missing"))
        #expect(!markdown.contains("Truncated"))
    }

    @Test func markdownStaysUnderItsLimit() throws {
        let many = try (0..<400).map { try F.report("scenario-\($0)", F.summary) }
        let worse = try (0..<400).map { try F.report("scenario-\($0)", F.summary(["droppedFrames": 1])) }
        let comparison = Comparison(baseline: many, current: worse, thresholds: .relative)
        let full = comparison.markdown()
        #expect(!full.contains("Truncated"))
        let limit = full.utf8.count / 3
        let cut = comparison.markdown(limit: limit)
        #expect(cut.utf8.count < limit)
        #expect(cut.contains("> **Truncated**: "))
        #expect(cut.hasPrefix("## ScrollSim comparison: ❌ failed"))
        #expect(cut.components(separatedBy: "<details>").count == cut.components(separatedBy: "</details>").count)
    }

    /// "Under the limit" is to the byte: a summary that fills the limit less one byte, with room
    /// for the note the last part would need, is whole; given one byte less, it is cut.
    @Test func aSummaryIsCutOnlyPastItsLimit() throws {
        let comparison = Comparison(baseline: [try F.report("feed", F.summary), try F.report("calm", F.summary)],
                                    current: [try F.report("feed", F.summary(["droppedFrames": 5])), try F.report("calm", F.summary)],
                                    thresholds: .relative)
        let whole = comparison.markdown()
        let note = Comparison.MarkdownCells.truncationNote
        var limit = whole.utf8.count + 1
        while whole.utf8.count + note(1, limit).utf8.count > limit - 1 { limit += 1 }
        #expect(whole.utf8.count + note(1, limit).utf8.count == limit - 1, "the boundary is exact")
        #expect(comparison.markdown(limit: limit) == whole)
        let cut = comparison.markdown(limit: limit - 1)
        #expect(cut != whole && cut.hasSuffix(note(1, limit - 1)))
    }

    /// The note names the limit in KiB when it is a whole number of them, in bytes otherwise,
    /// and counts the parts left out in the singular or the plural.
    @Test func theTruncationNoteNamesTheLimit() {
        let note = Comparison.MarkdownCells.truncationNote
        #expect(note(3, 65_536) == "\n> **Truncated**: 3 more parts of this summary left out to stay under 64 KiB; the JSON output (`--format json`) has every metric.\n")
        #expect(note(1, 1_024).contains(": 1 more part of this summary left out to stay under 1 KiB;"))
        #expect(note(2, 1_048_576).contains("under 1024 KiB;"))
        #expect(note(2, 1_023).contains("under 1023 bytes;"))
        #expect(note(2, 3_069).contains("under 3069 bytes;"), "3 × 1,023: a whole number of 1,023 bytes is no KiB")
        #expect(note(2, 1_000).contains("under 1000 bytes;"))
    }

    /// A scenario whose content changed since the baseline is listed under "Scenario changes"
    /// (marked when --strict-content refused to compare it); with no change, no such section.
    @Test func markdownListsScenarioChangesOnlyWhenThereAreSome() throws {
        let base = try F.report("feed", hash: "aaaaaaaaaaaaaaaa", F.summary)
        let current = try F.report("feed", hash: "bbbbbbbbbbbbbbbb", F.summary)
        let heading = "### Scenario changes\n\nThese scenarios changed since the baseline; their metrics move with these changes (baseline → current).\n\n"
        let changed = Comparison(baseline: [base], current: [current], thresholds: .relative).markdown()
        #expect(changed.contains(heading + "- **feed**\n"))
        let refused = Comparison(baseline: [base], current: [current], thresholds: .relative, options: .init(strictContent: true)).markdown()
        #expect(refused.contains(heading + "- **feed** (not compared: --strict-content)\n"))
        let same = Comparison(baseline: [base], current: [base], thresholds: .relative).markdown()
        #expect(!same.contains("Scenario changes"))
    }

    @Test func markdownEscapesTableSyntax() throws {
        let comparison = Comparison(baseline: [try F.report("a|b_c", F.summary)], current: [try F.report("a|b_c", F.summary)], thresholds: .relative)
        #expect(comparison.markdown().contains("| a\\|b\\_c | ✅ unchanged |"))
    }

    /// The sample has four scenarios: feed (2 errors, 1 warning), calm, fresh (new), gone
    /// (missing): so 4 test cases, 1 failure (feed's), 2 skipped (fresh, gone), 0 errors.
    @Test func junitHasOneTestCasePerScenarioWithItsMetricsAsProperties() throws {
        let xml = try Self.comparison.junit()
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        func counts(_ element: XMLElement) -> [String?] {
            ["tests", "failures", "errors", "skipped"].map { element.attribute(forName: $0)?.stringValue }
        }
        #expect(counts(root) == ["4", "1", "0", "2"])
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        #expect(suites[0].attribute(forName: "name")?.stringValue == "scrollsim")
        #expect(counts(suites[0]) == ["4", "1", "0", "2"])
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["calm", "feed", "fresh", "gone"])
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "scrollsim" })

        // feed: every metric of the summary fixture (10) as a property, current values raw.
        let feed = cases[1]
        let properties = feed.elements(forName: "properties").first?.elements(forName: "property") ?? []
        var byName: [String: String] = [:]
        for property in properties {
            byName[property.attribute(forName: "name")?.stringValue ?? ""] = property.attribute(forName: "value")?.stringValue
        }
        #expect(byName["status"] == "compared")
        #expect(byName["droppedFrames"] == "5")
        #expect(byName["frameWorkMs.p99"] == "1.65")
        #expect(byName["peakMemoryBytes"] == "2764884.62")
        #expect(properties.count == 1 + 4 + 10, "status, the two paths and hashes, 10 metrics")
        // One failure naming both failing metrics, old → new and the limit passed.
        let failure = try #require(feed.elements(forName: "failure").first)
        #expect(feed.elements(forName: "failure").count == 1)
        #expect(failure.attribute(forName: "type")?.stringValue == "regression")
        #expect(failure.attribute(forName: "message")?.stringValue
                == "2 metrics regressed: droppedFrames regressed (error, over 0): 0 → 5 (+5, n/a); frameWorkMs.p99 regressed (error, over 10%): 1.1 ms → 1.65 ms (+0.55 ms, +50.0%)")
        #expect(failure.stringValue?.contains("threshold: warning over 5%, error over 10%") == true)
        // The warning (+3 % memory) is reported without failing.
        #expect(feed.elements(forName: "system-out").first?.stringValue?.hasPrefix("warning (not failing): peakMemoryBytes regressed (warning") == true)
        // calm passes with no child but its properties; new and missing scenarios are skipped.
        #expect(cases[0].children?.count == 1)
        #expect(cases[2].elements(forName: "skipped").count == 1)
        #expect(cases[3].elements(forName: "skipped").count == 1)
    }

    @Test func junitNamesTheSuiteAndMarksARefusedScenarioAsAnErrorAndAChangedOneInItsOutput() throws {
        let base = try F.report("feed", hash: "aaaaaaaaaaaaaaaa", F.summary)
        let changed = try F.report("feed", hash: "bbbbbbbbbbbbbbbb", F.summary)
        let strict = Comparison(baseline: [base], current: [changed], options: .init(strictContent: true, suite: "ios-shard-2"))
        let root = try #require(try XMLDocument(data: Data(strict.junit().utf8)).rootElement())
        let testcase = try #require(root.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(root.elements(forName: "testsuite").first?.attribute(forName: "name")?.stringValue == "ios-shard-2")
        #expect(testcase.attribute(forName: "classname")?.stringValue == "ios-shard-2")
        #expect(testcase.elements(forName: "error").first?.attribute(forName: "type")?.stringValue == "contentChanged")
        #expect(root.attribute(forName: "errors")?.stringValue == "1" && root.attribute(forName: "failures")?.stringValue == "0")

        let compared = Comparison(baseline: [base], current: [changed])
        let passing = try #require(try XMLDocument(data: Data(compared.junit().utf8)).rootElement()?
            .elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(passing.elements(forName: "failure").isEmpty && passing.elements(forName: "error").isEmpty)
        #expect(passing.elements(forName: "system-out").first?.stringValue
                == "scenario changed (baseline → current):\n  scenario source not recorded in the baseline or the current report; content hash aaaaaaaaaaaaaaaa → bbbbbbbbbbbbbbbb")
    }

    @Test func junitFailsExactlyWhenTheComparisonFails() throws {
        let strict = Comparison(baseline: [try F.report("gone", F.summary), try F.report("a", F.summary)], current: [try F.report("a", F.summary)], thresholds: .relative,
                                options: .init(failOn: .warning))
        let lenient = Comparison(baseline: [try F.report("gone", F.summary), try F.report("a", F.summary)], current: [try F.report("a", F.summary)], thresholds: .relative)
        for comparison in [strict, lenient, try Self.comparison] {
            let root = try #require(try XMLDocument(data: Data(comparison.junit().utf8)).rootElement())
            let failures = Int(root.attribute(forName: "failures")?.stringValue ?? "") ?? -1
            let errors = Int(root.attribute(forName: "errors")?.stringValue ?? "") ?? -1
            #expect((failures + errors > 0) == comparison.failed)
        }
    }

    @Test func junitEscapesMarkup() throws {
        let name = "a<b>&\"c'"
        let comparison = Comparison(baseline: [try F.report(name, F.summary)], current: [try F.report(name, F.summary(["droppedFrames": 1]))], thresholds: .relative)
        let root = try #require(try XMLDocument(data: Data(comparison.junit().utf8)).rootElement())
        #expect(root.elements(forName: "testsuite")[0].elements(forName: "testcase")[0].attribute(forName: "name")?.stringValue == name)
    }

    @Test func jsonHasEveryMetricWithRawNumbers() throws {
        let value = try JSONValue.parse(Data(Self.comparison.jsonText().utf8))
        #expect(value["schema"]?.numberValue == 2)
        #expect(value["failed"]?.boolValue == true)
        #expect(value["severity"]?.stringValue == "error")
        #expect(value["counts"]?["errors"]?.numberValue == 2)
        let scenarios = try #require(value["scenarios"]?.arrayValue)
        #expect(scenarios.map { $0["name"]?.stringValue } == ["calm", "feed", "fresh", "gone"])
        #expect(scenarios.map { $0["status"]?.stringValue } == ["compared", "compared", "new", "missing"])
        let metrics = try #require(scenarios[1]["metrics"]?.arrayValue)
        #expect(metrics.count == 10)
        let p99 = try #require(metrics.first { $0["metric"]?.stringValue == "frameWorkMs.p99" })
        #expect(p99["baseline"]?.numberValue == 1.1)
        #expect(p99["current"]?.numberValue == 1.65)
        #expect(p99["relative"]?.numberValue == 0.5)
        #expect(p99["verdict"]?.stringValue == "regressed")
        #expect(p99["severity"]?.stringValue == "error")
        #expect(p99["threshold"]?["error"]?.stringValue == "10%")
        let dropped = try #require(metrics.first { $0["metric"]?.stringValue == "droppedFrames" })
        #expect(dropped["relative"] == .null)
        #expect(dropped["threshold"]?["error"]?.numberValue == 0)
    }

    /// A metric only one side has is added or removed, and counted so: the baseline lacks
    /// wastedPrefetchMs (added), the current run lacks appears (removed); the other eight of
    /// the summary's ten metrics are equal, so unchanged, and nothing fails.
    @Test func aMetricOnOneSideOnlyIsCountedAddedOrRemoved() throws {
        var base = F.summary, current = F.summary
        base["wastedPrefetchMs"] = nil
        current["appears"] = nil
        let comparison = Comparison(baseline: [try F.report("feed", base)], current: [try F.report("feed", current)], thresholds: .relative,
                                    baselineLabel: "a", currentLabel: "b")
        let value = try JSONValue.parse(Data(comparison.jsonText().utf8))
        #expect(value["counts"]?["addedOrRemoved"]?.numberValue == 2)
        #expect(value["counts"]?["unchanged"]?.numberValue == 8)
        #expect(value["counts"]?["errors"]?.numberValue == 0 && value["failed"]?.boolValue == false)
        let metrics = try #require(value["scenarios"]?.arrayValue?.first?["metrics"]?.arrayValue)
        func verdict(_ name: String) -> String? { metrics.first { $0["metric"]?.stringValue == name }?["verdict"]?.stringValue }
        #expect(verdict("wastedPrefetchMs") == "added" && verdict("appears") == "removed")
        // A metric on one side only has moved (from nothing, or to nothing): it is not among the
        // identical ones the text hides.
        let added = MetricComparison(path: "wastedPrefetchMs", baseline: nil, current: 2.8, threshold: Threshold(error: .relative(0.1)))
        #expect(CompareFormat.moved(added))
        let text = comparison.text()
        #expect(text.contains("(2 of 10 metrics moved"), "\(text)")
        #expect(text.contains("  also moved: wastedPrefetchMs - → 2.80 ms; appears 40 → -\n  8 other metrics identical"), "\(text)")
    }

    /// An ensemble's move shows its interval in the Markdown table: droppedFrames runs 2, 4, 9
    /// against 5, 7, 12 move by +3 in every pair, so the interval is +3…+3 over 3 pairs and the
    /// regression's cell says so. A move whose interval includes zero is unchanged, and its
    /// reason already carries the interval: the cell adds none. A single run has none at all.
    @Test func markdownShowsAnEnsemblesIntervalBesideItsMove() throws {
        let threshold = Thresholds.Preset.standard.threshold(for: .droppedFrames)
        let moved = MetricComparison(path: "droppedFrames", baseline: 5, current: 8, threshold: threshold,
                                     difference: PairedDifference(pairing: [2, 4, 9], with: [5, 7, 12]))
        #expect(moved.verdict == .regressed)
        #expect(Comparison.MarkdownCells.row(moved).contains(" · 95 % interval +3…+3 (3 pairs)"), "\(Comparison.MarkdownCells.row(moved))")
        let noise = MetricComparison(path: "droppedFrames", baseline: 5, current: 5.67, threshold: threshold,
                                     difference: PairedDifference(pairing: [2, 4, 9], with: [3, 5, 9]))
        #expect(noise.verdict == .unchanged)
        #expect(!Comparison.MarkdownCells.row(noise).contains(" · 95 % interval"), "\(Comparison.MarkdownCells.row(noise))")
        let single = MetricComparison(path: "droppedFrames", baseline: 5, current: 8, threshold: threshold)
        #expect(!Comparison.MarkdownCells.row(single).contains("interval"))
    }

    /// Reports built in code are not checked like files: every rendering must still cope with
    /// absurd numbers.
    @Test func absurdNumbersNeitherCrashNorCorruptTheRenderings() throws {
        let comparison = Comparison(baseline: try F.report(F.summary), current: try F.report(F.summary(["frameWorkMs.p99": 1e300, "droppedFrames": 1e19, "peakMemoryBytes": -5])), thresholds: .relative)
        #expect(comparison.text().contains("+1e+300 ms"))
        #expect(comparison.markdown().contains("1e+19"))
        _ = try XMLDocument(data: Data(comparison.junit().utf8))
        let json = try JSONValue.parse(Data(comparison.jsonText().utf8))
        let metrics = try #require(json["scenarios"]?.arrayValue?.first?["metrics"]?.arrayValue)
        #expect(metrics.first { $0["metric"]?.stringValue == "frameWorkMs.p99" }?["current"] == .null)
    }
}
