import Foundation
@testable import ScrollSimKit
@testable import ScrollSimTraces
import Testing

/// The model check: both sides read by one rule over the same stretch of time. Hand-worked
/// timelines for the window, the alignment and the hitches derived from frames; a real run's
/// hitches as an xctrace table for exactness on identity; and the toolkits' frame slices.
@Suite struct ModelCheckTests {
    static let ms: Int64 = 1_000_000

    static func frames(_ list: [(Int64, Int64)]) -> [TraceFrame] { list.map { TraceFrame(startNs: $0.0 * ms, durationNs: $0.1 * ms) } }
    static func hitches(_ list: [(Int64, Int64)]) -> [TraceHitch] { list.map { TraceHitch(startNs: $0.0 * ms, durationNs: $0.1 * ms) } }

    /// A trace and a run, in ms (budget 10 ms):
    /// - trace: a launch frame at 0 (30 ms) with a hitch at 10 (20 ms); first scroll at 1,000;
    ///   frames at 1,000 (4), 1,100 (25), 1,500 (12), 1,900 (6), 1,990 (10) — its end is 2,000;
    ///   hitches at 1,110 (20) and 1,510 (10);
    /// - run: a launch frame at 0 (50) with a hitch at 10 (40); first scroll at 300; frames at
    ///   300 (5), 400 (8), 1,000 (18), 1,090 (10) — its end is 1,100; a hitch at 1,010 (10).
    static let trace = CheckTimeline(frames: frames([(0, 30), (1000, 4), (1100, 25), (1500, 12), (1900, 6), (1990, 10)]),
                                     hitches: hitches([(10, 20), (1110, 20), (1510, 10)]), firstScrollNs: 1000 * ms, originNs: 0, endNs: 2000 * ms)
    static let run = CheckTimeline(frames: frames([(0, 50), (300, 5), (400, 8), (1000, 18), (1090, 10)]),
                                   hitches: hitches([(10, 40), (1010, 10)]), firstScrollNs: 300 * ms, originNs: 0, endNs: 1100 * ms, budgetNs: 10 * ms)

    static func rows(_ check: ModelCheck) -> [String: ModelCheck.Row] {
        Dictionary(uniqueKeysWithValues: check.rows.map { ($0.key, $0) })
    }

    /// Aligned at the first scrolls (1,000 and 300), for the shorter side: the trace has 1,000 ms
    /// after its first scroll, the run 800, so both are read over 800 ms — the trace over
    /// [1,000, 1,800), the run over [300, 1,100); the launches are out of both.
    /// Trace: hitches at 1,110 and 1,510, 30 ms, 30 / 0.8 = 37.5 ms/s; frames 4, 25, 12 (1,900 is
    /// past 1,800): p50 12, p99 at h = 1.98: 12 + 0.98 · 13 = 24.74.
    /// Run: the hitch at 1,010, 10 ms, 12.5 ms/s; frames 5, 8, 18, 10: p50 at h = 1.5: 9,
    /// p99 at h = 2.97: 10 + 0.97 · 8 = 17.76. Errors: −66.7 %, −50 %, −66.7 %, −25 %, −28.2 %.
    @Test func bothSidesAreReadFromTheirFirstScrollForTheSameLength() throws {
        let check = try ModelCheck.compare(measured: [Self.trace], predicted: Self.run, window: nil)
        let rows = Self.rows(check)
        #expect(check.windowSeconds == 0.8)
        #expect(check.fromFirstScroll)
        #expect(rows["HitchCount"]?.measured == 2 && rows["HitchCount"]?.predicted == 1)
        #expect(rows["HitchTimeMs"]?.measured == 30 && rows["HitchTimeMs"]?.predicted == 10)
        #expect(abs((rows["HitchRatio"]?.measured ?? 0) - 37.5) < 1e-9 && abs((rows["HitchRatio"]?.predicted ?? 0) - 12.5) < 1e-9)
        #expect(rows["FrameWorkP50"]?.measured == 12 && rows["FrameWorkP50"]?.predicted == 9)
        #expect(abs((rows["FrameWorkP99"]?.measured ?? 0) - 24.74) < 1e-9 && abs((rows["FrameWorkP99"]?.predicted ?? 0) - 17.76) < 1e-9)
        #expect(abs((check.errorPct ?? 0) + 200.0 / 3) < 1e-9)
        #expect(check.text.contains("model check over 0.80 s from the first scroll"), "\(check.text)")
        #expect(check.text.contains("  hitches                        2             1   -50.0 %"), "\(check.text)")
        // The trace recorded its hitches: none is derived from frames, and the text says nothing of it.
        #expect(check.derivedHitchBudgetMs == nil)
        #expect(!check.text.contains("derived from the frames"), "\(check.text)")
    }

