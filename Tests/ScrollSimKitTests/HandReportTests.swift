import Foundation
import Testing
@testable import ScrollSimKit

/// One report checked byte for byte against a file written and reviewed by hand, not copied
/// from the tool's output: `Fixtures/hand-report/tiny-drag.report.json`, the report of
/// `Fixtures/hand-report/tiny-drag.json`. If this fails, find out who is right: the figures
/// below, or the code.
///
/// The scenario: 3 rows of 100 pt, no spacing, a 393 × 200 viewport at 120 Hz (B = 8.3333 ms),
/// overhead 0.5 ms, input 0.05 ms per moving frame; a row costs init 0.1, body 0.2, layout 0.3,
/// render 0.02, appear 0.01 ms and holds 100,000 bytes (+ 64 of data per element); prefetch is
/// the default (chunked, 1 viewport ahead, 1 ms margin). A drag of 1200 pt/s starts at t = 0 and
/// lasts the whole 0.05 s run: frames start at 0, 8.3333, 16.6667, 25, 33.3333, 41.6667 ms,
/// six frames (the seventh would start at 50 ms, the end).
///
/// Frame 0 (offset 0): the drag starts (event `drag`, value 1200). Rows 0 and 1 (y 0…200) are
/// built cold (2 `build` events; init 0.2, body 0.4, layout 0.6 ms), measured at 100 pt (the
/// estimate becomes 100, so the content is 300 pt) and appear (0.02 ms, 2 `appear` events).
/// Render 2 · 0.02 = 0.04. Required work 0.5 + 0.05 + 0.2 + 0.4 + 0.6 + 0.02 + 0.04 = 1.81 ms;
/// idle = 8.3333 − 1.81 − 1 = 5.52 ms, enough to prefetch row 2 whole (0.6 ms:
/// `prefetchStart` and `prefetchFinish`, value 0.6). Work 2.41 ms; 2 visible, 1 prefetched.
/// Memory 3 · 100,000 + 3 · 64 = 300,192 bytes from here on.
///
/// Frames 1–5: the offset is 1.2 pt/ms · t = 10, 20, 30, 40, 50 pt (the largest offset is
/// 300 − 200 = 100). Row 2 (y 200) enters the viewport in frame 1 (`appear`, 0.01 ms); from
/// then on 3 rows render (0.06 ms) and nothing lies beyond them to prefetch. Work 0.5 + 0.05 +
/// 0.01 + 0.06 = 0.62 ms in frame 1, 0.61 ms in frames 2–5. No corrections (all rows are 100 pt
/// as estimated), no jumps, nothing evicted, nothing blank. Every frame moves.
///
/// Frame 0 is the launch: the first screen is complete at its end (nothing scheduled for the
/// next frame), so launch is 1 frame of 2.41 ms, none dropped. Frames 1–5 are the scroll
/// interaction (the drag moves content taller than the viewport). The render server composites
/// each visible view for 0.02 ms: 0.04 ms in frame 0, 0.06 ms after; nothing is late.
///
/// The drag is the user's from frame 0: ScrollPosition is positioned by the user in every frame,
/// at no programmatic edge; nothing is popped, no observer is set.
///
/// Summary: 6 frames, none dropped, hitch 0; scrolling 5 · 8.3333 ms = 0.0417 s, ratio 0 ("good").
/// Frame work sorted 0.61, 0.61, 0.61, 0.61, 0.62, 2.41: mean 5.47 / 6 = 0.9117; percentiles
/// interpolate at rank q · 5: p50 at 2.5 → 0.61; p90 at 4.5 → 0.62 + 0.5 · 1.79 = 1.515;
/// p95 at 4.75 → 0.62 + 0.75 · 1.79 = 1.9625; p99 at 4.95 → 0.62 + 0.95 · 1.79 = 2.3205; max 2.41.
/// 3 body evaluations and layout passes, 2 cold builds, 1 prefetched build of 0.6 ms that
/// appeared (no waste, nothing pending), 3 appears. Budget `peakMemoryMB: 0.29` (the former name,
/// in MiB) becomes `peakMemoryBytes` with a limit of 0.29 · 1,048,576 = 304,087.04 bytes:
/// 300,192 ≤ 304,087.04, a pass (in decimal megabytes, 290,000 bytes, it would fail).
/// Attribution: the one type, `row`, did all the view work: 2 cold builds, 1 prefetched, none
/// from the cache; init 0.2, body 0.4, layout 0.6 and prefetch 0.6 ms (frame 0), appear 0.02 +
/// 0.01 = 0.03 ms, render 0.04 + 5 · 0.06 = 0.34 ms; input and overhead are no view's. Nothing
/// was late: late work 0 (0 in every phase), share 0. Every event of a row names `row`; the drag names none (null).
/// The slowest frames (by the longer of commit and render server, ties to the earlier frame):
/// 0 (2.41 ms: layout 0.6 and prefetch 0.6 tie in exact arithmetic, and layout comes first in a
/// frame; rows 0 and 1 built and row 2 prefetched: 3 `row`s, elements 0, 1, 2), 1 (0.62 ms) and
/// 2–5 (0.61 ms), each of those dominated by the 0.5 ms overhead and building nothing; the
/// render server did 0.04 ms in frame 0 and 0.06 ms after; the script event in effect is the
/// drag of frame 0 ("drag at 0 s").
/// The content hash is FNV-1a (64-bit) over the scenario's canonical JSON without description
/// and budgets (sorted keys, two-space indent, numbers in at most six decimals), worked out with
/// a separate implementation of that rule: 35a928ca30698a49. `scenario.source` is the scenario
/// file itself (it reads no data file), keys sorted, written out with Python's `json` module.
@Suite struct HandReportTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/hand-report")

    @Test func theReportIsTheOneWorkedOutByHand() throws {
        let scenario = try ScenarioLoader.load(path: Self.directory.appendingPathComponent("tiny-drag.json").path)
        let text = JSONWriter().string(Baseline.report(for: scenario))
        let expected = try String(contentsOf: Self.directory.appendingPathComponent("tiny-drag.report.json"), encoding: .utf8)
        if text != expected {
            let differences = ReportDiff.items(baseline: try JSONValue.parse(Data(expected.utf8)), current: try JSONValue.parse(Data(text.utf8)))
            Issue.record("the report differs from the hand-written one (hand → code):\n\(differences.map { "  \($0)" }.joined(separator: "\n"))")
        }
        #expect(text == expected)
    }
}
