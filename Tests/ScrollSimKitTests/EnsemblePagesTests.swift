import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The pages of ensembles (issue 41, "Pages"): the band behind the representative run's bars,
/// the key figures as mean ± half-interval, the compare page's runs and intervals, and the
/// single run's pages left exactly as they were. Every figure is worked by hand from the
/// hand-made reports (`ReportFixtures.ensemble`).
///
/// Student's t for 3 runs (2 degrees of freedom): t(0.975, 2) = 4.3027. For runs 2, 4, 9:
/// mean 5, sd √((9 + 1 + 16) / 2) = √13 = 3.6056, half-width 4.3027 · 3.6056 / √3 = 8.957;
/// p10 at rank 0.2 = 2 + 0.2 · 2 = 2.4, p90 at rank 1.8 = 4 + 0.8 · 5 = 8. For 10, 10.4, 10.2
/// (ms/s): mean 10.2, sd 0.2, half-width 4.3027 · 0.2 / √3 = 0.497; p10 10.04, p90 10.36.
@Suite struct EnsemblePagesTests {
    static let dropped: [Double] = [2, 4, 9]
    static let ratio: [Double] = [10, 10.4, 10.2]

    /// Three runs; run 2's hitch ratio (10.2) is the median, so it is the representative run.
    func threeRuns(count: Int = 3, band: (p10: [Double], p90: [Double])? = nil, droppedFrames: [Double] = dropped,
                   hitchRatio: [Double] = ratio, seeds: [String]? = nil, name: String = "ensemble") throws -> Report {
        try ReportFixtures.ensemble(count: count, name: name, values: [.droppedFrames: droppedFrames, .hitchRatio: hitchRatio], representative: 2,
                                    band: band ?? ([Double](repeating: 0.5, count: count), [Double](repeating: 0.9, count: count)), seeds: seeds,
                                    budgets: [.droppedFrames: (limit: 2, value: 8, over: "p90")])
    }

    // MARK: Key figures

    /// The digits follow the interval: one significant digit of the half-width, two when it
    /// starts with 1; the mean to the same decimals; at most one decimal more than the value's
    /// own format (a half-width below that is "<"); runs that agree to those digits show the
    /// value alone.
    @Test func estimatesWriteTheDigitsTheIntervalSupports() {
        #expect(DisplayFormat.estimate(4.3, plusMinus: 0.6, kind: .count) == "4.3 ± 0.6")
        #expect(DisplayFormat.estimate(4.3, plusMinus: 0.14, kind: .count) == "4.30 ± 0.14")
        #expect(DisplayFormat.estimate(1.234, plusMinus: 0.04, kind: .time) == "1.23 ± 0.04 ms")
        #expect(DisplayFormat.estimate(16.59, plusMinus: 1.2, kind: .rate) == "16.6 ± 1.2 ms/s")
        #expect(DisplayFormat.estimate(3.71 * 1_048_576, plusMinus: 0.02 * 1_048_576, kind: .memory) == "3.71 ± 0.02 MiB")
        #expect(DisplayFormat.estimate(5, plusMinus: 8.957, kind: .count) == "5 ± 9")
        // ms under 10 are written with 2 decimals: at most 3 here.
        #expect(DisplayFormat.estimate(0.6761, plusMinus: 0.0004, spread: 0.002, kind: .time) == "0.676 ± <0.001 ms")
        // Runs 0.00003 s apart agree to 3 decimals: 5.71 s, as a single run's.
        #expect(DisplayFormat.estimate(5.70833, plusMinus: 0.00001, spread: 0.00003, kind: .seconds) == "5.71 s")
        #expect(DisplayFormat.estimate(5, plusMinus: 0, kind: .count) == "5")
        #expect(DisplayFormat.runRange(RunSpread(of: Self.dropped), kind: .count) == "p10 2, p90 8; 3 runs")
        #expect(DisplayFormat.runRange(RunSpread(of: Self.ratio), kind: .rate) == "p10 10 ms/s, p90 10.4 ms/s; 3 runs")
        #expect(DisplayFormat.runRange(RunSpread(of: [3, 3, 3]), kind: .count) == "the same in all 3 runs")
        // Runs 1.1278…1.1284 ms: half-width 4.3027 · 0.0003 / √3 = 0.00075, 3 decimals at most
        // (ms under 10 are written with 2): p10 1.12786 and p90 1.12834 both read 1.128.
        #expect(DisplayFormat.runRange(RunSpread(of: [1.1278, 1.1281, 1.1284]), kind: .time) == "p10 and p90 1.128 ms; 3 runs")
    }

