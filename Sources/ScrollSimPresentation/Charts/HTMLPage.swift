import ScrollSimKit

/// The shell every page shares: a self-contained HTML document with its style sheet and, where
/// a page has hover tooltips, one small script.
///
/// Self-contained means nothing is loaded from anywhere: no fonts, images, scripts or styles
/// from the network or from other files, so a page can be mailed, archived as a CI artifact or
/// opened offline. Colours are CSS custom properties, redefined under
/// `prefers-color-scheme: dark` and forced back to light for print. The script only adds
/// tooltips; every figure is in the markup, so a page without script (or on paper) loses
/// nothing but the hover.
public enum HTMLPage {
    /// A complete document.
    /// - Parameters:
    ///   - title: the `<title>`, escaped here.
    ///   - body: markup for `<body>` (already escaped by its builders).
    ///   - script: whether to include the tooltip script.
    ///   - meta: `<meta name content>` pairs that say what the page is (`SiteFolder`), escaped here.
    ///   - extraStyle: rules after the shared style sheet, for what only some pages draw (an
    ///     ensemble's band and run strips, `ensembleStyle`); none leaves the document as it was.
    ///   - extraScript: a script after the tooltip's, for what only some pages do (the scenario
    ///     page's replay, `ReplayStyle.script`); none leaves the document as it was.
    public static func document(title: String, body: String, script: Bool, meta: [(name: String, content: String)] = [], extraStyle: String = "", extraScript: String = "") -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += ContentSecurityPolicy.meta(scripts: (script ? [tooltipScript] : []) + (extraScript.isEmpty ? [] : [extraScript]))
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        html += "<meta name=\"generator\" content=\"ScrollSim\">\n"
        for (name, content) in meta { html += "<meta name=\"\(Markup.escape(name))\" content=\"\(Markup.escape(content))\">\n" }
        html += "<title>\(Markup.escape(title))</title>\n<style>\(style)\(extraStyle)</style>\n</head>\n<body>\n"
        html += body
        if script {
            html += "<div id=\"tooltip\" class=\"tooltip\" role=\"tooltip\" hidden></div>\n"
            html += "<script>\(tooltipScript)</script>\n"
        }
        if !extraScript.isEmpty { html += "<script>\(extraScript)</script>\n" }
        html += "</body>\n</html>\n"
        return html
    }

    /// A coloured badge (`good`, `warning`, `critical`, `pass`, `fail`, `neutral`).
    public static func badge(_ text: String, _ kind: String) -> String {
        "<span class=\"badge \(Markup.escape(kind))\">\(Markup.escape(text))</span>"
    }

    /// A legend of coloured swatches: (CSS class of the swatch, label).
    static func legend(_ items: [(String, String)]) -> String {
        var html = "<ul class=\"legend\">"
        for (css, label) in items {
            html += "<li><span class=\"swatch \(Markup.escape(css))\"></span>\(Markup.escape(label))</li>"
        }
        return html + "</ul>\n"
    }

    /// A table: header cells and rows of already-escaped cell markup. The first column and
    /// `textColumns` are left-aligned, the others right-aligned (numbers); `markedColumn`'s
    /// cells get the class `cause` (outlined: the column the page's cause line names).
    public static func table(_ header: [String], _ rows: [[String]], classes: String = "", textColumns: Set<Int> = [], markedColumn: Int? = nil) -> String {
        func open(_ tag: String, _ column: Int) -> String {
            let names = (textColumns.contains(column) ? ["l"] : []) + (column == markedColumn ? ["cause"] : [])
            return names.isEmpty ? "<\(tag)>" : "<\(tag) class=\"\(names.joined(separator: " "))\">"
        }
        var html = "<div class=\"table-wrap\"><table class=\"\(Markup.escape(classes))\"><thead><tr>"
        for (i, cell) in header.enumerated() { html += open("th", i) + "\(Markup.escape(cell))</th>" }
        html += "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>" + row.enumerated().map { open("td", $0.offset) + "\($0.element)</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table></div>\n"
    }

    static let style = """
    :root{color-scheme:light dark;--bg:#ffffff;--fg:#1d1d1f;--muted:#6b6b70;--faint:#a1a1a6;--panel:#f6f6f8;--border:#dcdce0;--grid:#ececf0;--axis:#8a8a90;
    --good:#1a7f37;--good-bg:#dcf5e3;--warn:#9a6700;--warn-bg:#fff1c2;--crit:#c62828;--crit-bg:#fde2e1;--accent:#0a66c2;--base:#8a8a90;
    --ph-input:#00897b;--ph-init:#90c2f0;--ph-body:#1e6fd9;--ph-layout:#7b3fb3;--ph-appear:#c9a0e3;--ph-render:#ef7d1a;--ph-overhead:#a7b1ba;--ph-prefetch:#b7c43a;
    --st-visible:#1e6fd9;--st-prefetched:#b7c43a;--st-cached:#a7b1ba;--mem:#0a66c2;--est:#ef7d1a;--true:#1d1d1f;
    --rs:#5c6bc0;--rs-late:#8e24aa;--launch:#a1a1a6;--scroll:#90c2f0}
    @media (prefers-color-scheme:dark){:root{--bg:#161618;--fg:#ececf0;--muted:#a1a1a8;--faint:#6b6b72;--panel:#202024;--border:#38383e;--grid:#2b2b30;--axis:#7a7a82;
    --good:#4cc26d;--good-bg:#173d23;--warn:#e3b341;--warn-bg:#3d3117;--crit:#ff6b61;--crit-bg:#4a1c1a;--accent:#58a6ff;--base:#8a8a92;
    --ph-input:#26b3a3;--ph-init:#7fb4e8;--ph-body:#4a8ff0;--ph-layout:#a87bd9;--ph-appear:#d9b8ee;--ph-render:#f5964a;--ph-overhead:#7d8791;--ph-prefetch:#c9d65a;
    --st-visible:#4a8ff0;--st-prefetched:#c9d65a;--st-cached:#7d8791;--mem:#58a6ff;--est:#f5964a;--true:#ececf0;
    --rs:#8c9eff;--rs-late:#ce93d8;--launch:#6b6b72;--scroll:#2f5f8f}}
    *{box-sizing:border-box}
    body{margin:0 auto;max-width:1280px;padding:24px 28px 48px;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    h1{font-size:26px;margin:4px 0 6px}h2{font-size:18px;margin:0 0 4px}h1 .badge{vertical-align:middle;margin-left:6px}
    a{color:var(--accent)}nav{font-size:13px;margin-bottom:8px}
    p.lede{color:var(--muted);max-width:900px;margin:4px 0 12px}
    .facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0 0 16px;padding:0;color:var(--muted);font-size:13px}.facts div{display:flex;gap:6px}.facts dt{color:var(--faint)}.facts dd{margin:0;color:var(--fg)}
    .kpis{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:0 0 18px}
    .kpi{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:8px 10px}.kpi .k{color:var(--muted);font-size:12px}.kpi .v{font-size:20px;font-weight:600;font-variant-numeric:tabular-nums}.kpi .s{font-size:12px;color:var(--muted)}
    .kpi-group h3{font-size:12px;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em;margin:6px 0 4px}.kpi-group .kpis{margin-bottom:8px}.kpi .k{overflow-wrap:anywhere}
    .kpi.good{border-color:var(--good)}.kpi.warning{border-color:var(--warn)}.kpi.critical{border-color:var(--crit)}.kpi.critical .v{color:var(--crit)}
    section{border-top:1px solid var(--border);padding:16px 0 8px;break-inside:avoid;page-break-inside:avoid}
    .note{color:var(--muted);font-size:13px;margin:2px 0 8px;max-width:980px}
    svg.chart{display:block;width:100%;height:auto;overflow:visible;margin:4px 0}
    svg text{fill:var(--fg);font:12px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
    .tick{fill:var(--muted)}.axis-title{fill:var(--muted);font-weight:600}
    .grid{stroke:var(--grid);stroke-width:1}.baseline,.tick-mark{stroke:var(--axis);stroke-width:1}
    .ph-input{fill:var(--ph-input)}.ph-init{fill:var(--ph-init)}.ph-body{fill:var(--ph-body)}.ph-layout{fill:var(--ph-layout)}.ph-appear{fill:var(--ph-appear)}.ph-render{fill:var(--ph-render)}.ph-overhead{fill:var(--ph-overhead)}.ph-prefetch{fill:var(--ph-prefetch)}
    .b08{stroke:var(--good);stroke-width:1.2;stroke-dasharray:5 4}.b10{stroke:var(--fg);stroke-width:1.6}.b15{stroke:var(--crit);stroke-width:1.2;stroke-dasharray:7 4}
    text.b08{fill:var(--good);stroke:none}text.b10{fill:var(--fg);stroke:none;font-weight:600}text.b15{fill:var(--crit);stroke:none}
    .line-label{font-size:11.5px}
    .cut{stroke:var(--bg);stroke-width:2.5;fill:none}.cap{fill:var(--crit)}
    .overflow-label,.pct-label,.ev-label{paint-order:stroke;stroke:var(--bg);stroke-width:3px;stroke-linejoin:round}.overflow-label{fill:var(--crit);font-weight:600}
    .strip-bg{fill:var(--grid)}.dropped{fill:var(--crit)}.dropped.render{fill:var(--rs-late)}.iv-launch{fill:var(--launch)}.iv-scroll{fill:var(--scroll)}.overrun-mark{fill:var(--warn)}
    .late-bg{fill:var(--crit-bg);opacity:.7}.overrun{fill:none;stroke:var(--crit);stroke-width:1.2;stroke-dasharray:2 1.5}.rs{fill:var(--rs)}.rs.late{fill:var(--rs-late)}
    .timeline svg.chart{margin:0}.share{display:inline-block;width:80px;height:8px;background:var(--grid);border-radius:2px;vertical-align:middle}.share-bar{display:block;height:8px;background:var(--crit);border-radius:2px}
    .hover-area{fill:transparent;cursor:crosshair}.hover-highlight{fill:var(--fg);opacity:.12;pointer-events:none}
    .hist{fill:var(--accent);opacity:.85}.hist.over{fill:var(--crit)}.hist-base{fill:none;stroke:var(--base);stroke-width:1.4}
    .pct{stroke:var(--muted);stroke-width:1;stroke-dasharray:2 3}.pct-label{fill:var(--muted);font-size:11.5px}
    .line{fill:none;stroke-width:1.6;stroke-linejoin:round}.area{stroke:none;opacity:.18}
    .line.mem{stroke:var(--mem)}.area.mem{fill:var(--mem)}.line.true-h{stroke:var(--true)}.line.est-h{stroke:var(--est);stroke-dasharray:6 4}
    .line.base{stroke:var(--base);stroke-width:2.2;opacity:.85}.line.cur{stroke:var(--accent)}text.base{fill:var(--muted)}text.cur{fill:var(--accent)}
    .band{stroke:none}.st-visible{fill:var(--st-visible)}.st-prefetched{fill:var(--st-prefetched)}.st-cached{fill:var(--st-cached)}
    .correction{fill:var(--crit)}
    .lane-rule{stroke:var(--grid)}.ev{stroke:none}.lane-script .ev{fill:var(--accent)}.lane-hitch .ev{fill:var(--crit)}.lane-load .ev{fill:var(--ph-prefetch)}
    .lane-state .ev{fill:none;stroke:var(--crit);stroke-width:2}.lane-layout .ev{fill:var(--warn)}.lane-views .ev{fill:var(--faint)}.lane-other .ev{fill:var(--muted)}.ev-label{font-size:11.5px}
    .legend{list-style:none;display:flex;flex-wrap:wrap;gap:4px 14px;padding:0;margin:4px 0;font-size:12.5px;color:var(--muted)}
    .legend li{display:flex;align-items:center;gap:5px}.swatch{display:inline-block;width:12px;height:12px;border-radius:2px}
    .swatch.ph-input{background:var(--ph-input)}.swatch.ph-init{background:var(--ph-init)}.swatch.ph-body{background:var(--ph-body)}.swatch.ph-layout{background:var(--ph-layout)}.swatch.ph-appear{background:var(--ph-appear)}.swatch.ph-render{background:var(--ph-render)}.swatch.ph-overhead{background:var(--ph-overhead)}.swatch.ph-prefetch{background:var(--ph-prefetch)}
    .swatch.st-visible{background:var(--st-visible)}.swatch.st-prefetched{background:var(--st-prefetched)}.swatch.st-cached{background:var(--st-cached)}
    .swatch.ln{height:3px;border-radius:0}.swatch.ln.b08{background:var(--good)}.swatch.ln.b10{background:var(--fg)}.swatch.ln.b15{background:var(--crit)}.swatch.ln.mem{background:var(--mem)}.swatch.ln.est-h{background:var(--est)}.swatch.ln.true-h{background:var(--true)}.swatch.ln.base{background:var(--base)}.swatch.ln.cur{background:var(--accent)}.swatch.dropped{background:var(--crit);height:6px}.swatch.dropped.render{background:var(--rs-late)}.swatch.late-bg{background:var(--crit-bg)}.swatch.overrun{border:1.5px dashed var(--crit)}.swatch.rs{background:var(--rs)}.swatch.rs.late{background:var(--rs-late)}.swatch.iv-launch{background:var(--launch);height:6px}.swatch.iv-scroll{background:var(--scroll);height:6px}.swatch.cap{background:var(--crit);clip-path:polygon(50% 0,100% 100%,0 100%)}
    .table-wrap{overflow-x:auto}
    table{border-collapse:collapse;font-variant-numeric:tabular-nums;font-size:13px;margin:6px 0 10px}
    th,td{padding:4px 10px;border-bottom:1px solid var(--border);text-align:right;white-space:nowrap}th{color:var(--muted);font-weight:600;font-size:12px}
    th:first-child,td:first-child,th.l,td.l{text-align:left}td.l{white-space:normal;min-width:9em}table.worst-frames td:nth-child(7){white-space:nowrap;min-width:0}tbody tr:hover{background:var(--panel)}
    table.sweep th{overflow-wrap:anywhere;min-width:4em}table.sweep td{white-space:nowrap}
    table.index th{white-space:normal;vertical-align:bottom}table.index td{vertical-align:middle}table.index td.l{white-space:normal;min-width:7.5em}.sub{color:var(--muted);font-size:12px}
    td.fail,span.fail{color:var(--crit);font-weight:600}td.pass{color:var(--good)}
    .badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;border:1px solid transparent}
    .badge.good,.badge.pass,.badge.improvement{background:var(--good-bg);color:var(--good)}.badge.warning{background:var(--warn-bg);color:var(--warn)}
    .badge.critical,.badge.fail,.badge.regression{background:var(--crit-bg);color:var(--crit)}.badge.neutral,.badge.unchanged,.badge.info{background:var(--panel);color:var(--muted);border-color:var(--border)}
    svg.sparkline{width:160px;height:34px;display:block}.spark{fill:var(--accent);opacity:.8}.spark.over{fill:var(--crit);opacity:1}
    aside.harness{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:8px 12px;font-size:13px;margin:8px 0}aside.harness h3{font-size:13px;margin:0 0 4px}
    .tooltip{position:absolute;z-index:10;pointer-events:none;background:var(--bg);color:var(--fg);border:1px solid var(--border);border-radius:6px;padding:6px 9px;font-size:12px;box-shadow:0 4px 14px rgba(0,0,0,.18);font-variant-numeric:tabular-nums;max-width:300px}
    .tooltip b{display:block;margin-bottom:2px}.tooltip table{margin:2px 0 0;font-size:12px}.tooltip td{padding:0 4px;border:0;text-align:left}.tooltip td:last-child{text-align:right}.tooltip .late{color:var(--crit);font-weight:600}.tooltip .note{margin-top:3px;color:var(--muted)}
    footer{margin-top:24px;color:var(--faint);font-size:12px}
    @media print{:root{--bg:#fff;--fg:#000;--muted:#444;--faint:#777;--panel:#f4f4f4;--border:#ccc;--grid:#e6e6e6;--axis:#888;--good:#1a7f37;--crit:#c62828;--accent:#0a66c2;
    --ph-input:#00897b;--ph-init:#90c2f0;--ph-body:#1e6fd9;--ph-layout:#7b3fb3;--ph-appear:#c9a0e3;--ph-render:#ef7d1a;--ph-overhead:#a7b1ba;--ph-prefetch:#b7c43a;--st-visible:#1e6fd9;--st-prefetched:#b7c43a;--st-cached:#a7b1ba;--mem:#0a66c2;--est:#ef7d1a;--true:#000;--rs:#5c6bc0;--rs-late:#8e24aa;--launch:#a1a1a6;--scroll:#90c2f0}
    body{max-width:none;padding:0;font-size:11px}nav,.tooltip,.hover-highlight{display:none}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
    section{padding-top:8px;break-inside:auto;page-break-inside:auto}h2,.note,.legend{break-after:avoid;page-break-after:avoid}svg.chart,tr,.kpi{break-inside:avoid;page-break-inside:avoid}
    .table-wrap{overflow:visible}table{font-size:9px}th,td{padding:2px 4px}}
    """

    /// The tooltip script: for each chart with a `.hover-area`, reads its JSON rows (sorted by
    /// x), finds the bar under the pointer by binary search and shows that frame's numbers.
    /// Builds the tooltip with DOM nodes only (no innerHTML), and marks the document
    /// `data-ready` when set up (the browser test checks it ran without error).
    static let tooltipScript = """
    (function(){
    var tip=document.getElementById('tooltip');
    function fmt(v){return v<10?v.toFixed(2):(v<1000?v.toFixed(1):Math.round(v).toLocaleString('en-US'));}
    function el(tag,text,cls){var e=document.createElement(tag);if(text!==undefined)e.textContent=text;if(cls)e.className=cls;return e;}
    document.querySelectorAll('rect.hover-area').forEach(function(area){
    var src=document.getElementById(area.getAttribute('data-hover'));if(!src)return;
    var data=JSON.parse(src.textContent),rows=data.rows,svg=area.ownerSVGElement,hl=svg.querySelector('.hover-highlight'),P=data.phases.length;
    function find(x){var lo=0,hi=rows.length-1;while(lo<hi){var m=(lo+hi+1)>>1;if(rows[m][0]<=x)lo=m;else hi=m-1;}return rows[lo];}
    function show(e){
    if(!rows.length)return;var pt=svg.createSVGPoint();pt.x=e.clientX;pt.y=e.clientY;var p=pt.matrixTransform(svg.getScreenCTM().inverse());var r=find(p.x);
    hl.setAttribute('x',r[0]);hl.setAttribute('width',Math.max(1,r[1]-r[0]));
    tip.textContent='';tip.appendChild(el('b','Frame '+r[2]+' \\u00b7 '+(r[5]/1000).toFixed(3)+' s'));
    if(r[3]!==r[4])tip.appendChild(el('div','worst of frames '+r[3]+'\\u2013'+r[4]));
    tip.appendChild(el('div','work '+fmt(r[6])+' ms of '+fmt(data.budget)+' ms budget'));
    var rs=r[8+P],rd=r[9+P],iv=r[10+P],ov=r[11+P],note=r[12+P];
    if(iv>0)tip.appendChild(el('div',iv==1?'launch frame':'scroll interaction'));
    if(r[7]>0)tip.appendChild(el('div','late: '+r[7]+' frame'+(r[7]==1?'':'s')+' dropped'+(rd>0?' ('+rd+' by the render server)':''),'late'));
    if(ov>0)tip.appendChild(el('div','prefetch made it late: '+fmt(ov)+' ms past the deadline','late'));
    var t=el('table');for(var i=P-1;i>=0;i--){var v=r[8+i];if(v<=0)continue;var tr=el('tr'),sw=el('td');sw.appendChild(el('span','','swatch ph-'+data.phases[i]));tr.appendChild(sw);tr.appendChild(el('td',data.phases[i]));tr.appendChild(el('td',fmt(v)+' ms'));t.appendChild(tr);}
    tip.appendChild(t);tip.appendChild(el('div','render server '+fmt(rs)+' ms (the next interval)'));
    if(note>=0)tip.appendChild(el('div',data.notes[note],'note'));tip.hidden=false;
    var x=e.pageX+14,y=e.pageY+14,w=tip.offsetWidth;if(x+w>window.scrollX+document.documentElement.clientWidth-8)x=e.pageX-w-14;
    tip.style.left=x+'px';tip.style.top=y+'px';}
    area.addEventListener('mousemove',show);
    area.addEventListener('mouseleave',function(){tip.hidden=true;hl.setAttribute('width',0);});
    });
    document.documentElement.setAttribute('data-ready','1');
    })();
    """
}
