import ScrollSimEngine
import ScrollSimKit

/// The page of one scenario's report: what a performance engineer looks at first (verdict,
/// hitches, worst frames) at the top, then a chart per concern, then the budgets.
///
/// Sections, in order: header (verdict and hitch-grade badges, description, scenario facts),
/// key figures, the frame budget (both stages of each frame) with the event lane right under it
/// on the same time axis, the slowest frames (what each built, the script event in effect) and
/// the event counts, the view types (builds, work, share of the over-budget work), frame-work
/// distribution, memory (modeled; the simulator's measured figures apart), resident views,
/// content height, budgets.
///
/// Deterministic: the same report gives the same bytes, except inside elements marked
/// `data-harness` (wall time and real allocations of the run that wrote the report).
/// - Complexity: O(frames + events); the page's size is bounded by the charts' column counts
///   and does not grow with the frame count.
enum ScenarioPage {
    struct Links: Sendable {
        /// The index page, relative to this page, or nil for a standalone page.
        var index: String?
        /// The compare page of this scenario against its baseline, if there is one.
        var compare: String?
        /// The report the page is drawn from, relative to the page's folder, when it is a file
        /// there to stay (recorded in the page for the index of later runs, `SiteFolder`).
        var report: String?

        init(index: String? = nil, compare: String? = nil, report: String? = nil) {
            self.index = index
            self.compare = compare
            self.report = report
        }
    }

    /// Renders the page of `report`.
    /// - Throws: `ScrollSimError` if the report's frames or events cannot be drawn.
    static func render(_ report: Report, links: Links = Links()) throws -> String {
        try render(report, frames: report.frames(), links: links)
    }