    /// Each tile: mean ± half-width, where the runs fall, and a budget on p90 names it.
    @Test func keyFiguresOfAnEnsembleAreMeansWithTheirIntervals() throws {
        let figures = KeyFigures(try threeRuns()).figures
        let dropped = try #require(figures.first { $0.metric == .droppedFrames })
        #expect(dropped.text == "5 ± 9")
        #expect(dropped.runRange == "p10 2, p90 8; 3 runs")
        #expect(dropped.judgement == "p90 8 > 2 OVER")
        #expect(dropped.standing == .critical)
        let ratio = try #require(figures.first { $0.metric == .hitchRatio })
        #expect(ratio.text == "10.2 ± 0.5 ms/s")
        #expect(ratio.runRange == "p10 10 ms/s, p90 10.4 ms/s; 3 runs")
        let frames = try #require(figures.first { $0.metric == .frames })
        #expect(frames.text == "3" && frames.runRange == "the same in all 3 runs")
        // A single run's figures have no spread and read as before.
        let single = KeyFigures(try ReportFixtures.synthetic(count: 3)).figures
        #expect(single.allSatisfy { $0.spread == nil && $0.runRange == nil })
        #expect(single.first { $0.metric == .droppedFrames }?.judgement == "≤ 0 ok")
    }

    // MARK: Scenario page

    @Test func theScenarioPageSaysItIsAnEnsembleAndWhichRunItDraws() throws {
        let html = try ScenarioPage.render(try threeRuns())
        #expect(html.contains("<b>An ensemble of 3 runs</b>"))
        #expect(html.contains("drag and fling velocities within ±10 %"))
        #expect(html.contains("<b>run 2</b> (seed 0000000000000002), the representative run: its hitch ratio, 10.20 ms/s, is the closest to the runs' median, 10.20 ms/s."))
        #expect(html.contains("<dt>runs</dt><dd>3 (run 2 drawn)</dd>"))
        #expect(html.contains("hitches good (mean)"))
        #expect(html.contains("<div class=\"v\">5 ± 9</div><div class=\"s\">p90 8 &gt; 2 OVER</div><div class=\"r\">p10 2, p90 8; 3 runs</div>"))
        #expect(html.contains("slowest frames of run 2, the run drawn"))
        #expect(html.contains("droppedFrames <span class=\"sub\">p90 of 3 runs</span>"))
        #expect(html.contains("Run 2 of the 3, the representative run: Both stages of every frame"))
        // The percentile table: the drawn run's own row and the means'.
        #expect(html.contains("<td>run 2 (drawn)</td>") && html.contains("<td>mean of 3 runs</td>"))
        #expect(html.contains(".band-area{"), "the ensemble's style rules")
    }

    /// The view types of an ensemble are its mean per run, and the section says so; a single
    /// run's note is as it was.
    @Test func viewTypesOfAnEnsembleAreLabelledTheMeanPerRun() {
        let row = Attribution.TypeRow(name: "reel", coldBuilds: 3, prefetchedBuilds: 1, fromCache: 0, workMs: ["body": 12], lateWorkMs: 4,
                                      lateWorkByPhaseMs: ["body": 4], overBudgetShare: 1)
        let attribution = Attribution(types: [row], worstFrames: [])
        let ensemble = ScenarioPage.viewTypesSection(attribution, renderHitchMs: 0, meanOfRuns: 30)
        #expect(ensemble.contains("<b>Mean per run over the 30 runs</b> (not the drawn run's): builds per run, rounded to whole views"))
        let single = ScenarioPage.viewTypesSection(attribution, renderHitchMs: 0)
        #expect(!single.contains("Mean per run") && single.contains("<p class=\"note\">Main-thread work on behalf of each view type"))
    }

    /// Frames at 0, 8.3333 and 16.6667 ms of a 25 ms run (one bar each), x from 132 to 1,076:
    /// x = 132 + t / 25 · 944, so the bars' edges are at 132, 446.7, 761.3 and 1,076. No bar
    /// is over 2 budgets, so the axis stops at 16.667 ms and y = 294 − v / 16.667 · 250 =
    /// 294 − 15 v: p90 2, 4, 6 ms at y 264, 234, 204; p10 1, 2, 3 ms at 279, 264, 249.
    @Test func theBandIsDrawnBehindTheBarsWithTheRunsPercentiles() throws {
        let report = try threeRuns(band: ([1, 2, 3], [2, 4, 6]))
        let html = try ScenarioPage.render(report)
        let area = "<path class=\"band-area\" d=\"M132 264H446.7V234H761.3V204H1076V249H761.3V264H446.7V279H132z\"/>"
        let high = "<path class=\"band-edge p90\" d=\"M132 264H446.7V234H761.3V204H1076\"/>"
        let low = "<path class=\"band-edge p10\" d=\"M132 279H446.7V264H761.3V249H1076\"/>"
        let a = try #require(html.range(of: area), "band area")
        let bars = try #require(html.range(of: "<g class=\"bars\">"))
        let h = try #require(html.range(of: high), "band's upper edge")
        #expect(html.contains(low), "band's lower edge")
        #expect(a.lowerBound < bars.lowerBound && bars.lowerBound < h.lowerBound, "area behind the bars, edges over them")
        #expect(html.contains("<span class=\"swatch work-band\"></span>p10–p90 of 3 runs at the same vsync tick</li>"))
        #expect(html.contains("3 runs at this vsync tick: p10 2.00 ms, p90 4.00 ms"), "the hover note of frame 1")
        #expect(html.contains("The grey band behind the bars runs from the 10th to the 90th percentile"))
    }

