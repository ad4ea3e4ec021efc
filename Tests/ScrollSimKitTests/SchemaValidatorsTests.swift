import Foundation
import XCTest
@testable import ScrollSimKit

/// The committed JSON Schemas (`Scenarios/scenario.schema.json`, `Reports/report.schema.json`)
/// work in the validators teams use: Python's `jsonschema` (Draft 2020-12) and
/// `check-jsonschema`. Every shipped scenario and every `scrollsim init` template validates
/// against the scenario schema, every committed baseline report against the report schema, and
/// a few files with one mistake each are rejected by both validators.
///
/// `scripts/test.sh` installs the validators with pip (`ensure_schema_validators` in
/// scripts/common.sh); where python3, `jsonschema` or `check-jsonschema` is missing the tests
/// skip with the reason.
final class SchemaValidatorsTests: XCTestCase {
    static let root = ReportFixtures.packageRoot
    static let scenarioSchema = root.appendingPathComponent("Scenarios/scenario.schema.json").path
    static let reportSchema = root.appendingPathComponent("Reports/report.schema.json").path

    /// One mistake each; the decoder refuses these as well (ScenarioSchemaTests).
    static let invalidScenarios = [
        "name-with-space": #"{"schema": 1, "name": "a b", "duration": 1, "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]}}"#,
        "name-non-ascii": #"{"schema": 1, "name": "café", "duration": 1, "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]}}"#,
        "unknown-key": #"{"schema": 1, "name": "t", "durration": 1, "content": {"count": 10, "types": [{"name": "cell", "height": {"fixed": 100}}]}}"#,
        "no-types": #"{"schema": 1, "name": "t", "duration": 1, "content": {"count": 10, "types": []}}"#,
    ]

    /// A baseline report with one thing broken, by a transformation of its JSON.
    static let invalidReports: [(String, (inout [String: JSONValue]) -> Void)] = [
        ("no-summary", { $0["summary"] = nil }),
        ("bad-grade", { root in
            var summary = root["summary"]?.objectValue ?? [:]
            summary["hitchGrade"] = .string("excellent")
            root["summary"] = .object(summary)
        }),
        ("negative-metric", { root in
            var summary = root["summary"]?.objectValue ?? [:]
            summary["droppedFrames"] = .number(-1)
            root["summary"] = .object(summary)
        }),
        ("bad-hash", { root in
            var scenario = root["scenario"]?.objectValue ?? [:]
            scenario["contentHash"] = .string("not-hex")
            root["scenario"] = .object(scenario)
        }),
    ]

    /// python3 with jsonschema, and check-jsonschema, or the reason they cannot be used.
    static func validators() throws -> (python: String, checker: String) {
        guard let python = Self.which("python3") else {
            throw XCTSkip("python3 is not installed; scripts/test.sh installs the schema validators with pip where it is")
        }
        guard (try? Self.status(python, ["-c", "import jsonschema"]))?.status == 0 else {
            throw XCTSkip("Python's jsonschema is not installed (python3 -m pip install jsonschema; scripts/test.sh does it)")
        }
        guard let checker = Self.which("check-jsonschema") else {
            throw XCTSkip("check-jsonschema is not installed (python3 -m pip install check-jsonschema; scripts/test.sh does it)")
        }
        return (python, checker)
    }

    /// Files with their expected validity, written to a fresh directory.
    func files(_ directory: String) throws -> (scenarios: [String], badScenarios: [String], reports: [String], badReports: [String]) {
        var scenarios = try ScenarioLoader.expand([Self.root.appendingPathComponent("Scenarios").path])
        for template in ScenarioTemplate.all {
            let path = (directory as NSString).appendingPathComponent("template-\(template.name).json")
            try template.text.write(toFile: path, atomically: true, encoding: .utf8)
            scenarios.append(path)
        }
        var badScenarios: [String] = []
        for (name, text) in Self.invalidScenarios.sorted(by: { $0.key < $1.key }) {
            let path = (directory as NSString).appendingPathComponent("bad-scenario-\(name).json")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            badScenarios.append(path)
        }
        let baseline = Self.root.appendingPathComponent("Reports/baseline").path
        let reports = try FileManager.default.contentsOfDirectory(atPath: baseline).filter { $0.hasSuffix(".json") }.sorted()
            .map { (baseline as NSString).appendingPathComponent($0) }
        let sample = try XCTUnwrap(try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: reports[0]))).objectValue)
        var badReports: [String] = []
        for (name, breakIt) in Self.invalidReports {
            var root = sample
            breakIt(&root)
            let path = (directory as NSString).appendingPathComponent("bad-report-\(name).json")
            try JSONWriter().string(.object(root)).write(toFile: path, atomically: true, encoding: .utf8)
            badReports.append(path)
        }
        return (scenarios, badScenarios, reports, badReports)
    }

    func testPythonJsonschemaAcceptsWhatShipsAndRejectsMistakes() throws {
        let (python, _) = try Self.validators()
        let directory = try CompareFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let f = try files(directory)
        XCTAssertGreaterThanOrEqual(f.scenarios.count, 36)
        XCTAssertGreaterThanOrEqual(f.reports.count, 30)
        // Prints "OK path" or "BAD path: message" per file; check_schema fails on a pattern
        // Python's re cannot compile (such as \p{L}).
        let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        for path in sys.argv[2:]:
            errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
            print(("BAD " + path + ": " + errors[0].message[:200]) if errors else ("OK " + path))
        """
        for (schema, good, bad) in [(Self.scenarioSchema, f.scenarios, f.badScenarios), (Self.reportSchema, f.reports, f.badReports)] {
            let run = try Self.status(python, ["-c", script, schema] + good + bad)
            XCTAssertEqual(run.status, 0, "jsonschema cannot read \(schema):\n\(run.out.suffix(2000))")
            let out = run.out
            let lines = out.split(separator: "\n").map(String.init)
            for path in good { XCTAssertTrue(lines.contains("OK " + path), "jsonschema rejects \(path):\n\(lines.filter { $0.contains(path) })") }
            for path in bad { XCTAssertTrue(lines.contains { $0.hasPrefix("BAD " + path) }, "jsonschema accepts \(path)") }
        }
    }

    func testCheckJsonschemaAcceptsWhatShipsAndRejectsMistakes() throws {
        let (_, checker) = try Self.validators()
        let directory = try CompareFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let f = try files(directory)
        for (schema, good, bad) in [(Self.scenarioSchema, f.scenarios, f.badScenarios), (Self.reportSchema, f.reports, f.badReports)] {
            let all = try Self.status(checker, ["--schemafile", schema] + good)
            XCTAssertEqual(all.status, 0, "check-jsonschema rejects a file that ships:\n\(all.out)")
            for path in bad {
                let one = try Self.status(checker, ["--schemafile", schema, path])
                XCTAssertEqual(one.status, 1, "check-jsonschema accepts \(path):\n\(one.out)")
            }
        }
    }

    /// The first executable named `name` on PATH.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a command and returns its exit status and output (stdout then stderr).
    static func status(_ binary: String, _ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