    /// Renders the page of `report` from its frames, already read with `report.frames()`.
    /// - Throws: `ScrollSimError` if the report's events cannot be read.
    static func render(_ report: Report, frames: Report.Frames, links: Links = Links()) throws -> String {
        let events = try report.events(frameCount: frames.count)
        let scenario = report.scenario
        // An ensemble's charts draw its representative run: their notes quote that run's own
        // figures, not the summary's means.
        let ensemble = EnsembleView(report)
        func m(_ metric: Metric) -> Double { (ensemble.map { $0.shown(metric) } ?? report[metric]) ?? 0 }
        let lead = ensemble?.chartLead ?? ""
        var body = ""
        if links.index != nil || links.compare != nil {
            var nav: [String] = []
            if let index = links.index { nav.append("<a href=\"\(Markup.escape(index))\">← all scenarios</a>") }
            if let compare = links.compare { nav.append("<a href=\"\(Markup.escape(compare))\">compare with baseline →</a>") }
            body += "<nav>\(nav.joined(separator: " · "))</nav>\n"
        }
        let attribution = Attribution(report: report)
        let replay = Replay(report, frames: frames, events: events, attribution: attribution)
        body += header(report)
        body += answer(report, replayFrames: replay?.frameSet ?? [])

        // Frame budget, with the event lane right under it on the same time axis: the picture
        // the page exists for, on the first screen under the answer; its reading notes follow it.
        let band = ensemble == nil ? nil : Chart.WorkBand(report, frameCount: frames.count)
        let budget = Chart.frameBudget(frames, events: events, band: band.flatMap { $0.hasWidth ? $0 : nil })
        body += "<section id=\"frame-budget-section\">\n<h2>Frame budget and events</h2>\n"
        let bandLegend = band.flatMap { $0.hasWidth ? [("work-band", $0.legend)] : nil } ?? []
        body += HTMLPage.legend(PhaseWork.Phase.allCases.map { ("ph-\($0.name)", phaseLabel($0.name)) } + [
            ("ln b08", "0.8× budget"), ("ln b10", "budget"), ("ln b15", "1.5× budget"), ("late-bg", "late frame"),
            ("overrun", "prefetch that made the frame late"), ("rs", "render server"), ("rs late", "render server, late"),
            ("iv-launch", "launch"), ("iv-scroll", "scroll interaction"), ("dropped", "dropped (commit)"),
            ("dropped render", "dropped (render server)"), ("cap", "cut (true value above)"),
        ] + bandLegend)
        body += "<div class=\"timeline\">\n" + budget.svg + "\n"
        body += Chart.eventLane(events, frames: frames) + "\n</div>\n"
        body += "<script type=\"application/json\" id=\"frame-budget-data\">\(Markup.scriptSafe(budget.hover))</script>\n"
        body += "<p class=\"note\">\(lead)Both stages of every frame on the run's time axis: the main thread's commit, stacked by phase, and under it the render server's work, which runs in the interval after the commit. A late frame's bar spans the vsync intervals it occupied, on a tinted background, and the intervals it dropped are marked under the axis (the commit's in red, the render server's in purple); launch frames, scroll-interaction frames and frames that prefetch made late are marked there too. "
        body += "The commit axis stops at \(DisplayFormat.ms(budget.capMs)) (\(budget.capMs > 2.5 * frames.budgetMs ? 3 : 2)× the \(DisplayFormat.ms(frames.budgetMs)) budget): a taller bar is cut, capped in red and labelled with its true value, and its phases are drawn in proportion."
        if budget.framesPerBar > 1 {
            body += " \(DisplayFormat.integer(Double(frames.count))) frames are drawn as \(DisplayFormat.integer(Double(budget.bars))) bars of up to \(budget.framesPerBar) frames, each showing its worst frame."
        }
        if let ensemble { body += bandNote(band, view: ensemble, framesPerBar: budget.framesPerBar) }
        body += " The events (script, hitches, loads, state loss, corrections and jumps, view lifecycle) are lined up underneath. Hover a bar for its numbers and what it built, a mark for its event\(replay == nil ? "" : "; click a bar to replay the list at that frame (below)").</p>\n"
        body += "</section>\n"

        if let replay { body += replay.section(lead: lead) }
        body += keyFigures(KeyFigures(report), note: ensemble.map(ensembleKeyFiguresNote))
        body += "<section id=\"slowest-frames-section\">\n<h2>Slowest frames</h2>\n"
        body += worstFrames(frames, attribution: attribution, run: ensemble?.runName, replayFrames: replay?.frameSet ?? [])
        body += eventCounts(events)
        body += "</section>\n"
        body += about(report, scenario: scenario, ensemble: ensemble)

        // Attribution by view type: an ensemble's is the mean per run.
        body += viewTypesSection(attribution, renderHitchMs: report[.renderHitchTimeMs] ?? 0, meanOfRuns: ensemble?.runs)

        // Distribution.
        let marks = Chart.percentiles.map { mark in (mark.label, (ensemble.map { $0.shown(mark.metric) } ?? report[mark.metric]) ?? .nan) }
        body += "<section id=\"distribution-section\">\n<h2>Frame-work distribution</h2>\n"
        body += "<p class=\"note\">\(lead)How many frames took how long (count on a log scale, so the rare slow frames show). Percentiles from \(ensemble == nil ? "the report's summary" : "the run's own figures")."
        body += "</p>\n"
        body += Chart.distribution(frames, percentiles: marks) + "\n"
        body += percentileTable(frames, report: report, ensemble: ensemble)
        body += "</section>\n"

        // Memory.
        let memoryBudget = report.budgetResults.first { $0.metric == .peakMemoryBytes }.map { $0.limit / 1_048_576 }
        body += "<section id=\"memory-section\">\n<h2>Memory over time</h2>\n"
        body += "<p class=\"note\">\(lead)Modeled memory: the data model plus every resident view's view, state and content bytes (the simulator's own allocations are measured apart, at the foot of the page). Peak \(DisplayFormat.metric(.peakMemoryBytes, m(.peakMemoryBytes))), final \(DisplayFormat.metric(.finalMemoryBytes, m(.finalMemoryBytes)))"
        let budgetDrawn = Chart.drawsMemoryBudget(frames, budgetMiB: memoryBudget)
        if let memoryBudget { body += ", budget \(DisplayFormat.bytes(memoryBudget * 1_048_576))" + (budgetDrawn ? "" : " (far above the line, not drawn)") }
        body += ".</p>\n"
        body += HTMLPage.legend([("ln mem", "modeled memory")] + (budgetDrawn ? [("ln b15", "peakMemoryBytes budget")] : []))
        body += Chart.memory(frames, budgetMiB: memoryBudget) + "\n"
        body += "</section>\n"

        // Resident views.
        let peakViews = m(.peakResidentViews)
        body += "<section id=\"resident-views-section\">\n<h2>Resident views by state</h2>\n"
        body += "<p class=\"note\">\(lead)Views alive at each frame: on screen, prefetched ahead of need, and cached (kept alive after leaving; in an eager stack, every built view off screen). Peak \(DisplayFormat.integer(peakViews)).</p>\n"
        body += HTMLPage.legend(Chart.residentStates.map { ("st-\($0.key)", "\($0.label) (max \(DisplayFormat.integer(column(frames, $0.key).max() ?? 0)))") })
        body += Chart.residentViews(frames) + "\n</section>\n"

        // Content height.
        body += "<section id=\"content-height-section\">\n<h2>Estimated and true content height</h2>\n"
        body += "<p class=\"note\">\(lead)The stack's content height from measured rows plus estimates for the rest, against the true height. \(DisplayFormat.integer(m(.offsetCorrections))) offset correction\(m(.offsetCorrections) == 1 ? "" : "s") (\(DisplayFormat.metric(.correctionPx, m(.correctionPx))) in all), marked along the bottom.</p>\n"
        body += HTMLPage.legend([("ln true-h", "true height"), ("ln est-h", "estimated height"), ("cap", "offset correction")])
        body += Chart.contentHeight(frames) + "\n</section>\n"

        body += budgetsSection(report, runs: ensemble?.runs)
        body += "<footer>" + harnessAside(report)
        body += "ScrollSim report schema \(DisplayFormat.integer(report.root["schema"]?.numberValue ?? 0)) · \(Markup.escape(scenario.file)) · content hash \(Markup.escape(report.contentHash))</footer>\n"
        return HTMLPage.document(title: "\(report.scenarioName) · ScrollSim", body: body, script: true,
                                 meta: SiteFolder.meta(.scenario, scenario: report.scenarioName, reports: [links.report]),
                                 extraStyle: (ensemble == nil ? "" : HTMLPage.ensembleStyle) + ReplayStyle.css,
                                 extraScript: replay == nil ? "" : ReplayStyle.script)
    }

