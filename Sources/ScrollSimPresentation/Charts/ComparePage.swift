import ScrollSimKit

/// The compare page of one scenario: baseline and current on the same axes (frame work,
/// distribution, memory, resident views) and the comparison's metric table.
///
/// The verdicts are the compare model's: the page renders a `ScenarioComparison` of a
/// `Comparison` and judges nothing itself, so it says what `scrollsim compare` says for the
/// same pair and thresholds (the same values, deltas, relative changes, verdicts and
/// severities, in the same number format). The thresholds used are named on the page. A
/// scenario whose content changed lists what changed (`ScenarioComparison.scenarioChanges`)
/// before the metrics; one refused for it (`--strict-content`) shows the reason and no metric
/// table; its charts are still drawn. Deterministic like `ScenarioPage`; no script.
/// - Complexity: O(frames of both reports + metrics).
enum ComparePage {
    /// Renders the page of `scenario`, one of `comparison`'s scenarios, from its two reports.
    ///
    /// - Precondition: `scenario` has both sides (`.compared` or `.contentChanged`), and
    ///   `baseline` and `current` are the reports it was compared from.
    /// - Throws: `ScrollSimError` if either report's frames cannot be drawn.
    /// - Parameter reportFiles: the two reports' files relative to the page's folder, when they
    ///   are files there to stay (recorded in the page, `SiteFolder`).
    static func render(_ scenario: ScenarioComparison, of comparison: Comparison, baseline: Report, current: Report,
                              index: String? = nil, scenarioPage: String? = nil, reportFiles: (baseline: String, current: String)? = nil) throws -> String {
        precondition(scenario.status == .compared || scenario.status == .contentChanged,
                     "a compare page needs a scenario with both reports; \(scenario.name) is \(scenario.status.rawValue)")
        let base = try baseline.frames()
        let cur = try current.frames()
        var body = ""
        var nav: [String] = []
        if let index { nav.append("<a href=\"\(Markup.escape(index))\">← all scenarios</a>") }
        if let scenarioPage { nav.append("<a href=\"\(Markup.escape(scenarioPage))\">\(Markup.escape(current.scenarioName)) →</a>") }
        if !nav.isEmpty { body += "<nav>\(nav.joined(separator: " · "))</nav>\n" }

        let title = baseline.scenarioName == current.scenarioName ? current.scenarioName : "\(current.scenarioName) vs \(baseline.scenarioName)"
        body += "<header>\n<h1>\(Markup.escape(title))"
        body += scenario.status == .contentChanged ? HTMLPage.badge("not compared: content changed", "fail") : outcomeBadges(scenario, failOn: comparison.options.failOn)
        if let grade = scenario.hitchGrade.text, let now = scenario.hitchGrade.now {
            body += " " + HTMLPage.badge(grade, now == .critical ? "fail" : (now == .warning ? "warning" : "pass"))
        }
        body += "</h1>\n<p class=\"lede\">Current <b>\(Markup.escape(current.scenarioName))</b> (\(Markup.escape(fileName(current)))) against baseline <b>\(Markup.escape(baseline.scenarioName))</b> (\(Markup.escape(fileName(baseline)))).</p>\n"
        let ensembles = comparesEnsembles(baseline, current)
        if ensembles { body += ensembleLede(baseline, current) }
        body += findings(scenario)
        if let note = scenario.note {
            let badge: String
            switch scenario.status {
            case .contentChanged: badge = HTMLPage.badge("content changed", "fail")
            case _ where scenario.contentHashChanged: badge = HTMLPage.badge("scenario changed", "warning")
            default: badge = HTMLPage.badge("note", "neutral")
            }
            body += "<p class=\"note\" id=\"scenario-note\">\(badge) \(Markup.escape(note))</p>\n"
        }
        if abs(base.budgetMs - cur.budgetMs) > 1e-9 {
            body += "<p class=\"note\">The frame budgets differ (\(DisplayFormat.ms(base.budgetMs)) → \(DisplayFormat.ms(cur.budgetMs))); the budget lines are the current one's.</p>\n"
        }
        body += "</header>\n"
        body += scenarioChangesSection(scenario)
        let legend = HTMLPage.legend([("ln base", "baseline"), ("ln cur", "current")])

        body += "<section id=\"delta-section\">\n<h2>Metrics</h2>\n"
        body += "<p class=\"note\" id=\"thresholds\">Verdicts as <code>scrollsim compare</code> gives them. Thresholds: \(Markup.escape(comparison.thresholds.label)); "
        body += comparison.options.strictContent ? "changed scenarios refused (--strict-content)." : "changed scenarios compared by name (--strict-content refuses them)."
        body += " A judged metric regresses when it moves the bad way past its warning or error limit (changes within its floor never count) and improves when it moves the good way past one; neutral metrics are information, never judged. Δ is current − baseline; the relative change is of the baseline (n/a from 0).</p>\n"
        if scenario.status == .compared {
            let moved = scenario.metrics.filter(CompareFormat.moved)
            let still = scenario.metrics.filter { !CompareFormat.moved($0) }
            if moved.isEmpty {
                body += "<p>All \(scenario.metrics.count) metrics are identical.</p>\n"
            } else {
                body += metricTable(moved)
            }
            if !still.isEmpty {
                body += "<details><summary>\(CompareFormat.count(still.count, moved.isEmpty ? "metric" : "other metric")) identical</summary>\n"
                body += metricTable(still) + "</details>\n"
            }
        } else {
            body += "<p class=\"note\">Metrics not compared (see above); the charts below still draw both runs.</p>\n"
        }
        body += "</section>\n"
        if ensembles, scenario.status == .compared { body += ensembleRunsSection(scenario, baseline: baseline, current: current) }

        body += attributionSection(baseline: Attribution(report: baseline), current: Attribution(report: current), ensembles: ensembles)

        body += "<section id=\"work-overlay-section\">\n<h2>Frame work</h2>\n"
        body += "<p class=\"note\">\(drawnRuns(baseline, current))The worst frame of each column for both runs, on one time axis; work above the axis is cut at its top and the maxima are printed.</p>\n" + legend
        body += Chart.workOverlay(baseline: base, current: cur) + "\n</section>\n"

        let drawn = EnsembleView(current)
        let marks = Chart.percentiles.map { mark in (mark.label, (drawn.map { $0.shown(mark.metric) } ?? current[mark.metric]) ?? .nan) }
        body += "<section id=\"distribution-overlay-section\">\n<h2>Frame-work distribution</h2>\n"
        body += "<p class=\"note\">Current as bars, baseline as an outline, on the same bins (log count scale). Percentile marks are the current run's.</p>\n"
        body += Chart.distribution(cur, percentiles: marks, overlay: (base, "baseline"), id: "distribution-overlay") + "\n</section>\n"

        body += "<section id=\"memory-overlay-section\">\n<h2>Modeled memory</h2>\n" + legend
        body += Chart.overlay(baseline: (base, base.memoryBytes.map { $0 / 1_048_576 }), current: (cur, cur.memoryBytes.map { $0 / 1_048_576 }),
                              id: "memory-overlay", label: "Modeled memory, baseline and current, MiB", yTitle: "MiB", yLabel: { SVG.number($0, decimals: 1) }) + "\n</section>\n"

        func resident(_ f: Report.Frames) -> [Double] { (0..<f.count).map { f.visible[$0] + f.prefetched[$0] + f.cached[$0] } }
        body += "<section id=\"views-overlay-section\">\n<h2>Resident views</h2>\n" + legend
        body += Chart.overlay(baseline: (base, resident(base)), current: (cur, resident(cur)), id: "views-overlay",
                              label: "Resident views, baseline and current", yTitle: "views", yLabel: { DisplayFormat.integer($0) }) + "\n</section>\n"
        body += "<footer>ScrollSim compare · thresholds: \(Markup.escape(comparison.thresholds.label)) · baseline content hash \(Markup.escape(baseline.contentHash)) · current \(Markup.escape(current.contentHash))</footer>\n"
        return HTMLPage.document(title: "\(title) · compare · ScrollSim", body: body, script: false,
                                 meta: SiteFolder.meta(.compare, scenario: current.scenarioName, reports: [reportFiles?.current, reportFiles?.baseline]),
                                 extraStyle: ensembles ? HTMLPage.ensembleStyle : "")
    }

