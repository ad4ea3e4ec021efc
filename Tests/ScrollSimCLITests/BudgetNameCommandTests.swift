import Foundation
import ScrollSimKit
import Testing

/// Former budget names work from the command line, with a deprecation note on standard error
/// that names the new key.
@Suite struct BudgetNameCommandTests {
    static let scenario = """
    {"schema": 1, "name": "old-names", "description": "d", "duration": 1,
     "content": {"count": 200, "types": [{"name": "c", "height": {"fixed": 90}}]},
     "script": [{"at": 0.1, "fling": {"velocity": 3000}}],
     "budgets": {"droppedFrames": 0, "p99FrameMs": 8.33, "peakMemoryMB": 64}}
    """

    func write(_ directory: URL) throws -> String {
        let path = directory.appendingPathComponent("old-names.json").path
        try Self.scenario.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func runWarnsOnStandardErrorAndWritesTheNewKeys() throws {
        let directory = try Paths.temporaryDirectory()
        let file = try write(directory)
        let out = directory.appendingPathComponent("reports").path
        let run = ToolRun(["run", file, "--out", out])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains(#"warning: \#(file): budgets.p99FrameMs: "p99FrameMs" is a former budget name; write "frameWorkMs.p99""#), "\(run.err)")
        #expect(run.err.contains(#"warning: \#(file): budgets.peakMemoryMB: "peakMemoryMB" is a former budget name; write "peakMemoryBytes""#), "\(run.err)")
        #expect(!run.out.contains("former budget name"), "warnings go to standard error only")

        let report = try Report.load(path: out + "/old-names.json")
        let budgets = try #require(report.summary["budgets"]?.objectValue)
        #expect(budgets.keys.sorted() == ["droppedFrames", "frameWorkMs.p99", "peakMemoryBytes"])
        // 64 MiB = 64 × 1,048,576 bytes.
        #expect(budgets["peakMemoryBytes"]?["limit"]?.numberValue == 67_108_864)
        #expect(budgets["peakMemoryBytes"]?["value"]?.numberValue == report.metrics["peakMemoryBytes"])
        #expect(run.out.contains("budgets: droppedFrames 0 ≤ 0 ok, frameWorkMs.p99 "), "\(run.out)")
        #expect(run.out.contains(" ≤ 64.0 MiB ok"), "\(run.out)")
    }

    @Test func validateWarnsToo() throws {
        let file = try write(try Paths.temporaryDirectory())
        let run = ToolRun(["validate", file])
        #expect(run.status == 0)
        #expect(run.err.components(separatedBy: "warning: ").count - 1 == 2, "\(run.err)")
        #expect(run.out.hasPrefix("ok  \(file)"))
    }

    @Test func theShippedScenariosNeedNoWarning() {
        let run = ToolRun(["validate", Paths.scenarios, "--quiet"])
        #expect(run.status == 0)
        #expect(run.err == "")
    }
}
