import ScrollSimHarness
import ScrollSimKit

/// The text `scrollsim run` prints for each scenario. Every figure is a catalog metric written
/// by `DisplayFormat.metric`, as the pages write it.
enum RunSummary {
    static func block(_ report: Report, measurement: Harness.Measurement, path: String, console: Console) -> String {
        let m = report.metrics
        let s = report.root["scenario"] ?? .null
        func v(_ metric: Metric) -> String { DisplayFormat.metric(metric, m[metric.path] ?? 0) }
        let grade = report.summary["hitchGrade"]?.stringValue ?? "good"
        let gradeColor = grade == "good" ? "32" : (grade == "warning" ? "33" : "31")
        var text = "\(console.colored(report.scenarioName, "1"))  \(s["stack"]?.stringValue ?? ""), \(DisplayFormat.integer(s["elements"]?.numberValue ?? 0)) elements, \(DisplayFormat.number(s["durationS"]?.numberValue ?? 0)) s\n"
        let rows: [[String]] = [
            ["frames", v(.frames), "dropped", v(.droppedFrames), "hitch", "\(v(.hitchRatio)) \(console.colored(grade, gradeColor))"],
            ["work p50", v(.frameWorkP50), "p99", v(.frameWorkP99), "max", v(.frameWorkMax)],
            ["memory peak", v(.peakMemoryBytes), "views peak", v(.peakResidentViews), "body / layout", "\(v(.bodyEvaluations)) / \(v(.layoutPasses))"],
            ["prefetch", v(.prefetchMs), "wasted", v(.wastedPrefetchMs), "corrections", "\(v(.offsetCorrections)) (\(v(.correctionPx)))"],
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
        text += "  simulator: \(DisplayFormat.integer(measurement.simulatedFramesPerSecond)) frames/s, \(DisplayFormat.fixed(measurement.allocationsPerFrame, 2)) allocations/frame in steady state\n"
        text += "  report: \(path)\n\n"
        return text
    }

    /// A budget over its limit, for the failure lines on standard error.
    static func exceeded(_ budget: BudgetResult) -> String {
        "\(budget.key) \(DisplayFormat.metric(path: budget.key, budget.value)) > \(DisplayFormat.metric(path: budget.key, budget.limit))"
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
