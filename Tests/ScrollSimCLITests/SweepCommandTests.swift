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
}
