import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ScrollSimKit

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
        #expect(text.contains("feed: REGRESSED (2 errors, 1 warning)"))
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
        #expect(markdown.contains("| feed | ❌ regressed | 2 | 1 | 0 | 10 |"))
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

    @Test func markdownEscapesTableSyntax() throws {
        let comparison = Comparison(baseline: [try F.report("a|b_c", F.summary)], current: [try F.report("a|b_c", F.summary)], thresholds: .relative)
        #expect(comparison.markdown().contains("| a\\|b\\_c | ✅ unchanged |"))
    }

    @Test func junitParsesWithAFailurePerRegression() throws {
        let xml = try Self.comparison.junit()
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["calm", "feed", "fresh", "gone"])
        let feed = suites[1]
        let cases = feed.elements(forName: "testcase")
        #expect(cases.count == 10)
        let failing = cases.filter { !$0.elements(forName: "failure").isEmpty }
        #expect(failing.map { $0.attribute(forName: "name")?.stringValue } == ["droppedFrames", "frameWorkMs.p99"])
        let message = failing[1].elements(forName: "failure")[0].attribute(forName: "message")?.stringValue ?? ""
        #expect(message == "frameWorkMs.p99 regressed (error, over 10%): 1.1 ms → 1.65 ms (+0.55 ms, +50.0%)")
        // The warning is reported without failing; new and missing scenarios are skipped.
        let memory = try #require(cases.first { $0.attribute(forName: "name")?.stringValue == "peakMemoryBytes" })
        #expect(memory.elements(forName: "system-out").first?.stringValue?.hasPrefix("warning (not failing)") == true)
        #expect(suites[2].elements(forName: "testcase")[0].elements(forName: "skipped").count == 1)
        #expect(suites[3].elements(forName: "testcase")[0].elements(forName: "skipped").count == 1)
    }

    @Test func junitFailsExactlyWhenTheComparisonFails() throws {
        let strict = Comparison(baseline: [try F.report("gone", F.summary), try F.report("a", F.summary)], current: [try F.report("a", F.summary)], thresholds: .relative,
                                options: .init(failOn: .warning))
        let lenient = Comparison(baseline: [try F.report("gone", F.summary), try F.report("a", F.summary)], current: [try F.report("a", F.summary)], thresholds: .relative)
        for comparison in [strict, lenient, try Self.comparison] {
            let root = try #require(try XMLDocument(data: Data(comparison.junit().utf8)).rootElement())
            let failures = Int(root.attribute(forName: "failures")?.stringValue ?? "") ?? -1
            #expect((failures > 0) == comparison.failed)
        }
    }

    @Test func junitEscapesMarkup() throws {
        let name = "a<b>&\"c'"
        let comparison = Comparison(baseline: [try F.report(name, F.summary)], current: [try F.report(name, F.summary(["droppedFrames": 1]))], thresholds: .relative)
        let root = try #require(try XMLDocument(data: Data(comparison.junit().utf8)).rootElement())
        #expect(root.elements(forName: "testsuite")[0].attribute(forName: "name")?.stringValue == name)
    }

    @Test func jsonHasEveryMetricWithRawNumbers() throws {
        let value = try JSONValue.parse(Data(Self.comparison.jsonText().utf8))
        #expect(value["schema"]?.numberValue == 1)
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