    /// What changed in the scenario, before the metrics: a table of key path, baseline and
    /// current (or the reason there is none); empty when the content did not change.
    static func scenarioChangesSection(_ scenario: ScenarioComparison) -> String {
        guard scenario.contentHashChanged else { return "" }
        var html = "<section id=\"scenario-changes-section\">\n<h2>What changed in the scenario</h2>\n"
        guard let changes = scenario.scenarioChanges, !changes.isEmpty else {
            return html + scenario.scenarioChangeLines.map { "<p class=\"note\">\(Markup.escape($0))</p>\n" }.joined() + "</section>\n"
        }
        html += "<p class=\"note\">Key paths of the scenario file (view types by name); the metrics below move with these changes.</p>\n"
        let rows = changes.map { change in
            ["<code>\(Markup.escape(change.path))</code>", Markup.escape(change.old ?? ScenarioChange.absent), Markup.escape(change.new ?? ScenarioChange.absent)]
        }
        // The first `ScenarioDiff.shownChanges`, then how many more (the page stays bounded).
        let more = scenario.scenarioChangeCount > changes.count
            ? "<p class=\"note\">\(Markup.escape(ScenarioComparison.moreChanges(scenario.scenarioChangeCount - changes.count, of: scenario.scenarioChangeCount)))</p>\n" : ""
        return html + HTMLPage.table(["key path", "baseline", "current"], rows, classes: "scenario-changes", textColumns: [1, 2]) + more + "</section>\n"
    }

