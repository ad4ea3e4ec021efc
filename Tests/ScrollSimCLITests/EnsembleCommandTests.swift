import Foundation
import ScrollSimKit
import Testing

/// `--runs N` on `run` and `ab`, and `compare` of ensembles' report files: what a user sees.
@Suite struct EnsembleCommandTests {
    /// A short list of cards with jitter, and its copy with a heavier body.
    static func scenarios(in directory: String) throws -> (light: String, heavy: String) {
        func text(_ name: String, _ bodyMs: Double) -> String {
            """
            {"schema": 1, "name": "\(name)", "seed": 3, "duration": 1.5,
             "stack": {"kind": "lazyVStack", "prefetch": {"policy": "chunked"}},
             "content": {"count": 200, "types": [
               {"name": "card", "height": {"fixed": 300}, "initMs": 0.5, "bodyMs": \(bodyMs), "layoutMs": 2, "jitter": 0.3, "memory": {"view": 1000}},
               {"name": "text", "height": {"fixed": 80}, "bodyMs": 0.2, "layoutMs": 0.2, "jitter": 0.3, "memory": {"view": 500}}]},
             "script": [{"at": 0.1, "fling": {"velocity": 5000}}],
             "budgets": {"droppedFrames": {"p90": 100}, "launch.workMs": 1000}}
            """
        }
        let light = (directory as NSString).appendingPathComponent("light.json")
        let heavy = (directory as NSString).appendingPathComponent("heavy.json")
        try text("cards", 3).write(toFile: light, atomically: true, encoding: .utf8)
        try text("cards", 5).write(toFile: heavy, atomically: true, encoding: .utf8)
        return (light, heavy)
    }

    @Test func runWithRunsWritesAnEnsemblesReportAndSaysSo() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let (light, _) = try Self.scenarios(in: directory)
        let out = (directory as NSString).appendingPathComponent("out")
        let run = CompareCLI.run(["run", light, "--runs", "6", "--out", out])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("  ensemble     6 runs: each figure is the mean ± half its 95 % interval"), "\(run.out)")
        #expect(run.out.contains("budgets: droppedFrames p90 "), "\(run.out)")
        #expect(run.out.contains("cause (mean of 6 runs): "), "\(run.out)")
        let report = try Report.load(path: (out as NSString).appendingPathComponent("cards.json"))
        #expect(report.ensemble?.runs == 6 && report.root["schema"]?.numberValue == 2)
        // The same run again: the same bytes outside the harness section.
        let again = (directory as NSString).appendingPathComponent("again")
        #expect(CompareCLI.run(["run", light, "--runs", "6", "--out", again, "--jobs", "1"]).status == 0)
        func withoutHarness(_ path: String) throws -> JSONValue {
            var root = try #require(try Report.load(path: path).root.objectValue)
            root["harness"] = nil
            return .object(root)
        }
        #expect(try withoutHarness((out as NSString).appendingPathComponent("cards.json")) == withoutHarness((again as NSString).appendingPathComponent("cards.json")))
    }

    @Test func aBadRunCountIsAUsageError() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let (light, _) = try Self.scenarios(in: directory)
        for bad in ["0", "-3", "many", "10001"] {
            let run = CompareCLI.run(["run", light, "--runs", bad, "--out", directory])
            #expect(run.status == 2 && run.err.contains("--runs \(bad): expected a whole number from 1 to 10000"), "\(run.err)")
        }
    }

    /// A heavier body costs more launch work in every pair: a regression with its interval;
    /// and the lists compared with themselves move nothing.
    @Test func abWithRunsJudgesByPairedDifferencesAndPrintsTheInterval() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let (light, heavy) = try Self.scenarios(in: directory)
        let ab = CompareCLI.run(["ab", light, heavy, "--runs", "8"])
        #expect(ab.status == 1, "\(ab.err)")
        #expect(ab.out.contains("95 % interval"), "\(ab.out)")
        #expect(ab.out.contains("(8 pairs)"), "\(ab.out)")
        let line = try #require(ab.out.split(separator: "\n").first { $0.contains("launch.workMs") })
        #expect(line.contains("regressed"), "\(line)")
        let same = CompareCLI.run(["ab", light, light, "--runs", "8"])
        #expect(same.status == 0, "\(same.out)")

        // compare reads the two ensembles' files and judges them the same way (JSON shows the
        // interval of each metric).
        let out = (directory as NSString).appendingPathComponent("kept")
        #expect(CompareCLI.run(["ab", light, heavy, "--runs", "8", "--out", out]).status == 1)
        let compare = CompareCLI.run(["compare", (out as NSString).appendingPathComponent("a.cards.json"), (out as NSString).appendingPathComponent("b.cards.json"),
                                      "--format", "json"])
        #expect(compare.status == 1, "\(compare.err)")
        let json = try JSONValue.parse(Data(compare.out.utf8))
        let metrics = try #require(json["scenarios"]?.arrayValue?.first?["metrics"]?.arrayValue)
        let launch = try #require(metrics.first { $0["metric"]?.stringValue == "launch.workMs" })
        #expect(launch["difference"]?["kind"]?.stringValue == "paired")
        #expect(launch["difference"]?["count"]?.numberValue == 8)
        #expect(launch["difference"]?["significant"] == .bool(true))
        #expect((launch["difference"]?["low"]?.numberValue ?? 0) > 0)
    }
}

/// `check-model` of an ensemble: its own trace (the representative run's) checks at 0.0 %, and
/// each trace is placed within the predicted runs.
@Suite struct EnsembleCheckModelTests {
    @Test func anEnsemblesOwnTraceChecksExactlyAndIsPlacedAmongTheRuns() throws {
        let directory = try CompareCLI.temporaryDirectory()
        let (light, _) = try EnsembleCommandTests.scenarios(in: directory)
        let trace = (directory as NSString).appendingPathComponent("t.json")
        let run = CompareCLI.run(["run", light, "--runs", "5", "--out", (directory as NSString).appendingPathComponent("out"), "--trace", trace])
        #expect(run.status == 0, "\(run.err)")
        let check = CompareCLI.run(["check-model", light, "--runs", "5", "--from", trace, "--from", trace])
        #expect(check.status == 0, "\(check.err)")
        #expect(check.out.contains("model check against run "), "\(check.out)")
        let table = check.out.split(separator: "\n").filter { $0.hasSuffix("%") }
        #expect(table.count >= 3 && table.allSatisfy { $0.hasSuffix(" 0.0 %") }, "\(check.out)")
        #expect(check.out.contains("against 5 predicted runs"), "\(check.out)")
        // Two traces, placed one by one.
        #expect(check.out.contains("measured 2 traces: "), "\(check.out)")
    }
}
