import ScrollSimHarness
import ScrollSimKit

/// The text `scrollsim run` prints for each scenario.
enum RunSummary {
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e12 { return DisplayFormat.integer(value) }
        return DisplayFormat.fixed(value, abs(value) < 10 ? 2 : 1)
    }

    static func block(_ report: Report, measurement: Harness.Measurement, path: String, console: Console) -> String {
        let m = report.metrics
        let s = report.root["scenario"] ?? .null
        func v(_ key: String) -> Double { m[key] ?? 0 }
        let grade = report.summary["hitchGrade"]?.stringValue ?? "good"
        let gradeColor = grade == "good" ? "32" : (grade == "warning" ? "33" : "31")
        var text = "\(console.colored(report.scenarioName, "1"))  \(s["stack"]?.stringValue ?? ""), \(DisplayFormat.integer(s["elements"]?.numberValue ?? 0)) elements, \(number(s["durationS"]?.numberValue ?? 0)) s\n"
        let rows: [[String]] = [
            ["frames", DisplayFormat.integer(v("frames")), "dropped", DisplayFormat.integer(v("droppedFrames")),
             "hitch", "\(number(v("hitchRatio"))) ms/s \(console.colored(grade, gradeColor))"],
            ["work p50", "\(DisplayFormat.fixed(v("frameWorkMs.p50"), 2)) ms", "p99", "\(DisplayFormat.fixed(v("frameWorkMs.p99"), 2)) ms",
             "max", "\(DisplayFormat.fixed(v("frameWorkMs.max"), 2)) ms"],
            ["memory peak", DisplayFormat.bytes(v("peakMemoryBytes")), "views peak", DisplayFormat.integer(v("peakResidentViews")),
             "body / layout", "\(DisplayFormat.integer(v("bodyEvaluations"))) / \(DisplayFormat.integer(v("layoutPasses")))"],
            ["prefetch", "\(DisplayFormat.fixed(v("prefetchMs"), 1)) ms", "wasted", "\(DisplayFormat.fixed(v("wastedPrefetchMs"), 1)) ms",
             "corrections", "\(DisplayFormat.integer(v("offsetCorrections"))) (\(DisplayFormat.fixed(v("correctionPx"), 0)) pt)"],
            ["jumps", DisplayFormat.integer(v("visibleJumps")), "state lost", DisplayFormat.integer(v("stateLossEvents")),
             "blank frames", DisplayFormat.integer(v("blankAreaFrames"))],
        ]
        text += Format.table(rows, indent: "  ")
        let budgets = report.budgetResults
        if !budgets.isEmpty {
            let list = budgets.map { b -> String in
                let mark = b.pass ? console.colored("ok", "32") : console.colored("OVER", "31")
                return "\(b.key) \(number(b.value)) ≤ \(number(b.limit)) \(mark)"
            }
            text += "  budgets: " + list.joined(separator: ", ") + "\n"
        }
        text += "  simulator: \(DisplayFormat.integer(measurement.simulatedFramesPerSecond)) frames/s, \(DisplayFormat.fixed(measurement.allocationsPerFrame, 2)) allocations/frame in steady state\n"
        text += "  report: \(path)\n\n"
        return text
    }

    static func row(_ report: Report) -> [String] {
        let m = report.metrics
        let budgets = report.budgetResults
        let verdict = budgets.isEmpty ? "-" : (budgets.allSatisfy(\.pass) ? "pass" : "FAIL")
        return [
            report.scenarioName,
            report.root["scenario"]?["stack"]?.stringValue ?? "",
            DisplayFormat.integer(m["frames"] ?? 0),
            DisplayFormat.integer(m["droppedFrames"] ?? 0),
            number(m["hitchRatio"] ?? 0),
            DisplayFormat.fixed(m["frameWorkMs.p99"] ?? 0, 2),
            DisplayFormat.bytes(m["peakMemoryBytes"] ?? 0),
            DisplayFormat.integer(m["peakResidentViews"] ?? 0),
            verdict,
        ]
    }
}
