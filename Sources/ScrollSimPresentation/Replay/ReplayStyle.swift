/// The replay's style sheet, SVG patterns and script (`Replay`): vanilla, inline, no network.
///
/// States are told apart by more than hue: on screen is solid, prefetching and prefetched are
/// hatched (dense, then open), kept alive is dotted, released is an outline, never built is a
/// dashed outline; each band large enough carries its state in words, and the text beside the
/// drawing lists the rows by state.
enum ReplayStyle {
    static let css = """
    .replay{border:1px solid var(--border);border-radius:8px;padding:8px 10px;background:var(--panel)}
    .replay-controls{display:flex;flex-wrap:wrap;align-items:center;gap:6px 12px;margin-bottom:8px;font-size:13px}
    .replay-controls button,.replay-controls select{font:inherit;padding:3px 10px;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
    .replay-controls button:focus-visible,.replay-controls input:focus-visible,.replay-controls select:focus-visible,a[data-replay-frame]:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
    .replay-slider{display:flex;align-items:center;gap:6px;flex:1 1 260px}.replay-slider input{flex:1;min-width:140px}
    .replay-body{display:flex;flex-wrap:wrap;gap:12px 20px;align-items:flex-start}
    .replay-svg{flex:0 0 auto;max-width:100%;height:auto;background:var(--bg);border:1px solid var(--border);border-radius:6px}
    .replay-text{flex:1 1 260px;min-width:0;font-size:13px}.replay-status{font-weight:600;margin:0 0 6px;font-variant-numeric:tabular-nums}
    .replay-states{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:3px 10px}.replay-states dt{display:flex;align-items:center;gap:6px;color:var(--muted)}.replay-states dd{margin:0;overflow-wrap:anywhere}
    .rr{stroke:var(--fg);stroke-width:.8}.rr.rs-0{fill:none;stroke:var(--faint);stroke-dasharray:4 3}.rr.rs-1{fill:url(#rp-prefetching)}.rr.rs-2{fill:url(#rp-prefetched)}
    .rr.rs-3{fill:var(--st-visible)}.rr.rs-4{fill:url(#rp-kept)}.rr.rs-5{fill:none;stroke:var(--muted);stroke-width:1.2}
    .rr.built{stroke:var(--crit);stroke-width:2.4}.rc{stroke:var(--bg);stroke-width:2}
    .rl{font-size:10px;fill:var(--fg);paint-order:stroke;stroke:var(--bg);stroke-width:3px;stroke-linejoin:round;pointer-events:none}
    .rv{fill:none;stroke:var(--fg);stroke-width:2.5}.rv-label,.rp-label,.ra-label{font-size:11px;fill:var(--fg);font-weight:600}
    .rp{fill:none;stroke:var(--st-prefetched);stroke-width:2.5}.rp-label{fill:var(--muted)}.ra{stroke:var(--crit);stroke-width:2;fill:none}.ra-head{fill:var(--crit)}.ra-label{fill:var(--crit)}
    .swatch.replay-swatch{border:1px solid var(--fg)}.swatch.rs-0{border:1px dashed var(--faint);background:none}.swatch.rs-1{background:repeating-linear-gradient(45deg,var(--st-prefetched) 0 2px,transparent 2px 4px)}
    .swatch.rs-2{background:repeating-linear-gradient(45deg,var(--st-prefetched) 0 3px,var(--bg) 3px 6px)}.swatch.rs-3{background:var(--st-visible)}
    .swatch.rs-4{background:radial-gradient(var(--st-cached) 35%,var(--bg) 40%) 0 0/4px 4px}.swatch.rs-5{background:none;border:1.5px solid var(--muted)}
    .swatch.viewport{background:none;border:2.5px solid var(--fg)}.swatch.pf-window{background:none;border:0;border-right:3px solid var(--st-prefetched);border-top:1px solid var(--st-prefetched);border-bottom:1px solid var(--st-prefetched)}
    .swatch.arrow{background:var(--crit);border:0;clip-path:polygon(50% 100%,100% 40%,65% 40%,65% 0,35% 0,35% 40%,0 40%)}
    .answer{border-top:0;padding:4px 0 10px}.answer p{margin:2px 0;max-width:1100px}.verdict-line{font-size:16px;font-weight:600}.cause-line{font-size:15px}.worst-line{color:var(--muted)}
    th.cause,td.cause{outline:2px solid var(--crit);outline-offset:-2px;font-weight:600}th.cause{white-space:normal}
    details.more-figures summary{cursor:pointer;color:var(--muted);font-size:13px;margin:4px 0 8px}
    @media (max-width:600px){body{padding:12px 10px 32px}h1{font-size:21px}.verdict-line{font-size:15px}.cause-line{font-size:14px}
    .timeline{overflow-x:auto}.timeline svg.chart{min-width:720px}}
    """