    static func phaseLabel(_ phase: String) -> String {
        switch phase {
        case "input": return "input / physics"
        case "prefetch": return "prefetch (idle time)"
        default: return phase
        }
    }

    static func column(_ frames: Report.Frames, _ key: String) -> [Double] {
        switch key {
        case "visible": return frames.visible
        case "prefetched": return frames.prefetched
        default: return frames.cached
        }
    }

    /// "pass" when every budget holds, "warning" when a deliberate anti-pattern is over exactly
    /// the budgets it names (`BudgetExpectation`), "fail" otherwise; nil without budgets.
    static func verdict(_ report: Report) -> (text: String, kind: String)? {
        let budgets = report.budgetResults
        guard !budgets.isEmpty else { return nil }
        let over = budgets.filter { !$0.pass }
        switch BudgetExpectation(results: budgets, expectedOver: report.scenario.expectedOverBudget) {
        case .within: return ("within budgets", "pass")
        case .overAsExpected: return ("over budget as expected: " + over.map(\.key).joined(separator: ", "), "warning")
        case .failed: return over.isEmpty ? ("expected over budget, but within", "fail") : ("over budget: " + over.map(\.key).joined(separator: ", "), "fail")
        }
    }

    /// The page's title with its verdict and hitch-grade badges.
    static func header(_ report: Report) -> String {
        var html = "<header>\n<h1>\(Markup.escape(report.scenarioName))"
        if let verdict = verdict(report) { html += HTMLPage.badge(verdict.text, verdict.kind) }
        let grade = report.hitchGrade.rawValue
        html += HTMLPage.badge("hitches \(grade)" + (report.ensemble == nil ? "" : " (mean)"), grade) + "</h1>\n</header>\n"
        return html
    }