    /// Renders the page comparing two reports with each other, whatever their names, as
    /// `scrollsim compare BASELINE CURRENT` does for two files.
    /// - Throws: `ScrollSimError` if either report's frames cannot be drawn.
    static func render(baseline: Report, current: Report, thresholds: Thresholds = .standard, options: Comparison.Options = Comparison.Options(),
                              index: String? = nil, scenarioPage: String? = nil) throws -> String {
        let comparison = Comparison(baseline: baseline, current: current, thresholds: thresholds, options: options)
        return try render(comparison.scenarios[0], of: comparison, baseline: baseline, current: current, index: index, scenarioPage: scenarioPage)
    }

    /// The badges of a compared scenario's outcome, as its text headline says it
    /// (`ScenarioHeadline`, by the exit status): what failed (red), what warned without failing
    /// (yellow; never called a regression), or "no regression", then how many improved.
    static func outcomeBadges(_ scenario: ScenarioComparison, failOn: Severity) -> String {
        let headline = ScenarioHeadline(scenario, failOn: failOn)
        var badges: [String] = []
        if !headline.failed.isEmpty {
            badges.append(HTMLPage.badge("failed: " + ScenarioHeadline.names(headline.failed), headline.label == .overBudget ? "fail" : "regression"))
        }
        if !headline.warned.isEmpty { badges.append(HTMLPage.badge("warned: " + ScenarioHeadline.names(headline.warned), "warning")) }
        if badges.isEmpty { badges.append(HTMLPage.badge("no regression", "pass")) }
        if headline.improved > 0 { badges.append(HTMLPage.badge("\(headline.improved) improved", "improvement")) }
        return badges.joined(separator: " ")
    }

    /// One line per kind of finding, naming the metrics with their change and the limit passed.
    static func findings(_ scenario: ScenarioComparison) -> String {
        guard scenario.status == .compared else { return "" }
        var html = ""
        for (label, verdict) in [("Regressed", Verdict.regressed), ("Improved", Verdict.improved)] {
            let metrics = scenario.metrics(verdict)
            guard !metrics.isEmpty else { continue }
            let items = metrics.map { metric -> String in
                let kind = metric.metric?.kind
                var detail = CompareFormat.shown(metric).delta
                if metric.relative != nil { detail += ", " + CompareFormat.relative(metric) }
                if let severity = metric.severity, let limit = metric.limitReached {
                    detail = "\(severity.rawValue): \(detail), over \(CompareFormat.limit(limit, kind))"
                }
                let name = "<b>\(Markup.escape(metric.path))</b> (\(Markup.escape(detail)))"
                return metric.severity == .error ? "<span class=\"fail\">\(name)</span>" : name
            }
            html += "<p class=\"findings \(verdict.rawValue)\">\(label): \(items.joined(separator: ", ")).</p>\n"
        }
        return html
    }

