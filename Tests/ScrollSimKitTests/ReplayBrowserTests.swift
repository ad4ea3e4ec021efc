import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The scenario page in a real browser (headless Chromium), for heavy cells and a masonry
/// feed: the first screen (1,280 × 800) holds the verdict, the cause and the frame-budget
/// chart; the replay, sent to the worst frame by its button and stepped with the arrow key,
/// shows as resident exactly the rows the report's events leave resident there, and the rows
/// built in the worst frame as prefetched or on screen; a click on a bar of the chart or on the
/// answer's worst frame jumps the replay there. Screenshots at 390, 1,280 and 1,920 px
/// are kept in `Reports/screenshots/` (a CI artifact, git-ignored). No console message may be
/// logged (every shipped page: `BrowserTests`). Skipped, with the reason, where Chromium is
/// not installed.
@Suite struct ReplayBrowserTests {
    struct Probe: Decodable {
        /// Bottom edges, px from the top of the page, of the verdict, the cause and the chart.
        var verdict: Double
        var cause: Double
        var chart: Double
        /// After the worst-frame button: the frame shown, and its resident rows ("element:state").
        var worstFrame: Int
        var worstResident: [String]
        /// After three presses of the right arrow key on the next-frame button.
        var steppedFrame: Int
        var steppedResident: [String]
        /// Rows drawn in the viewport's range, "element:state", at the stepped frame.
        var drawn: [String]
        /// A click on the middle bar of the frame-budget chart (at a whole pixel, as a pointer
        /// clicks): where it landed on the chart's x axis, the frame the replay then shows, and
        /// the x span of the bar that draws that frame.
        var clickX: Double
        var afterClick: Int
        var bar: [Double]?
        /// A click on the worst frame's number in the answer: the frame the replay then shows.
        var afterAnswerLink: Int
    }

    static let probe = """
    <script>
    (function(){
    function bottom(q){var e=document.querySelector(q);if(!e)return -1;var r=e.getBoundingClientRect();return r.bottom+window.scrollY;}
    function resident(){var v=document.getElementById('replay-box').getAttribute('data-resident');return v?v.split('|'):[];}
    var out={verdict:bottom('.verdict-line'),cause:bottom('.cause-line'),chart:bottom('#frame-budget')};
    document.getElementById('replay-worst').click();
    out.worstFrame=parseInt(document.getElementById('replay-box').getAttribute('data-frame'),10);out.worstResident=resident();
    var next=document.getElementById('replay-next');
    for(var i=0;i<3;i++)next.dispatchEvent(new KeyboardEvent('keydown',{key:'ArrowRight',bubbles:true}));
    out.steppedFrame=parseInt(document.getElementById('replay-box').getAttribute('data-frame'),10);out.steppedResident=resident();
    out.drawn=Array.prototype.map.call(document.querySelectorAll('#replay-layer rect[data-state]'),function(r){return r.getAttribute('data-row')+':'+r.getAttribute('data-state');});
    var fb=document.getElementById('frame-budget'),rows=JSON.parse(document.getElementById('frame-budget-data').textContent).rows,k=rows.length>>1,row=rows[k];
    var pt=fb.createSVGPoint();pt.x=(row[0]+Math.min(row[1],rows[k+1][0]))/2;pt.y=100;var p=pt.matrixTransform(fb.getScreenCTM());
    var cx=Math.round(p.x),cy=Math.round(p.y);fb.querySelector('rect.hover-area').dispatchEvent(new MouseEvent('click',{clientX:cx,clientY:cy,bubbles:true}));
    out.afterClick=parseInt(document.getElementById('replay-box').getAttribute('data-frame'),10);
    var back=fb.createSVGPoint();back.x=cx;back.y=cy;out.clickX=back.matrixTransform(fb.getScreenCTM().inverse()).x;
    for(var j=0;j<rows.length;j++)if(rows[j][2]===out.afterClick)out.bar=[rows[j][0],j+1<rows.length?rows[j+1][0]:rows[j][1]];
    document.querySelector('#answer a[data-replay-frame]').click();
    out.afterAnswerLink=parseInt(document.getElementById('replay-box').getAttribute('data-frame'),10);
    document.documentElement.setAttribute('data-probe',JSON.stringify(out));
    })();
    </script>
    """

