import ScrollSimKit

extension ScenarioPage {
    /// The frame-budget section's note on the band: what it is, how to read it, and how it is
    /// downsampled; or why none is drawn.
    static func bandNote(_ band: Chart.WorkBand?, view: EnsembleView, framesPerBar: Int) -> String {
        let n = DisplayFormat.integer(Double(view.runs))
        guard let band else { return " This report holds no band of per-frame work over its runs, so none is drawn." }
        guard band.hasWidth else { return " All \(n) runs did the same main-thread work at every vsync tick: there is no band to draw." }
        var text = " The grey band behind the bars runs from the 10th to the 90th percentile of the main-thread work the \(n) runs did at the same vsync tick (runs are lined up by tick, as a late frame swallows the ticks it overran); its upper edge is solid, its lower edge dashed. "
        text += "Where a bar rises above the band, this run was slower there than 9 runs in 10; where the band rises above a bar, other runs were slower there."
        if framesPerBar > 1 { text += " A bar of several frames has the band of its frames' highest p10 and highest p90, as it shows its worst frame." }
        return text
    }

    /// The key figures' note for an ensemble: means ± intervals, the runs' spread, and on what
    /// the grades and budgets are judged.
    static func ensembleKeyFiguresNote(_ view: EnsembleView) -> String {
        let n = DisplayFormat.integer(Double(view.runs))
        return "<p class=\"note\">Every metric this scenario's stack and content produce, by the names reports, budgets and <code>scrollsim compare</code> use: the mean over the \(n) runs ± the half-width of its 95 % interval (where the mean of many more runs would fall, 19 times in 20; it narrows as more runs are played), and under it where single runs fall: p10 and p90 (one run in ten below the first, one in ten above the second). A tile is outlined by its hitch grade (of the mean) or its budget (on the mean, unless the budget names a statistic over the runs, which it then shows: \u{201C}p90 3 &gt; 2 OVER\u{201D}; red: over), and frame-work tiles in red when the mean is over the frame budget. Hover a figure for what it measures.</p>\n"
    }
}