    /// What the scenario is: its description, its facts (stack, elements, duration, display,
    /// viewport, seed) and, for an ensemble, what varied between its runs.
    static func about(_ report: Report, scenario: ReportScenario, ensemble: EnsembleView? = nil) -> String {
        var html = "<section id=\"scenario-section\">\n<h2>The scenario</h2>\n"
        if let ensemble { html += ensemble.intro }
        if !scenario.description.isEmpty {
            html += "<p class=\"lede\">\(Markup.escape(scenario.description))</p>\n"
        }
        var facts: [(String, String)] = [
            ("stack", scenario.stack),
            ("elements", DisplayFormat.integer(scenario.elements)),
            ("duration", "\(SVG.number(scenario.durationS, decimals: 2)) s"),
            ("display", "\(DisplayFormat.integer(scenario.refreshRate)) Hz, budget \(DisplayFormat.ms(scenario.budgetMs))"),
        ]
        if let viewport = scenario.viewport {
            facts.append(("viewport", "\(DisplayFormat.integer(viewport.width)) × \(DisplayFormat.integer(viewport.height)) pt"))
        }
        facts.append(("seed", DisplayFormat.integer(scenario.seed)))
        facts += ensemble?.facts ?? []
        html += "<dl class=\"facts\">" + facts.map { "<div><dt>\(Markup.escape($0.0))</dt><dd>\(Markup.escape($0.1))</dd></div>" }.joined() + "</dl>\n</section>\n"
        return html
    }

    /// The key figures (`KeyFigures`, the list `scrollsim run` prints), each tile with its grade
    /// or budget; hovering a tile shows what the metric measures. The figures that matter for
    /// this scenario come first (`matters`: budgeted, judged, not zero, or specific to its stack
    /// or content); the others (zeros every scenario has) are folded under a disclosure, by
    /// concern like the first.
    /// An ensemble's tiles add where its runs fall (`KeyFigures.Figure.runRange`) under the
    /// sub-line, and `note` replaces the section's note.
    static func keyFigures(_ figures: KeyFigures, note: String? = nil) -> String {
        var html = "<section id=\"key-figures-section\">\n<h2>Key figures</h2>\n"
        if let note {
            html += note
        } else {
            html += "<p class=\"note\">The metrics that matter for this scenario (budgeted, graded, not zero, or specific to its stack or content), by the names reports, budgets and <code>scrollsim compare</code> use; a tile is outlined by its hitch grade or its budget (red: over), and frame-work tiles in red when over the frame budget. Hover a figure for what it measures. The rest, all zero, are folded below.</p>\n"
        }
        let shown = figures.groups.map { (concern: $0.concern, figures: $0.figures.filter(matters)) }.filter { !$0.figures.isEmpty }
        let folded = figures.groups.map { (concern: $0.concern, figures: $0.figures.filter { !matters($0) }) }.filter { !$0.figures.isEmpty }
        html += tiles(shown)
        let count = folded.reduce(0) { $0 + $1.figures.count }
        if count > 0 {
            html += "<details class=\"more-figures\"><summary>\(count) more figure\(count == 1 ? "" : "s"), all zero in this run</summary>\n" + tiles(folded) + "</details>\n"
        }
        return html + "</section>\n"
    }

    /// Whether a key figure belongs on the first view of the page: a budget names it, a grade
    /// or the frame budget judges it, it is not zero, or it exists only for this scenario's
    /// stack kind or content (a masonry run's column figures, a paged run's waiting frames).
    static func matters(_ figure: KeyFigures.Figure) -> Bool {
        figure.budget != nil || figure.standing != .none || figure.value != 0 || figure.metric.scope != .always
    }

