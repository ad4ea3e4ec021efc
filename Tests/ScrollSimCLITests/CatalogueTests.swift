import Foundation
import ScrollSimKit
import Testing

/// The catalogue of bad input (`Tests/Fixtures/Catalogue`): scenario files and reports that
/// ScrollSim must refuse, each with the exact messages it must print (`NAME.expected`, with
/// `{dir}` standing for the catalogue's directory).
///
/// For every scenario, `validate` and `run` (with `--out`, `--html` and `--trace`) both exit 2
/// with exactly the expected messages — validate and run agree — write nothing, and return
/// within seconds. For every report, `compare` and `report` do the same. Among the entries are
/// the three inputs that used to trap the engine (`trap-*`): every type of weight 0, and memory
/// products that overflowed.
///
/// After changing a message on purpose, rewrite the expectations with
/// `SCROLLSIM_WRITE_CATALOGUE=1 swift test --filter CatalogueTests` and read the diff.
@Suite struct CatalogueTests {
    static let root = CompareCLI.packageRoot.appendingPathComponent("Tests/Fixtures/Catalogue")
    static let scenarios = root.appendingPathComponent("scenarios").path
    static let reports = root.appendingPathComponent("reports").path
    static let goodReport = CompareCLI.path("Reports/baseline/origami-lazy.json")

    static func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static var rewriting: Bool { ProcessInfo.processInfo.environment["SCROLLSIM_WRITE_CATALOGUE"] == "1" }

    /// The expected standard error, `{dir}` replaced; written from `actual` when rewriting.
    static func expected(_ directory: String, _ name: String, actual: String) throws -> String {
        let file = (directory as NSString).appendingPathComponent("\(name).expected")
        if rewriting {
            try actual.replacingOccurrences(of: directory, with: "{dir}").write(toFile: file, atomically: true, encoding: .utf8)
        }
        return try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "{dir}", with: directory)
    }

    /// Every path under `directory`, for "nothing written".
    static func contents(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func theCatalogueIsLargeAndHoldsTheTraps() {
        let scenarios = Self.entries(Self.scenarios)
        let reports = Self.entries(Self.reports)
        #expect(scenarios.count + reports.count >= 60, "\(scenarios.count) scenarios and \(reports.count) reports")
        for trap in ["trap-every-weight-zero", "trap-data-bytes-overflow", "trap-view-bytes-overflow"] {
            #expect(scenarios.contains(trap))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: entries(scenarios))
    func scenarioIsRefused(_ name: String) throws {
        let file = (Self.scenarios as NSString).appendingPathComponent("\(name).json")
        let out = try CompareCLI.temporaryDirectory("catalogue-\(name)")
        let started = Date()
        let validate = CompareCLI.run(["validate", file])
        let expected = try Self.expected(Self.scenarios, name, actual: validate.err)
        #expect(validate.status == 2)
        #expect(validate.err == expected)
        #expect(validate.err.hasPrefix("Error: "), "a message, not a crash")
        let run = CompareCLI.run(["run", file, "--out", out + "/reports", "--html", out + "/html", "--trace", out + "/traces"])
        #expect(run.status == 2)
        #expect(run.err == expected, "run and validate disagree")
        #expect(Self.contents(out) == [], "nothing written")
        #expect(Date().timeIntervalSince(started) < 10, "refused within seconds")
    }

    static let accepted = root.appendingPathComponent("accepted").path

    /// The catalogue's hostile inputs that must run (`accepted/`): validate and run exit 0, and
    /// every element the report names is a data-file id or `+N` for the N-th element beyond
    /// the data file (N from 1 to the elements beyond it) — the data file's ids with pages
    /// and appends used to trap (`ids[element]` past the end of the ids).
    @Test(.timeLimit(.minutes(1)), arguments: entries(accepted))
    func acceptedScenarioRuns(_ name: String) throws {
        let file = (Self.accepted as NSString).appendingPathComponent("\(name).json")
        let out = try CompareCLI.temporaryDirectory("catalogue-\(name)")
        #expect(CompareCLI.run(["validate", file]).status == 0)
        let run = CompareCLI.run(["run", file, "--out", out + "/r.json", "--html", out + "/html", "--trace", out + "/t.json"])
        #expect(run.status == 0, "\(run.err)")
        let report = try JSONParser.parse(Array(try String(contentsOfFile: out + "/r.json", encoding: .utf8).utf8), file: "r.json")
        let ids = try String(contentsOfFile: (Self.accepted as NSString).appendingPathComponent("data/three.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { String($0.dropFirst("{\"id\": \"".count).dropLast(2)) }
        #expect(ids == ["a", "b", "c"])
        // Beyond the data file: the pages up to `pagination.total`, and every script `append`.
        let scenario = try JSONParser.parse(Array(try String(contentsOfFile: file, encoding: .utf8).utf8), file: file)
        let total = Int(scenario["content"]?["pagination"]?["total"]?.numberValue ?? Double(ids.count))
        let appended = (scenario["script"]?.arrayValue ?? []).compactMap { $0["append"]?["count"]?.numberValue }.reduce(0, +)
        let beyond = total - ids.count + Int(appended)
        #expect(beyond > 0, "pages and appends add elements")
        func named(_ text: String) -> Bool {
            if ids.contains(text) { return true }
            guard text.hasPrefix("+"), let n = Int(text.dropFirst()) else { return false }
            return n >= 1 && n <= beyond
        }
        var shown: [String] = []
        for frame in report["summary"]?["worstFrames"]?.arrayValue ?? [] {
            shown += (frame["elements"]?.arrayValue ?? []).compactMap(\.stringValue)
        }
        #expect(shown.allSatisfy(named), "\(shown)")
        #expect(shown.contains { $0.hasPrefix("+") }, "a worst frame builds elements beyond the data file: \(shown)")
        let events = (report["events"]?["element"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(!events.isEmpty && events.allSatisfy(named))
    }

    @Test(.timeLimit(.minutes(1)), arguments: entries(reports))
    func reportIsRefused(_ name: String) throws {
        let file = (Self.reports as NSString).appendingPathComponent("\(name).json")
        let out = try CompareCLI.temporaryDirectory("catalogue-\(name)")
        let started = Date()
        let compare = CompareCLI.run(["compare", Self.goodReport, file, "--output", out + "/summary.md"])
        let expected = try Self.expected(Self.reports, name, actual: compare.err)
        #expect(compare.status == 2)
        #expect(compare.err == expected)
        let report = CompareCLI.run(["report", file, "--out", out + "/html", "--trace", out + "/trace.json"])
        #expect(report.status == 2)
        #expect(report.err == expected, "report and compare disagree")
        #expect(Self.contents(out) == [], "nothing written")
        #expect(Date().timeIntervalSince(started) < 10, "refused within seconds")
    }
}
