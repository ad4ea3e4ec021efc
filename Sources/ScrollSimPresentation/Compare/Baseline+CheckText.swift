import ScrollSimKit

/// The exact baseline gate's verdict as text, short enough to read in a CI log.
///
/// ```
/// origami-lazy: 2 differences from Reports/baseline/origami-lazy.json
///   summary.droppedFrames: 0 → 1
///   frames.dropped: 1 of 960 frames differ, first at frame 12: 0 → 1
/// new-list: no baseline report (Reports/baseline/new-list.json)
/// FAILED: 2 of 31 scenarios differ from the baseline in Reports/baseline. …
/// ```
///
/// At most `maxScenarios` scenarios are listed with their differences, at most
/// `maxPerSection` differences of each section (`scenario`, `summary`, `frames`, `events`, …)
/// so a long list of summary metrics does not hide the first differing frame; the rest are
/// counted, and the scenarios left out are named on one line.
extension Baseline {
    public static func checkText(
        _ mismatches: [Mismatch], scenarioCount: Int, directory: String, maxScenarios: Int = 10, maxPerSection: Int = 4
    ) -> String {
        guard !mismatches.isEmpty else {
            let noun = scenarioCount == 1 ? "scenario" : "scenarios"
            return "OK: \(scenarioCount) \(noun), every report exactly as in the baseline \(directory)\n"
        }
        var lines: [String] = []
        for mismatch in mismatches.prefix(maxScenarios) {
            switch mismatch.problem {
            case .noBaselineReport:
                lines.append("\(mismatch.scenario): no baseline report (\(mismatch.path))")
            case .noScenario:
                lines.append("\(mismatch.scenario): a baseline report of a scenario not given (\(mismatch.path))")
            case .unreadable(let reason):
                lines.append("\(mismatch.scenario): the baseline report cannot be read (\(mismatch.path): \(reason))")
            case .differs(let items):
                let noun = items.count == 1 ? "difference" : "differences"
                lines.append("\(mismatch.scenario): \(items.count) \(noun) from \(mismatch.path)")
                var sections: [(name: String, items: [ReportDiff.Item])] = []
                for item in items {
                    let name = String(item.path.prefix { $0 != "." && $0 != "[" })
                    if sections.last?.name == name { sections[sections.count - 1].items.append(item) } else { sections.append((name, [item])) }
                }
                for section in sections {
                    lines += section.items.prefix(maxPerSection).map { "  \($0)" }
                    if section.items.count > maxPerSection {
                        lines.append("  … and \(section.items.count - maxPerSection) more in \(section.name)")
                    }
                }
            }
        }
        if mismatches.count > maxScenarios {
            let rest = mismatches.dropFirst(maxScenarios).map(\.scenario)
            lines.append("… and \(rest.count) more: \(rest.joined(separator: ", "))")
        }
        let differing = mismatches.filter { $0.problem != .noScenario }.count
        let stale = mismatches.count - differing
        var findings: [String] = []
        if differing > 0 {
            findings.append("\(differing) of \(scenarioCount) scenario\(scenarioCount == 1 ? "" : "s") differ\(differing == 1 ? "s" : "") from the baseline in \(directory)")
        }
        if stale > 0 {
            findings.append("the baseline in \(directory) holds \(stale) report\(stale == 1 ? "" : "s") of no given scenario")
        }
        var verdict = "FAILED: " + findings.joined(separator: "; ")
        verdict += ". If the change of behaviour is intended, refresh the baseline (scripts/refresh-baseline.sh) and commit it with the reason."
        lines.append(verdict)
        return lines.joined(separator: "\n") + "\n"
    }
}
