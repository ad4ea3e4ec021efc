import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
import Testing

/// Budgets name the metric compare names, take limits in the metric's unit or with a unit, and
/// still accept the former names with a warning.
@Suite struct BudgetTests {
    func decode(budgets: String) throws -> Scenario {
        let text = """
        {"schema": 1, "name": "b", "duration": 1,
         "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]},
         "budgets": \(budgets)}
        """
        return try ScenarioLoader.decode(Data(text.utf8), file: "b.json")
    }

    func error(budgets: String) -> String {
        do {
            _ = try decode(budgets: budgets)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// The metrics a scenario could budget before budgets were named by metric path, and the
    /// former names among them (written out here, not read from the catalog).
    @Test func theBudgetableMetricsAndTheirFormerNames() {
        #expect(Budget.keys == [
            "droppedFrames", "hitchTimeMs", "hitchRatio", "commitHitchTimeMs", "renderHitchTimeMs", "otherDroppedFrames",
            "launch.workMs", "launch.droppedFrames", "prefetchOverrunFrames", "frameWorkMs.p50", "frameWorkMs.p95", "frameWorkMs.p99", "frameWorkMs.max",
            "peakMemoryBytes", "peakResidentViews", "bodyEvaluations", "layoutPasses", "wastedPrefetchMs", "offsetCorrections",
            "unsettledFrames", "visibleJumps", "topLandingErrorPx", "stateLossEvents", "blankAreaFrames", "clippedChildren", "widerThanIdealWidth",
            "gridWastePx", "reshuffledItems", "pagination.duplicateTriggers", "pagination.waitingFrames", "pagination.timeToContentMs",
            "scrollTo.lookupMs", "scrollTo.landingErrorPx", "poppedViews", "observer.spuriousChanges",
        ])
        let former = Dictionary(uniqueKeysWithValues: Budget.formerNames.map { ($0.name, $0.metric.path) })
        #expect(former == [
            "p50FrameMs": "frameWorkMs.p50", "p95FrameMs": "frameWorkMs.p95", "p99FrameMs": "frameWorkMs.p99",
            "maxFrameMs": "frameWorkMs.max", "peakMemoryMB": "peakMemoryBytes", "scrollToLandingErrorPx": "scrollTo.landingErrorPx",
        ])
    }

    @Test(arguments: [
        // (metric, limit as written, limit in the metric's unit, worked out by hand)
        ("peakMemoryBytes", #"209715200"#, 209_715_200.0),      // a plain number is bytes
        ("peakMemoryBytes", #""200 MiB""#, 209_715_200),        // 200 × 1,048,576
        ("peakMemoryBytes", #""1.5 GiB""#, 1_610_612_736),      // 1.5 × 1,073,741,824
        ("peakMemoryBytes", #""512KiB""#, 524_288),             // 512 × 1,024
        ("peakMemoryBytes", #""812 B""#, 812),
        ("frameWorkMs.p99", #"8.33"#, 8.33),
        ("frameWorkMs.p99", #""8.33 ms""#, 8.33),
        ("hitchTimeMs", #""2 s""#, 2000),
        ("scrollTo.landingErrorPx", #""0.5 pt""#, 0.5),
        ("hitchRatio", #""5 ms/s""#, 5),
        ("droppedFrames", #"3"#, 3),
    ])
    func limitsInTheMetricsUnit(key: String, written: String, limit: Double) throws {
        let scenario = try decode(budgets: "{\"\(key)\": \(written)}")
        #expect(scenario.budgets == [Budget(metric: try #require(Metric(rawValue: key)), limit: limit)])
        #expect(scenario.warnings.isEmpty)
    }

    @Test func formerNamesStillWorkWithAWarningNamingTheNewKey() throws {
        let scenario = try decode(budgets: #"{"p99FrameMs": 8.33, "peakMemoryMB": 64, "maxFrameMs": 20, "droppedFrames": 0}"#)
        // Display order; 64 MiB = 64 × 1,048,576 = 67,108,864 bytes.
        #expect(scenario.budgets == [
            Budget(metric: .droppedFrames, limit: 0),
            Budget(metric: .frameWorkP99, limit: 8.33),
            Budget(metric: .frameWorkMax, limit: 20),
            Budget(metric: .peakMemoryBytes, limit: 67_108_864),
        ])
        #expect(scenario.warnings.map(\.keyPath) == ["budgets.maxFrameMs", "budgets.p99FrameMs", "budgets.peakMemoryMB"])
        #expect(scenario.warnings.map(\.description) == [
            #"b.json: budgets.maxFrameMs: "maxFrameMs" is a former budget name; write "frameWorkMs.max" (the name compare uses)"#,
            #"b.json: budgets.p99FrameMs: "p99FrameMs" is a former budget name; write "frameWorkMs.p99" (the name compare uses)"#,
            #"b.json: budgets.peakMemoryMB: "peakMemoryMB" is a former budget name; write "peakMemoryBytes" (the name compare uses), whose limit is in bytes or a string such as "200 MiB""#,
        ])
        // A unit makes the former name's scale irrelevant.
        #expect(try decode(budgets: #"{"peakMemoryMB": "1 GiB"}"#).budgets == [Budget(metric: .peakMemoryBytes, limit: 1_073_741_824)])
    }

    @Test(arguments: [
        (#"{"peakMemoryBytes": "200 MB"}"#, #"b.json: budgets.peakMemoryBytes: "200 MB": memory is in binary units here; write MiB (1 MiB = 1,048,576 bytes)"#),
        (#"{"droppedFrames": "2 ms"}"#, #"b.json: budgets.droppedFrames: "2 ms": this metric takes a plain number, with no unit"#),
        (#"{"frameWorkMs.p99": "8 pt"}"#, #"b.json: budgets.frameWorkMs.p99: "8 pt": unknown unit "pt"; expected a number (in ms) or a string with a unit ("… ms", "… s")"#),
        (#"{"frameWorkMs.p99": "fast"}"#, #"b.json: budgets.frameWorkMs.p99: "fast" is not a limit: expected a number (in ms) or a string with a unit ("… ms", "… s")"#),
        (#"{"frameWorkMs.p99": -1}"#, "b.json: budgets.frameWorkMs.p99: -1 is outside 0...1000000000000000"),
        (#"{"frameWorkMs.p99": true}"#, #"b.json: budgets.frameWorkMs.p99: expected a number (in ms) or a string with a unit ("… ms", "… s"), found a boolean"#),
        (#"{"p99FrameMs": 8, "frameWorkMs.p99": 9}"#, #"b.json: budgets.p99FrameMs: "p99FrameMs" and "frameWorkMs.p99" both limit frameWorkMs.p99; keep one"#),
    ])
    func badLimitsNameTheKeyPath(budgets: String, message: String) {
        #expect(error(budgets: budgets) == message)
    }

    @Test func unknownAndUnbudgetableKeys() {
        let misspelt = error(budgets: #"{"frameWorkMs.p98": 8}"#)
        #expect(misspelt.hasPrefix(#"b.json: budgets.frameWorkMs.p98: unknown budget "frameWorkMs.p98" (did you mean "frameWorkMs.p95"?); budgets: droppedFrames, "#), "\(misspelt)")
        // A near miss of a former name suggests the new key.
        #expect(error(budgets: #"{"p99FrameMS": 8}"#).contains(#"(did you mean "frameWorkMs.p99"?)"#))
        #expect(error(budgets: #"{"frames": 8}"#).hasPrefix("b.json: budgets.frames: frames cannot be budgeted (it is neutral: a change in it is neither good nor bad); budgets: "))
        #expect(error(budgets: #"{"coldBuilds": 8}"#).hasPrefix("b.json: budgets.coldBuilds: coldBuilds cannot be budgeted; budgets: "))
    }

    /// A report written with the former names reads as if written now: keyed by metric path,
    /// in the metric's unit.
    @Test func reportsWithFormerBudgetNamesReadInTheNewVocabulary() throws {
        let root: JSONValue = .object([
            "schema": .number(1),
            "scenario": .object(["name": .string("old")]),
            "summary": .object(["budgets": .object([
                "peakMemoryMB": .object(["limit": .number(64), "value": .number(2.56), "pass": .bool(true)]),
                "p99FrameMs": .object(["limit": .number(8.33), "value": .number(9), "pass": .bool(false)]),
                "droppedFrames": .object(["limit": .number(0), "value": .number(0), "pass": .bool(true)]),
            ])]),
        ])
        let results = try Report(path: "old.json", root: root).budgetResults
        #expect(results == [
            BudgetResult(key: "droppedFrames", limit: 0, value: 0),
            BudgetResult(key: "frameWorkMs.p99", limit: 8.33, value: 9),
            // 64 MiB = 67,108,864 B; 2.56 MiB = 2,684,354.56 B.
            BudgetResult(key: "peakMemoryBytes", limit: 67_108_864, value: 2_684_354.56),
        ])
        #expect(results.map(\.pass) == [true, false, true])
    }

    /// The shipped scenarios use the new names only.
    @Test func shippedScenariosUseMetricPaths() throws {
        let directory = ReportFixtures.packageRoot.appendingPathComponent("Scenarios").path
        for file in try ScenarioLoader.expand([directory]) {
            let scenario = try ScenarioLoader.load(path: file)
            #expect(scenario.warnings.isEmpty, "\(file): \(scenario.warnings)")
        }
    }
}
