import ScrollSimKit

/// What the pages of an ensemble's report (`Report.ensemble`) say about the ensemble, and
/// the representative run's own figures, which the notes beside its charts quote (the
/// summary holds the means over the runs, which no drawn run has).
///
/// The scenario page of an ensemble says at the top that it is one, how many runs, what varied
/// between them, and which run the charts draw and why (`RepresentativeRun`: the run whose
/// hitch ratio is the closest to the runs' median); its key figures are means ± the
/// half-width of their 95 % interval (`KeyFigures`), its view types the mean per run
/// (`Attribution.mean(of:)`), and its frame-budget chart has the band of per-frame work
/// over the runs (`Chart.WorkBand`) behind the drawn run's bars. A single run's page has
/// none of this and is exactly as it always was.
struct EnsembleView {
    var ensemble: EnsembleReport
    /// The representative run's position in the report's run columns.
    var position: Int
    /// The plan as `scenario.ensemble` records it (`ReportBuilder+Ensemble`).
    var plan: JSONValue?

    /// The view of an ensemble's report; nil for a single run's.
    init?(_ report: Report) {
        guard let ensemble = report.ensemble, let position = ensemble.indexes.firstIndex(of: ensemble.representativeRun) else { return nil }
        self.ensemble = ensemble
        self.position = position
        plan = report.root["scenario"]?["ensemble"]
    }

    var runs: Int { ensemble.runs }

    /// "run 17": the drawn run, by its index.
    var runName: String { "run \(ensemble.representativeRun)" }

    /// The drawn run's own value of a metric (nil when the report holds no column for it).
    func shown(_ metric: Metric) -> Double? {
        guard let column = ensemble.values[metric.path], position < column.count else { return nil }
        return column[position]
    }

    /// What varied between the runs, as the plan records it: the cost draws always, then the
    /// script's variation (`RunVariation`).
    var varied: [String] {
        var parts = ["each distributed or jittered cost drawn anew"]
        if plan?["touchPhase"]?.boolValue ?? true { parts.append("each touch at a random moment of its frame interval (touches are not aligned with vsync)") }
        if let velocity = plan?["velocity"]?.numberValue, velocity > 0 {
            parts.append("drag and fling velocities within ±\(DisplayFormat.number(velocity * 100)) %")
        }
        if let start = plan?["startMs"]?.numberValue, start > 0 { parts.append("gesture times within ±\(DisplayFormat.number(start)) ms") }
        return parts
    }

    /// The paragraph at the top of the page: an ensemble of N runs, what varied, how to read
    /// the figures, and which run the charts draw and why.
    var intro: String {
        let n = DisplayFormat.integer(Double(runs))
        var html = "<p class=\"ensemble-note\" id=\"ensemble-note\"><b>An ensemble of \(n) runs</b> of this scenario. Between runs: "
        html += Markup.escape(varied.joined(separator: "; ")) + ". "
        html += "The key figures are the mean over the \(n) runs ± the half-width of its 95 % interval, with where the runs fall (p10 and p90). "
        html += "The charts draw one run frame by frame: <b>\(Markup.escape(runName))</b> (seed \(Markup.escape(seed))), the representative run"
        if let ratio = shown(.hitchRatio), let median = ensemble.spread(Metric.hitchRatio.path)?.p50 {
            html += ": its hitch ratio, \(Markup.escape(DisplayFormat.metric(.hitchRatio, ratio))), is the closest to the runs' median, \(Markup.escape(DisplayFormat.metric(.hitchRatio, median)))"
        }
        html += ". Behind its bars, the band of the work all \(n) runs did at the same vsync tick.</p>\n"
        return html
    }

    /// The drawn run's seed, as the report writes it (16 hex digits).
    var seed: String { position < ensemble.seeds.count ? ensemble.seeds[position] : "?" }

    /// The facts an ensemble adds to the header.
    var facts: [(String, String)] {
        [("runs", "\(DisplayFormat.integer(Double(runs))) (\(runName) drawn)")]
    }

    /// "Run 17 of the 30, the representative run: ": how the notes of the run's charts start.
    var chartLead: String { "\(runName.prefix(1).uppercased() + runName.dropFirst()) of the \(DisplayFormat.integer(Double(runs))), the representative run: " }
}