    /// A bar of several frames shows its worst frame; its band is the highest p10 and highest
    /// p90 of its frames.
    @Test func aBucketsBandIsItsFramesHighestPercentiles() {
        let band = Chart.WorkBand(p10: [1, 5, 2], p90: [3, 4, 9], runs: 30)
        #expect(band.bucket(0..<3).p10 == 5 && band.bucket(0..<3).p90 == 9)
        #expect(band.bucket(0..<2).p10 == 5 && band.bucket(0..<2).p90 == 5, "p90 never below p10")
        #expect(band.bucket(2..<3).p10 == 2 && band.bucket(2..<3).p90 == 9)
        #expect(band.note(0..<3) == "30 runs at these vsync ticks (the highest of each): p10 5.00 ms, p90 9.00 ms")
    }

    /// Runs that agree everywhere draw no band, and say so; a band of the wrong length is not
    /// drawn misplaced.
    @Test func aBandWithoutWidthOrOfTheWrongLengthIsNotDrawn() throws {
        let flat = try ScenarioPage.render(try threeRuns(band: ([1, 2, 3], [1, 2, 3])))
        #expect(!flat.contains("class=\"band-area\"") && flat.contains("All 3 runs did the same main-thread work at every vsync tick"))
        let short = try ScenarioPage.render(try threeRuns(band: ([1, 2], [2, 4])))
        #expect(!short.contains("class=\"band-area\"") && short.contains("holds no band of per-frame work"))
    }

    // MARK: Single runs

