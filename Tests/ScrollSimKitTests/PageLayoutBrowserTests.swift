import Foundation
@testable import ScrollSimKit
@testable import ScrollSimPresentation
import Testing

/// The pages' layout in a real browser (headless Chromium), measured from the rendered boxes:
/// no two texts of a chart overlap; the event lane sits right under the frame-budget chart on
/// the same time axis; the index table fits its page; the frame-budget hover names what the
/// frame built. Skipped, with the reason, where Chromium is not installed.
///
/// Each page is written with a probe script appended: it measures the page once it has run
/// its own script, and writes what it found as JSON into `data-layout` on `<html>`, which
/// `--dump-dom` returns.
@Suite struct PageLayoutBrowserTests {
    /// What the probe reports about one page.
    struct Layout: Decodable {
        /// "chart id: text A / text B" for every pair of texts in one chart whose boxes overlap.
        var overlaps: [String]
        /// Texts whose box leaves the page to the left or right (cut off).
        var outside: [String]
        /// The gap from the frame-budget chart's bottom to the event lane's top, px.
        var laneGap: Double?
        /// The two charts' time axes: left and right ends of each, px.
        var axes: [[Double]]?
        /// Tables wider than their box (scrolled, so cut off on screen).
        var overflowingTables: [String]
        /// The tooltip's text after a mousemove over a bar.
        var tooltip: String?
    }

    static let probe = """
    <script>
    (function(){
    function box(e){var r=e.getBoundingClientRect();return {l:r.left+window.scrollX,t:r.top+window.scrollY,r:r.right+window.scrollX,b:r.bottom+window.scrollY,w:r.width,h:r.height};}
    var out={overlaps:[],outside:[],overflowingTables:[]};
    var width=document.documentElement.clientWidth;
    document.querySelectorAll('svg.chart').forEach(function(svg){
      var texts=Array.prototype.slice.call(svg.querySelectorAll('text')).filter(function(t){return t.textContent.trim().length>0;}).map(function(t){return {t:t.textContent,b:box(t)};});
      for(var i=0;i<texts.length;i++){
        var a=texts[i].b;
        if(a.l<-0.5||a.r>width+0.5)out.outside.push((svg.id||'chart')+': '+texts[i].t);
        for(var j=i+1;j<texts.length;j++){var b=texts[j].b;
          var w=Math.min(a.r,b.r)-Math.max(a.l,b.l),h=Math.min(a.b,b.b)-Math.max(a.t,b.t);
          if(w>1&&h>1)out.overlaps.push((svg.id||'chart')+': '+texts[i].t+' / '+texts[j].t);}
      }
    });
    document.querySelectorAll('.table-wrap').forEach(function(t){if(t.scrollWidth>t.clientWidth+1)out.overflowingTables.push(t.firstElementChild?t.firstElementChild.className:'table');});
    var fb=document.getElementById('frame-budget'),ev=document.getElementById('events');
    if(fb&&ev){out.laneGap=box(ev).t-box(fb).b;
      out.axes=[fb,ev].map(function(s){var l=s.querySelector('.axis.x .baseline').getBoundingClientRect();return [l.left,l.right];});}
    var src=document.getElementById('frame-budget-data');
    if(src&&fb){var data=JSON.parse(src.textContent),want=parseInt(document.documentElement.getAttribute('data-hover-frame')||'-1');
      var row=data.rows.filter(function(r){return r[2]===want;})[0];
      if(row){var area=fb.querySelector('rect.hover-area'),pt=fb.createSVGPoint();pt.x=(row[0]+row[1])/2;pt.y=100;
        var p=pt.matrixTransform(fb.getScreenCTM());
        area.dispatchEvent(new MouseEvent('mousemove',{clientX:p.x,clientY:p.y,bubbles:true}));
        out.tooltip=document.getElementById('tooltip').textContent;}}
    document.documentElement.setAttribute('data-layout',JSON.stringify(out));
    })();
    </script>
    """

    /// Renders `html` with the probe in Chromium at `width` px and returns what it measured.
    func measure(_ html: String, name: String, width: Int = 1400, hoverFrame: Int? = nil, chromium: String, in directory: URL) throws -> Layout {
        var page = Chromium.withProbe(html, Self.probe)
        if let hoverFrame { page = page.replacingOccurrences(of: "<html lang=\"en\">", with: "<html lang=\"en\" data-hover-frame=\"\(hoverFrame)\">") }
        let file = directory.appendingPathComponent(name)
        try page.write(to: file, atomically: true, encoding: .utf8)
        let (dom, log) = try Chromium.run(chromium, ["--window-size=\(width),1000", "--virtual-time-budget=5000", "--dump-dom", file.absoluteString])
        guard let json = Chromium.probeValue("data-layout", in: dom) else {
            throw ScrollSimError(file: name, message: "the probe did not run; stderr: \(log.suffix(1500))")
        }
        return try JSONDecoder().decode(Layout.self, from: Data(json.utf8))
    }

