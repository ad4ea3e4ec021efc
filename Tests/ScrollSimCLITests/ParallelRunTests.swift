import Foundation
import Testing
@testable import ScrollSimCLI

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

    @Test func jobsMustBeAWholeNumberFromOne() {
        let zero = ToolRun(["run", Paths.scenarios, "--jobs", "0"])
        #expect(zero.status == 2)
        #expect(zero.err.contains("--jobs 0: expected a whole number from 1 to 1024"), "\(zero.err)")
        let word = ToolRun(["run", Paths.scenarios, "--jobs", "many"])
        #expect(word.status == 2)
        #expect(word.err.contains("--jobs many"), "\(word.err)")
    }
}
