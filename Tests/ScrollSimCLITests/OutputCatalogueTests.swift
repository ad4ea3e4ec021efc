import Foundation
import ScrollSimKit
import Testing

/// The catalogue's files that lie where a command would write its report
/// (`Tests/Fixtures/Catalogue/outputs`): each `NAME.json` is put at `D/origami-lazy.json`, then
/// `run Scenarios/origami-lazy.json --out D` must exit 2 with exactly `NAME.expected` (`{dir}`
/// standing for D), leave the file as it was and write nothing else: a JSON file ScrollSim did
/// not write (`ReportMarker`) is never replaced. A report ScrollSim wrote there is replaced.
///
/// After changing a message on purpose, rewrite the expectations with
/// `SCROLLSIM_WRITE_CATALOGUE=1 swift test --filter OutputCatalogueTests` and read the diff.
@Suite struct OutputCatalogueTests {
    static let directory = CatalogueTests.root.appendingPathComponent("outputs").path
    static let scenario = CompareCLI.path("Scenarios/origami-lazy.json")

    @Test(.timeLimit(.minutes(1)), arguments: CatalogueTests.entries(directory))
    func aFileScrollSimDidNotWriteIsNotReplaced(_ name: String) throws {
        let out = try CompareCLI.temporaryDirectory("outputs-\(name)")
        let target = (out as NSString).appendingPathComponent("origami-lazy.json")
        let original = try Data(contentsOf: URL(fileURLWithPath: (Self.directory as NSString).appendingPathComponent("\(name).json")))
        try original.write(to: URL(fileURLWithPath: target))
        let run = CompareCLI.run(["run", Self.scenario, "--out", out])
        let file = (Self.directory as NSString).appendingPathComponent("\(name).expected")
        if CatalogueTests.rewriting {
            try run.err.replacingOccurrences(of: out, with: "{dir}").write(toFile: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "{dir}", with: out)
        #expect(run.status == 2)
        #expect(run.err == expected)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == original, "the file is as it was")
        #expect(CatalogueTests.contents(out) == ["origami-lazy.json"], "nothing else written")
    }

    @Test func aReportScrollSimWroteIsReplaced() throws {
        let out = try CompareCLI.temporaryDirectory()
        for runs in ["1", "3"] {
            #expect(CompareCLI.run(["run", Self.scenario, "--runs", runs, "--out", out, "-q"]).status == 0)
            #expect(CompareCLI.run(["run", Self.scenario, "--runs", runs, "--out", out, "-q"]).status == 0, "again, over its own report")
        }
    }
}
