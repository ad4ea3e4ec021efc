extension Attribution {
    /// The top causes in two lines, for the end of `scrollsim run`'s summary: the view types
    /// that own the over-budget work, and the worst frame with what it did and built.
    ///
    /// ```
    /// cause: reel 72% of over-budget work (31 cold builds, mostly body); photo 28% (2 cold builds, mostly layout)
    /// worst frame 1211 at 10.13 s: 42.1 ms, layout 35.0 ms, 8 corrections, 4 dropped; built reel ×2 (elements 812, 813); after rotate at 9 s, then drag at 9.5 s
    /// ```
    ///
    /// `failedBudgets` are the run's budgets over their limit: a run whose frames were all on
    /// time can still fail a memory, grid-waste or paging budget, and the cause line then names
    /// that metric, its value against its limit and what it measures, never "nothing over
    /// budget".
    ///
    /// `viewCosts` (`ScenarioFacts.viewCosts`: each list type's init, body and layout ms, as
    /// the decoded scenario gives them) lets a type whose late work is prefetch name the units
    /// prefetch ran: "mostly prefetch of card body and layout (3.2 + 4 ms each)".
    public func causeLines(failedBudgets: [BudgetResult] = [], viewCosts: [String: [(phase: String, ms: Double)]] = [:]) -> [String] {
        var lines = [causeLine(failedBudgets: failedBudgets, viewCosts: viewCosts)]
        if let worst = worstFrames.first { lines.append(Attribution.describe(worst, lead: "worst frame")) }
        return lines
    }

    /// The cause and worst-frame lines of `report`, exactly as `scrollsim run` prints them at
    /// the end of its summary and the scenario page shows them at its top: `causeLines` with
    /// the report's failed budgets and view costs; for an ensemble, the cause is the mean run's
    /// ("cause (mean of 30 runs): …") and the worst frame names the drawn run ("worst frame 19
    /// of run 11 at 0.16 s: …"). Empty for a report without attribution.
    public static func summaryLines(_ report: Report) -> [String] {
        summaryLines(report, facts: report.scenario.facts)
    }

    /// `summaryLines(_:)` with the scenario's facts the caller already has (a run has its
    /// `Scenario`), rather than decoding them again from the report's record of it.
    public static func summaryLines(_ report: Report, facts: ScenarioFacts) -> [String] {
        let failed = report.budgetResults.filter { !$0.pass }
        let lines = Attribution(report: report)?.causeLines(failedBudgets: failed, viewCosts: facts.viewCosts) ?? []
        guard let ensemble = report.ensemble else { return lines }
        // The types' figures are the mean run's; the worst frame is one run's.
        return lines.map { line in
            if line.hasPrefix("cause: ") { return "cause (mean of \(ensemble.runs) runs): " + line.dropFirst("cause: ".count) }
            if line.hasPrefix("worst frame "), let at = line.range(of: " at ") {
                return line[..<at.lowerBound] + " of run \(ensemble.representativeRun)" + line[at.lowerBound...]
            }
            return line
        }
    }

    /// The phase the cause line names: where the type with the largest share of the over-budget
    /// work spent it (`TypeRow.dominantLatePhase`, else its `dominantPhase`); nil when no
    /// type's work was late.
    public var causePhase: String? {
        guard let first = typesByOverBudgetShare.first else { return nil }
        return (first.dominantLatePhase ?? first.dominantPhase)?.name
    }

    /// The over-budget work by type (at most three types), or what else made frames late, or the
    /// budgets that failed without a late frame.
    func causeLine(failedBudgets: [BudgetResult] = [], viewCosts: [String: [(phase: String, ms: Double)]] = [:]) -> String {
        let late = typesByOverBudgetShare
        var line: String
        if !late.isEmpty {
            line = "cause: " + late.prefix(3).enumerated().map { i, row in
                let share = "\(DisplayFormat.fixed(row.overBudgetShare * 100, 0))%"
                return "\(row.name) \(share)\(i == 0 ? " of over-budget work" : "") (\(Attribution.buildsAndPhase(row, costs: viewCosts[row.name])))"
            }.joined(separator: "; ")
        } else if worstFrames.contains(where: { $0.dropped > 0 && $0.dominantPhase == "renderServer" }) {
            line = "cause: the render server (frames late on it); no view's main-thread work was over budget"
        } else if worstFrames.contains(where: { $0.dropped > 0 }) {
            line = "cause: no view's work was over budget (late frames spent their time outside views: input, overhead)"
        } else if let first = failedBudgets.first {
            return "cause: no frame was late, but \(first.exceededText) — \(Metric(rawValue: first.key)?.meaning ?? "a budget of the scenario")"
                + (failedBudgets.count > 1 ? "; also " + failedBudgets.dropFirst().map(\.exceededText).joined(separator: ", ") : "")
        } else {
            return "cause: nothing over budget"
        }
        // The late work explains the frame-time budgets; name the others it does not explain.
        let unexplained = failedBudgets.filter { !Attribution.isFrameTime($0.key) }
        if !unexplained.isEmpty {
            line += "; also over budget: " + unexplained.map(\.exceededText).joined(separator: ", ")
        }
        return line
    }

    /// Budgets over frame time (drops, hitches, frame work, launch, prefetch overruns): the
    /// types' late work is their cause.
    static func isFrameTime(_ key: String) -> Bool {
        let frameTime: Set<Metric> = [.droppedFrames, .hitchTimeMs, .hitchRatio, .commitHitchTimeMs, .renderHitchTimeMs,
                                      .otherDroppedFrames, .prefetchOverrunFrames, .prefetchOverrunMs]
        guard let metric = Metric(rawValue: key) else { return false }
        return frameTime.contains(metric) || key.hasPrefix("frameWorkMs.") || key.hasPrefix("launch.")
    }

    /// "31 cold builds, mostly body", "2 cold, 5 prefetched builds, 4 from cache, mostly layout".
    static func buildsAndPhase(_ row: TypeRow, costs: [(phase: String, ms: Double)]? = nil) -> String {
        var parts: [String] = []
        let builds = [(row.coldBuilds, "cold"), (row.prefetchedBuilds, "prefetched")].filter { $0.0 > 0 }
        if !builds.isEmpty {
            parts.append(builds.map { "\(DisplayFormat.integer(Double($0.0))) \($0.1)" }.joined(separator: ", ") + " build" + (builds.count == 1 && builds[0].0 == 1 ? "" : "s"))
        }
        if row.fromCache > 0 { parts.append("\(DisplayFormat.integer(Double(row.fromCache))) from cache") }
        // The phase of the late work: what made frames late, not what the type did most.
        if let phase = row.dominantLatePhase ?? row.dominantPhase {
            parts.append("mostly \(phase.name)" + (phase.name == "prefetch" ? prefetchUnits(row.name, costs: costs) : ""))
        }
        return parts.joined(separator: ", ")
    }

    /// " of card body and layout (3.2 + 4 ms each)": the units prefetch runs for a view (its
    /// init, body and layout, each unpausable) that carry at least a fifth of the view's
    /// prefetch cost; "" without the type's costs.
    static func prefetchUnits(_ type: String, costs: [(phase: String, ms: Double)]?) -> String {
        guard let costs else { return "" }
        let total = costs.reduce(0) { $0 + $1.ms }
        let main = costs.filter { total > 0 && $0.ms >= total / 5 }
        guard !main.isEmpty else { return "" }
        let names = main.map(\.phase)
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        return " of \(type) \(list) (\(main.map { DisplayFormat.plain($0.ms) }.joined(separator: " + ")) ms each)"
    }

    /// One frame in a line: "frame 58 at 0.48 s: 12.6 ms, body 12.0 ms, 1 dropped; built reel
    /// (element e8); after drag at 0 s".
    public static func describe(_ w: WorstFrame, lead: String = "frame") -> String {
        var text = "\(lead) \(w.frame) at \(DisplayFormat.seconds(w.timeMs)): \(DisplayFormat.ms(w.workMs))"
        if !w.dominantPhase.isEmpty {
            let phase = w.dominantPhase == "renderServer" ? "render server" : w.dominantPhase
            text += ", \(phase) \(DisplayFormat.ms(w.dominantPhaseMs))"
        }
        if w.corrections > 0 { text += ", \(w.corrections) correction\(w.corrections == 1 ? "" : "s")" }
        if w.dropped > 0 { text += ", \(w.dropped) dropped" }
        if let built = builtText(w) { text += "; built \(built)" }
        if !w.script.isEmpty { text += "; after \(w.script)" }
        return text
    }

    /// "reel ×2, photo (elements e8, e9, e10)", nil when nothing was built.
    public static func builtText(_ w: WorstFrame) -> String? {
        let types = w.typesByCount
        guard !types.isEmpty else { return nil }
        var text = types.map { $0.count > 1 ? "\($0.name) ×\($0.count)" : $0.name }.joined(separator: ", ")
        let shown = w.elements.filter { !$0.isEmpty }
        if !shown.isEmpty {
            let more = w.elementCount > shown.count ? " +\(w.elementCount - shown.count) more" : ""
            text += " (element\(w.elementCount == 1 ? "" : "s") \(shown.joined(separator: ", "))\(more))"
        }
        return text
    }
}