    /// A single run's pages are exactly what they were before ensembles had pages: no band, no
    /// ensemble paragraph, no extra style, and the same bytes. The fingerprints (FNV-1a, 64
    /// bits, of the UTF-8 page) were taken after checking that the pages of the 62 shipped
    /// baseline reports, their 62 compare pages against themselves, the index and a compared
    /// pair are byte-identical before and after this change (`scrollsim report Reports/baseline
    /// [--baseline Reports/baseline]`, `diff -r`). If this fails, a single run's page changed:
    /// if on purpose, say so in the commit and take the new fingerprints.
    @Test func singleRunPagesAreUnchanged() throws {
        let base = try ReportFixtures.synthetic(count: 1000, name: "feed")
        let current = try ReportFixtures.synthetic(count: 1000, spikes: [400: 50], name: "feed")
        let site = try HTMLSite.pages(reports: [current], comparison: Comparison(baseline: [base], current: [current]), baselines: [base])
        // The Content-Security-Policy tag (issue 48) is every page's, ensemble or not: the
        // hashes below are of the pages without it.
        var pages = [try ScenarioPage.render(try ReportFixtures.synthetic(count: 2000, spikes: [100: 40, 1500: 12])),
                     try ComparePage.render(baseline: base, current: current), try #require(site.first { $0.name == "index.html" }).html]
        for html in pages { #expect(html.hasContentSecurityPolicy) }
        pages = pages.map(\.withoutContentSecurityPolicy)
        let (scenario, compare, index) = (pages[0], pages[1], pages[2])
        for html in [scenario, compare, index] {
            // The scenario page adds its answer's and replay's rules (`ReplayStyle.css`), no other.
            #expect(html.contains("<style>\(HTMLPage.style)</style>") || html.contains("<style>\(HTMLPage.style)\(ReplayStyle.css)</style>"))
            for marker in ["band-area", "ensemble-note", "ensemble-lede", "ensemble-runs", " ± "] { #expect(!html.contains(marker), "\(marker)") }
        }
        // The scenario page's fingerprint was taken again when the page began with its answer,
        // folded its zero key figures and linked its slowest frames to the replay (issue 44).
        #expect(Self.fnv1a(scenario) == "075eaf6b601e9c7c", "scenario page: \(Self.fnv1a(scenario))")
        // The compare page's was taken again when its badge began to name what failed, as the
        // text headline does (issue 43): "failed: …" where it said "3 regressed (3 errors)".
        #expect(Self.fnv1a(compare) == "88a084cbbbf9f9be", "compare page: \(Self.fnv1a(compare))")
        #expect(Self.fnv1a(index) == "d2c5f552b802b83a", "index page: \(Self.fnv1a(index))")
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return EnsembleReport.seedText(hash)
    }

    // MARK: Compare page

    /// droppedFrames: baseline runs 2, 4, 9 and current 3, 5, 9, drawn alike: the pairs differ
    /// by 1, 1, 0, mean 0.667, sd 0.5774, half-width 4.3027 · 0.5774 / √3 = 1.434: −0.77…+2.10,
    /// which includes 0: no significant change, whatever the threshold made of 5 → 5.67.
    /// hitchRatio: every pair +2 ms/s, sd 0: the interval is +2…+2, significant.
    @Test func theComparePageDrawsBothEnsemblesAndTheirPairedIntervals() throws {
        let base = try threeRuns(name: "feed")
        let current = try threeRuns(droppedFrames: [3, 5, 9], hitchRatio: [12, 12.4, 12.2], name: "feed")
        let html = try ComparePage.render(baseline: base, current: current)
        #expect(html.contains("id=\"ensemble-lede\">The baseline is an ensemble of 3 runs, the current an ensemble of 3 runs"))
        #expect(html.contains("measured on the 3 pairs of runs"))
        let section = try #require(html.range(of: "<section id=\"ensemble-runs-section\">"))
        let end = try #require(html.range(of: "</section>", range: section.upperBound..<html.endIndex))
        let runs = String(html[section.upperBound..<end.lowerBound])
        let dropped = try #require(runs.components(separatedBy: "<tr>").first { $0.contains(">droppedFrames</span>") })
        #expect(dropped.contains("+0.67, 95 % interval −0.77…+2.10 <span class=\"sub\">(3 pairs)</span>"))
        #expect(dropped.contains(HTMLPage.badge("no significant change", "unchanged")))
        // Three dots a side (two arcs a dot), and the pairs' three differences.
        let baseDots = try #require(dropped.range(of: "<path class=\"run-dot base\" d=\""))
        #expect(dropped[baseDots.upperBound...].prefix { $0 != "\"" }.components(separatedBy: "a2.4 2.4").count - 1 == 6)
        let pairDots = try #require(dropped.range(of: "<path class=\"diff-dot\" d=\""))
        #expect(dropped[pairDots.upperBound...].prefix { $0 != "\"" }.components(separatedBy: "a2 2").count - 1 == 6)
        let ratio = try #require(runs.components(separatedBy: "<tr>").first { $0.contains(">hitchRatio</span>") })
        #expect(ratio.contains("+2.00 ms/s, 95 % interval +2.00 ms/s…+2.00 ms/s"))
        #expect(!ratio.contains("no significant change"))
        // The metric table agrees: droppedFrames unchanged, for want of significance.
        #expect(html.contains("<tr data-metric=\"droppedFrames\" data-verdict=\"unchanged\""))
        #expect(html.contains("no significant change (+0.67, 95 % interval −0.77…+2.10)"))
    }

    /// Runs that did not draw alike (other seeds) are compared unpaired, and the page says so.
    @Test func unpairedEnsemblesAreSaidToBe() throws {
        let base = try threeRuns(name: "feed")
        let current = try threeRuns(droppedFrames: [3, 5, 9], seeds: ["00000000000000aa", "00000000000000bb", "00000000000000cc"], name: "feed")
        let html = try ComparePage.render(baseline: base, current: current)
        #expect(html.contains("Their runs did not draw alike, so each metric's change is the difference of the means with Welch's 95 % interval (unpaired)."))
        #expect(html.contains("<span class=\"sub\">(unpaired)</span>"))
        #expect(!html.contains("class=\"diff-dot\""), "no pairs to draw")
    }

    // MARK: Index

    /// An ensemble's row: its run count under its name, its figures as mean over ± half-width
    /// on two lines, so its columns stay as narrow as a single run's.
    @Test func theIndexRowOfAnEnsembleGivesItsIntervals() throws {
        let site = try HTMLSite.pages(reports: [try threeRuns()])
        let index = try #require(site.first { $0.name == "index.html" }).html
        #expect(index.contains("lazyVStack · 3 runs"))
        #expect(index.contains("<span class=\"fail\">5<br><span class=\"sub\">± 9</span></span>"))
        #expect(index.contains("10.2 ms/s<br><span class=\"sub\">± 0.5</span>"))
    }

    // MARK: Reading

    /// An ensemble's summary holds means, so a count there may be fractional; a run's may not.
    @Test func anEnsembleReportWithFractionalMeansReadsStrictly() throws {
        #expect(throws: Never.self) { try threeRuns().checked() }
        let error = #expect(throws: ScrollSimError.self) { try threeRuns(droppedFrames: [2, 4.5, 9]).checked() }
        #expect(error?.problems.first?.message == "corrupt report: ensemble.runs.droppedFrames[1]: 4.5 is not a whole number; a count in one run always is")
    }
}
