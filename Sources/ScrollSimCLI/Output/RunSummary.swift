import ScrollSimKit

/// The text `scrollsim run` prints for each scenario.
enum RunSummary {
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e12 { return Format.integer(value) }
        return Format.fixed(value, abs(value) < 10 ? 2 : 1)
    }

    static func block(_ report: Report, measurement: Harness.Measurement, path: String, console: Console) -> String {
        let m = report.metrics
        let s = report.root["scenario"] ?? .null
        func v(_ key: String) -> Double { m[key] ?? 0 }
        let grade = report.summary["hitchGrade"]?.stringValue ?? "good"
        let gradeColor = grade == "good" ? "32" : (grade == "warning" ? "33" : "31")
        var text = "\(console.colored(report.scenarioName, "1"))  \(s["stack"]?.stringValue ?? ""), \(Format.integer(s["elements"]?.numberValue ?? 0)) elements, \(number(s["durationS"]?.numberValue ?? 0)) s\n"
        let rows: [[String]] = [
            ["frames", Format.integer(v("frames")), "dropped", Format.integer(v("droppedFrames")),
             "hitch", "\(number(v("hitchRatio"))) ms/s \(console.colored(grade, gradeColor))"],
            ["work p50", "\(Format.fixed(v("frameWorkMs.p50"), 2)) ms", "p99", "\(Format.fixed(v("frameWorkMs.p99"), 2)) ms",
             "max", "\(Format.fixed(v("frameWorkMs.max"), 2)) ms"],
            ["memory peak", Format.bytes(v("peakMemoryBytes")), "views peak", Format.integer(v("peakResidentViews")),
             "body / layout", "\(Format.integer(v("bodyEvaluations"))) / \(Format.integer(v("layoutPasses")))"],
            ["prefetch", "\(Format.fixed(v("prefetchMs"), 1)) ms", "wasted", "\(Format.fixed(v("wastedPrefetchMs"), 1)) ms",
             "corrections", "\(Format.integer(v("offsetCorrections"))) (\(Format.fixed(v("correctionPx"), 0)) pt)"],
            ["jumps", Format.integer(v("visibleJumps")), "state lost", Format.integer(v("stateLossEvents")),
             "blank frames", Format.integer(v("blankAreaFrames"))],
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
        text += "  simulator: \(Format.integer(measurement.simulatedFramesPerSecond)) frames/s, \(Format.fixed(measurement.allocationsPerFrame, 2)) allocations/frame in steady state\n"
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
            Format.integer(m["frames"] ?? 0),
            Format.integer(m["droppedFrames"] ?? 0),
            number(m["hitchRatio"] ?? 0),
            Format.fixed(m["frameWorkMs.p99"] ?? 0, 2),
            Format.bytes(m["peakMemoryBytes"] ?? 0),
            Format.integer(m["peakResidentViews"] ?? 0),
            verdict,
        ]
    }
}