    static func tiles(_ groups: [(concern: Metric.Concern, figures: [KeyFigures.Figure])]) -> String {
        var html = ""
        for group in groups {
            html += "<div class=\"kpi-group\"><h3>\(Markup.escape(group.concern.title))</h3><div class=\"kpis\">"
            for figure in group.figures {
                let sub = [figure.relative, figure.judgement].compactMap { $0 }.joined(separator: " · ")
                let kind = figure.standing == .none ? "" : " \(figure.standing.rawValue)"
                html += "<div class=\"kpi\(kind)\" title=\"\(Markup.escape(figure.metric.meaning))\"><div class=\"k\">\(Markup.escape(figure.metric.path))</div>"
                html += "<div class=\"v\">\(Markup.escape(figure.text))</div><div class=\"s\">\(Markup.escape(sub))</div>"
                if let range = figure.runRange { html += "<div class=\"r\">\(Markup.escape(range))</div>" }
                html += "</div>"
            }
            html += "</div></div>\n"
        }
        return html
    }

    /// The ten slowest frames: what the hover says, readable without script and on paper. From
    /// the report's `worstFrames` (the view types and elements built in each, the script event
    /// in effect); a report without them gets the slowest frames by work, with their phases.
    /// - Parameter run: for an ensemble, the drawn run's name ("run 17"), which the summary names.
    /// - Parameter replayFrames: the frames the replay can show: their numbers link to it.
    static func worstFrames(_ frames: Report.Frames, attribution: Attribution?, run: String? = nil, replayFrames: Set<Int> = []) -> String {
        func link(_ frame: Int) -> String {
            replayFrames.contains(frame) ? "<a href=\"#replay\" data-replay-frame=\"\(frame)\" title=\"replay the list at frame \(frame)\">\(frame)</a>" : "\(frame)"
        }
        let of = run.map { " of \(Markup.escape($0)), the run drawn" } ?? ""
        guard let attribution, !attribution.worstFrames.isEmpty else {
            let worst = frames.workMs.indices.sorted { frames.workMs[$0] != frames.workMs[$1] ? frames.workMs[$0] > frames.workMs[$1] : $0 < $1 }.prefix(10)
            let rows = worst.map { i -> [String] in
                var row = [link(i), SVG.number(frames.timeMs[i] / 1000, decimals: 3), DisplayFormat.ms(frames.workMs[i]), KeyFigures.multiple(frames.workMs[i] / frames.budgetMs)]
                row.append(frames.dropped[i] > 0 ? "<span class=\"fail\">\(frames.dropped[i])</span>" : "0")
                row += frames.phaseMs.map { $0[i] > 0 ? DisplayFormat.fixed($0[i], 2) : "·" }
                return row
            }
            return "<details open><summary>The ten slowest frames\(of)</summary>\n" + HTMLPage.table(["frame", "time s", "work", "of budget", "dropped"] + PhaseWork.Phase.names, rows, classes: "worst-frames") + "</details>\n"
        }
        let rows = attribution.worstFrames.map { w -> [String] in
            let dominant = w.dominantPhase == "renderServer" ? "render server" : w.dominantPhase
            return [
                link(w.frame), SVG.number(w.timeMs / 1000, decimals: 3), DisplayFormat.ms(w.workMs),
                KeyFigures.multiple(max(w.workMs, w.renderServerMs) / frames.budgetMs), DisplayFormat.ms(w.renderServerMs),
                w.dropped > 0 ? "<span class=\"fail\">\(w.dropped)</span>" : "0",
                dominant.isEmpty ? "·" : "\(Markup.escape(dominant)) \(DisplayFormat.ms(w.dominantPhaseMs))",
                w.corrections > 0 ? "\(w.corrections)" : "·",
                Markup.escape(Attribution.builtText(w) ?? "·"),
                Markup.escape(w.script.isEmpty ? "·" : w.script),
            ]
        }
        return "<details open><summary>The slowest frames\(of) (by the longer of their two stages)\(replayFrames.isEmpty ? "" : "; a frame's number replays the list at it")</summary>\n"
            + HTMLPage.table(["frame", "time s", "commit", "of budget", "render server", "dropped", "most time in", "corrections", "built or laid out", "script event in effect"],
                             rows, classes: "worst-frames", textColumns: [6, 8, 9])
            + "</details>\n"
    }