    /// Fills the bands use, in the page's colours (defined once in the drawing's `<defs>`).
    static let patterns = """
    <defs><pattern id="rp-prefetching" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="var(--bg)"/><rect width="2" height="4" fill="var(--st-prefetched)"/></pattern>\
    <pattern id="rp-prefetched" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="7" height="7" fill="var(--bg)"/><rect width="3" height="7" fill="var(--st-prefetched)"/></pattern>\
    <pattern id="rp-kept" width="5" height="5" patternUnits="userSpaceOnUse"><rect width="5" height="5" fill="var(--bg)"/><circle cx="2.5" cy="2.5" r="1.4" fill="var(--st-cached)"/></pattern>\
    <marker id="rp-arrow" viewBox="0 0 10 10" refX="5" refY="9" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path class="ra-head" d="M0,0 L10,0 L5,10 z"/></marker></defs>
    """

    /// The replay: draws the list at a frame from `#replay-data` (offsets, rows, state changes),
    /// and wires the slider, the buttons, the arrow keys, play, the frame-budget chart's bars,
    /// the slowest frames' links and a `#frame=N` address. Marks `<html data-replay-ready>`.
    static let script = """
    (function(){
    var src=document.getElementById('replay-data');if(!src)return;
    var D=JSON.parse(src.textContent),NS='http://www.w3.org/2000/svg';
    var box=document.getElementById('replay-box'),slider=document.getElementById('replay-frame'),layer=document.getElementById('replay-layer');
    var statusEl=document.getElementById('replay-status'),statesEl=document.getElementById('replay-states'),playBtn=document.getElementById('replay-play'),speedEl=document.getElementById('replay-speed');
    var names=['never built (estimated)','prefetching','prefetched','on screen',D.eager?'built, off screen':'kept alive','released'],order=[3,1,2,4,5];
    var first=D.first,last=D.first+D.count-1,W=360,H=480,x0=44,x1=236,cur=-1;
    function el(tag,attrs,text){var e=document.createElementNS(NS,tag);for(var k in attrs)e.setAttribute(k,attrs[k]);if(text!==undefined)e.textContent=text;return e;}
    function h(tag,text,cls){var e=document.createElement(tag);if(text!==undefined)e.textContent=text;if(cls)e.className=cls;return e;}
    function num(v,d){return v.toLocaleString('en-US',{minimumFractionDigits:d,maximumFractionDigits:d});}
    function name(r){var e=D.elements[r],n=parseInt(e,10);return D.cells>1&&String(n)===e?e+'\\u2013'+(n+D.cells-1):e;}
    function size(f){var s=D.sizes[0];for(var i=0;i<D.sizes.length;i++)if(D.sizes[i][0]<=f)s=D.sizes[i];return s;}
    function statesAt(f){var s=D.start.slice(),built=[],c=D.changes;for(var i=0;i<c.length;i+=3){if(c[i]>f)break;s[c[i+1]]=c[i+2]&7;if(c[i]===f&&c[i+2]>=8)built.push(c[i+1]);}return {s:s,built:built};}
    function draw(f){
    f=Math.max(first,Math.min(last,f|0));cur=f;var i=f-first,off=D.offset[i],vh=size(f)[2];
    var prev=i>0?D.offset[i-1]:off,down=off>=prev,pf=D.prefetch;
    var top=off-0.6*vh,bottom=off+vh*(1+Math.max(pf,0.35))+0.15*vh;if(!down){top=off-vh*Math.max(pf,0.35)-0.15*vh;bottom=off+1.6*vh;}
    var k=H/(bottom-top);function y(c){return (c-top)*k;}
    var st=statesAt(f),s=st.s,built={};st.built.forEach(function(r){built[r]=1;});
    while(layer.firstChild)layer.removeChild(layer.firstChild);
    var lw=(x1-x0)/D.lanes,resident=[],byState={};
    for(var r=0;r<D.rows.length;r++){var row=D.rows[r],state=s[r];
    if(state>0&&state<5)resident.push(D.elements[r]+':'+names[state]);
    (byState[state]=byState[state]||[]).push(r);
    var a=y(row[1]),b=y(row[1]+row[2]);if(b<0||a>H)continue;
    var rect=el('rect',{'class':'rr rs-'+state+(built[r]?' built':''),x:(x0+row[0]*lw+1).toFixed(1),y:a.toFixed(1),width:(lw-2).toFixed(1),height:Math.max(1,b-a).toFixed(1),'data-row':D.elements[r],'data-state':names[state]});
    rect.appendChild(el('title',{},(D.cells>1?'elements ':'element ')+name(r)+(D.types.length>1?' ('+D.types[row[3]]+')':'')+': '+names[state]+(built[r]?', built in this frame':'')));layer.appendChild(rect);
    if(D.cells>1){var cw=(lw-2)/D.cells;for(var c=1;c<D.cells;c++)layer.appendChild(el('line',{'class':'rc',x1:(x0+row[0]*lw+1+c*cw).toFixed(1),x2:(x0+row[0]*lw+1+c*cw).toFixed(1),y1:a.toFixed(1),y2:b.toFixed(1)}));}
    if(b-a>=13){var label=name(r)+' '+(state===3?'on screen':state===0?'est.':names[state])+(built[r]?' ★':'');if(lw<70)label=name(r)+(built[r]?'★':'');
    layer.appendChild(el('text',{'class':'rl',x:(x0+row[0]*lw+5).toFixed(1),y:(Math.max(a,0)+11).toFixed(1)},label));}}
    layer.appendChild(el('rect',{'class':'rv',x:x0-5,y:y(off).toFixed(1),width:x1-x0+10,height:(vh*k).toFixed(1)}));
    layer.appendChild(el('text',{'class':'rv-label',x:2,y:(y(off)+14).toFixed(1)},'view'));layer.appendChild(el('text',{'class':'rv-label',x:2,y:(y(off)+27).toFixed(1)},'port'));
    if(pf>0){var p0=down?off+vh:off-pf*vh,p1=down?off+vh*(1+pf):off,px=x1+10;
    layer.appendChild(el('path',{'class':'rp',d:'M'+(px-5)+','+y(p0).toFixed(1)+'H'+px+'V'+y(p1).toFixed(1)+'H'+(px-5)}));
    var ly=(y(p0)+y(p1))/2;layer.appendChild(el('text',{'class':'rp-label',x:px+5,y:ly.toFixed(1)},'prefetch'));layer.appendChild(el('text',{'class':'rp-label',x:px+5,y:(ly+13).toFixed(1)},'window'));}
    var cy=y(off+vh/2),n=0;D.corrections.forEach(function(c){if(c[0]!==f)return;var len=Math.max(12,Math.min(160,Math.abs(c[1])*k))*(c[1]<0?-1:1),ax=x1+60+n*22,ay=cy+n*4;
    layer.appendChild(el('path',{'class':'ra',d:'M'+ax+','+ay.toFixed(1)+'V'+(ay+len).toFixed(1),'marker-end':'url(#rp-arrow)'}));
    layer.appendChild(el('text',{'class':'ra-label',x:ax-18,y:(ay-6).toFixed(1)},(c[2]?'jump ':'')+(c[1]>0?'+':'')+num(c[1],0)+' pt'));n++;});
    slider.value=f;var t=D.time[i]/1000;slider.setAttribute('aria-valuetext','frame '+f+' at '+t.toFixed(3)+' s');box.setAttribute('data-frame',f);box.setAttribute('data-resident',resident.join('|'));
    var work=D.work[i],late=D.dropped[i]>0;
    statusEl.textContent='Frame '+f+(f===D.worst?' (the worst)':'')+' at '+t.toFixed(3)+' s \\u00b7 offset '+num(off,0)+' pt \\u00b7 '+num(work,2)+' ms of work ('+(work/D.budget).toFixed(2)+'\\u00d7 budget)'+(late?', '+D.dropped[i]+' dropped':'');
    while(statesEl.firstChild)statesEl.removeChild(statesEl.firstChild);
    order.forEach(function(state){var rows=byState[state]||[];if(state===5&&!rows.length)return;var dt=h('dt');var sw=h('span','','swatch replay-swatch rs-'+state);dt.appendChild(sw);dt.appendChild(document.createTextNode(names[state]+' '+rows.length));
    var shown=rows.slice(0,14).map(function(r){return name(r)+(built[r]?'\\u2605':'');}).join(', ')+(rows.length>14?' \\u2026 +'+(rows.length-14)+' more':'');statesEl.appendChild(dt);statesEl.appendChild(h('dd',shown||'\\u2013'));});
    var b=st.built.map(function(r){return name(r)+' ('+names[s[r]]+')';});var dt=h('dt','built in this frame \\u2605');statesEl.appendChild(dt);statesEl.appendChild(h('dd',b.length?b.join(', '):'nothing'));
    var cs=D.corrections.filter(function(c){return c[0]===f;});if(cs.length){statesEl.appendChild(h('dt','corrections'));statesEl.appendChild(h('dd',cs.map(function(c){return (c[2]?'jump ':'offset ')+(c[1]>0?'+':'')+num(c[1],1)+' pt';}).join(', ')));}
    }
    var timer=null,lastTs=0,acc=0;
    function stop(){if(timer){cancelAnimationFrame(timer);timer=null;}playBtn.textContent='play';playBtn.setAttribute('aria-pressed','false');}
    function tick(ts){if(!timer)return;if(lastTs){acc+=(ts-lastTs)/1000*(1000/D.budget)*parseFloat(speedEl.value);}lastTs=ts;var step=Math.floor(acc);if(step>0){acc-=step;if(cur+step>last){draw(last);stop();return;}draw(cur+step);}timer=requestAnimationFrame(tick);}
    playBtn.addEventListener('click',function(){if(timer){stop();return;}if(cur>=last)draw(first);lastTs=0;acc=0;playBtn.textContent='pause';playBtn.setAttribute('aria-pressed','true');timer=requestAnimationFrame(tick);});
    slider.addEventListener('input',function(){stop();draw(parseInt(slider.value,10));});
    document.getElementById('replay-prev').addEventListener('click',function(){stop();draw(cur-1);});
    document.getElementById('replay-next').addEventListener('click',function(){stop();draw(cur+1);});
    box.addEventListener('keydown',function(e){if(e.target===slider||e.target===speedEl)return;var d={ArrowLeft:-1,ArrowRight:1,ArrowDown:1,ArrowUp:-1,PageUp:-10,PageDown:10}[e.key];
    if(d){stop();draw(cur+d);e.preventDefault();}else if(e.key==='Home'){stop();draw(first);e.preventDefault();}else if(e.key==='End'){stop();draw(last);e.preventDefault();}});
    function jump(f){stop();draw(f);}
    document.querySelectorAll('[data-replay-frame]').forEach(function(a){a.addEventListener('click',function(){jump(parseInt(a.getAttribute('data-replay-frame'),10));});});
    var area=document.querySelector('rect.hover-area[data-hover="frame-budget-data"]'),fb=document.getElementById('frame-budget-data');
    if(area&&fb){var rows=JSON.parse(fb.textContent).rows,svg=area.ownerSVGElement;
    area.addEventListener('click',function(e){var pt=svg.createSVGPoint();pt.x=e.clientX;pt.y=e.clientY;var p=pt.matrixTransform(svg.getScreenCTM().inverse());
    var lo=0,hi=rows.length-1;while(lo<hi){var m=(lo+hi+1)>>1;if(rows[m][0]<=p.x)lo=m;else hi=m-1;}if(!rows.length)return;jump(rows[lo][2]);
    document.getElementById('replay').scrollIntoView({block:'nearest'});});area.style.cursor='pointer';}
    var m=/frame=(\\d+)/.exec(location.hash);draw(m?parseInt(m[1],10):parseInt(box.getAttribute('data-frame'),10));
    document.documentElement.setAttribute('data-replay-ready','1');
    })();
    """
}