    /// The metric table: one row per metric, each row carrying the model's verdict and
    /// severity as `data-verdict` and `data-severity` (empty when none).
    static func metricTable(_ metrics: [MetricComparison]) -> String {
        let header = ["metric", "baseline", "current", "delta", "relative", "limits (warning · error)", "verdict", "severity"]
        var html = "<div class=\"table-wrap\"><table class=\"deltas\"><thead><tr>"
        for (i, cell) in header.enumerated() { html += (i == 0 || i >= 5 ? "<th class=\"l\">" : "<th>") + Markup.escape(cell) + "</th>" }
        html += "</tr></thead><tbody>"
        for metric in metrics {
            html += "<tr data-metric=\"\(Markup.escape(metric.path))\" data-verdict=\"\(metric.verdict.rawValue)\" data-severity=\"\(metric.severity?.rawValue ?? "")\">"
            let title = metric.metric.map { " title=\"\(Markup.escape($0.meaning))\"" } ?? ""
            html += "<td\(title)>\(Markup.escape(metric.path))</td>"
            let shown = CompareFormat.shown(metric)
            html += "<td>\(Markup.escape(shown.baseline))</td>"
            html += "<td>\(Markup.escape(shown.current))</td>"
            let delta = Markup.escape(shown.delta)
            let relative = Markup.escape(CompareFormat.relative(metric))
            if metric.severity == .error {
                html += "<td><span class=\"fail\">\(delta)</span></td><td><span class=\"fail\">\(relative)</span></td>"
            } else {
                html += "<td>\(delta)</td><td>\(relative)</td>"
            }
            html += "<td class=\"l\">\(limits(metric))</td>"
            html += "<td class=\"l\">\(verdictCell(metric))</td>"
            html += "<td class=\"l\">\(metric.severity.map { HTMLPage.badge($0.rawValue, $0 == .error ? "fail" : "warning") } ?? "")</td>"
            html += "</tr>"
        }
        return html + "</tbody></table></div>\n"
    }

    /// The limits a metric was judged against ("5% · 10%", "– · 0"), "neutral" or "off".
    static func limits(_ metric: MetricComparison) -> String {
        if metric.polarity == .neutral { return "<span class=\"sub\">neutral</span>" }
        let threshold = metric.threshold
        if threshold.isOff { return "<span class=\"sub\">off</span>" }
        let kind = metric.metric?.kind
        let warning = threshold.warning.map { CompareFormat.limit($0, kind) } ?? "–"
        let error = threshold.error.map { CompareFormat.limit($0, kind) } ?? "–"
        var floor = ""
        if threshold.floor > 0 {
            floor = " title=\"changes up to \(Markup.escape(CompareFormat.limit(.absolute(threshold.floor), kind))) never count\""
        }
        return "<span\(floor)>\(Markup.escape(warning)) · \(Markup.escape(error))</span>"
    }

    /// The verdict badge: regressed (red for an error, yellow for a warning), improved,
    /// unchanged (noting a move within the threshold), and info for neutral or unjudged
    /// metrics and for metrics only one report has.
    static func verdictCell(_ metric: MetricComparison) -> String {
        let moved = CompareFormat.moved(metric)
        switch metric.verdict {
        case .regressed:
            return HTMLPage.badge("regressed", metric.moveSeverity == .error ? "regression" : "warning")
                + (metric.reason.map { " <span class=\"sub\">\(Markup.escape($0))</span>" } ?? "") + budgetNote(metric)
        case .improved:
            return HTMLPage.badge("improved", "improvement") + (metric.reason.map { " <span class=\"sub\">\(Markup.escape($0))</span>" } ?? "")
        case .unchanged where metric.polarity == .neutral:
            return HTMLPage.badge("info", "info")
        case .unchanged:
            return HTMLPage.badge("unchanged", "unchanged") + (moved ? " <span class=\"sub\">\(Markup.escape(metric.reason ?? "within threshold"))</span>" : "") + budgetNote(metric)
        case .changed:
            return HTMLPage.badge("info", "info") + " <span class=\"sub\">\(metric.polarity == .neutral ? "changed" : "changed, not judged (off)")</span>"
        case .added:
            return HTMLPage.badge("info", "info") + " <span class=\"sub\">added: not in the baseline</span>"
        case .removed:
            return HTMLPage.badge("info", "info") + " <span class=\"sub\">removed: not in the current report</span>"
        }
    }

