import Foundation
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