    /// The view types: builds, work by phase, and the share of the over-budget work each owns
    /// (the type to fix first is the one with the largest share, not the most work).
    /// - Parameter meanOfRuns: for an ensemble, its run count: the figures are the mean per
    ///   run (`Attribution.mean(of:)`), and the note says so.
    static func viewTypesSection(_ attribution: Attribution?, renderHitchMs: Double, meanOfRuns: Int? = nil) -> String {
        var html = "<section id=\"view-types-section\">\n<h2>View types</h2>\n"
        guard let attribution, !attribution.types.isEmpty else {
            return html + "<p class=\"note\">This report has no attribution by view type (it was written before reports had one).</p>\n</section>\n"
        }
        if let runs = meanOfRuns {
            let n = DisplayFormat.integer(Double(runs))
            html += "<p class=\"note\"><b>Mean per run over the \(n) runs</b> (not the drawn run's): builds per run, rounded to whole views; work and over-budget work in ms per run; the share of each type in the over-budget work of all \(n) runs together. Main-thread work on behalf of each view type, by phase, and how much of it fell in frames whose commit overran the budget. The share of over-budget work says which type to fix first.</p>\n"
        } else {
            html += "<p class=\"note\">Main-thread work on behalf of each view type, by phase, and how much of it fell in frames whose commit overran the budget. The share of over-budget work says which type to fix first.</p>\n"
        }
        let phases = phaseColumns(attribution)
        let cause = attribution.causePhase
        let sorted = attribution.types.sorted { a, b in
            if a.lateWorkMs != b.lateWorkMs { return a.lateWorkMs > b.lateWorkMs }
            if a.totalWorkMs != b.totalWorkMs { return a.totalWorkMs > b.totalWorkMs }
            return a.name < b.name
        }
        let rows = sorted.map { row -> [String] in
            var cells = [Markup.escape(row.name), DisplayFormat.integer(Double(row.coldBuilds)), DisplayFormat.integer(Double(row.prefetchedBuilds)),
                         DisplayFormat.integer(Double(row.fromCache)), DisplayFormat.ms(row.totalWorkMs)]
            cells += phases.map { phase in (row.workMs[phase] ?? 0) > 0 ? DisplayFormat.ms(row.workMs[phase] ?? 0) : "·" }
            cells.append(DisplayFormat.ms(row.lateWorkMs))
            let percent = row.overBudgetShare * 100
            let bar = "<span class=\"share\"><span class=\"share-bar\" style=\"width:\(SVG.number(min(100, max(0, percent)), decimals: 1))%\"></span></span>"
            cells.append("\(bar) \(DisplayFormat.fixed(percent, 0))%")
            return cells
        }
        let phaseHeaders = phases.map { $0 == cause ? "\($0) ◆ cause" : $0 }
        // The cause's column: outlined, and named in its header (not by hue alone).
        let causeColumn = cause.flatMap { phases.firstIndex(of: $0) }.map { 5 + $0 }
        let table = HTMLPage.table(["type", "cold builds", "prefetched", "from cache", "work"] + phaseHeaders + ["over-budget work", "share of over-budget work"],
                                   rows, classes: "view-types", markedColumn: causeColumn)
        if let cause, causeColumn != nil {
            html += "<p class=\"note\">Phase columns are ordered by the over-budget work they carry (\(Markup.escape(phases.prefix(3).map { "\($0) \(DisplayFormat.ms(lateWork(attribution, $0)))" }.joined(separator: ", ")))); the one marked ◆ is the phase the cause names: <b>\(Markup.escape(cause))</b>.</p>\n"
        }
        html += table
        if renderHitchMs > 0 {
            html += "<p class=\"note\">The render server made frames late (\(DisplayFormat.ms(renderHitchMs)) of hitch time\(meanOfRuns == nil ? "" : " per run on average") during the scroll): its work is not split by view type here; look at the types' <code>renderServerMs</code>, <code>effects</code> and <code>drawingGroup</code>.</p>\n"
        }
        return html + "</section>\n"
    }

