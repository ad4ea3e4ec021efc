import Foundation
import ScrollSimKit
import Testing

/// Hostile input and faults through the whole tool: suites that fail write nothing, a write
/// that fails half-way (a file-size limit, as a full disk would) leaves nothing, a killed run
/// leaves the previous report or the new one and nothing else once the next run has swept,
/// devices and FIFOs are named for what they are, and huge or degenerate input is refused or
/// played within seconds.
@Suite struct HostileInputTests {
    static let passing = """
    {"schema": 1, "name": "NAME", "duration": 1,
     "content": {"count": 50, "types": [{"name": "cell", "height": {"fixed": 90}}]},
     "script": [{"at": 0, "fling": {"velocity": 3000}}]}
    """

    static func scenario(_ name: String, in directory: String, text: String? = nil) throws -> String {
        let path = (directory as NSString).appendingPathComponent("\(name).json")
        try (text ?? passing.replacingOccurrences(of: "NAME", with: name)).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func contents(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
    }

    /// The built `scrollsim`, for tests that need a process of its own (signals, limits): the
    /// one built beside this test executable (so a sanitizer build under its own
    /// `--build-path` spawns its own instrumented tool), else `.build/debug/scrollsim`.
    static var binary: String? {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scrollsim").path
        let candidates = [beside, CompareCLI.path(".build/debug/scrollsim")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func spawn(_ arguments: [String], shell: String? = nil) throws -> Process {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", shell, "scrollsim"] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: try #require(binary))
            process.arguments = arguments
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = Pipe()
        try process.run()
        return process
    }

    @Test func aSuiteWithABadSecondScenarioWritesNothing() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let out = dir + "/out"
        let good = try Self.scenario("a-good", in: dir)
        let bad = try Self.scenario("b-bad", in: dir, text: Self.passing.replacingOccurrences(of: "NAME", with: String(repeating: "x", count: 300)))
        let result = CompareCLI.run(["run", good, bad, "--out", out])
        #expect(result.status == 2)
        #expect(result.err.contains("b-bad.json: name: \"xxxx"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func namesUsedTwiceAreRefusedByValidateAndRunAlike() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let first = try Self.scenario("one", in: dir)
        let second = try Self.scenario("two", in: dir, text: Self.passing.replacingOccurrences(of: "NAME", with: "one"))
        let expected = "Error: \(second): name \"one\" is also used by \(first); report files would collide\n"
        let validate = CompareCLI.run(["validate", "-q", first, second])
        #expect(validate.status == 2)
        #expect(validate.err == expected)
        let run = CompareCLI.run(["run", first, second, "--out", dir + "/out"])
        #expect(run.status == 2)
        #expect(run.err == expected)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func anUnwritablePageDirectoryIsFoundBeforeAnyRun() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        try "not a directory".write(toFile: dir + "/html", atomically: true, encoding: .utf8)
        let result = CompareCLI.run(["run", file, "--out", dir + "/out", "--html", dir + "/html/pages"])
        #expect(result.status == 2)
        #expect(result.err == "Error: cannot write \(dir)/html/pages: \(dir)/html is a file, not a directory\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func warningsGoToStandardErrorAndExitZero() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let text = Self.passing.replacingOccurrences(of: "NAME", with: "w")
            .replacingOccurrences(of: #""height": {"fixed": 90}"#, with: #""height": {"fixed": 90}, "asyncContent": {"latencyMs": 0.3, "start": "task"}"#)
        let file = try Self.scenario("w", in: dir, text: text)
        let validate = CompareCLI.run(["validate", "-q", file])
        #expect(validate.status == 0)
        #expect(validate.err == "warning: \(file): content.types[0].asyncContent.latencyMs: 0.3 ms is under 1 ms; latencies are in milliseconds (0.3 s would be 300)\n")
        let silenced = try Self.scenario("w", in: dir, text: text.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": 1, "silence": ["content.types[*].asyncContent.latencyMs"],"#))
        #expect(CompareCLI.run(["validate", "-q", silenced]).err == "")
    }

    @Test func aLimitIsRaisedByNameForValidateAndRunAlike() throws {
        let dir = try CompareCLI.temporaryDirectory()
        // 1,563 elements × 64 children = 100,032 rows in an eager stack: over 100,000.
        let file = try Self.scenario("e", in: dir, text: """
            {"schema": 1, "name": "e", "duration": 0.05, "stack": {"kind": "vStack"},
             "content": {"count": 1563, "types": [{"name": "cell", "height": {"fixed": 1}}, {"name": "wide", "weight": 0, "children": 64, "height": {"fixed": 1}}]}}
            """)
        let refused = CompareCLI.run(["validate", file])
        #expect(refused.status == 2)
        #expect(refused.err == "Error: \(file): stack.kind: an eager vStack builds every row in its first frame: 1,563 elements × 64 children (content.types[1].children) = 100,032 rows, over the limit of 100,000 rows (raise it with --limit eager-rows=N)\n")
        #expect(CompareCLI.run(["run", file, "--out", dir + "/out"]).err == refused.err)
        #expect(CompareCLI.run(["validate", "-q", file, "--limit", "eager-rows=100032"]).status == 0)
        let usage = CompareCLI.run(["validate", file, "--limit", "eager-row=5"])
        #expect(usage.status == 2)
        #expect(usage.err.hasPrefix("Error: --limit: unknown limit 'eager-row' (did you mean 'eager-rows'?)"))
    }

    @Test func emptyOutputPathsAreUsageErrors() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        let result = CompareCLI.run(["run", file, "--out", ""])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("Error: --out is empty; give a path\n"))
        #expect(CompareCLI.run(["validate", ""]).err == "Error: \"\": an empty path names no scenario file or directory\n")
    }

    @Test func devicesFIFOsAndDirectoriesAreNamedForWhatTheyAre() throws {
        let dir = try CompareCLI.temporaryDirectory()
        #expect(CompareCLI.run(["validate", "/dev/null"]).err == "Error: /dev/null: cannot read the file: not a regular file (a character device)\n")
        let fifo = dir + "/pipe.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(CompareCLI.run(["validate", fifo]).err == "Error: \(fifo): cannot read the file: not a regular file (a FIFO)\n")
        #expect(CompareCLI.run(["compare", fifo, fifo]).err.contains("\(fifo): cannot read the file: not a regular file (a FIFO)"))
        #expect(CompareCLI.run(["compare", "/dev/null", "/dev/null"]).err.contains("/dev/null: cannot read the file: not a regular file (a character device)"))
        let thresholds = CompareCLI.run(["compare", CompareCLI.path("Reports/baseline/origami-lazy.json"), CompareCLI.path("Reports/baseline/origami-lazy.json"), "--thresholds", dir])
        #expect(thresholds.err == "Error: \(dir): cannot read the file: is a directory, not a file\n")
        for result in [CompareCLI.run(["validate", fifo]), thresholds] {
            #expect(!result.err.contains("Domain"), "no Foundation error domains")
        }
    }

    /// A 24 MB scenario is refused by the size limit before it is read.
    @Test(.timeLimit(.minutes(1))) func aHugeScenarioIsRefusedBeforeItIsRead() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = dir + "/huge.json"
        let body = String(repeating: " ", count: 24 * 1_048_576)
        try ("{" + body + "}").write(toFile: file, atomically: true, encoding: .utf8)
        let started = Date()
        let result = CompareCLI.run(["validate", file])
        // 24 MiB of spaces and the two braces: 25,165,826 bytes.
        #expect(result.err == "Error: \(file): is 25,165,826 bytes, over the limit of 8,388,608 bytes (raise it with --limit file-bytes=N)\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// A write that fails half-way — here the process's file-size limit (`ulimit -f`), as a full
    /// disk would — leaves nothing: neither the report written before the pages nor a page.
    @Test func aWriteThatFailsLeavesNothingBehind() throws {
        guard Self.binary != nil else {
            Issue.record("no scrollsim built beside the tests or in .build/debug to run in a process of its own")
            return
        }
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("s", in: dir)
        // The previous report is one ScrollSim wrote (a file it did not write is never replaced).
        #expect(CompareCLI.run(["run", file, "--out", dir + "/out", "--quiet"]).status == 0)
        let previous = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/s.json"))
        // 16 blocks of 1 KiB: too small for the report or for its page, whichever is written first.
        let process = try Self.spawn([try #require(Self.binary), "run", file, "--out", dir + "/out", "--html", dir + "/html"],
                                     shell: #"trap '' XFSZ; ulimit -f 16; exec "$1" "${@:2}""#)
        process.waitUntilExit()
        let err = String(decoding: (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(process.terminationStatus == 2)
        #expect(err.contains("too large for the file system or the process's file-size limit"), "\(err)")
        #expect(Self.contents(dir + "/out") == ["s.json"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/out/s.json")) == previous)
        #expect(!FileManager.default.fileExists(atPath: dir + "/html"))
    }

    /// Killed at any moment, a run leaves the previous report or the complete new one, and at
    /// most its own temporary file, which the next run into the directory removes.
    @Test func aKilledRunLeavesThePreviousReportOrTheNewOne() throws {
        guard Self.binary != nil else {
            Issue.record("no scrollsim built beside the tests or in .build/debug to run in a process of its own")
            return
        }
        let dir = try CompareCLI.temporaryDirectory()
        let file = CompareCLI.path("Scenarios/origami-lazy.json")
        let out = dir + "/out"
        // The previous report is one ScrollSim wrote (a file it did not write is never replaced).
        #expect(CompareCLI.run(["run", file, "--out", out, "--quiet"]).status == 0)
        let previous = try String(contentsOfFile: out + "/origami-lazy.json", encoding: .utf8)
        for delay in [0.05, 0.2, 0.5, 1.0, 2.0] {
            let process = try Self.spawn(["run", file, "--out", out, "--quiet"])
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let report = try String(contentsOfFile: out + "/origami-lazy.json", encoding: .utf8)
            #expect(report == previous || (try? Report.load(path: out + "/origami-lazy.json")) != nil, "killed after \(delay) s: a partial report")
            #expect(Self.contents(out).allSatisfy { $0 == "origami-lazy.json" || $0.hasPrefix(".scrollsim-") }, "\(Self.contents(out))")
        }
        let finished = try Self.spawn(["run", file, "--out", out, "--quiet"])
        finished.waitUntilExit()
        #expect(finished.terminationStatus == 0)
        #expect(Self.contents(out) == ["origami-lazy.json"], "the next run swept what the killed ones left")
    }

    /// Rows of height 0 with spacing 0 put every row in the viewport's reach at once: none of
    /// them fills it, so a lazy stack builds them all in its first frame (as Compose documents
    /// for 0-pixel items). Worked out by hand for 20,000 rows: 20,000 builds; row 0 is the one
    /// that appears; the other 19,999 are evicted to the keep-alive cache the same frame; the
    /// cache holds 64 views, so 19,999 − 64 = 19,935 are released, oldest first; the peak is
    /// every row at once. Eviction over the cache cap used to be one scan of the residents
    /// per destroyed view (quadratic); how long a million such rows take end to end is a
    /// speed target, measured by `scrollsim bench --workloads zero-height-1M` (README), not
    /// by a timed test.
    @Test func zeroHeightRowsAreAllBuiltThenCachedAndReleased() throws {
        let dir = try CompareCLI.temporaryDirectory()
        let file = try Self.scenario("flat", in: dir, text: """
            {"schema": 1, "name": "flat", "duration": 1, "stack": {"spacing": 0},
             "content": {"count": 20000, "types": [{"name": "empty", "height": {"fixed": 0}}]},
             "script": [{"at": 0, "fling": {"velocity": 3000}}]}
            """)
        let run = ToolRun(["run", file, "--out", dir + "/out", "--quiet"])
        #expect(run.status == 0, "\(run.err)")
        let report = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/out/flat.json"))))
        let counts = report["events"]?["counts"]
        #expect(counts?["build"]?.numberValue == 20_000)
        #expect(counts?["appear"]?.numberValue == 1)
        #expect(counts?["evict"]?.numberValue == 19_999)
        #expect(counts?["release"]?.numberValue == 19_935)
        #expect(report["summary"]?["peakResidentViews"]?.numberValue == 20_000)
        // Nothing can move: the content is 0 pt high, so the fling's frames are not hitches.
        #expect(report["summary"]?["droppedFrames"]?.numberValue == 0)
    }
}