    /// " over budget 3 > 0: error" after a verdict, for a current value over its budget.
    static func budgetNote(_ metric: MetricComparison) -> String {
        CompareFormat.overBudget(metric).map { " " + HTMLPage.badge($0, metric.budgetSeverity == .error ? "fail" : "warning") } ?? ""
    }

    static func fileName(_ report: Report) -> String {
        report.path.split(separator: "/").last.map(String.init) ?? report.path
    }

    /// Where the over-budget work goes on each side: the view types (matched by name) and each
    /// side's worst frame. Shown, never judged: type names and frames differ between variants,
    /// so they are not metrics (see the report reference).
    /// With `ensembles`, the note says that an ensemble's types are its mean per run and its
    /// worst frame its representative run's.
    static func attributionSection(baseline: Attribution?, current: Attribution?, ensembles: Bool = false) -> String {
        var html = "<section id=\"attribution-section\">\n<h2>View types and worst frames</h2>\n"
        guard let baseline, let current else {
            return html + "<p class=\"note\">One of the reports has no attribution by view type (written before reports had one).</p>\n</section>\n"
        }
        html += "<p class=\"note\">Which view types own the over-budget work, and each run's worst frame. Shown for reading, not judged: types and frames differ between variants.\(ensembles ? " An ensemble's view types are its mean per run over its runs, and its worst frame is its representative run's." : "")</p>\n"
        let names = Set(baseline.types.map(\.name)).union(current.types.map(\.name))
        func row(_ side: Attribution, _ name: String) -> Attribution.TypeRow? { side.types.first { $0.name == name } }
        let sorted = names.sorted { a, b in
            let (la, lb) = ((row(current, a)?.lateWorkMs ?? 0) + (row(baseline, a)?.lateWorkMs ?? 0), (row(current, b)?.lateWorkMs ?? 0) + (row(baseline, b)?.lateWorkMs ?? 0))
            return la != lb ? la > lb : a < b
        }
        let rows = sorted.map { name -> [String] in
            let (b, c) = (row(baseline, name), row(current, name))
            func share(_ r: Attribution.TypeRow?) -> String { r.map { "\(DisplayFormat.fixed($0.overBudgetShare * 100, 0))%" } ?? "–" }
            func ms(_ value: Double?) -> String { value.map(DisplayFormat.ms) ?? "–" }
            func count(_ value: Int?) -> String { value.map { DisplayFormat.integer(Double($0)) } ?? "–" }
            return [Markup.escape(name), share(b), share(c), ms(b?.lateWorkMs), ms(c?.lateWorkMs), ms(b?.totalWorkMs), ms(c?.totalWorkMs),
                    count(b?.coldBuilds), count(c?.coldBuilds)]
        }
        html += HTMLPage.table(["type", "share of over-budget work, baseline", "current", "over-budget work, baseline", "current", "work, baseline", "current", "cold builds, baseline", "current"],
                               rows, classes: "attribution-compare")
        var lines: [String] = []
        for (label, side) in [("baseline", baseline), ("current", current)] {
            if let worst = side.worstFrames.first { lines.append("<li>\(label): \(Markup.escape(Attribution.describe(worst, lead: "worst frame")))</li>") }
        }
        if !lines.isEmpty { html += "<ul class=\"worst-lines\">" + lines.joined() + "</ul>\n" }
        return html + "</section>\n"
    }
}
