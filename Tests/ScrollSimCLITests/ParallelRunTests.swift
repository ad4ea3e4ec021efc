import Foundation
import Testing
@testable import ScrollSimCLI
import ScrollSimKit

/// `scrollsim run --jobs N` writes the same reports as one job at a time.
@Suite struct ParallelRunTests {
    /// A report's text without its `harness` section (timings and allocator figures, the one
    /// part a run may change). The writer puts each top-level key on a line of its own at two
    /// spaces, so the section runs from `  "harness": {` to the next `  },`.
    static func withoutHarness(_ text: String) -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "  \"harness\": {" { skipping = true; continue }
            if skipping {
                if line == "  }," || line == "  }" { skipping = false }
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    @Test func harnessSectionIsTheOnlyPartLeftOut() {
        let text = "{\n  \"events\": {\n    \"a\": 1\n  },\n  \"harness\": {\n    \"loopMs\": 2\n  },\n  \"schema\": 1\n}\n"
        #expect(Self.withoutHarness(text) == "{\n  \"events\": {\n    \"a\": 1\n  },\n  \"schema\": 1\n}\n")
    }

    @Test func shippedScenariosGiveTheSameReportsWithFourJobsAsWithOne() throws {
        let directory = try Paths.temporaryDirectory()
        let serial = directory.appendingPathComponent("serial").path
        let parallel = directory.appendingPathComponent("parallel").path
        let one = ToolRun(["run", Paths.scenarios, "--out", serial, "--jobs", "1"])
        let four = ToolRun(["run", Paths.scenarios, "--out", parallel, "--jobs", "4"])
        #expect(one.status == four.status, "\(one.err)\n\(four.err)")
        // What is printed is the same text in the same (path) order, but for the lines of
        // simulator timings (the harness figures).
        func printed(_ text: String, _ out: String) -> String {
            text.replacingOccurrences(of: out, with: "OUT").split(separator: "\n").filter { !$0.hasPrefix("  simulator: ") }.joined(separator: "\n")
        }
        #expect(printed(one.out, serial) == printed(four.out, parallel))
        #expect(one.out.contains("  simulator: "), "the left-out lines exist")
        #expect(one.err == four.err)

        let names = try FileManager.default.contentsOfDirectory(atPath: serial).sorted()
        let shipped = try FileManager.default.contentsOfDirectory(atPath: Paths.scenarios)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
        #expect(names.count == shipped.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parallel).sorted() == names)
        for name in names {
            let a = try String(contentsOfFile: serial + "/" + name, encoding: .utf8)
            let b = try String(contentsOfFile: parallel + "/" + name, encoding: .utf8)
            #expect(a.contains("\"harness\": {"), "\(name) has a harness section to leave out")
            #expect(Self.withoutHarness(a) == Self.withoutHarness(b), "\(name) differs between one job and four")
        }
    }

    /// Three scenarios in path order a, b, c: shard 1/2 plays positions 0 and 2 (a, c), shard
    /// 2/2 position 1 (b). `--shard auto` reads GitLab's 1-based CI_NODE_INDEX.
    @Test func shardPlaysItsSliceOfTheSuite() throws {
        let directory = try Paths.temporaryDirectory()
        let scenarios = directory.appendingPathComponent("s")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            let text = """
            {"schema": 1, "name": "\(name)", "duration": 0.1,
             "content": {"count": 20, "types": [{"name": "c", "height": {"fixed": 90}}]}}
            """
            try text.write(to: scenarios.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        func played(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
            let out = directory.appendingPathComponent(UUID().uuidString).path
            let capture = CompareCLI.Capture()
            let console = Console(out: { capture.out += $0 }, err: { capture.err += $0 }, environment: environment)
            let status = ScrollSimCLI.main(arguments: ["run", scenarios.path, "--out", out, "-q"] + arguments, console: console)
            #expect(status == 0, "\(capture.err)")
            return try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        }
        #expect(try played(["--shard", "1/2"]) == ["a.json", "c.json"])
        #expect(try played(["--shard", "2/2", "--jobs", "2"]) == ["b.json"])
        #expect(try played(["--shard", "auto"], environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"]) == ["b.json"])
        // Without --shard a suite ignores the environment: every scenario plays.
        #expect(try played([], environment: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"]) == ["a.json", "b.json", "c.json"])
    }

    @Test func jobsMustBeAWholeNumberFromOne() {
        let zero = ToolRun(["run", Paths.scenarios, "--jobs", "0"])
        #expect(zero.status == 2)
        #expect(zero.err.contains("--jobs 0: expected a whole number from 1 to 1024"), "\(zero.err)")
        let word = ToolRun(["run", Paths.scenarios, "--jobs", "many"])
        #expect(word.status == 2)
        #expect(word.err.contains("--jobs many"), "\(word.err)")
    }
}