    @Test(arguments: ["prefetch-chunked-heavy-cells", "masonry-feed-columns"])
    func theFirstScreenAnswersAndTheReplayShowsTheReportsRows(_ name: String) throws {
        guard let chromium = Chromium.path else {
            print("skipped: Chromium is not installed (Debian: apt-get install chromium); the replay's browser check needs it")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (report, _, replay) = try ReplayTests.replay(name)
        let html = try ScenarioPage.render(report)
        let file = directory.appendingPathComponent("\(name).html")
        try Chromium.withProbe(html, Self.probe).write(to: file, atomically: true, encoding: .utf8)
        let (dom, log) = try Chromium.run(chromium, ["--window-size=1280,800", "--virtual-time-budget=5000", "--dump-dom", file.absoluteString])
        guard let json = Chromium.probeValue("data-probe", in: dom) else {
            Issue.record("\(name): the probe did not run; stderr: \(log.suffix(1500))")
            return
        }
        let probe = try JSONDecoder().decode(Probe.self, from: Data(json.utf8))

        // The first screen.
        #expect(probe.verdict > 0 && probe.verdict <= 800 && probe.cause > 0 && probe.cause <= 800, "\(name): verdict or cause below the first screen: \(probe)")
        #expect(probe.chart > 0 && probe.chart <= 800, "\(name): the frame-budget chart ends at \(probe.chart) px, below the first screen")

        // The replay at the worst frame and three frames on: the rows the report's events leave
        // resident (`Replay.states`, checked against the report's view counts in `ReplayTests`).
        func expected(_ frame: Int) -> Set<String> {
            let states = replay.states(at: frame).states
            return Set(states.indices.filter { states[$0].isResident }.map { "\(replay.layout.items[$0].element):\(states[$0].name)" })
        }
        let worst = try #require(replay.worstFrame)
        #expect(probe.worstFrame == worst)
        #expect(Set(probe.worstResident) == expected(worst), "\(name): frame \(worst)")
        #expect(probe.steppedFrame == worst + 3)
        #expect(Set(probe.steppedResident) == expected(worst + 3), "\(name): frame \(worst + 3)")
        let built = replay.states(at: worst).built.map { replay.layout.items[$0].element }
        #expect(!built.isEmpty)
        for element in built {
            #expect(probe.worstResident.contains("\(element):on screen") || probe.worstResident.contains("\(element):prefetched"), "\(name): \(element) built in frame \(worst)")
        }
        // A bar of the chart and the answer's worst-frame link jump the replay there.
        let bar = try #require(probe.bar, "\(name): the replay went to frame \(probe.afterClick), which no bar draws")
        #expect(probe.afterClick != worst + 3 && bar[0] <= probe.clickX && probe.clickX < bar[1],
                "\(name): clicked at x \(probe.clickX), the replay went to frame \(probe.afterClick), drawn at \(bar)")
        #expect(probe.afterAnswerLink == worst)
        // Every row on screen is drawn, with its state.
        for row in probe.steppedResident where row.hasSuffix(":on screen") { #expect(probe.drawn.contains(row), "\(name): \(row) not drawn") }

        // Screenshots at three widths, for the CI's artifacts and for looking at.
        let screenshots = ReportFixtures.packageRoot.appendingPathComponent("Reports/screenshots")
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let plain = directory.appendingPathComponent("\(name)-plain.html")
        try html.write(to: plain, atomically: true, encoding: .utf8)
        for width in [390, 1280, 1920] {
            let png = screenshots.appendingPathComponent("replay-\(name)-\(width).png").path
            try? FileManager.default.removeItem(atPath: png)
            _ = try Chromium.run(chromium, ["--window-size=\(width),\(width == 390 ? 2400 : 1600)", "--virtual-time-budget=5000", "--screenshot=\(png)", plain.absoluteString])
            let size = (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
            #expect(size > 10_000, "no screenshot at \(png)")
        }
    }
}
