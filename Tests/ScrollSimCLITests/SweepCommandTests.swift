import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimKit

/// `scrollsim sweep` and `scrollsim merge` on a shipped scenario.
@Suite struct SweepCommandTests {
    /// 10 durations × 10 seeds = 100 variants of a shipped scenario, each a fraction of a second.
    static let vary = ["--vary", "duration=0.05,0.06,0.07,0.08,0.09,0.1,0.11,0.12,0.13,0.14", "--vary", "seed=1,2,3,4,5,6,7,8,9,10"]
    static var scenario: String { Paths.root.appendingPathComponent("Scenarios/origami-lazy.json").path }

    /// Runs the tool with `environment` as the process environment.
    func run(_ arguments: [String], environment: [String: String] = [:]) -> CompareCLI.Result {
        let capture = CompareCLI.Capture()
        let console = Console(out: { capture.out += $0 }, err: { capture.err += $0 }, environment: environment)
        let status = ScrollSimCLI.main(arguments: arguments, console: console)
        return CompareCLI.Result(status: status, out: capture.out, err: capture.err)
    }

    /// Every file under `directory`, by relative path, with its bytes.
    func files(_ directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory))
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return result
    }

    @Test func hundredVariantsShardedFourWaysMergeToTheWholeSweep() throws {
        let directory = try Paths.temporaryDirectory().path
        let whole = directory + "/whole"
        let one = run(["sweep", Self.scenario, "--out", whole, "-q"] + Self.vary)
        #expect(one.status == 0, "\(one.err)")
        let wholeFiles = try files(whole)
        // 100 reports, 100 variant pages, sweep-plan.json and the four summary files.
        #expect(wholeFiles.count == 205)
        #expect(wholeFiles["pages/origami-lazy-v00.html"] != nil && wholeFiles["pages/origami-lazy-v99.html"] != nil)
        #expect(wholeFiles["reports/origami-lazy-v00.json"] != nil && wholeFiles["reports/origami-lazy-v99.json"] != nil)
        #expect(wholeFiles["summary.csv"].map { String(decoding: $0, as: UTF8.self).split(separator: "\n").count } == 101)

        // Variant 37 is duration 0.08 (position 3) and seed 8 (position 7).
        let report = try JSONValue.parse(try #require(wholeFiles["reports/origami-lazy-v37.json"]))
        #expect(report["scenario"]?["variant"] == .object(["duration": .number(0.08), "seed": .number(8)]))
        #expect(report["scenario"]?["name"] == .string("origami-lazy-v37"))
        #expect(report["harness"] == nil, "sweep reports leave out the harness section")
        // A hash of each variant's own scenario: 100 variants, 100 hashes.
        let hashes = try (0..<100).map { k in
            try JSONValue.parse(try #require(wholeFiles[String(format: "reports/origami-lazy-v%02d.json", k)]))["scenario"]?["contentHash"]?.stringValue ?? ""
        }
        #expect(Set(hashes).count == 100)

        var shardDirectories: [String] = []
        for i in 1...4 {
            let out = directory + "/shard\(i)"
            let shard = run(["sweep", Self.scenario, "--out", out, "--shard", "\(i)/4", "-q", "--jobs", "2"] + Self.vary)
            #expect(shard.status == 0, "\(shard.err)")
            shardDirectories.append(out)
        }
        // Shard 2/4 holds the variants k with k mod 4 = 1: 1, 5, …, 97, 25 of them.
        let second = try files(shardDirectories[1])
        let expected = Set(stride(from: 1, to: 100, by: 4).map { String(format: "reports/origami-lazy-v%02d.json", $0) })
        #expect(Set(second.keys.filter { $0.hasPrefix("reports/") }) == expected)
        #expect(second["summary.json"] == nil)

        let merged = directory + "/merged"
        // The shards in any order.
        let merge = run(["merge", shardDirectories[2], shardDirectories[0], shardDirectories[3], shardDirectories[1], "--out", merged])
        #expect(merge.status == 0, "\(merge.err)")
        let mergedFiles = try files(merged)
        #expect(mergedFiles.keys.sorted() == wholeFiles.keys.sorted())
        for (name, bytes) in wholeFiles {
            #expect(mergedFiles[name] == bytes, "\(name) differs between the merge and the whole sweep")
        }

        // The same shards from GitLab's variables (1-based index).
        for i in 1...4 {
            let out = directory + "/gitlab\(i)"
            let shard = run(["sweep", Self.scenario, "--out", out, "-q"] + Self.vary, environment: ["CI_NODE_INDEX": "\(i)", "CI_NODE_TOTAL": "4"])
            #expect(shard.status == 0, "\(shard.err)")
            #expect(shard.err.contains("shard \(i)/4 from GitLab CI (CI_NODE_INDEX=\(i), CI_NODE_TOTAL=4): 25 of 100 variants"), "\(shard.err)")
            #expect(try files(out) == files(shardDirectories[i - 1]), "shard \(i) from the environment")
        }

        // A shard missing, or given twice, is refused and nothing is written.
        let missing = run(["merge", shardDirectories[0], shardDirectories[1], shardDirectories[3], "--out", directory + "/partial"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("shard 3/4 is missing"), "\(missing.err)")
        let twice = run(["merge", shardDirectories[0], shardDirectories[1], shardDirectories[1], shardDirectories[3], "--out", directory + "/partial"])
        #expect(twice.status == 2)
        #expect(twice.err.contains("shard 2/4 is given twice"), "\(twice.err)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/partial"))
    }

    @Test func shardsOfDifferentSweepsAreRefused() throws {
        let directory = try Paths.temporaryDirectory().path
        let a = run(["sweep", Self.scenario, "--out", directory + "/a", "--shard", "1/2", "--vary", "duration=0.05,0.06"])
        let b = run(["sweep", Self.scenario, "--out", directory + "/b", "--shard", "2/2", "--vary", "duration=0.05,0.07"])
        #expect(a.status == 0 && b.status == 0, "\(a.err)\(b.err)")
        let merge = run(["merge", directory + "/a", directory + "/b", "--out", directory + "/m"])
        #expect(merge.status == 2)
        #expect(merge.err.contains("not shards of one sweep"), "\(merge.err)")
    }

    @Test func badKeyPathsAndValuesExitTwoNamingThemAndWriteNothing() throws {
        let directory = try Paths.temporaryDirectory().path
        let out = directory + "/out"
        let value = run(["sweep", Self.scenario, "--out", out, "--vary", "content.count=10,zero"])
        #expect(value.status == 2)
        #expect(value.err.contains("origami-lazy.json (variant 1: content.count=\"zero\"): content.count: expected an integer, found a string"), "\(value.err)")
        let path = run(["sweep", Self.scenario, "--out", out, "--vary", "content.types[3].height=1"])
        #expect(path.status == 2)
        #expect(path.err.contains("key path \"content.types[3].height\": content.types has 1 item"), "\(path.err)")
        let nothing = run(["sweep", Self.scenario, "--out", out])
        #expect(nothing.status == 2)
        #expect(nothing.err.contains("nothing to vary"), "\(nothing.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The by-name form compare and ab print (`content.types[step].bodyMs`) is accepted and sets
    /// the same value as the position form; an unknown name is refused with the names there.
    @Test func byNamePathsAreAcceptedAsComparePrintsThem() throws {
        let directory = try Paths.temporaryDirectory().path
        let byName = run(["sweep", Self.scenario, "--out", directory + "/name", "--vary", "content.types[step].bodyMs=0.5,1", "--vary", "duration=0.05", "--quiet"])
        #expect(byName.status == 0, "\(byName.err)")
        let byIndex = run(["sweep", Self.scenario, "--out", directory + "/index", "--vary", "content.types[0].bodyMs=0.5,1", "--vary", "duration=0.05", "--quiet"])
        #expect(byIndex.status == 0, "\(byIndex.err)")
        // Same variants, same scenarios played: the reports' contentHash and summaries agree.
        for variant in ["origami-lazy-v0.json", "origami-lazy-v1.json"] {
            let a = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/name/reports/" + variant))))
            let b = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/index/reports/" + variant))))
            #expect(a["scenario"]?["contentHash"] != nil && a["scenario"]?["contentHash"] == b["scenario"]?["contentHash"], "\(variant)")
            #expect(a["summary"] == b["summary"], "\(variant)")
        }
        let unknown = run(["sweep", Self.scenario, "--out", directory + "/unknown", "--vary", "content.types[reel].bodyMs=1"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("content.types has no element named \"reel\" (its names are \"step\")"), "\(unknown.err)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/unknown"))
    }

    @Test func sweepFileGivesTheAxesMetricAndObjective() throws {
        let directory = try Paths.temporaryDirectory().path
        let file = directory + "/sweep.json"
        try #"{"vary": [{"key": "duration", "values": [0.05, 0.1]}, "seed=1,2"], "metric": "frameWorkMs.p99", "objective": "max"}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = run(["sweep", Self.scenario, "--sweep", file, "--out", directory + "/out", "-q"])
        #expect(result.status == 0, "\(result.err)")
        let plan = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/out/sweep-plan.json")))
        #expect(plan["metric"] == .string("frameWorkMs.p99"))
        #expect(plan["objective"] == .string("max"))
        #expect(plan["variants"] == .number(4))
        let summary = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/out/summary.json")))
        // The best of a max objective has the highest p99 of the four.
        let values = try #require(summary["variants"]?.arrayValue).compactMap { $0["value"]?.numberValue }
        #expect(values.count == 4)
        #expect(abs((summary["best"]?["value"]?.numberValue ?? -1) - (values.max() ?? -2)) < 1e-9)

        try #"{"vary": [{"key": "duration", "values": [0.05]}], "objective": "lowest"}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let bad = run(["sweep", Self.scenario, "--sweep", file, "--out", directory + "/bad"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("sweep.json: objective lowest: expected min or max"), "\(bad.err)")
    }

    /// A report file read as the sweep reads it (`Report(path:root:)`; `Report.load`'s strict
    /// check refuses an ensemble's mean counts, which are not whole, as of this writing).
    static func report(_ path: String) throws -> Report {
        try Report(path: path, root: JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Issue 41's acceptance case, smaller: the shipped feed-reel example (scripts/sweeps) over
    /// three reel body costs, each variant an ensemble of 5 runs. The table shows each
    /// variant's runs and mean ± interval; every variant's runs drew from the same seeds (so
    /// they pair); `best` is what `SweepChoice` makes of the runs the reports hold; and the
    /// files are the same bytes for 1 or 4 jobs, and from two shards merged.
    @Test func ensembleSweepOfTheReelExampleShowsIntervalsAndChoosesBySignificance() throws {
        let directory = try Paths.temporaryDirectory().path
        let scenario = Paths.root.appendingPathComponent("scripts/sweeps/scenarios/feed-reel.json").path
        let arguments = ["sweep", scenario, "--vary", "content.types[1].bodyMs=3.5,6,8", "--metric", "droppedFrames", "--runs", "5"]
        let one = run(arguments + ["--out", directory + "/one", "--jobs", "1"])
        #expect(one.status == 0, "\(one.err)")
        let lines = one.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("variant") == true && lines.first?.contains("runs") == true, "\(one.out)")
        for k in 0..<3 {
            let line = try #require(lines.first { $0.hasPrefix("feed-reel-v\(k)") })
            #expect(line.contains(" 5 ") && line.contains(" ± "), "\(line)")
        }

        var candidates: [SweepChoice.Candidate] = []
        var seeds: [[String]] = []
        for k in 0..<3 {
            let report = try Self.report(directory + "/one/reports/feed-reel-v\(k).json")
            let ensemble = try #require(report.ensemble)
            #expect(report.root["schema"] == .number(2) && ensemble.runs == 5)
            seeds.append(ensemble.seeds)
            candidates.append(SweepChoice.Candidate(index: k, runs: try #require(ensemble.values["droppedFrames"]),
                                                    draws: zip(ensemble.indexes, ensemble.seeds).map { "\($0)/\($1)" }))
        }
        // Run i of every variant drew from the same seed: the variants pair.
        #expect(seeds[0] == seeds[1] && seeds[1] == seeds[2])
        let choice = try #require(SweepChoice.choose(candidates, objective: .min))
        #expect(choice.others.allSatisfy { $0.difference.kind == .paired })
        let summary = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/one/summary.json")))
        #expect(summary["runs"] == .number(5))
        #expect(summary["choice"]?["significant"] == .bool(choice.isSignificant))
        #expect(summary["choice"]?["leader"]?["index"] == .number(Double(choice.leader)))
        if let best = choice.best {
            #expect(summary["best"]?["index"] == .number(Double(best)))
            #expect(one.out.contains("best (min droppedFrames): feed-reel-v\(best): ") && one.out.contains("significantly lower than every other variant"), "\(one.out)")
        } else {
            #expect(summary["best"] == .null)
            #expect(one.out.contains("no variant is significantly lower than the others"), "\(one.out)")
        }
        for variant in try #require(summary["variants"]?.arrayValue) {
            #expect(variant["runs"] == .number(5))
            let interval = try #require(variant["intervals"]?["droppedFrames"])
            let mean = try #require(variant["summary"]?["droppedFrames"]?.numberValue)
            #expect((interval["low"]?.numberValue ?? .nan) <= mean && mean <= (interval["high"]?.numberValue ?? .nan))
        }
        let csvHeader = try String(contentsOfFile: directory + "/one/summary.csv", encoding: .utf8).split(separator: "\n").first ?? ""
        #expect(csvHeader.contains(",tied,runs,") && csvHeader.contains(",droppedFrames,droppedFrames.low,droppedFrames.high,"))
        #expect(try String(contentsOfFile: directory + "/one/index.html", encoding: .utf8).contains("id=\"intervals-section\""))

        let four = run(arguments + ["--out", directory + "/four", "--jobs", "4", "-q"])
        #expect(four.status == 0, "\(four.err)")
        #expect(try files(directory + "/four") == files(directory + "/one"), "the same files for 1 and 4 jobs")
        for i in 1...2 {
            let shard = run(arguments + ["--out", directory + "/shard\(i)", "--shard", "\(i)/2", "-q"])
            #expect(shard.status == 0, "\(shard.err)")
        }
        let merge = run(["merge", directory + "/shard1", directory + "/shard2", "--out", directory + "/merged"])
        #expect(merge.status == 0, "\(merge.err)")
        #expect(try files(directory + "/merged") == files(directory + "/one"), "two shards merged are the whole sweep")
        // Shards played with another run count are another sweep.
        let other = run(arguments.dropLast() + ["3", "--out", directory + "/other", "--shard", "2/2", "-q"])
        #expect(other.status == 0, "\(other.err)")
        let mixed = run(["merge", directory + "/shard1", directory + "/other", "--out", directory + "/mixed"])
        #expect(mixed.status == 2 && mixed.err.contains("not shards of one sweep"), "\(mixed.err)")
    }

    /// Without --runs a variant plays as its file says: an `ensemble.runs` of 3 gives schema-2
    /// reports of 3 runs (and no run count in the plan); --runs 1 gives the single runs, whose
    /// summary has no intervals, no runs column, and the best value as ever.
    @Test func theScenariosOwnEnsembleRunsApplyAndRunsOneIsTheSingleRun() throws {
        let directory = try Paths.temporaryDirectory().path
        var root = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: Self.scenario)))
        guard case .object(var object) = root else { Issue.record("not an object"); return }
        object["ensemble"] = .object(["runs": .number(3)])
        root = .object(object)
        let file = directory + "/origami-ensemble.json"
        try JSONWriter().string(root).write(toFile: file, atomically: true, encoding: .utf8)

        let ensemble = run(["sweep", file, "--vary", "duration=0.05,0.1", "--out", directory + "/e", "-q"])
        #expect(ensemble.status == 0, "\(ensemble.err)")
        let report = try Self.report(directory + "/e/reports/origami-lazy-v0.json")
        #expect(report.ensemble?.runs == 3)
        let plan = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/e/sweep-plan.json")))
        #expect(plan["runs"] == nil)

        let single = run(["sweep", file, "--vary", "duration=0.05,0.1", "--runs", "1", "--out", directory + "/s"])
        #expect(single.status == 0, "\(single.err)")
        #expect(try Self.report(directory + "/s/reports/origami-lazy-v0.json").ensemble == nil)
        #expect(!single.out.contains("±") && !single.out.split(separator: "\n")[0].contains("runs"), "\(single.out)")
        let summary = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: directory + "/s/summary.json")))
        #expect(summary["choice"] == nil && summary["best"]?["name"] != nil)
    }

    @Test func aBadRunCountIsRefusedNamingIt() throws {
        let directory = try Paths.temporaryDirectory().path
        let flag = run(["sweep", Self.scenario, "--vary", "duration=0.05", "--runs", "0", "--out", directory + "/a"])
        #expect(flag.status == 2)
        #expect(flag.err.contains("--runs 0: expected a whole number from 1 to 10000"), "\(flag.err)")
        let file = directory + "/sweep.json"
        try #"{"vary": ["duration=0.05"], "runs": 0}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let key = run(["sweep", Self.scenario, "--sweep", file, "--out", directory + "/b"])
        #expect(key.status == 2)
        #expect(key.err.contains("sweep.json: runs:"), "\(key.err)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/a") && !FileManager.default.fileExists(atPath: directory + "/b"))
    }
}
