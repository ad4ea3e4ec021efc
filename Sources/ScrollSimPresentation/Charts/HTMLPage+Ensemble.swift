extension HTMLPage {
    /// The rules only an ensemble's pages use (`document(extraStyle:)`): the band of per-frame
    /// work over the runs, the runs' range on the key-figure tiles, the paragraph that says the
    /// page is an ensemble's, and the compare page's run strips and difference intervals. Kept
    /// apart from `style` so that a single run's page stays byte for byte as it was.
    static let ensembleStyle = """

    .band-area{fill:var(--muted);opacity:.3}.band-edge{fill:none;stroke:var(--fg);stroke-width:1;opacity:.55}.band-edge.p10{stroke-dasharray:3 2}
    .swatch.work-band{background:color-mix(in srgb,var(--muted) 45%,transparent);border-top:1.5px solid var(--fg);border-bottom:1.5px dashed var(--fg);height:12px}
    .kpis{grid-template-columns:repeat(auto-fill,minmax(176px,1fr))}.kpi .v{font-size:17px}.kpi .r{font-size:11.5px;color:var(--muted);font-variant-numeric:tabular-nums}
    .ensemble-note{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:8px 12px;margin:4px 0 12px;max-width:980px;font-size:13.5px}
    svg.strip{display:block;height:auto;overflow:visible}svg.strip.runs{width:320px}svg.strip.diff{width:240px}
    .run-dot{stroke:none;opacity:.6}.run-dot.base{fill:var(--base)}.run-dot.cur{fill:var(--accent)}.run-mean{stroke-width:2.2}.run-mean.base{stroke:var(--base)}.run-mean.cur{stroke:var(--accent)}
    svg text.strip-label{font-size:11px;fill:var(--muted)}.diff-zero{stroke:var(--axis);stroke-width:1;stroke-dasharray:2 2}.diff-dot{fill:var(--faint);opacity:.7}
    .diff-ci{stroke-width:3;stroke-linecap:round}.diff-mean{stroke:var(--bg);stroke-width:1.2}
    .diff-ci.regressed{stroke:var(--crit)}.diff-mean.regressed{fill:var(--crit)}.diff-ci.improved{stroke:var(--good)}.diff-mean.improved{fill:var(--good)}
    .diff-ci.unchanged,.diff-ci.changed{stroke:var(--muted)}.diff-mean.unchanged,.diff-mean.changed{fill:var(--muted)}
    table.ensemble-runs td{vertical-align:middle}table.ensemble-runs td.l{white-space:normal}
    .swatch.run-dot.base{background:var(--base);border-radius:6px}.swatch.run-dot.cur{background:var(--accent);border-radius:6px}.swatch.diff-ci{background:var(--muted);height:4px}
    """
}