    /// The phases the types did work in, ordered by the over-budget work they carry over every
    /// type (most first), then by all their work; ties in frame order.
    static func phaseColumns(_ attribution: Attribution) -> [String] {
        let phases = PhaseWork.Phase.names.filter { phase in attribution.types.contains { ($0.workMs[phase] ?? 0) > 0 } }
        func total(_ phase: String) -> Double { attribution.types.map { $0.workMs[phase] ?? 0 }.reduce(0, +) }
        return phases.enumerated().sorted { a, b in
            let (la, lb) = (lateWork(attribution, a.element), lateWork(attribution, b.element))
            if la != lb { return la > lb }
            let (ta, tb) = (total(a.element), total(b.element))
            if ta != tb { return ta > tb }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Every type's over-budget work in `phase`, ms, summed in the types' order.
    static func lateWork(_ attribution: Attribution, _ phase: String) -> Double {
        attribution.types.map { $0.lateWorkByPhaseMs[phase] ?? 0 }.reduce(0, +)
    }

    /// The frame-work percentiles, and how many frames' commits took longer than the frame
    /// budget. Those are not the dropped frames: a frame over budget at launch or at rest is
    /// counted here but not in droppedFrames (vsync intervals missed during the scroll
    /// interaction), and one frame over by more than a budget drops more than one interval.
    ///
    /// For an ensemble (`ensemble`), the table has two rows, the drawn run's own percentiles
    /// (its histogram's) and their means over the runs; its commits over the budget are the
    /// drawn run's, and the note gives droppedFrames of both.
    static func percentileTable(_ frames: Report.Frames, report: Report, ensemble: EnsembleView? = nil) -> String {
        let budget = frames.budgetMs
        let over = frames.workMs.filter { $0 > budget }.count
        let over15 = frames.workMs.filter { $0 > 1.5 * budget }.count
        let metrics: [Metric] = [.frameWorkMean, .frameWorkP50, .frameWorkP90, .frameWorkP95, .frameWorkP99, .frameWorkMax]
        let header = ["mean", "p50", "p90", "p95", "p99", "max", "commits over \(DisplayFormat.ms(budget))", "over 1.5×"]
        let share = frames.count > 0 ? Double(over) / Double(frames.count) * 100 : 0
        let counts = ["\(DisplayFormat.integer(Double(over))) (\(DisplayFormat.fixed(share, 1)) %)", DisplayFormat.integer(Double(over15))]
        let dropped = DisplayFormat.integer((ensemble.map { $0.shown(.droppedFrames) } ?? report[.droppedFrames]) ?? 0)
        var html: String
        if let ensemble {
            let run = [Markup.escape(ensemble.runName) + " (drawn)"] + metrics.map { DisplayFormat.ms(ensemble.shown($0) ?? .nan) } + counts
            let mean = ["mean of \(DisplayFormat.integer(Double(ensemble.runs))) runs"] + metrics.map { DisplayFormat.ms(report[$0] ?? .nan) } + ["–", "–"]
            html = HTMLPage.table([""] + header, [run, mean], classes: "percentiles")
            html += "<p class=\"note\">Commits over the budget count every frame of \(Markup.escape(ensemble.runName)) whose main-thread work took longer than \(DisplayFormat.ms(budget)), at launch and at rest included; droppedFrames (\(dropped) in \(Markup.escape(ensemble.runName)), \(DisplayFormat.number(report[.droppedFrames] ?? 0)) on average)"
        } else {
            html = HTMLPage.table(header, [metrics.map { DisplayFormat.ms(report[$0] ?? .nan) } + counts], classes: "percentiles")
            html += "<p class=\"note\">Commits over the budget count every frame whose main-thread work took longer than \(DisplayFormat.ms(budget)), at launch and at rest included; droppedFrames (\(dropped))"
        }
        html += " counts the vsync intervals missed during the scroll interaction, so a commit over at rest adds none, and one over by more than a budget adds more than one.</p>\n"
        return html
    }

    /// The simulator's own measured figures (not deterministic: marked `data-harness`).
    static func harnessAside(_ report: Report) -> String {
        guard let h = report.root["harness"], case .object = h else {
            return "<aside class=\"harness\" data-harness><h3>Simulator (measured)</h3>This report has no harness figures.</aside>\n"
        }
        func n(_ key: String) -> Double { h[key]?.numberValue ?? 0 }
        // The allocator reads "jemalloc 5.3.0-0-g…" (its version is cut at the first "-"), or,
        // in a build without jemalloc (for the sanitizers), which counts no allocations,
        // "system malloc: why".
        let allocator = h["allocator"]?.stringValue ?? ""
        let name: String
        var body: String
        if h["allocations"]?.numberValue != nil {
            name = allocator.split(separator: "-").first.map(String.init) ?? "jemalloc"
            body = "allocated \(DisplayFormat.bytes(n("allocatedBytes"))) in \(DisplayFormat.integer(n("allocations"))) allocations during the run; "
            body += "\(DisplayFormat.fixed(n("allocationsPerFrame"), 2)) allocations and \(DisplayFormat.bytes(n("bytesPerFrame"))) per frame in steady state (\(DisplayFormat.integer(n("steadyStateFrames"))) frames); "
            body += "process total \(DisplayFormat.bytes(n("processAllocatedBytes"))). "
        } else {
            let parts = allocator.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            name = parts.first.flatMap { $0.isEmpty ? nil : $0 } ?? "an allocator it did not name"
            body = "Allocations not counted: \(Markup.escape(parts.count > 1 ? parts[1] : "the report has no allocation figures")). "
        }
        var html = "<aside class=\"harness\" data-harness><h3>The simulator itself (measured with \(Markup.escape(name)), not modeled)</h3>" + body
        html += "Frame loop \(DisplayFormat.ms(n("loopMs"))): \(DisplayFormat.integer(n("simulatedFramesPerSecond"))) simulated frames/s, \(DisplayFormat.fixed(n("microsecondsPerFrame"), 2)) µs per steady-state frame; "
        html += "set-up \(DisplayFormat.ms(n("setupMs"))) apart"
        if let write = h["reportWriteMs"]?.numberValue { html += "; writing the report \(DisplayFormat.ms(write))" }
        html += "; peak resident set \(DisplayFormat.bytes(n("peakResidentBytes"))); wall time \(DisplayFormat.ms(n("wallTimeMs")))."
        return html + "</aside>\n"
    }

    static func eventCounts(_ events: [Report.Event]) -> String {
        var counts: [String: Int] = [:]
        for event in events { counts[event.kind, default: 0] += 1 }
        guard !counts.isEmpty else { return "<p class=\"note\">No events.</p>\n" }
        let rows = counts.keys.sorted().map { [Markup.escape($0), DisplayFormat.integer(Double(counts[$0]!))] }
        return "<details><summary>Event counts</summary>\n" + HTMLPage.table(["event", "count"], rows, classes: "event-counts") + "</details>\n"
    }

    /// - Parameter runs: for an ensemble, its run count: each budget names the statistic over
    ///   the runs it was judged on (the mean unless it names another).
    static func budgetsSection(_ report: Report, runs: Int? = nil) -> String {
        var html = "<section id=\"budgets-section\">\n<h2>Budgets</h2>\n"
        let budgets = report.budgetResults
        guard !budgets.isEmpty else { return html + "<p class=\"note\">The scenario sets no budgets.</p>\n</section>\n" }
        if let runs {
            html += "<p class=\"note\">Judged on the mean over the \(DisplayFormat.integer(Double(runs))) runs, unless a budget names another statistic over them (<code>{\"p90\": 2}</code>: 9 runs in 10 at most 2).</p>\n"
        }
        let rows = budgets.map { b -> [String] in
            let meaning = b.metric?.meaning ?? ""
            let statistic = runs.map { " <span class=\"sub\">\(b.over == .mean ? "mean" : b.over.rawValue) of \(DisplayFormat.integer(Double($0))) runs</span>" } ?? ""
            return [Markup.escape(b.key) + statistic, Markup.escape(meaning), DisplayFormat.metric(path: b.key, b.value), DisplayFormat.metric(path: b.key, b.limit),
                    b.pass ? HTMLPage.badge("pass", "pass") : HTMLPage.badge("over", "fail")]
        }
        html += HTMLPage.table(["budget", "what it limits", "value", "limit", "verdict"], rows, classes: "budgets", textColumns: [1])
        return html + "</section>\n"
    }
}
