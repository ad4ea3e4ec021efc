import Foundation
import Testing
import ScrollSimKit

/// Runs into one HTML folder accumulate: the index lists every report page there, pages whose
/// reports are gone are listed apart as stale, and `--clean` removes those pages and nothing else.
@Suite struct SiteFolderCommandTests {
    typealias CLI = CompareCLI

    /// A small scenario named `name` in `directory`.
    static func scenario(_ name: String, in directory: String) throws -> String {
        let text = """
        {"schema": 1, "name": "\(name)", "duration": 1,
         "content": {"count": 100, "types": [{"name": "row", "height": {"fixed": 90}, "bodyMs": 0.1}]},
         "script": [{"at": 0.1, "fling": {"velocity": 3000}}]}
        """
        let path = (directory as NSString).appendingPathComponent("\(name).json")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The pages the index links to, in order.
    static func links(_ index: String) throws -> [String] {
        let html = try String(contentsOfFile: index, encoding: .utf8)
        return html.components(separatedBy: "<a href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func twoRunsIntoOneFolderAreBothListedAndCleanRemovesOnlyTheStalePage() throws {
        let root = try CLI.temporaryDirectory()
        let scenarios = (root as NSString).appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        let a = try Self.scenario("alpha", in: scenarios)
        let b = try Self.scenario("beta", in: scenarios)
        let reports = (root as NSString).appendingPathComponent("reports")
        let site = (root as NSString).appendingPathComponent("site")
        let index = (site as NSString).appendingPathComponent("index.html")

        #expect(CLI.run(["run", a, "--out", reports, "--html", site, "-q"]).status == 0)
        #expect(try Self.links(index) == ["alpha.html"])
        let second = CLI.run(["run", b, "--out", reports, "--html", site, "-q"])
        #expect(second.status == 0)
        // The second run's index lists the first run's page too (its report is still there).
        #expect(try Self.links(index) == ["alpha.html", "beta.html"])
        #expect(try String(contentsOfFile: index, encoding: .utf8).contains(" · earlier run</span>"))
        #expect(!second.out.contains("stale"))
        // The page records its report relative to the folder.
        let alpha = try String(contentsOfFile: (site as NSString).appendingPathComponent("alpha.html"), encoding: .utf8)
        #expect(alpha.contains("<meta name=\"scrollsim-report\" content=\"../reports/alpha.json\">"))

        // alpha's report goes; files ScrollSim did not draw sit in the folder.
        try FileManager.default.removeItem(atPath: (reports as NSString).appendingPathComponent("alpha.json"))
        let foreign = ["notes.html": "<html><body>our notes</body></html>\n", "logo.svg": "<svg/>\n"]
        for (name, text) in foreign { try text.write(toFile: (site as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let third = CLI.run(["run", b, "--out", reports, "--html", site, "-q"])
        #expect(third.status == 0)
        #expect(third.out.contains("; 1 stale page listed apart in the index (--clean removes them)"), "\(third.out)")
        let stale = try String(contentsOfFile: index, encoding: .utf8)
        #expect(stale.contains("<h2>Stale pages</h2>"))
        #expect(stale.contains("its report ../reports/alpha.json is no longer present"))
        #expect(try Self.links(index) == ["beta.html", "alpha.html"], "beta as a row, alpha in the stale list")
        #expect(FileManager.default.fileExists(atPath: (site as NSString).appendingPathComponent("alpha.html")))

        let cleaned = CLI.run(["run", b, "--out", reports, "--html", site, "-q", "--clean"])
        #expect(cleaned.status == 0)
        #expect(cleaned.out.contains("; 1 stale page removed"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site).sorted() == ["beta.html", "index.html", "logo.svg", "notes.html"])
        for (name, text) in foreign { #expect(try String(contentsOfFile: (site as NSString).appendingPathComponent(name), encoding: .utf8) == text) }
        #expect(try Self.links(index) == ["beta.html"])
        #expect(!(try String(contentsOfFile: index, encoding: .utf8)).contains("Stale pages"))
    }

    @Test func cleanNeedsAnHTMLFolder() throws {
        let root = try CLI.temporaryDirectory()
        let a = try Self.scenario("alpha", in: root)
        let result = CLI.run(["run", a, "--out", root, "--clean"])
        #expect(result.status == 2)
        #expect(result.err.contains("--clean applies to the --html folder; give --html DIR"))
    }
}
