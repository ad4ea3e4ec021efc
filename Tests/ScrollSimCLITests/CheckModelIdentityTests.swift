import Foundation
import ScrollSimKit
import Testing

/// `scrollsim run S --trace T` then `scrollsim check-model S --from T`: the model against its
/// own trace must agree exactly on every figure — every template, and the shipped scenarios
/// the check once missed (origami-vstack-rotate +97.1 %, steps-conditional −50 % hitches,
/// configure-onappear and asyncimage-unsized +55 %: the measured side per second from the
/// first scroll, the predicted per second of motion, and the predicted p99 with the launch).
@Suite struct CheckModelIdentityTests {
    /// Runs `scenario` with `--trace`, then checks it against that trace; every printed error
    /// is exactly `0.0 %`, and in the report every measured figure equals the predicted one.
    static func checkOwnTrace(_ scenario: String, in directory: URL) throws {
        let trace = directory.appendingPathComponent("own.trace.json").path
        let run = ToolRun(["run", scenario, "--trace", trace, "--out", directory.appendingPathComponent("out").path, "--quiet"])
        #expect(run.status == 0 || run.status == 1, "\(run.err)")
        let report = directory.appendingPathComponent("check.json").path
        let check = ToolRun(["check-model", scenario, "--from", trace, "--report", report])
        #expect(check.status == 0, "\(check.err)")
        let rows = check.out.split(separator: "\n").filter { $0.hasSuffix("%") }
        #expect(rows.count == 5, "hitch ratio, hitches, hitch time, frame work p50 and p99: \(check.out)")
        for row in rows { #expect(row.hasSuffix("     0.0 %"), "\(scenario): \(row)") }
        let calibration = try #require(try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: report)))["summary"]?["calibration"]?.objectValue)
        for key in ["HitchRatio", "HitchCount", "HitchTimeMs", "FrameWorkP50", "FrameWorkP99"] {
            #expect(calibration["measured" + key] != nil && calibration["measured" + key] == calibration["predicted" + key], "\(scenario): \(key)")
        }
        #expect(calibration.filter { $0.key.hasPrefix("errorPct") }.allSatisfy { $0.value.numberValue == 0 }, "\(calibration)")
    }

    @Test(arguments: ScenarioTemplate.all.map(\.name))
    func aTemplatesOwnTraceChecksAtZero(_ name: String) throws {
        let directory = try Paths.temporaryDirectory("identity-\(name)")
        let scenario = directory.appendingPathComponent("\(name).json").path
        let made = ToolRun(["init", name, scenario])
        #expect(made.status == 0, "\(made.err)")
        try Self.checkOwnTrace(scenario, in: directory)
    }

    @Test(arguments: ["origami-vstack-rotate", "steps-conditional", "configure-onappear", "asyncimage-unsized"])
    func aShippedScenariosOwnTraceChecksAtZero(_ name: String) throws {
        try Self.checkOwnTrace(Paths.root.appendingPathComponent("Scenarios/\(name).json").path, in: try Paths.temporaryDirectory("identity-\(name)"))
    }
}
