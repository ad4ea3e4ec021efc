import Foundation
import ScrollSimKit
import Testing

/// What a command may write and delete (`OutputGuard`): never an input, never a file directly
/// in a directory of inputs, never one file for two outputs, never a file a former sweep did
/// not write. Each refusal exits 2 naming both paths, and every input is left byte for byte as
/// it was (the files' bytes are read before and after, not taken from the tool).
@Suite struct OutputSafetyTests {
    static func scenario(_ name: String, in directory: String, file: String? = nil) throws -> String {
        try HostileInputTests.scenario(file ?? name, in: directory,
                                       text: HostileInputTests.passing.replacingOccurrences(of: "NAME", with: name))
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func runOverItsOwnScenarioFileIsRefused() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        let before = Self.bytes(file)
        let result = CompareCLI.run(["run", file, "--out", file])
        #expect(result.status == 2)
        #expect(result.err == "Error: cannot write \(file): it is the input \(file); a command never overwrites its input\n")
        #expect(Self.bytes(file) == before)
    }

    @Test func runAndBaselineIntoTheScenarioDirectoryAreRefused() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let scenarios = dir + "/sc"
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        // The scenario file is named as its report would be: run sc --out sc would replace it.
        let file = try Self.scenario("s", in: scenarios)
        let before = Self.bytes(file)
        for command in ["run", "baseline"] {
            let result = CompareCLI.run([command, scenarios, "--out", scenarios])
            #expect(result.status == 2, "\(command)")
            #expect(result.err.contains("cannot write \(scenarios): it is the input directory \(scenarios)"), "\(command): \(result.err)")
        }
        // A link to the directory is the directory.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: scenarios)
        let linked = CompareCLI.run(["run", scenarios, "--out", dir + "/link"])
        #expect(linked.status == 2)
        #expect(linked.err.contains("it is the input directory \(scenarios)"))
        #expect(Self.bytes(file) == before)
        #expect(HostileInputTests.contents(scenarios) == ["s.json"])
    }

    @Test func twoOutputsOfOneFileAreRefused() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        let same = CompareCLI.run(["run", file, "--out", dir + "/r.json", "--trace", dir + "/r.json"])
        #expect(same.status == 2)
        #expect(same.err == "Error: cannot write \(dir)/r.json: the trace of s would be written to the same file as the report of s (\(dir)/r.json); give them different paths\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/r.json"))

        // Scenario "a.trace"'s report and scenario "a"'s trace are both o/a.trace.json.
        let suite = dir + "/suite"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        _ = try Self.scenario("a", in: suite)
        _ = try Self.scenario("a.trace", in: suite, file: "b")
        let collide = CompareCLI.run(["run", suite, "--out", dir + "/o", "--trace", dir + "/o"])
        #expect(collide.status == 2)
        #expect(collide.err.contains("cannot write \(dir)/o/a.trace.json: the trace of a would be written to the same file as the report of a.trace"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/o"))
    }

    @Test func sweepsDeleteOnlyWhatAFormerSweepWrote() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        let out = dir + "/D"
        try FileManager.default.createDirectory(atPath: out + "/reports", withIntermediateDirectories: true)
        try "{}".write(toFile: out + "/reports/mine.json", atomically: true, encoding: .utf8)
        try "mine".write(toFile: out + "/index.html", atomically: true, encoding: .utf8)
        // A shard into a directory that was never a sweep's deletes nothing of it.
        let shard = CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", out, "--shard", "1/2", "-q"])
        #expect(shard.status == 0, "\(shard.err)")
        #expect(Self.bytes(out + "/index.html") == Data("mine".utf8))
        #expect(Self.bytes(out + "/reports/mine.json") == Data("{}".utf8))
        // The whole sweep then replaces the shard's file, and still leaves mine.json.
        let whole = CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", out, "-q"])
        #expect(whole.status == 0, "\(whole.err)")
        #expect(!FileManager.default.fileExists(atPath: out + "/shard.json"))
        #expect(Self.bytes(out + "/reports/mine.json") == Data("{}".utf8))
        // A sweep of fewer variants removes the former sweep's extra report, only that.
        let fewer = CompareCLI.run(["sweep", file, "--vary", "duration=0.5", "--out", out, "-q"])
        #expect(fewer.status == 0, "\(fewer.err)")
        #expect(HostileInputTests.contents(out + "/reports") == ["mine.json", "s-v0.json"])
    }

    @Test func mergeIntoALinkToAShardIsRefused() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        for i in 1...2 {
            let result = CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", dir + "/shard\(i)", "--shard", "\(i)/2", "-q"])
            #expect(result.status == 0, "\(result.err)")
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: dir + "/shard2")
        let merge = CompareCLI.run(["merge", dir + "/shard1", dir + "/shard2", "--out", dir + "/link"])
        #expect(merge.status == 2)
        #expect(merge.err.contains("--out \(dir)/link is also a shard's directory (\(dir)/shard2)"))
        #expect(FileManager.default.fileExists(atPath: dir + "/shard2/shard.json"))
    }

    @Test func mergeRefusesAPlanWhoseNameLeavesTheDirectory() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        let sweep = CompareCLI.run(["sweep", file, "--vary", "duration=0.5,1", "--out", dir + "/whole", "-q"])
        #expect(sweep.status == 0, "\(sweep.err)")
        let plan = dir + "/whole/sweep-plan.json"
        let text = try String(contentsOfFile: plan, encoding: .utf8)
        try text.replacingOccurrences(of: "\"name\": \"s\"", with: "\"name\": \"../../escaped/x\"").write(toFile: plan, atomically: true, encoding: .utf8)
        let merge = CompareCLI.run(["merge", dir + "/whole", "--out", dir + "/merged"])
        #expect(merge.status == 2)
        #expect(merge.err == "Error: \(plan): scenario.name: \"../../escaped/x\" must be 1 to 60 ASCII letters, digits, '-', '_' or '.' (it names the report file)\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/merged"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/escaped"))
    }

    @Test func aDataFileOutsideTheScenarioFolderNeedsAFlag() throws {
        let dir = try CompareCLI.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/sc", withIntermediateDirectories: true)
        try "{\"height\": 80}\n{\"height\": 90}\n".write(toFile: dir + "/shared.jsonl", atomically: true, encoding: .utf8)
        let file = try HostileInputTests.scenario("d", in: dir + "/sc", text: """
            {"schema": 1, "name": "d", "duration": 0.5,
             "content": {"data": "../shared.jsonl", "types": [{"name": "cell", "height": {"fixed": 90}}]}}
            """)
        let refused = CompareCLI.run(["validate", file])
        #expect(refused.status == 2)
        #expect(refused.err == "Error: \(file): content.data: cannot read \"../shared.jsonl\": it is outside the scenario's folder (\(dir)/sc); pass --allow-outside-data to read it\n")
        let allowed = CompareCLI.run(["run", file, "--allow-outside-data", "--out", dir + "/out", "-q"])
        #expect(allowed.status == 0, "\(allowed.err)")
        // The data file is an input too: a trace never replaces it.
        let before = Self.bytes(dir + "/shared.jsonl")
        let over = CompareCLI.run(["run", file, "--allow-outside-data", "--out", dir + "/out", "--trace", dir + "/shared.jsonl", "-q"])
        #expect(over.status == 2)
        #expect(over.err.contains("cannot write \(dir)/shared.jsonl: it is the input"), "\(over.err)")
        #expect(Self.bytes(dir + "/shared.jsonl") == before)
    }

    @Test func abOfAFileAndItsCopyKeepsBothReports() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let a = try Self.scenario("feed", in: dir, file: "a")
        let b = dir + "/a-copy.json"
        try FileManager.default.copyItem(atPath: a, toPath: b)
        let result = CompareCLI.run(["ab", a, b, "--out", dir + "/kept"])
        #expect(result.status == 0, "\(result.err)")
        #expect(HostileInputTests.contents(dir + "/kept") == ["a.feed.json", "b.feed.json"])
        // The same scenario played twice gives the same summary on both sides (the reports
        // differ only in the file they name).
        let sides = try ["a", "b"].map { try JSONParser.parse([UInt8](try #require(Self.bytes(dir + "/kept/\($0).feed.json"))))["summary"] }
        #expect(sides[0] != nil && sides[0] == sides[1])
        #expect(result.out.contains("feed"))
    }

    /// Every file under `directory` with its bytes, by path inside it.
    static func files(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in HostileInputTests.contents(directory) {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = Self.bytes(path)
            }
        }
        return files
    }

    /// A run killed between two renames of its commit (the fault-injection pause after the
    /// first: 30 s, far longer than the test waits) leaves its journal; the next command that
    /// reads there finishes the commit, so report, page and trace are all the new run's —
    /// byte for byte those of the same run made whole elsewhere — never a new report beside
    /// an old page and trace.
    @Test func killedBetweenTwoRenamesTheNextReaderFinishesTheCommit() throws {
        let dir = try CompareCLI.temporaryDirectory()
        for side in ["old", "new"] { try FileManager.default.createDirectory(atPath: dir + "/" + side, withIntermediateDirectories: true) }
        let old = try Self.scenario("feed", in: dir + "/old")
        let new = try HostileInputTests.scenario("feed", in: dir + "/new",
                                                 text: HostileInputTests.passing.replacingOccurrences(of: "NAME", with: "feed").replacingOccurrences(of: "3000", with: "5000"))
        func outputs(_ root: String) -> [String] { ["--out", root + "/reports", "--html", root + "/html", "--trace", root + "/traces"] }
        #expect(CompareCLI.run(["run", old] + outputs(dir + "/o")).status == 0)
        #expect(CompareCLI.run(["run", new] + outputs(dir + "/whole")).status == 0)
        let oldFiles = Self.files(dir + "/o")
        let newFiles = Self.files(dir + "/whole")
        #expect(oldFiles.count >= 3 && oldFiles.keys.sorted() == newFiles.keys.sorted() && oldFiles != newFiles)

        let pipe = Pipe()
        let process = try HistoryConcurrencyTests.spawn(["run", new] + outputs(dir + "/o"),
                                                        environment: ["SCROLLSIM_TEST_COMMIT_PAUSE_MS": "30000"], stderr: pipe)
        var said = ""
        while !said.contains("paused after the first rename") {
            let chunk = pipe.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        #expect(said.contains("commit: paused after the first rename"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        // Killed mid-commit: one file new, the rest old, and the journal says what is left.
        let torn = Self.files(dir + "/o").filter { !$0.key.contains("/.scrollsim-") && !$0.key.hasPrefix(".scrollsim-") }
        #expect(torn.filter { $0.value != oldFiles[$0.key] }.count == 1, "one file renamed before the kill")

        // The next command that reads a report there finishes it.
        let report = CompareCLI.run(["compare", dir + "/o/reports/feed.json", dir + "/whole/reports/feed.json", "--output", dir + "/cmp.md"])
        #expect(report.status == 0, "\(report.err)")
        // All new: every file differs from the old run's (the fling differs), the report's
        // summary is the whole run's (its harness figures are wall-clock, the rest is
        // deterministic), and no journal, backup or temporary file is left.
        let after = Self.files(dir + "/o")
        #expect(after.keys.sorted() == newFiles.keys.sorted(), "\(after.keys.sorted())")
        for (name, bytes) in after { #expect(bytes != oldFiles[name], "\(name) is still the old run's") }
        let summaries = try [after, newFiles].map { try JSONParser.parse([UInt8](try #require($0["reports/feed.json"])))["summary"] }
        #expect(summaries[0] != nil && summaries[0] == summaries[1])
    }
}