    @Test func chartTextNeverOverlapsAndTheEventLaneSitsUnderTheFrameBudget() throws {
        guard let chromium = Chromium.path else {
            print("skipped: Chromium is not installed (Debian: apt-get install chromium); the layout check needs it")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrollsim-layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // Pages with cut bars (origami-vstack, origami-vstack-rotate), render hitches
        // (effects-live), prefetch overruns, loads and labelled events, and a long run.
        let shipped = try ReportFixtures.shipped()
        let names = ["origami-vstack", "origami-vstack-rotate", "effects-live", "prefetch-chunked-heavy-cells", "loader-onappear", "origami-rotate-return"]
        var reports = names.compactMap { name in shipped.first { $0.scenarioName == name } }
        #expect(reports.count == names.count)
        reports.append(try ReportFixtures.synthetic(count: 100_000, spikes: [73_217: 960, 20_000: 30, 20_010: 28], name: "synthetic-100k"))
        for report in reports {
            let layout = try measure(try ScenarioPage.render(report), name: "\(report.scenarioName).html", chromium: chromium, in: directory)
            #expect(layout.overlaps.isEmpty, "\(report.scenarioName): overlapping chart text: \(layout.overlaps)")
            #expect(layout.outside.isEmpty, "\(report.scenarioName): chart text cut off: \(layout.outside)")
            #expect(layout.overflowingTables.isEmpty, "\(report.scenarioName): tables wider than the page: \(layout.overflowingTables)")
            // The lane directly under the chart (the two SVGs touch: no text, no margin
            // between them), and the two time axes the same pixels wide.
            let gap = try #require(layout.laneGap, "\(report.scenarioName): no frame-budget chart or event lane")
            #expect(gap >= 0 && gap <= 2, "\(report.scenarioName): the event lane is \(gap) px under the frame-budget chart")
            let axes = try #require(layout.axes)
            #expect(abs(axes[0][0] - axes[1][0]) < 0.5 && abs(axes[0][1] - axes[1][1]) < 0.5, "\(report.scenarioName): time axes differ: \(axes)")
        }

        // The hover of the worst frame of the two-heavy-types case names what it built.
        let scenario = ReportFixtures.packageRoot.appendingPathComponent("Tests/ScrollSimKitTests/Fixtures/attribution/two-heavy-types.json").path
        let twoTypes = try ScenarioLoader.load(path: scenario).report()
        let hovered = try measure(try ScenarioPage.render(twoTypes), name: "two-heavy-types.html", hoverFrame: 58, chromium: chromium, in: directory)
        let tooltip = try #require(hovered.tooltip, "no tooltip")
        #expect(tooltip.contains("Frame 58") && tooltip.contains("built reel (element e8)") && tooltip.contains("after drag at 0 s"), "\(tooltip)")
        #expect(hovered.overlaps.isEmpty, "\(hovered.overlaps)")

        // The index with a comparison (a new scenario, regressions, missing ones) and a compare
        // page fit a 1,280 px window.
        guard let lazy = shipped.first(where: { $0.scenarioName == "origami-lazy" }),
              let vstack = shipped.first(where: { $0.scenarioName == "origami-vstack" }) else {
            Issue.record("origami-lazy and origami-vstack are shipped")
            return
        }
        let comparison = Comparison(baseline: [vstack, lazy], current: [lazy, twoTypes])
        let pages = try HTMLSite.pages(reports: [lazy, twoTypes], comparison: comparison, baselines: [vstack, lazy])
        for page in pages where page.name == "index.html" || page.name.hasSuffix(".compare.html") {
            let layout = try measure(page.html, name: page.name, width: 1280, chromium: chromium, in: directory)
            #expect(layout.overlaps.isEmpty, "\(page.name): overlapping chart text: \(layout.overlaps)")
            #expect(layout.outside.isEmpty, "\(page.name): chart text cut off: \(layout.outside)")
            #expect(layout.overflowingTables.isEmpty, "\(page.name): tables wider than the page: \(layout.overflowingTables)")
        }
    }
}
