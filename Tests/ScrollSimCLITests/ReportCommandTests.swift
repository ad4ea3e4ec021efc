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
        let names = ["feed-fling.html", "feed-fling.compare.html", "index.html"]
        let first = try names.map { try String(contentsOfFile: "\(directory)/site/\($0)", encoding: .utf8) }
        XCTAssertEqual(cli(["report", reports, "-o", "\(directory)/site", "--baseline", reports]).status, 0)
        XCTAssertEqual(try names.map { try String(contentsOfFile: "\(directory)/site/\($0)", encoding: .utf8) }, first)
    }

    func testCorruptReportExitsTwoAndWritesNothing() throws {
        let good = try report("good.json")
        let corrupt = "\(directory)/corrupt.json"
        try "{\"schema\": 1, \"scenario\": {\"name\": \"x\"".write(toFile: corrupt, atomically: true, encoding: .utf8)
        let out = "\(directory)/site"
        let result = cli(["report", good, corrupt, "-o", out])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.err.contains("Error: \(corrupt):1:"), result.err)
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
        XCTAssertTrue(result.err.contains("\(directory)/b.json: scenario \"origami-lazy\" is also reported by \(directory)/a.json"), result.err)
        // Across paths too.
        let other = "\(directory)/other"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: "\(directory)/b.json", toPath: "\(other)/c.json")
        let across = cli(["report", a, other, "-o", "\(directory)/site"])
        XCTAssertEqual(across.status, 2)
        XCTAssertEqual(across.err, "Error: \(other)/c.json: scenario \"origami-lazy\" is also reported by \(a); give one report per scenario\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(directory)/site"))
    }

    // MARK: --baseline judges as `scrollsim compare` does

    /// `base.json`, the origami-lazy baseline report, and `worse.json`: dropped frames +5 and
    /// frame-work p99 +50 % (the compare command's acceptance pair).
    func pair() throws -> (base: String, worse: String) {
        let base = try CompareCLI.write(try CompareCLI.origamiLazy, to: directory, as: "base.json")
        let worse = try CompareCLI.write(CompareCLI.edit(try CompareCLI.origamiLazy, ["summary.droppedFrames": { $0 + 5 }, "summary.frameWorkMs.p99": { $0 * 1.5 }]),
                                     to: directory, as: "worse.json")
        return (base, worse)
    }

    /// metric → [verdict, severity] from a compare page's rows.
    func pageVerdicts(_ path: String) throws -> [String: [String]] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        var out: [String: [String]] = [:]
        for row in html.components(separatedBy: "<tr data-metric=\"").dropFirst() {
            let parts = row.components(separatedBy: "\"")
            out[parts[0]] = [parts[2], parts[4]]
        }
        return out
    }

    /// metric → [verdict, severity] of every scenario in `scrollsim compare --format json`.
    func compareVerdicts(_ arguments: [String]) throws -> [String: [String: [String]]] {
        let result = cli(["compare", "--format", "json"] + arguments)
        XCTAssertNotEqual(result.status, 2, result.err)
        let json = try JSONValue.parse(Data(result.out.utf8))
        var out: [String: [String: [String]]] = [:]
        for scenario in json["scenarios"]?.arrayValue ?? [] {
            var metrics: [String: [String]] = [:]
            for metric in scenario["metrics"]?.arrayValue ?? [] {
                metrics[metric["metric"]?.stringValue ?? ""] = [metric["verdict"]?.stringValue ?? "", metric["severity"]?.stringValue ?? ""]
            }
            out[scenario["name"]?.stringValue ?? ""] = metrics
        }
        return out
    }

    func testBaselinePageShowsCompareVerdicts() throws {
        let (base, worse) = try pair()
        let site = "\(directory)/site"
        let result = cli(["report", worse, "--baseline", base, "-o", site, "--preset", "relative"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("1 of 1 compared with a baseline (FAILED: 2 regressions (2 errors) in 1 of 1 scenario)"), result.out)
        let page = try pageVerdicts("\(site)/origami-lazy.compare.html")
        XCTAssertEqual(page["droppedFrames"], ["regressed", "error"])
        XCTAssertEqual(page["frameWorkMs.p99"], ["regressed", "error"])
        XCTAssertEqual(page, try compareVerdicts([base, worse, "--preset", "relative"])["origami-lazy"])
        let html = try String(contentsOfFile: "\(site)/origami-lazy.compare.html", encoding: .utf8)
        XCTAssertTrue(html.contains("Thresholds: preset relative;"))
        XCTAssertFalse(html.contains("provisional"))
        let index = try String(contentsOfFile: "\(site)/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("FAILED: 2 regressions (2 errors) in 1 of 1 scenario"))
    }

    func testThresholdOptionsApplyAsInCompare() throws {
        let (base, worse) = try pair()
        let site = "\(directory)/site"
        // -t droppedFrames=10: +5 dropped frames is no longer a regression; p99 still is.
        let loose = cli(["report", worse, "--baseline", base, "-o", site, "-t", "droppedFrames=10", "--preset", "relative"])
        XCTAssertEqual(loose.status, 0, loose.err)
        var page = try pageVerdicts("\(site)/origami-lazy.compare.html")
        XCTAssertEqual(page["droppedFrames"], ["unchanged", ""])
        XCTAssertEqual(page["frameWorkMs.p99"], ["regressed", "error"])
        XCTAssertEqual(page, try compareVerdicts([base, worse, "-t", "droppedFrames=10", "--preset", "relative"])["origami-lazy"])
        XCTAssertTrue(try String(contentsOfFile: "\(site)/origami-lazy.compare.html", encoding: .utf8).contains("Thresholds: preset relative + --threshold;"))

        // A thresholds file, then --preset over it, as compare reads them.
        let file = "\(directory)/thresholds.json"
        try #"{"schema": 1, "metrics": {"droppedFrames": 10, "frameWorkMs.*": "off"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(cli(["report", worse, "--baseline", base, "-o", site, "--thresholds", file]).status, 0)
        page = try pageVerdicts("\(site)/origami-lazy.compare.html")
        XCTAssertEqual(page["frameWorkMs.p99"], ["changed", ""])
        XCTAssertEqual(page, try compareVerdicts([base, worse, "--thresholds", file])["origami-lazy"])
        XCTAssertTrue(try String(contentsOfFile: "\(site)/origami-lazy.compare.html", encoding: .utf8).contains("Thresholds: preset standard + \(file);"))
        XCTAssertEqual(cli(["report", worse, "--baseline", base, "-o", site, "--thresholds", file, "--preset", "exact"]).status, 0)
        XCTAssertEqual(try pageVerdicts("\(site)/origami-lazy.compare.html"), try compareVerdicts([base, worse, "--thresholds", file, "--preset", "exact"])["origami-lazy"])
    }

    func testBadThresholdsExitTwoAndWriteNothing() throws {
        let (base, worse) = try pair()
        let site = "\(directory)/site"
        let file = "\(directory)/thresholds.json"
        try #"{"schema": 1, "metrics": {"droppedFrame": 1}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let bad = cli(["report", worse, "--baseline", base, "-o", site, "--thresholds", file])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.hasPrefix("Error: \(file): metrics.droppedFrame: unknown metric \"droppedFrame\""), bad.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site))
        let usage = cli(["report", worse, "--baseline", base, "-o", site, "--threshold", "frames=5%"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.err.hasPrefix("Error: --threshold frames is neutral"), usage.err)
        XCTAssertTrue(usage.err.contains("Usage: scrollsim report [options] REPORT|DIR..."), usage.err)
        let preset = cli(["report", worse, "--baseline", base, "--preset", "strict"])
        XCTAssertTrue(preset.err.hasPrefix("Error: --preset 'strict' is not one of standard, relative, exact"), preset.err)
        // Threshold options judge a comparison: without --baseline they are a mistake, not ignored.
        let alone = cli(["report", worse, "-o", site, "-t", "droppedFrames=10"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.err.hasPrefix("Error: --threshold applies to the comparison with a baseline"), alone.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site))
    }

    func testPairingIsCompares() throws {
        let (base, _) = try pair()
        let site = "\(directory)/site"
        // Two files are compared whatever their names; content changes are compared by name, or
        // refused with --strict-content.
        var renamed = try XCTUnwrap(try CompareCLI.origamiLazy.objectValue)
        var scenario = try XCTUnwrap(renamed["scenario"]?.objectValue)
        scenario["name"] = .string("origami-lazy-fixed")
        renamed["scenario"] = .object(scenario)
        let fixed = try CompareCLI.write(.object(renamed), to: directory, as: "fixed.json")
        XCTAssertEqual(cli(["report", fixed, "--baseline", base, "-o", site]).status, 0)
        let html = try String(contentsOfFile: "\(site)/origami-lazy-fixed.compare.html", encoding: .utf8)
        XCTAssertTrue(html.contains("compared scenario origami-lazy (baseline) with origami-lazy-fixed (current)"))
        XCTAssertEqual(try pageVerdicts("\(site)/origami-lazy-fixed.compare.html"), try compareVerdicts([base, fixed])["origami-lazy-fixed"])

        let changed = try CompareCLI.write(try CompareCLI.withHash(try CompareCLI.origamiLazy, "ffffffffffffffff"), to: directory, as: "changed.json")
        let refused = cli(["report", changed, "--baseline", base, "-o", site, "--strict-content"])
        XCTAssertEqual(refused.status, 0, refused.err)
        XCTAssertTrue(refused.out.contains("0 of 1 compared with a baseline (FAILED: no scenario compared; 1 refused (content changed))"), refused.out)
        XCTAssertTrue(try pageVerdicts("\(site)/origami-lazy.compare.html").isEmpty)
        XCTAssertTrue(try String(contentsOfFile: "\(site)/origami-lazy.compare.html", encoding: .utf8).contains("not compared: content changed"))
        let compared = cli(["report", changed, "--baseline", base, "-o", site])
        XCTAssertEqual(compared.status, 0)
        XCTAssertTrue(compared.out.contains("1 of 1 compared with a baseline (OK: no regressions in 1 compared scenario; 1 scenario changed)"), compared.out)
        XCTAssertEqual(try pageVerdicts("\(site)/origami-lazy.compare.html"), try compareVerdicts([base, changed])["origami-lazy"])
        let page = try String(contentsOfFile: "\(site)/origami-lazy.compare.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<h2>What changed in the scenario</h2>"))

        // Directories are matched by name: new and missing scenarios, even with one report each.
        let baseDir = "\(directory)/base-dir", currentDir = "\(directory)/current-dir"
        for path in [baseDir, currentDir] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: base, toPath: "\(baseDir)/origami-lazy.json")
        try FileManager.default.copyItem(atPath: fixed, toPath: "\(currentDir)/fixed.json")
        let byName = cli(["report", currentDir, "--baseline", baseDir, "-o", "\(directory)/site2"])
        XCTAssertEqual(byName.status, 0, byName.err)
        XCTAssertEqual(files("\(directory)/site2"), ["index.html", "origami-lazy-fixed.html"])
        let index = try String(contentsOfFile: "\(directory)/site2/index.html", encoding: .utf8)
        XCTAssertTrue(index.contains("OK: no scenario compared; 1 missing; 1 new"), index)
        XCTAssertTrue(index.contains("id=\"missing-section\""))
    }

    func testTracesNextToReportsAreSkippedByReportAndCompare() throws {
        let reports = "\(directory)/reports"
        XCTAssertEqual(cli(["run", "\(Self.scenarios)/origami-lazy.json", "--out", reports, "--trace", "\(reports)/", "-q"]).status, 0)
        XCTAssertEqual(files(reports), ["origami-lazy.json", "origami-lazy.trace.json"])
        let result = cli(["report", reports, "--baseline", reports, "-o", "\(directory)/site"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("1 of 1 compared with a baseline (OK: no regressions in 1 compared scenario)"), result.out)
        XCTAssertEqual(cli(["compare", reports, reports]).status, 0)
    }

    func testHelpDocumentsTheOptions() {
        let help = cli(["report", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("OVERVIEW: Render HTML charts of frame budgets from reports.\n\nUSAGE: scrollsim report [options] REPORT|DIR...\n"))
        for option in ["-o, --out DIR", "--baseline PATH", "--trace PATH", "-t, --threshold METRIC=LIMIT", "--thresholds FILE", "--preset NAME", "--strict-content", "--allow-content-change", "--clean"] {
            XCTAssertTrue(help.out.contains(option), option)
        }
        XCTAssertEqual(cli(["help", "report"]).out, help.out)
    }
}