    /// A check made from its rows alone (as a tool built on the package would) has the
    /// defaults of one read from the first scroll: the launch left out, no frame source named,
    /// no hitches derived, and its text says so.
    @Test func aCheckMadeFromItsRowsAloneReadsFromTheFirstScroll() {
        let check = ModelCheck(rows: [], windowSeconds: 0.8)
        #expect(check.fromFirstScroll && check.frameSources.isEmpty && check.derivedHitchBudgetMs == nil)
        #expect(check.text.contains("model check over 0.80 s from the first scroll"), "\(check.text)")
    }

    /// A trace that marks no scroll, without --window: both from their starts, over
    /// min(2,000, 1,100) = 1,100 ms, the launch in both. Trace: the hitch at 10 (20 ms; 1,110
    /// starts past 1,100); run: 10 (40) and 1,010 (10): 50 ms.
    @Test func withoutAFirstScrollBothStartAtTheirStart() throws {
        var unmarked = Self.trace
        unmarked.firstScrollNs = nil
        let check = try ModelCheck.compare(measured: [unmarked], predicted: Self.run, window: nil)
        let rows = Self.rows(check)
        #expect(check.windowSeconds == 1.1)
        #expect(!check.fromFirstScroll)
        #expect(rows["HitchCount"]?.measured == 1 && rows["HitchCount"]?.predicted == 2)
        #expect(rows["HitchTimeMs"]?.measured == 20 && rows["HitchTimeMs"]?.predicted == 50)
        #expect(check.text.contains("the launch is in both; --window START leaves it out"))
    }

    /// --window 1.5:1.7 on the trace: from 1,500 (later than its first scroll) to 1,700, 200 ms;
    /// the run moves by as much, [800, 1,000). Trace: the frame at 1,500 and its hitch at 1,510;
    /// run: nothing (its frame and hitch at 1,000 and 1,010 start at the window's end or after).
    @Test func aWindowMovesBothSides() throws {
        let check = try ModelCheck.compare(measured: [Self.trace], predicted: Self.run, window: try CalibrationWindow(argument: "1.5:1.7"))
        let rows = Self.rows(check)
        #expect(abs(check.windowSeconds - 0.2) < 1e-12)
        #expect(rows["HitchCount"]?.measured == 1 && rows["HitchCount"]?.predicted == 0)
        #expect(rows["FrameWorkP50"]?.measured == 12 && rows["FrameWorkP50"]?.predicted == 0)
        #expect(rows["HitchRatio"]?.errorPct == -100)
    }

    /// A hitches table alone ends at its last hitch (1,520 here), so --window END says where
    /// the recording ended: with --window :1.9 the trace runs to 1,900, 900 ms after its first
    /// scroll, and the run (800 ms after its own) is the shorter: 0.8 s. Frames decide their
    /// own end: the trace with frames, given :2.5, still ends at 2,000 (1,000 ms; 0.8 s again).
    @Test func aTraceWithoutFramesEndsAtTheWindowsEnd() throws {
        var table = Self.trace
        table.frames = []
        table.endNs = 1520 * Self.ms
        let cut = try ModelCheck.compare(measured: [table], predicted: Self.run, window: nil)
        #expect(abs(cut.windowSeconds - 0.52) < 1e-12, "to its last hitch's end without --window")
        let extended = try ModelCheck.compare(measured: [table], predicted: Self.run, window: try CalibrationWindow(argument: ":1.9"))
        #expect(extended.windowSeconds == 0.8)
        let framed = try ModelCheck.compare(measured: [Self.trace], predicted: Self.run, window: try CalibrationWindow(argument: ":2.5"))
        #expect(framed.windowSeconds == 0.8)
        var longRun = Self.run
        longRun.endNs = 5000 * Self.ms
        #expect(try ModelCheck.compare(measured: [table], predicted: longRun, window: try CalibrationWindow(argument: ":1.9")).windowSeconds == 0.9)
        #expect(try ModelCheck.compare(measured: [Self.trace], predicted: longRun, window: try CalibrationWindow(argument: ":2.5")).windowSeconds == 1.0)
    }

