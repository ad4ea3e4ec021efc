import Foundation
import ScrollSimEngine
@testable import ScrollSimKit
import Testing

/// An ensemble's report (schema 2): the same file and run count give the same bytes; a plan of
/// one run is the single run of old; the report holds every run and validates; budgets may bound
/// a percentile over the runs; compare judges ensembles by their paired differences.
struct EnsembleReportTests {
    /// A small feed with jitter on its cards: 300 cards, a fling and its return.
    static func scenario(runs: Int? = nil, bodyMs: Double = 3, budgets: String = #""droppedFrames": 50"#) throws -> Scenario {
        let ensemble = runs.map { #", "ensemble": {"runs": \#($0)}"# } ?? ""
        let text = """
        {"schema": 1, "name": "cards", "seed": 3, "duration": 2,
         "stack": {"kind": "lazyVStack", "prefetch": {"policy": "chunked"}},
         "content": {"count": 300, "types": [
           {"name": "card", "height": {"fixed": 300}, "initMs": 0.5, "bodyMs": \(bodyMs), "layoutMs": 2, "jitter": 0.3, "memory": {"view": 1000}},
           {"name": "text", "height": {"fixed": 80}, "bodyMs": 0.2, "layoutMs": 0.2, "jitter": 0.3, "memory": {"view": 500}}]},
         "script": [{"at": 0.1, "fling": {"velocity": 5000}}],
         "budgets": {\(budgets)}\(ensemble)}
        """
        return try ScenarioLoader.decode(Data(text.utf8), file: "cards.json")
    }

    static func text(_ scenario: Scenario) -> String {
        let root = scenario.ensemble.isEnsemble
            ? ReportBuilder.build(scenario: scenario, ensemble: Ensemble.play(scenario), harness: nil)
            : ReportBuilder.build(scenario: scenario, result: Simulation.run(scenario.config), harness: nil)
        return JSONWriter().string(root)
    }

    @Test func theSameEnsembleTwiceIsTheSameBytesForAnyNumberOfJobs() throws {
        let scenario = try Self.scenario(runs: 6)
        let once = ReportBuilder.write(scenario: scenario, ensemble: Ensemble.play(scenario, jobs: 1), harness: nil).bytes
        let twice = ReportBuilder.write(scenario: scenario, ensemble: Ensemble.play(scenario, jobs: 3), harness: nil).bytes
        #expect(once == twice)
        try String(decoding: once, as: UTF8.self).write(toFile: NSTemporaryDirectory() + "/ens-write.json", atomically: true, encoding: .utf8)
        try Self.text(scenario).write(toFile: NSTemporaryDirectory() + "/ens-build.json", atomically: true, encoding: .utf8)
        #expect(String(decoding: once, as: UTF8.self) == Self.text(scenario))
    }

    @Test func oneRunIsTheSingleRunOfOld() throws {
        let plain = try Self.scenario()
        let one = try Self.scenario(runs: 1)
        #expect(one.ensemble == .single && one.contentHash == plain.contentHash)
        // The same report but for the file it records (`scenario.source` holds `ensemble`).
        func withoutSource(_ text: String) throws -> JSONValue {
            var root = try #require(try JSONValue.parse(Data(text.utf8)).objectValue)
            var scenario = try #require(root["scenario"]?.objectValue)
            scenario["source"] = nil
            root["scenario"] = .object(scenario)
            return .object(root)
        }
        #expect(try withoutSource(Self.text(one)) == withoutSource(Self.text(plain)))
        #expect(try Report(path: "x", root: JSONValue.parse(Data(Self.text(one).utf8))).ensemble == nil)
        // The run count is not part of the content; the ensemble is recorded in the report.
        #expect(try Self.scenario(runs: 30).contentHash == plain.contentHash)
    }

    @Test func theReportHoldsEveryRunItsSpreadsAndTheRepresentativeRun() throws {
        let scenario = try Self.scenario(runs: 5)
        let outcome = Ensemble.play(scenario)
        let report = try Report(path: "cards.json", root: JSONValue.parse(Data(Self.text(scenario).utf8)))
        #expect(report.root["schema"]?.numberValue == 2)
        let ensemble = try #require(report.ensemble)
        #expect(ensemble.indexes == [0, 1, 2, 3, 4])
        #expect(ensemble.seeds == (0..<5).map { EnsembleReport.seedText(EnsembleRun(index: $0, scenarioSeed: 3).seed) })
        // The summary holds the means; each metric's spread is the runs' own.
        for metric in [Metric.droppedFrames, .hitchRatio, .frameWorkP99, .launchWorkMs] {
            let runs = try #require(ensemble.values[metric.path])
            #expect(runs.count == 5)
            // (The file holds 4 decimals.)
            #expect(abs(report.metrics[metric.path]! - runs.reduce(0, +) / 5) < 2e-4, "\(metric.path)")
            #expect(abs(runs[0] - metric.value(in: Simulation.run(scenario.config.forRun(outcome.runs[0], variation: .standard)).summary)) < 1e-4)
        }
        // The frames are the representative run's.
        let representative = Simulation.run(scenario.config.forRun(outcome.runs[outcome.representative], variation: .standard))
        #expect(report.frameColumn("workMs")?.count == representative.frames.count)
        #expect(ensemble.bandP10.count == representative.frames.count && ensemble.bandP90.count == representative.frames.count)
        #expect(zip(ensemble.bandP10, ensemble.bandP90).allSatisfy { $0 <= $1 })
        // The jitter makes the runs differ.
        #expect(Set(ensemble.values[Metric.frameWorkMean.path]!).count > 1)
    }

    @Test func anEnsemblesReportValidatesAgainstTheSchema() throws {
        let validator = JSONSchemaValidator(root: ReportSchema.json)
        let value = try JSONValue.parse(Data(Self.text(try Self.scenario(runs: 3, budgets: #""droppedFrames": {"p90": 2}"#)).utf8))
        #expect(validator.errors(value) == [])
    }

    /// A budget on p90 is judged on the runs' p90, a plain one on their mean.
    @Test func aBudgetMayBoundAPercentileOverTheRuns() throws {
        let scenario = try Self.scenario(runs: 10, budgets: #""droppedFrames": {"p90": 1000}, "launch.workMs": 1000"#)
        #expect(scenario.budgets.first { $0.metric == .droppedFrames }?.over == .p90)
        let report = try Report(path: "x", root: ReportBuilder.build(scenario: scenario, ensemble: Ensemble.play(scenario), harness: nil))
        let runs = try #require(report.ensemble?.values["droppedFrames"])
        let dropped = try #require(report.budgetResults.first { $0.key == "droppedFrames" })
        #expect(dropped.over == .p90 && dropped.value == RunSpread(of: runs).p90)
        let launch = try #require(report.budgetResults.first { $0.key == "launch.workMs" })
        #expect(launch.over == .mean && abs(launch.value - RunSpread(of: report.ensemble!.values["launch.workMs"]!).mean) < 1e-9)
    }

    @Test func aBudgetNamingAnUnknownStatisticIsRefusedByKeyPath() {
        #expect(throws: ScrollSimError.self) { try Self.scenario(budgets: #""droppedFrames": {"p95": 2}"#) }
        do {
            _ = try Self.scenario(budgets: #""droppedFrames": {"p95": 2}"#)
        } catch let error as ScrollSimError {
            #expect(error.messages.contains { $0.contains("budgets.droppedFrames") }, "\(error.messages)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// The same list twice, paired run by run: every difference is exactly 0, so nothing moved.
    /// A real change in a cost moves the frame work in every run: significant.
    @Test func compareJudgesEnsemblesByTheirPairedDifferences() throws {
        let a = try Report(path: "a", root: ReportBuilder.build(scenario: try Self.scenario(runs: 8), ensemble: Ensemble.play(try Self.scenario(runs: 8)), harness: nil))
        let same = ScenarioComparison(name: "cards", baseline: a, current: a, thresholds: .standard)
        #expect(same.metrics.allSatisfy { $0.verdict == .unchanged })
        #expect(same.metrics.first { $0.path == "frameWorkMs.mean" }?.difference?.kind == .paired)
        let heavier = try Self.scenario(runs: 8, bodyMs: 6)
        let b = try Report(path: "b", root: ReportBuilder.build(scenario: heavier, ensemble: Ensemble.play(heavier), harness: nil))
        let changed = ScenarioComparison(name: "cards", baseline: a, current: b, thresholds: .standard)
        let launch = try #require(changed.metrics.first { $0.path == "launch.workMs" })
        let difference = try #require(launch.difference)
        #expect(difference.kind == .paired && difference.low > 0 && launch.verdict == .regressed)
    }

    /// A move past the threshold whose interval holds zero is not called: with runs
    /// (10, 10, 10, 10) against (2, 30, 12, 16) droppedFrames moves +5 on average, past any
    /// threshold, but the paired differences −8, +20, +2, +6 (sd 11.6) put the interval at
    /// 5 ± 3.182 · 11.60 / 2 = −13.5…+23.5.
    @Test func aMoveWhoseIntervalHoldsZeroIsNoSignificantChange() throws {
        func report(_ runs: [Double]) throws -> Report {
            let mean = runs.reduce(0, +) / Double(runs.count)
            return try Report(path: "r", root: .object([
                "schema": .number(2),
                "scenario": .object(["name": .string("s"), "contentHash": .string("0000000000000001")]),
                "summary": .object(["droppedFrames": .number(mean)]),
                "ensemble": .object([
                    "runs": .object(["index": .array((0..<4).map { .number(Double($0)) }), "seed": .array((0..<4).map { .string("000000000000000\($0)") }),
                                     "droppedFrames": .array(runs.map { .number($0) })]),
                    "representativeRun": .number(0),
                ]),
            ]))
        }
        let comparison = ScenarioComparison(name: "s", baseline: try report([10, 10, 10, 10]), current: try report([2, 30, 12, 16]), thresholds: .standard)
        let dropped = try #require(comparison.metrics.first { $0.path == "droppedFrames" })
        #expect(dropped.verdict == .unchanged && dropped.moveSeverity == nil)
        #expect(dropped.reason?.hasPrefix("no significant change (+5, 95 % interval −13.") == true, "\(dropped.reason ?? "")")
        let d = try #require(dropped.difference)
        #expect(abs(d.low - (5 - 3.182446305284263 * 11.604596790352806 / 2)) < 1e-9)
    }

    /// The means equal, the runs not: pairs moving −2, +2, −1, +1 average 0 with an interval
    /// around it, and the comparison says there is no significant change. Runs equal pair by
    /// pair leave nothing to say: a zero-width interval at 0, and no such reason.
    @Test func onlyRunsThatMovedSayTheirMoveIsNotSignificant() {
        let threshold = Threshold(warning: .relative(0.05), error: .relative(0.10))
        let spread = MetricComparison(path: "droppedFrames", baseline: 10, current: 10, threshold: threshold,
                                      difference: PairedDifference(pairing: [10, 10, 10, 10], with: [8, 12, 9, 11]))
        #expect(spread.verdict == .unchanged && spread.difference?.mean == 0)
        #expect(spread.reason?.hasPrefix("no significant change (") == true, "\(spread.reason ?? "nil")")
        let same = MetricComparison(path: "droppedFrames", baseline: 10, current: 10, threshold: threshold,
                                    difference: PairedDifference(pairing: [10, 10, 10, 10], with: [10, 10, 10, 10]))
        #expect(same.verdict == .unchanged)
        #expect(same.reason?.hasPrefix("no significant change") != true, "\(same.reason ?? "nil")")
    }

    /// The edge of a move: a difference whose mean and interval width are both exactly the
    /// tolerance (1e-9, what the comparison takes for zero) did not move, so it is not said to
    /// be "no significant change"; twice the tolerance did move, and is. Found by a generated
    /// mutant that counted a mean at the tolerance as a move.
    @Test func aMeanAtTheToleranceIsNoMove() {
        let threshold = Threshold(warning: .relative(0.05), error: .relative(0.10))
        func compared(mean: Double) -> MetricComparison {
            var difference = PairedDifference(pairing: [10, 10], with: [10, 10])
            (difference.mean, difference.low, difference.high) = (mean, 0, Threshold.tolerance)
            return MetricComparison(path: "droppedFrames", baseline: 10, current: 10, threshold: threshold, difference: difference)
        }
        let edge = compared(mean: Threshold.tolerance)
        #expect(edge.difference?.isSignificant == false)
        #expect(edge.reason?.hasPrefix("no significant change") != true, "\(edge.reason ?? "nil")")
        #expect(compared(mean: 2 * Threshold.tolerance).reason?.hasPrefix("no significant change (") == true)
    }

    /// One side a single run, the other an ensemble: the single run counts as one exact run and
    /// the two are compared unpaired, either way round. A single droppedFrames of 10 against runs
    /// (2, 30, 12, 16): +5 with the ensemble's spread alone (sd 11.6, 3 degrees of freedom),
    /// 5 ± 3.182 · 11.60 / 2, which holds zero: no significant change, though +5 is past any
    /// threshold a single pair of numbers would be judged by.
    @Test func aSingleRunAgainstAnEnsembleIsComparedUnpaired() throws {
        let single = try Report(path: "one", root: .object([
            "schema": .number(1),
            "scenario": .object(["name": .string("s"), "contentHash": .string("0000000000000001")]),
            "summary": .object(["droppedFrames": .number(10)]),
        ]))
        let runs: [Double] = [2, 30, 12, 16]
        let ensemble = try Report(path: "runs", root: .object([
            "schema": .number(2),
            "scenario": .object(["name": .string("s"), "contentHash": .string("0000000000000001")]),
            "summary": .object(["droppedFrames": .number(15)]),
            "ensemble": .object([
                "runs": .object(["index": .array((0..<4).map { .number(Double($0)) }), "seed": .array((0..<4).map { .string("000000000000000\($0)") }),
                                 "droppedFrames": .array(runs.map { .number($0) })]),
                "representativeRun": .number(0),
            ]),
        ]))
        for (baseline, current, mean) in [(single, ensemble, 5.0), (ensemble, single, -5.0)] {
            let comparison = ScenarioComparison(name: "s", baseline: baseline, current: current, thresholds: .standard)
            let dropped = try #require(comparison.metrics.first { $0.path == "droppedFrames" })
            let d = try #require(dropped.difference)
            #expect(d.kind == .unpaired && d.mean == mean)
            #expect(abs(d.high - d.low - 2 * 3.182446305284263 * 11.604596790352806 / 2) < 1e-9)
            #expect(dropped.verdict == .unchanged && dropped.moveSeverity == nil, "\(dropped)")
        }
    }
}
