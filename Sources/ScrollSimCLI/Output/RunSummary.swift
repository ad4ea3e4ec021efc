import ScrollSimKit

/// The text `scrollsim run` prints for each scenario. The figures are the key figures the
/// scenario page shows (`KeyFigures`: every metric the scenario's stack and content produce,
/// each with its grade or budget), written by `DisplayFormat.metric` as the pages write them;
/// the simulator's own figures come from the report's `harness` section; the last lines are
/// the top causes (`Attribution.summaryLines`, which the scenario page opens with).
enum RunSummary {
    /// - Parameter facts: the run's scenario's facts (`ScenarioFacts(scenario)`): the report's
    ///   record of its scenario says the same, but would be decoded again for each report.
    static func block(_ report: Report, path: String, console: Console, facts: ScenarioFacts? = nil) -> String {
        let facts = facts ?? report.scenario.facts
        let scenario = report.scenario
        var text = "\(console.colored(MessageText.forTerminal(report.scenarioName), "1"))  \(scenario.stack), \(DisplayFormat.integer(scenario.elements)) elements, \(DisplayFormat.number(scenario.durationS)) s\n"
        if let ensemble = report.ensemble {
            text += "  ensemble     \(ensemble.runs) runs: each figure is the mean ± half its 95 % interval [p10…p90 of the runs]; "
                + "frames and worst frame from run \(ensemble.representativeRun) (hitch ratio nearest the median)\n"
        }
        text += figures(KeyFigures(report, facts: facts), console: console)
        let budgets = report.budgetResults
        if !budgets.isEmpty {
            let list = budgets.map { b -> String in
                let mark = b.pass ? console.colored("ok", "32") : console.colored("OVER", "31")
                return "\(b.key)\(b.overText) \(DisplayFormat.metric(path: b.key, b.value)) ≤ \(DisplayFormat.metric(path: b.key, b.limit)) \(mark)"
            }
            text += "  budgets: " + list.joined(separator: ", ") + "\n"
        }
        if let harness = simulatorLine(report) { text += "  simulator: \(harness)\n" }
        text += "  report: \(path)\n"
        // Type names, element ids and script text come from the scenario or the report file.
        for line in Attribution.summaryLines(report, facts: facts) { text += "  \(MessageText.forTerminal(line))\n" }
        return text + "\n"
    }

    /// The key figures (`KeyFigures`, the list the scenario page shows), under their concern,
    /// as many to a line as fit `width` columns: "hitchRatio 24.89 ms/s critical (≤ 5.00 ms/s
    /// OVER)".
    /// For an ensemble, each figure is its mean ± half its 95 % interval, with the runs' p10…p90
    /// ("droppedFrames 4.3 ± 0.6 [2…7]"); a figure that never varied is written alone.
    static func figures(_ figures: KeyFigures, console: Console, width: Int = 118) -> String {
        let titleWidth = figures.groups.map(\.concern.title.count).max() ?? 0
        let separator = " · "
        var text = ""
        for group in figures.groups {
            var lines: [(plain: Int, text: String)] = []
            for figure in group.figures {
                // "droppedFrames 23 (≤ 2 OVER)", "hitchRatio 0.00 ms/s good", "blankAreaFrames 87
                // (9.1 % of frames)", "prefetchOverrunFrames 23 (2.5 % of frames; ≤ 0 OVER)".
                var plain = "\(figure.metric.path) \(figure.text)"
                // An ensemble's figure is its mean ± half-interval (`KeyFigures`); where the runs
                // fall follows it in brackets, when they differ at display precision.
                if let spread = figure.spread {
                    let path = figure.metric.path
                    let (p10, p90) = (DisplayFormat.metric(path: path, spread.p10), DisplayFormat.metric(path: path, spread.p90))
                    if p10 != p90 { plain += " [\(p10)…\(p90)]" }
                }
                var shown = plain
                let judgement = figure.judgement
                if figure.relative != nil || figure.budget != nil {
                    let relative = figure.relative ?? ""
                    let separator = relative.isEmpty || judgement == nil ? "" : "; "
                    plain += " (\(relative)\(separator)\(judgement ?? ""))"
                    shown += " (\(relative)\(separator)\(judgement.map { mark($0, figure.standing, console: console) } ?? ""))"
                } else if let judgement {
                    plain += " " + judgement
                    shown += " " + mark(judgement, figure.standing, console: console)
                }
                if let last = lines.last, 2 + titleWidth + 2 + last.plain + separator.count + plain.count <= width {
                    lines[lines.count - 1] = (last.plain + separator.count + plain.count, last.text + separator + shown)
                } else {
                    lines.append((plain.count, shown))
                }
            }
            for (i, line) in lines.enumerated() {
                let title = i == 0 ? group.concern.title : ""
                text += "  " + title + String(repeating: " ", count: titleWidth - title.count) + "  " + line.text + "\n"
            }
        }
        return text
    }

