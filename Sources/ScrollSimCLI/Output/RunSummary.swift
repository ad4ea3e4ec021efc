import ScrollSimKit

/// The text `scrollsim run` prints for each scenario. Every figure is a catalog metric written
/// by `DisplayFormat.metric`, as the pages write it; the simulator's own figures come from the
/// report's `harness` section; the last lines are the top causes (`Attribution.causeLines`).
enum RunSummary {
    static func block(_ report: Report, path: String, console: Console) -> String {
        let m = report.metrics
        let s = report.root["scenario"] ?? .null
        func v(_ metric: Metric) -> String { DisplayFormat.metric(metric, m[metric.path] ?? 0) }
        let grade = report.summary["hitchGrade"]?.stringValue ?? "good"
        let gradeColor = grade == "good" ? "32" : (grade == "warning" ? "33" : "31")
        var text = "\(console.colored(report.scenarioName, "1"))  \(s["stack"]?.stringValue ?? ""), \(DisplayFormat.integer(s["elements"]?.numberValue ?? 0)) elements, \(DisplayFormat.number(s["durationS"]?.numberValue ?? 0)) s\n"
        let overrun = "\(v(.prefetchOverrunFrames)) (\(v(.prefetchOverrunMs)))"
        let rows: [[String]] = [
            ["frames", v(.frames), "dropped", v(.droppedFrames), "hitch", "\(v(.hitchRatio)) \(console.colored(grade, gradeColor))"],
            ["commit hitch", v(.commitHitchTimeMs), "render hitch", v(.renderHitchTimeMs), "other dropped", v(.otherDroppedFrames)],
            ["launch frames", v(.launchFrames), "launch work", v(.launchWorkMs), "launch dropped", v(.launchDroppedFrames)],
            ["work p50", v(.frameWorkP50), "p99", v(.frameWorkP99), "max", v(.frameWorkMax)],
            ["memory peak", v(.peakMemoryBytes), "views peak", v(.peakResidentViews), "body / layout", "\(v(.bodyEvaluations)) / \(v(.layoutPasses))"],
            ["prefetch", v(.prefetchMs), "wasted", v(.wastedPrefetchMs), "overrun frames", overrun],
            ["cold builds", v(.coldBuilds), "prefetched", v(.prefetchedBuilds), "corrections", "\(v(.offsetCorrections)) (\(v(.correctionPx)))"],
            ["jumps", v(.visibleJumps), "state lost", v(.stateLossEvents), "blank frames", v(.blankAreaFrames)],
        ]
        text += Format.table(rows, indent: "  ")
        let budgets = report.budgetResults
        if !budgets.isEmpty {
            let list = budgets.map { b -> String in
                let mark = b.pass ? console.colored("ok", "32") : console.colored("OVER", "31")
                return "\(b.key) \(DisplayFormat.metric(path: b.key, b.value)) ≤ \(DisplayFormat.metric(path: b.key, b.limit)) \(mark)"
            }
            text += "  budgets: " + list.joined(separator: ", ") + "\n"
        }
        if let harness = simulatorLine(report) { text += "  simulator: \(harness)\n" }
        text += "  report: \(path)\n"
        let failed = budgets.filter { !$0.pass }
        for line in Attribution(report: report)?.causeLines(failedBudgets: failed) ?? [] { text += "  \(line)\n" }
        return text + "\n"
    }

    /// The simulator's own figures, the frame loop apart from the set-up: "loop 1.41 ms
    /// (678,593 frames/s), set-up 0.21 ms, report 2.30 ms, peak RSS 41.0 MiB; 0.00
    /// allocations/frame in steady state".
    static func simulatorLine(_ report: Report) -> String? {
        guard let h = report.root["harness"], case .object = h else { return nil }
        func n(_ key: String) -> Double { h[key]?.numberValue ?? 0 }
        var parts = ["loop \(DisplayFormat.ms(n("loopMs"))) (\(DisplayFormat.integer(n("simulatedFramesPerSecond"))) frames/s)",
                     "set-up \(DisplayFormat.ms(n("setupMs")))"]
        if let write = h["reportWriteMs"]?.numberValue { parts.append("report \(DisplayFormat.ms(write))") }
        parts.append("peak RSS \(DisplayFormat.bytes(n("peakResidentBytes")))")
        guard let perFrame = h["allocationsPerFrame"]?.numberValue else {
            // A build without jemalloc (for the sanitizers) counts no allocations.
            return parts.joined(separator: ", ") + "; allocations not counted (no jemalloc in this build)"
        }
        return parts.joined(separator: ", ") + "; \(DisplayFormat.fixed(perFrame, 2)) allocations/frame in steady state"
    }

    static func row(_ report: Report) -> [String] {
        let m = report.metrics
        func v(_ metric: Metric) -> Double { m[metric.path] ?? 0 }
        let budgets = report.budgetResults
        let verdict = budgets.isEmpty ? "-" : (budgets.allSatisfy(\.pass) ? "pass" : "FAIL")
        return [
            report.scenarioName,
            report.root["scenario"]?["stack"]?.stringValue ?? "",
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
