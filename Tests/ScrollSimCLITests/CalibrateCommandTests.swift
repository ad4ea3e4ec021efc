import Foundation
import ScrollSimKit
import Testing

/// `scrollsim calibrate` and `check-model` on the committed trace fixtures of every format: the
/// scenario written differs from the input only in cost lines and the `costs` block, and runs.
@Suite struct CalibrateCommandTests {
    static var traces: String { Paths.root.appendingPathComponent("Tests/ScrollSimKitTests/Fixtures/traces").path }
    static var feed: String { Paths.root.appendingPathComponent("Scenarios/feed-fling.json").path }

    static let costKeys = ["initMs", "bodyMs", "layoutMs", "renderMs", "appearMs", "renderServerMs", "effectMs", "jitter"]

    /// The lines of `a` and of `b` outside their longest common subsequence (a line diff).
    static func changedLines(_ a: [Substring], _ b: [Substring]) -> (removed: [Substring], added: [Substring]) {
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var i = 0, j = 0
        var removed: [Substring] = [], added: [Substring] = []
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { i += 1; j += 1 }
            else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] { added.append(b[j]); j += 1 }
            else { removed.append(a[i]); i += 1 }
        }
        return (removed, added)
    }

    /// Calibrates feed-fling from `trace` with `maps`; checks exit 0, the diff and that it runs.
    func calibrate(_ trace: String, maps: [String], expectSamples: [String: Int], label: String = #function) throws {
        let out = try Paths.temporaryDirectory(label).appendingPathComponent("calibrated.json").path
        let run = ToolRun(["calibrate", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent(trace), "--out", out] + maps.flatMap { ["--map", $0] })
        #expect(run.status == 0, "\(run.err)")
        let before = try String(contentsOfFile: Self.feed, encoding: .utf8)
        let after = try String(contentsOfFile: out, encoding: .utf8)
        let (removed, added) = Self.changedLines(before.split(separator: "\n", omittingEmptySubsequences: false), after.split(separator: "\n", omittingEmptySubsequences: false))
        func isCostLine(_ line: Substring) -> Bool { Self.costKeys.contains { line.trimmingCharacters(in: .whitespaces).hasPrefix("\"\($0)\":") } }
        #expect(removed.allSatisfy(isCostLine), "\(trace): lines changed that are no cost: \(removed.filter { !isCostLine($0) })")
        // Added: the new cost values, then `},` closing the last member and the costs block.
        guard let costsAt = added.firstIndex(where: { $0.hasPrefix("  \"costs\": {") }) else {
            Issue.record("\(trace): no costs block in \(added)")
            return
        }
        #expect(added[..<costsAt].allSatisfy { isCostLine($0) || $0 == "  }," }, "\(trace): added \(added[..<costsAt])")
        #expect(added.count - removed.count == added[costsAt...].count + 1, "\(trace): only the costs block (and the comma before it) adds lines")
        let root = try JSONValue.parse(Data(after.utf8))
        let samples = root["costs"]?["calibration"]?["samples"]?.objectValue?.mapValues { Int($0.numberValue ?? -1) }
        #expect(samples == expectSamples, "\(trace)")
        let scenario = try ScenarioLoader.load(path: out)
        #expect(scenario.report().metrics["frames"] ?? 0 > 0)
    }

    @Test func xctraceSignposts() throws {
        // signposts.xml: two "body" intervals in category PostCell and one "image decode".
        try calibrate("signposts.xml", maps: ["body[category=PostCell]=text.body", "image decode=photo.renderMs"],
                      expectSamples: ["text.bodyMs": 2, "photo.renderMs": 1])
    }

    @Test func perfettoRecyclerViewSlices() throws {
        // perfetto.json: RV CreateView of a post and of a photo, RV OnBindView of a post.
        try calibrate("perfetto.json", maps: ["RV CreateView[args.type=post]=text.init", "RV CreateView[args.type=photo]=photo.init", "RV OnBindView=text.body"],
                      expectSamples: ["text.initMs": 1, "photo.initMs": 1, "text.bodyMs": 1])
    }

    @Test func otlpSwiftUISpans() throws {
        // otlp.json: body of PostCell, body of PhotoCell, onAppear of PostCell.
        try calibrate("otlp.json", maps: ["body[view.name=PostCell]=text.body", "body[view.name=PhotoCell]=photo.body", "onAppear[view.name=PostCell]=text.appear"],
                      expectSamples: ["text.bodyMs": 1, "photo.bodyMs": 1, "text.appearMs": 1])
    }

    @Test func csvRowsMapThemselves() throws {
        // costs.csv: post.init, post.body ×2, photo.decode, photo.body; photo.body maps itself.
        try calibrate("costs.csv", maps: ["post.body=text.body"], expectSamples: ["text.bodyMs": 2, "photo.bodyMs": 1])
    }

    @Test func theUnmappedAreListedLargestFirst() throws {
        let out = try Paths.temporaryDirectory().appendingPathComponent("c.json").path
        let run = ToolRun(["calibrate", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent("costs.csv"), "--out", out])
        #expect(run.status == 0, "\(run.err)")
        // photo.decode 2.4 ms, post.body 0.33 ms (0.15 + 0.18), post.init 0.21 ms.
        #expect(run.out.contains("not covered by the map (count, total ms; largest first):\n  photo.decode  ×1  2.40 ms\n  post.body  ×2  0.33 ms\n  post.init  ×1  0.21 ms\n"), "\(run.out)")
        #expect(run.err.contains("warning: photo.body: only 1 sample (fewer than 30)"))
    }

    @Test func badMapsAndOutputsExitTwoAndWriteNothing() throws {
        let directory = try Paths.temporaryDirectory()
        let out = directory.appendingPathComponent("c.json").path
        let csv = (Self.traces as NSString).appendingPathComponent("costs.csv")
        let unknown = ToolRun(["calibrate", Self.feed, "--from", csv, "--map", "post.body=txet.body", "--out", out])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("the scenario has no view type 'txet' (did you mean 'text'?)"), "\(unknown.err)")
        let phase = ToolRun(["calibrate", Self.feed, "--from", csv, "--map", "post.body=text.decode", "--out", out])
        #expect(phase.status == 2 && phase.err.contains("'text.decode' is not TYPE.PHASE"), "\(phase.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // The input as the output: refused, the input untouched.
        let copy = directory.appendingPathComponent("feed.json").path
        try FileManager.default.copyItem(atPath: Self.feed, toPath: copy)
        let same = ToolRun(["calibrate", copy, "--from", csv, "--out", directory.path + "/./feed.json"])
        #expect(same.status == 2 && same.err.contains("is the input"), "\(same.err)")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == String(contentsOfFile: Self.feed, encoding: .utf8))
        let noOut = ToolRun(["calibrate", Self.feed, "--from", csv])
        #expect(noOut.status == 2 && noOut.err.contains("--out OUT.json"))
    }

    /// Calibrating nothing writes nothing and says why, by where the intervals went.
    /// perfetto.json holds 4 intervals (RV CreateView ×2, RV OnBindView, RV Prefetch) and none
    /// maps without --map; with --window 5: all 4 start in the trace's first 0.002 s (0.1 s to
    /// 0.1015 s from its start at 0.1 s), before 5 s; hitches.xml holds hitches and no interval.
    @Test func calibratingNothingExitsTwoAndWritesNothing() throws {
        let directory = try Paths.temporaryDirectory()
        let out = directory.appendingPathComponent("c.json").path
        let perfetto = (Self.traces as NSString).appendingPathComponent("perfetto.json")
        let unmapped = ToolRun(["calibrate", Self.feed, "--from", perfetto, "--out", out])
        #expect(unmapped.status == 2)
        #expect(unmapped.err.contains("nothing calibrated, nothing written: none of the 4 intervals of \(perfetto) maps to a cost of the scenario"), "\(unmapped.err)")
        #expect(unmapped.err.contains("view types (link, photo, text)"), "\(unmapped.err)")
        #expect(unmapped.out.contains("not covered by the map"), "the unmapped list is printed first: \(unmapped.out)")
        let outside = ToolRun(["calibrate", Self.feed, "--from", perfetto, "--out", out, "--window", "5:"])
        #expect(outside.status == 2)
        #expect(outside.err.contains("all 4 intervals of \(perfetto) were left out, 4 outside --window; widen --window"), "\(outside.err)")
        let hitchesOnly = ToolRun(["calibrate", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent("hitches.xml"), "--out", out])
        #expect(hitchesOnly.status == 2)
        #expect(hitchesOnly.err.contains("holds no timed intervals"), "\(hitchesOnly.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--check` on traces with no hitches or frames: the calibration is written, then the
    /// reason is given (costs.csv: photo.body maps itself, so there is a fit to keep).
    @Test func aCheckThatCannotRunKeepsTheCalibration() throws {
        let directory = try Paths.temporaryDirectory()
        let out = directory.appendingPathComponent("c.json").path
        let report = directory.appendingPathComponent("r.json").path
        let run = ToolRun(["calibrate", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent("costs.csv"), "--out", out, "--check", "--report", report])
        #expect(run.status == 0, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(!FileManager.default.fileExists(atPath: report))
        #expect(run.out.contains("calibrated scenario in \(out)\n"), "\(run.out)")
        #expect(run.err.contains("warning: --check could not run (\(report) not written):"), "\(run.err)")
        #expect(run.err.contains("no hitches and no frames"), "\(run.err)")
    }

    /// The table shows what is written: costs.csv gives photo.body one sample, 0.32 ms, written
    /// as that number.
    @Test func theTableShowsWhatIsWritten() throws {
        let out = try Paths.temporaryDirectory().appendingPathComponent("c.json").path
        let run = ToolRun(["calibrate", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent("costs.csv"), "--out", out, "--map", "post.body=text.body"])
        #expect(run.status == 0, "\(run.err)")
        // text.body: 0.15 and 0.18 — two samples, their own quantiles: p1 = 0.15 + 0.01 · 0.03 = 0.1503.
        #expect(run.out.contains("quantiles 0.01:0.1503 0.1:0.153 0.5:0.165 0.9:0.177 0.99:0.1797 1:0.18"), "\(run.out)")
        #expect(run.out.contains("2 < 30 samples: their own quantiles"), "\(run.out)")
        #expect(run.out.contains("constant 0.32"), "\(run.out)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written.contains("{\"quantiles\": [[0.01, 0.1503], [0.1, 0.153], [0.5, 0.165], [0.9, 0.177], [0.99, 0.1797], [1, 0.18]]}"), "\(written)")
    }

    /// A Chrome trace checked through its frames (`--frames`): frames of 4, 20 and 6 ms at
    /// 120 Hz (8.3333 ms); the 20 ms frame misses ⌈20 / 8.3333⌉ − 1 = 3 − 1 = 2 vsyncs, 16.67 ms.
    @Test func checkModelReadsAChromeTracesFrames() throws {
        let directory = try Paths.temporaryDirectory()
        let trace = directory.appendingPathComponent("chrome.json").path
        let events = [(1_000_000, 4_000), (1_100_000, 20_000), (1_200_000, 6_000)]
        let json = "{\"traceEvents\": [" + events.map { "{\"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": \($0.0), \"dur\": \($0.1), \"name\": \"ProxyMain::BeginMainFrame\"}" }.joined(separator: ",") + "]}"
        try json.write(toFile: trace, atomically: true, encoding: .utf8)
        let run = ToolRun(["check-model", Self.feed, "--from", trace, "--frames", "ProxyMain::BeginMainFrame"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("  hitches                        1"), "\(run.out)")
        #expect(run.out.contains("  hitch time              16.67 ms"), "\(run.out)")
        #expect(run.out.contains("frames: 'ProxyMain::BeginMainFrame' slices (--frames)"), "\(run.out)")
        #expect(run.out.contains("hitches: derived from the frames on both sides"), "\(run.out)")
        let none = ToolRun(["check-model", Self.feed, "--from", trace, "--frames", "DrawFrame"])
        #expect(none.status == 2 && none.err.contains("no slice named 'DrawFrame'"), "\(none.err)")
    }

    @Test func checkModelPrintsMeasuredBesidePredicted() throws {
        // hitches.xml: hitches of 16.67, 8.33 and 16.67 ms (41.67 ms) — its trace spans what its
        // table says; feed-fling predicts no hitches, so each error is −100 %.
        let report = try Paths.temporaryDirectory().appendingPathComponent("r.json").path
        let run = ToolRun(["check-model", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent("hitches.xml"), "--report", report])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("  hitches                        3             0  -100.0 %"), "\(run.out)")
        let root = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: report)))
        #expect(root["summary"]?["calibration"]?["measuredHitchCount"]?.numberValue == 3)
        #expect(root["summary"]?["calibration"]?["predictedHitchRatio"]?.numberValue == 0)
        #expect(root["harness"] == nil, "the report is deterministic")
    }

    /// devtools-unfinished.json: the events its reader left out are printed under its "read"
    /// line (an X without dur, event 7 on line 8; two B's never ended, the first event 8 on
    /// line 9); a trailing comma (line 2, column 62, after a 61-byte event) is a warning on
    /// standard error; the map
    /// rule on a value no Layout has says which values it has.
    @Test func whatTheReaderLeftOutAndRepairedIsSaid() throws {
        let directory = try Paths.temporaryDirectory()
        let unfinished = (Self.traces as NSString).appendingPathComponent("devtools-unfinished.json")
        let run = ToolRun(["calibrate", Self.feed, "--from", unfinished, "--map", "Layout[args.data.type=card]=text.layout", "--map", "RunTask=text.body",
                           "--out", directory.appendingPathComponent("c.json").path])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("""
              left out 1 × unfinished: an X event without "dur" (the trace ends inside the slice) (the first: event 7 at 8:1)
              left out 2 × unfinished: a B event without its E (the trace ends inside the slice) (the first: event 8 at 9:1)

            """), "\(run.out)")
        #expect(run.out.contains("--map 'Layout[args.data.type=card]=text.layout' took no interval: no 'Layout' interval has args.data.type=card; args.data.type=photo ×1, post ×1\n"), "\(run.out)")
        #expect(run.out.contains("  Layout  ×2  0.14 ms\n      args.data.type=photo ×1, post ×1\n      cat=devtools.timeline ×2\n      map one with --map 'Layout[args.data.type=photo]=TYPE.PHASE'\n"), "\(run.out)")
        let comma = directory.appendingPathComponent("comma.json").path
        let event = #"{"ph":"X","pid":1,"tid":1,"ts":10,"dur":2,"name":"post.body"}"#
        try "[\(event),\n\(event),\n]\n".write(toFile: comma, atomically: true, encoding: .utf8)
        let repaired = ToolRun(["calibrate", Self.feed, "--from", comma, "--map", "post.body=text.body", "--out", directory.appendingPathComponent("d.json").path])
        #expect(repaired.status == 0, "\(repaired.err)")
        #expect(repaired.err.contains("warning: \(comma):2:62: a comma before the events array's ']' (not JSON): read as Perfetto reads it, as if it were not there\n"), "\(repaired.err)")
    }

    /// otlp-lines.jsonl (JSON Lines): body spans of PostCell (0.18 and 0.12 ms) and PhotoCell
    /// (0.25 ms); unmapped, `body` is listed with view.name's values.
    @Test func jsonLinesAndTheirAttributesAreListed() throws {
        let run = ToolRun(["calibrate", Self.feed, "--from", (Self.traces as NSString).appendingPathComponent("otlp-lines.jsonl"),
                           "--out", try Paths.temporaryDirectory().appendingPathComponent("c.json").path])
        #expect(run.status == 0 || run.status == 2, "\(run.err)")
        #expect(run.out.contains("JSON Lines: 3 requests): 3 intervals"), "\(run.out)")
        #expect(run.out.contains("  body  ×3  0.55 ms\n      view.name=PostCell ×2, PhotoCell ×1\n"), "\(run.out)")
    }
}