    /// A grade or budget verdict, coloured by how the figure stands.
    static func mark(_ text: String, _ standing: KeyFigures.Standing, console: Console) -> String {
        switch standing {
        case .good: return console.colored(text, "32")
        case .warning: return console.colored(text, "33")
        case .critical: return console.colored(text, "31")
        case .none: return text
        }
    }

    /// The simulator's own figures, the frame loop apart from the set-up: "loop 1.41 ms
    /// (678,593 frames/s), set-up 0.21 ms, report 2.30 ms, peak RSS 41.0 MiB; 0.00
    /// allocations/frame in steady state"; an ensemble's start with its runs' CPU time ("30 runs
    /// 24.1 ms CPU, then run 17 again: loop …").
    static func simulatorLine(_ report: Report) -> String? {
        guard let h = report.root["harness"], case .object = h else { return nil }
        func n(_ key: String) -> Double { h[key]?.numberValue ?? 0 }
        var parts = ["loop \(DisplayFormat.ms(n("loopMs"))) (\(DisplayFormat.integer(n("simulatedFramesPerSecond"))) frames/s)",
                     "set-up \(DisplayFormat.ms(n("setupMs")))"]
        if let write = h["reportWriteMs"]?.numberValue { parts.append("report \(DisplayFormat.ms(write))") }
        parts.append("peak RSS \(DisplayFormat.bytes(n("peakResidentBytes")))")
        // An ensemble's figures are its representative run's replay, after all its runs.
        var lead = ""
        if let runs = h["ensembleRuns"]?.numberValue, let cpu = h["ensembleCPUMs"]?.numberValue {
            lead = "\(DisplayFormat.integer(runs)) runs \(DisplayFormat.ms(cpu)) of CPU, then run \(report.ensemble?.representativeRun ?? 0) again: "
        }
        guard let perFrame = h["allocationsPerFrame"]?.numberValue else {
            // A build without jemalloc (for the sanitizers) counts no allocations.
            return lead + parts.joined(separator: ", ") + "; allocations not counted (no jemalloc in this build)"
        }
        return lead + parts.joined(separator: ", ") + "; \(DisplayFormat.fixed(perFrame, 2)) allocations/frame in steady state"
    }

    /// - Parameter facts: as for `block`: the run's, or else decoded from the report.
    static func row(_ report: Report, facts: ScenarioFacts? = nil) -> [String] {
        func v(_ metric: Metric) -> Double { report[metric] ?? 0 }
        let budgets = report.budgetResults
        let verdict: String
        switch BudgetExpectation(results: budgets, expectedOver: (facts ?? report.scenario.facts).expectedOverBudget) {
        case _ where budgets.isEmpty: verdict = "-"
        case .within: verdict = "pass"
        case .overAsExpected: verdict = "expected"
        case .failed: verdict = "FAIL"
        }
        return [
            report.scenarioName,
            report.scenario.stack,
            DisplayFormat.integer(v(.frames)),
            DisplayFormat.integer(v(.droppedFrames)),
            DisplayFormat.number(v(.hitchRatio)),
            DisplayFormat.fixed(v(.frameWorkP99), 2),
            DisplayFormat.bytes(v(.peakMemoryBytes)),
            DisplayFormat.integer(v(.peakResidentViews)),
            verdict,
        ]
    }
}
