import Foundation
import XCTest
@testable import ScrollSimCLI
@testable import ScrollSimKit

final class ReportCommandTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let scenarios = root.appendingPathComponent("Scenarios").path
    var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func cli(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        var out = "", err = ""
        let status = ScrollSimCLI.main(arguments: arguments, console: Console(out: { out += $0 }, err: { err += $0 }))
        return (status, out, err)
    }

    /// A real report (origami-lazy, run through the CLI) at `directory/name`.
    func report(_ name: String) throws -> String {
        let path = "\(directory)/\(name)"
        let run = cli(["run", "\(Self.scenarios)/origami-lazy.json", "--out", path, "-q"])
        XCTAssertEqual(run.status, 0, run.err)
        return path
    }

    func files(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func testRunWritesHTMLAndTrace() throws {
        let reports = "\(directory)/reports", html = "\(directory)/html", trace = "\(directory)/lazy.trace.json"
        let run = cli(["run", "\(Self.scenarios)/origami-lazy.json", "--out", reports, "--html", html, "--trace", trace, "-q"])
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(files(html), ["index.html", "origami-lazy.html"])
        XCTAssertTrue(run.out.contains("charts in \(html)/index.html; trace in \(trace)"), run.out)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trace))) as? [String: Any]
        XCTAssertNotNil(object?["traceEvents"] as? [[String: Any]])
    }

    func testReportRendersDirectoriesWithBaselineAndTraces() throws {
        let reports = "\(directory)/reports"
        XCTAssertEqual(cli(["run", "\(Self.scenarios)/origami-lazy.json", "\(Self.scenarios)/feed-fling.json", "--out", reports, "-q"]).status, 0)
        let result = cli(["report", reports, "-o", "\(directory)/site", "--baseline", reports, "--trace", "\(directory)/traces"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(files("\(directory)/site"), ["feed-fling.compare.html", "feed-fling.html", "index.html", "origami-lazy.compare.html", "origami-lazy.html"])
        XCTAssertEqual(files("\(directory)/traces"), ["feed-fling.trace.json", "origami-lazy.trace.json"])
        XCTAssertTrue(result.out.contains("2 of 2 compared with a baseline"), result.out)
        // Rendering again gives the same bytes.
        let first = try String(contentsOfFile: "\(directory)/site/feed-fling.html", encoding: .utf8)
        XCTAssertEqual(cli(["report", reports, "-o", "\(directory)/site", "--baseline", reports]).status, 0)
        XCTAssertEqual(try String(contentsOfFile: "\(directory)/site/feed-fling.html", encoding: .utf8), first)
    }

    func testCorruptReportExitsTwoAndWritesNothing() throws {
        let good = try report("good.json")
        let corrupt = "\(directory)/corrupt.json"
        try "{\"schema\": 1, \"scenario\": {\"name\": \"x\"".write(toFile: corrupt, atomically: true, encoding: .utf8)
        let out = "\(directory)/site"
        let result = cli(["report", good, corrupt, "-o", out])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("Error: \(corrupt): corrupt report at"), result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))

        // A report whose columns do not agree: named, exit 2, nothing written.
        guard case .object(var root) = try Report.load(path: good).root, case .object(var frames) = root["frames"] else { return XCTFail() }
        frames["memoryBytes"] = .array([])
        root["frames"] = .object(frames)
        let short = "\(directory)/short.json"
        try JSONWriter().string(.object(root)).write(toFile: short, atomically: true, encoding: .utf8)
        let second = cli(["report", short, "-o", out, "--trace", "\(directory)/t.json"])
        XCTAssertEqual(second.status, 2)
        XCTAssertTrue(second.err.contains("\(short): frames.memoryBytes: 0 values for 960 frames"), second.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/t.json"))
    }

    func testUnwritableOutputExitsTwo() throws {
        let good = try report("good.json")
        let result = cli(["report", good, "-o", "\(good)/site"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.hasPrefix("Error: cannot write \(good)/site"), result.err)
        let run = cli(["run", "\(Self.scenarios)/origami-lazy.json", "--out", "\(directory)/r", "--trace", "\(good)/traces/"])
        XCTAssertEqual(run.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/r/origami-lazy.json"), "run went ahead with an unwritable trace path")
    }

    func testMissingEmptyAndDuplicateInputs() throws {
        XCTAssertEqual(cli(["report", "\(directory)/nope.json"]).err, "Error: \(directory)/nope.json: no such file or directory\n")
        XCTAssertEqual(cli(["report", directory]).err, "Error: \(directory): the directory holds no .json reports\n")
        let a = try report("a.json")
        try FileManager.default.copyItem(atPath: a, toPath: "\(directory)/b.json")
        let result = cli(["report", directory, "-o", "\(directory)/site"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("\(directory)/b.json: scenario \"origami-lazy\" is also in \(directory)/a.json"), result.err)
    }

    func testHelpDocumentsTheOptions() {
        let help = cli(["report", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Render HTML charts of frame budgets from reports.\n\nUSAGE: scrollsim report [options] REPORT|DIR...\n"))
        for option in ["-o, --out DIR", "--baseline PATH", "--trace PATH"] { XCTAssertTrue(help.out.contains(option), option) }
        XCTAssertEqual(cli(["help", "report"]).out, help.out)
    }
}