    /// A window past the trace's end leaves nothing to compare: an error, not a 0 % check.
    @Test func anEmptyWindowIsRefused() throws {
        #expect(throws: ScrollSimError.self) {
            try ModelCheck.compare(measured: [Self.trace], predicted: Self.run, window: try CalibrationWindow(argument: "5:"))
        }
    }

    /// Chrome's `ProxyMain::BeginMainFrame` slices are the trace's frames (no hitch table), so
    /// hitches are derived from frames on both sides: a frame of d ms over B = 10 ms misses
    /// ⌈d / 10⌉ − 1 vsyncs. Trace (µs → ms): frames at 1,000 (4), 1,010 (25: 2 missed, 20 ms
    /// from 1,020), 1,040 (10: exactly the budget, none), 1,050 (10.001: 1 missed, 10 ms from
    /// 1,060); its end 1,060.001; it starts at its first event, a RunTask at 999. Run (its own
    /// hitch at 20 ignored): frames at 0 (35: 3 missed, 30 ms from 10), 40 (5), 50 (12: 1 missed
    /// from 60); its end 62. No first scroll: from the starts, over min(61.001, 62) = 61.001 ms.
    /// Hitches 2 and 2; 30 and 40 ms (+33.3 %).
    /// Frame p50: trace [4, 10, 10.001, 25] at h = 1.5: 10.0005; run [5, 12, 35]: 12.
    @Test func chromeFramesGiveHitchesByTheBudgetRule() throws {
        let events = [(999_000, 500, "RunTask"), (1_000_000, 4_000, "ProxyMain::BeginMainFrame"), (1_010_000, 25_000, "ProxyMain::BeginMainFrame"),
                      (1_040_000, 10_000, "ProxyMain::BeginMainFrame"), (1_050_000, 10_001, "ProxyMain::BeginMainFrame")]
        let json = "{\"traceEvents\": [" + events.map { "{\"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": \($0.0), \"dur\": \($0.1), \"name\": \"\($0.2)\", \"cat\": \"cc,benchmark\"}" }.joined(separator: ",\n") + "]}"
        let reading = try TraceReader.read(path: try TraceFiles.write(json, name: "chrome.json"))
        let trace = CheckTimeline(reading: reading, frames: nil)
        #expect(trace.frames.count == 4 && trace.hitches == nil)
        #expect(trace.frameSource?.contains("Chrome") == true, "\(trace.frameSource ?? "nil")")
        var run = CheckTimeline(frames: Self.frames([(0, 35), (40, 5), (50, 12)]), hitches: [], firstScrollNs: nil, originNs: 0, endNs: 62 * Self.ms, budgetNs: 10 * Self.ms)
        run.hitches = Self.hitches([(20, 500)])
        let check = try ModelCheck.compare(measured: [trace], predicted: run, window: nil)
        let rows = Self.rows(check)
        #expect(abs(check.windowSeconds - 0.061001) < 1e-12)
        #expect(rows["HitchCount"]?.measured == 2 && rows["HitchCount"]?.predicted == 2)
        #expect(rows["HitchTimeMs"]?.measured == 30 && rows["HitchTimeMs"]?.predicted == 40)
        #expect(abs((rows["HitchTimeMs"]?.errorPct ?? 0) - 100.0 / 3) < 1e-9)
        #expect(abs((rows["FrameWorkP50"]?.measured ?? 0) - 10.0005) < 1e-9 && rows["FrameWorkP50"]?.predicted == 12)
        #expect(check.derivedHitchBudgetMs == 10)
        #expect(check.text.contains("hitches: derived from the frames on both sides"), "\(check.text)")
        // In the report, the hitch ratio's error is the plain `errorPct` and every other row's
        // is named after it: FrameWorkP50's (12 − 10.0005) / 10.0005.
        guard case .object(let object) = check.json else { Issue.record("not an object"); return }
        #expect(object["errorPct"]?.numberValue == rows["HitchRatio"]?.errorPct && object["errorPctHitchRatio"] == nil)
        #expect(abs((object["errorPctHitchTimeMs"]?.numberValue ?? 0) - 100.0 / 3) < 1e-9)
        #expect(abs((object["errorPctFrameWorkP50"]?.numberValue ?? 0) - 1.9995 / 10.0005 * 100) < 1e-9)
        #expect(object["derivedHitchBudgetMs"]?.numberValue == 10)
    }

    /// A frame is never judged against a budget of 0 (or less): no hitches are derived, rather
    /// than a division by zero.
    @Test func noHitchesAreDerivedWithoutABudget() {
        let timeline = CheckTimeline(frames: Self.frames([(0, 30), (40, 5)]), hitches: nil, firstScrollNs: nil, originNs: 0, endNs: 50 * Self.ms)
        #expect(timeline.derivedHitches(budgetNs: 0).isEmpty && timeline.derivedHitches(budgetNs: -1).isEmpty)
        #expect(timeline.derivedHitches(budgetNs: 10 * Self.ms) == Self.hitches([(10, 20)]))
        // The smallest budget there is, 1 ns: a frame of 3 ns misses two vsyncs, from its
        // first missed tick (start + 1 ns) for 2 ns.
        let nanoseconds = CheckTimeline(frames: [TraceFrame(startNs: 100, durationNs: 3)], hitches: nil, firstScrollNs: nil, originNs: 0, endNs: 200)
        #expect(nanoseconds.derivedHitches(budgetNs: 1) == [TraceHitch(startNs: 101, durationNs: 2)])
    }

    /// An error prints `0.0 %` only when it is exactly 0; any other is signed (1 as `+1.0 %`,
    /// −0.5 as `-0.5 %`), and a missing one as a dash.
    @Test func anErrorIsSignedUnlessItIsZero() {
        #expect(ModelCheck.percent(0) == "0.0 %")
        #expect(ModelCheck.percent(1) == "+1.0 %" && ModelCheck.percent(-0.5) == "-0.5 %")
        #expect(ModelCheck.percent(nil) == "—")
    }

    /// A measured trace's hitches: its `Dropped ×N` slices (category `hitch`), even with frames
    /// from another toolkit and none of ScrollSim's own; none at all from an xctrace export
    /// with a hitches table is zero hitches, known; a trace with neither has no hitch record.
    @Test func hitchesAreTheTracesSlicesOrItsTable() {
        let doFrame = [TraceInterval(name: "Choreographer#doFrame 1", startNs: 0, durationNs: 30 * Self.ms)]
        let dropped = TraceInterval(name: "Dropped ×2", attributes: ["cat": "hitch"], startNs: 10 * Self.ms, durationNs: 20 * Self.ms)
        let sliced = TraceReading(format: .chromeJSON, file: "a.json", sha256: "", intervals: doFrame + [dropped])
        #expect(CheckTimeline(reading: sliced, frames: nil).hitches == Self.hitches([(10, 20)]))
        let table = TraceReading(format: .xctrace, file: "a.xml", sha256: "", tables: ["hitches"], frames: Self.frames([(0, 5)]))
        #expect(CheckTimeline(reading: table, frames: nil).hitches == [])
        let neither = TraceReading(format: .chromeJSON, file: "b.json", sha256: "", intervals: doFrame)
        #expect(CheckTimeline(reading: neither, frames: nil).hitches == nil)
        // An xctrace export of frames and signposts without a hitches table did not record
        // hitches: nil (derived from the frames), not none. Found by a generated mutant that
        // took any xctrace export for one with the table.
        let untabled = TraceReading(format: .xctrace, file: "b.xml", sha256: "", tables: ["os-signpost-interval (start, duration, name)"], frames: Self.frames([(0, 5)]))
        #expect(CheckTimeline(reading: untabled, frames: nil).hitches == nil)
    }

    /// The toolkits' frame slices, tried in order: Android's `Choreographer#doFrame` with its
    /// vsync id appended (a prefix), before Flutter's; `--frames` picks another.
    @Test func frameSlicesByToolkit() throws {
        let events = [(0, 5_000, "Choreographer#doFrame 4211"), (16_667, 6_000, "Choreographer#doFrame 4212"), (20_000, 3_000, "Animator::BeginFrame"),
                      (40_000, 2_000, "Choreographer#doFrameX")]
        let json = "[" + events.map { "{\"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": \($0.0), \"dur\": \($0.1), \"name\": \"\($0.2)\"}" }.joined(separator: ",") + "]"
        let reading = try TraceReader.read(path: try TraceFiles.write(json, name: "mixed.json"))
        let android = CheckTimeline(reading: reading, frames: nil)
        #expect(android.frames.map(\.durationNs) == [5_000_000, 6_000_000, 2_000_000], "every name starting Choreographer#doFrame")
        #expect(android.frameSource?.contains("Android") == true)
        let flutter = CheckTimeline(reading: reading, frames: try FrameSelection("Animator::BeginFrame"))
        #expect(flutter.frames.map(\.durationNs) == [3_000_000])
        let exact = CheckTimeline(reading: reading, frames: try FrameSelection("Choreographer#doFrame 4211"))
        #expect(exact.frames.count == 1)
        #expect(throws: ScrollSimError.self) { try FrameSelection("*") }
    }

    /// A trace with neither hitches nor frames is refused, naming the frame slices looked for.
    @Test func aTraceWithNothingToCompareIsRefused() throws {
        let reading = try TraceReader.read(path: try TraceFiles.write("[{\"ph\": \"X\", \"ts\": 0, \"dur\": 5, \"name\": \"body\"}]", name: "costs.json"))
        do {
            _ = try ModelCheck.timelines(of: [reading], frames: nil)
            Issue.record("accepted a trace with nothing to compare")
        } catch let error as ScrollSimError {
            #expect(error.message.contains("no hitches and no frames"), "\(error.message)")
            #expect(error.message.contains("Choreographer#doFrame* (Android)") && error.message.contains("--frames NAME"), "\(error.message)")
        }
    }

    /// An xctrace hitches table of every late frame of a real run (start at the missed vsync,
    /// dropped × the budget, from the report as written), a signpost from the run's start to
    /// past its end, and `--window START` at the run's first fling: the same hitches over the
    /// same stretch as the run itself, so every hitch figure agrees exactly.
    @Test func aHitchTableOfTheRunItselfChecksExactly() throws {
        let (_, report, _) = try CalibrationRoundTripTests.truthRun()
        let written = try Report(path: "truth.json", root: JSONParser.parse(Array(JSONWriter().string(report.root).utf8)))
        let frames = try written.frames()
        let ns = { (ms: Double) in Int64((ms * 1e6).rounded()) }
        let budgetNs = ns(frames.budgetMs)
        var hitches: [TraceHitch] = []
        for i in 0..<frames.count where frames.dropped[i] > 0 {
            hitches.append(TraceHitch(startNs: ns(frames.timeMs[i]) + budgetNs, durationNs: Int64(frames.dropped[i]) * budgetNs, kind: "Expensive Commit"))
        }
        let firstFling = try #require(try written.events(frameCount: frames.count).first { $0.kind == "fling" })
        let scrollNs = ns(frames.timeMs[firstFling.frame])
        let endNs = ns(frames.durationMs) + 1_000_000_000
        let xml = TraceExportWriter.xctrace(intervals: [TraceInterval(name: "recording", startNs: 0, durationNs: endNs)], hitches: hitches)
        let reading = try TraceReader.read(path: try TraceFiles.write(xml, name: "hitches.xml"))
        let check = try ModelCheck(readings: [reading], window: CalibrationWindow(startSeconds: Double(scrollNs) / 1e9), report: report)
        let rows = Self.rows(check)
        #expect((rows["HitchCount"]?.measured ?? 0) > 10, "the truth hitches")
        for key in ["HitchRatio", "HitchCount", "HitchTimeMs"] {
            #expect(rows[key]?.errorPct == 0, "\(key): measured \(rows[key]?.measured ?? -1), predicted \(rows[key]?.predicted ?? -1)")
        }
        #expect(rows["FrameWorkP50"] == nil, "an xctrace hitches table has no frames")
        let summary = check.adding(to: report.root)["summary"]?["calibration"]
        #expect(summary?["measuredHitchRatio"]?.numberValue == rows["HitchRatio"]?.measured)
        #expect(summary?["predictedHitchRatio"]?.numberValue == rows["HitchRatio"]?.predicted)
        #expect(summary?["errorPct"]?.numberValue == 0)
        #expect(check.text.contains("     0.0 %"))
    }

    /// A run read as its trace starts where its first frame does, even a run of one frame: a
    /// report whose frames start at 5 ms (one that a library caller made, not played from 0) has
    /// its origin there, not at 0, so the compared window is measured from its frame.
    @Test func aOneFrameRunStartsAtItsFrame() throws {
        let report = try ReportFixtures.synthetic(count: 1)
        guard case .object(var root) = report.root, case .object(var frames)? = root["frames"] else {
            Issue.record("the synthetic report has no frames object")
            return
        }
        frames["timeMs"] = .array([.number(5)])
        root["frames"] = .object(frames)
        let timeline = try CheckTimeline(run: try Report(path: report.path, root: .object(root)))
        #expect(timeline.frames.map(\.startNs) == [5_000_000])
        #expect(timeline.originNs == 5_000_000, "the origin is the first frame's tick")
    }

    /// The check's table pads each value on the left to its column's width, and a value as wide
    /// as the column or wider still gets one space, so it never runs into its neighbour.
    @Test func aTableValueIsAlwaysSetApart() {
        #expect("ab".leftPadded(4) == "  ab")
        #expect("abc".leftPadded(4) == " abc")
        #expect("abcd".leftPadded(4) == " abcd")
        #expect("abcde".leftPadded(4) == " abcde")
    }
}
