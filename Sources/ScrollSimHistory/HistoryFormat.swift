import ScrollSimKit

/// How `history show` and `history changes` print: a table, JSON or CSV, every row naming its
/// scenario, metric and commit, in `HistoryData`'s fixed order (so the same database prints
/// the same bytes).
public enum HistoryFormat: String, CaseIterable, Sendable {
    case table, json, csv

    /// The kind of a stored metric, for its unit: the catalogue's for summary metrics; harness
    /// figures by name (`…Ms` times, `…Bytes` memory), else none.
    public static func kind(metric: String, source: HistorySource) -> Metric.Kind? {
        switch source {
        case .summary: return Metric(rawValue: metric)?.kind
        case .harness:
            if metric.hasSuffix("Ms") { return .time }
            if metric.hasSuffix("Bytes") { return .memory }
            return nil
        }
    }

    /// The name a series is printed under: summary metrics by path, harness figures as
    /// `harness.NAME` (as in the report).
    public static func label(metric: String, source: HistorySource) -> String {
        source == .harness ? "harness.\(metric)" : metric
    }

    // MARK: show

    /// Every point of `data`: one row per scenario, metric and commit. An ensemble's value is
    /// its mean, shown with its 95 % interval and run count: in the table's INTERVAL and RUNS
    /// columns (present only when the history holds an ensemble, so a history of single runs
    /// prints as before), as `runs`, `sd`, `low`, `high` in CSV (always; empty but `runs` 1 for
    /// a single run) and JSON (only for an ensemble's point).
    public static func show(_ data: HistoryData, as format: HistoryFormat) -> String {
        switch format {
        case .json: return showJSON(data)
        case .csv:
            var lines = ["scenario,metric,source,commit,branch,time,value,budget,runs,sd,low,high"]
            for series in data.series {
                for point in series.points {
                    let commit = data.commits[point.commit]
                    let spread = point.spread
                    lines.append([series.scenario, series.metric, series.source.rawValue, commit.sha, commit.branch ?? "", commit.time,
                                  DisplayFormat.plain(point.value), point.budget.map(DisplayFormat.plain) ?? "", String(point.runs),
                                  spread.map { DisplayFormat.plain($0.sd) } ?? "", spread.map { DisplayFormat.plain($0.low) } ?? "",
                                  spread.map { DisplayFormat.plain($0.high) } ?? ""].map(CSVField.text).joined(separator: ","))
                }
            }
            return lines.joined(separator: "\n") + "\n"
        case .table:
            let spreads = data.hasSpreads
            var rows = [["SCENARIO", "METRIC", "COMMIT", "BRANCH", "TIME", "VALUE"] + (spreads ? ["95 % INTERVAL", "RUNS"] : []) + ["BUDGET"]]
            for series in data.series {
                let kind = kind(metric: series.metric, source: series.source)
                for point in series.points {
                    let commit = data.commits[point.commit]
                    var row = [series.scenario, label(metric: series.metric, source: series.source), commit.sha, commit.branch ?? "", commit.time,
                               DisplayFormat.value(point.value, kind: kind, precision: .exact)]
                    if spreads {
                        row += [point.spread.map { "\(DisplayFormat.value($0.low, kind: kind, precision: .exact))…\(DisplayFormat.value($0.high, kind: kind, precision: .exact))" } ?? "",
                                String(point.runs)]
                    }
                    row.append(point.budget.map { DisplayFormat.value($0, kind: kind, precision: .exact) } ?? "")
                    rows.append(row)
                }
            }
            if rows.count == 1 { return "no runs recorded\(data.commits.isEmpty ? "" : " for this scenario and metric")\n" }
            return table(rows, rightAligned: spreads ? [5, 6, 7, 8] : [5, 6])
        }
    }

    static func showJSON(_ data: HistoryData) -> String {
        let commits: [JSONValue] = data.commits.map { commit in
            var object: [String: JSONValue] = ["sha": .string(commit.sha), "time": .string(commit.time)]
            if let branch = commit.branch { object["branch"] = .string(branch) }
            if let subject = commit.subject { object["subject"] = .string(subject) }
            return .object(object)
        }
        let series: [JSONValue] = data.series.map { series in
            .object([
                "scenario": .string(series.scenario),
                "metric": .string(series.metric),
                "source": .string(series.source.rawValue),
                "points": .array(series.points.map { point in
                    var object: [String: JSONValue] = ["commit": .string(data.commits[point.commit].sha), "value": .number(point.value)]
                    if let budget = point.budget { object["budget"] = .number(budget) }
                    if let spread = point.spread { object.merge(spreadJSON(spread)) { $1 } }
                    return .object(object)
                }),
            ])
        }
        return JSONWriter().string(.object(["commits": .array(commits), "series": .array(series)]))
    }

    /// `runs`, `sd`, `low`, `high` of an ensemble's point.
    static func spreadJSON(_ spread: HistorySpread) -> [String: JSONValue] {
        ["runs": .number(Double(spread.runs)), "sd": .number(spread.sd), "low": .number(spread.low), "high": .number(spread.high)]
    }

    // MARK: changes

    /// The change points, grouped by scenario and commit: a heading naming the scenario, the
    /// commit (full SHA, time, branch), the commit before it, the commit's subject when it was
    /// recorded with one, and what changed in the scenario; then one line per metric that
    /// moved: the move, its direction (a regression's severity when only a warning), and a note
    /// (why the thresholds did not call it a regression, an ensemble's difference with its
    /// interval).
    public static func changes(_ changes: [HistoryChange], in data: HistoryData, as format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONWriter().string(.array(changes.map { change in
                var object: [String: JSONValue] = [
                    "scenario": .string(change.scenario),
                    "metric": .string(change.metric),
                    "source": .string(change.source.rawValue),
                    "commit": .string(data.commits[change.commit].sha),
                    "previousCommit": .string(data.commits[change.previousCommit].sha),
                    "before": .number(change.before),
                    "after": .number(change.after),
                    "detection": .string(change.detection.rawValue),
                    "direction": .string(change.direction.rawValue),
                    "scenarioDiff": .array(scenarioDiff(change, data).map(JSONValue.string)),
                ]
                if let subject = data.commits[change.commit].subject { object["subject"] = .string(subject) }
                if let severity = change.severity { object["severity"] = .string(severity.rawValue) }
                if let reason = change.reason { object["reason"] = .string(reason) }
                if let spread = change.beforeSpread { object["beforeSpread"] = .object(spreadJSON(spread)) }
                if let spread = change.afterSpread { object["afterSpread"] = .object(spreadJSON(spread)) }
                if let d = change.difference {
                    object["difference"] = .object(["mean": .number(d.mean), "low": .number(d.low), "high": .number(d.high), "kind": .string(d.kind.rawValue)])
                }
                return .object(object)
            }))
        case .csv:
            var lines = ["scenario,metric,source,commit,previous_commit,before,after,detection,direction,scenario_diff,severity,reason,difference_low,difference_high,subject"]
            for change in changes {
                lines.append([change.scenario, change.metric, change.source.rawValue, data.commits[change.commit].sha, data.commits[change.previousCommit].sha,
                              DisplayFormat.plain(change.before), DisplayFormat.plain(change.after), change.detection.rawValue, change.direction.rawValue,
                              scenarioDiff(change, data).joined(separator: "; "), change.severity?.rawValue ?? "", change.reason ?? "",
                              change.difference.map { DisplayFormat.plain($0.low) } ?? "", change.difference.map { DisplayFormat.plain($0.high) } ?? "",
                              data.commits[change.commit].subject ?? ""].map(CSVField.text).joined(separator: ","))
            }
            return lines.joined(separator: "\n") + "\n"
        case .table:
            guard !changes.isEmpty else { return "no changes: every metric of every scenario recorded held its value\n" }
            var out = ""
            var index = 0
            while index < changes.count {
                let first = changes[index]
                var group: [HistoryChange] = []
                while index < changes.count, changes[index].scenario == first.scenario, changes[index].commit == first.commit {
                    group.append(changes[index])
                    index += 1
                }
                let commit = data.commits[first.commit]
                // Names, commits, branches and subjects came from files and arguments: each line
                // through the terminal's one escaping (`MessageText.forTerminal`), so a line break
                // or an escape sequence in one cannot forge a line or recolour the terminal.
                out += MessageText.forTerminal("\(first.scenario) at \(commit.sha) (\(commit.time)\(commit.branch.map { ", \($0)" } ?? "")), after \(data.commits[first.previousCommit].sha)") + "\n"
                if let subject = commit.subject { out += MessageText.forTerminal("  subject: \(subject)") + "\n" }
                for line in scenarioDiff(first, data) { out += MessageText.forTerminal("  scenario changed: \(line)") + "\n" }
                var rows: [[String]] = []
                for change in group {
                    rows.append(["  " + label(metric: change.metric, source: change.source), movement(change), directionText(change), note(change)])
                }
                out += table(rows, rightAligned: [])
            }
            let scenarios = Set(changes.map(\.scenario)).count
            out += "\(changes.count) change\(changes.count == 1 ? "" : "s") in \(scenarios) scenario\(scenarios == 1 ? "" : "s")"
            let regressions = changes.filter { $0.direction == .regression }
            let moves = changes.filter { $0.direction == .move }.count
            if !regressions.isEmpty || moves > 0 {
                var parts: [String] = []
                if !regressions.isEmpty {
                    let commits = Set(regressions.map(\.commit)).count
                    parts.append("\(regressions.count) regression\(regressions.count == 1 ? "" : "s") at \(commits) commit\(commits == 1 ? "" : "s")")
                }
                if moves > 0 { parts.append("\(moves) within thresholds") }
                out += ": " + parts.joined(separator: ", ")
            }
            return out + "\n"
        }
    }

    /// The direction as `changes` prints it: "regression", with "(warning)" for a regression
    /// past only the warning limit, "(step)" for a harness step.
    static func directionText(_ change: HistoryChange) -> String {
        var text = change.direction.rawValue
        if change.severity == .warning { text += " (warning)" }
        if change.detection == .step { text += " (step)" }
        return text
    }

    /// The note of a change: the thresholds' reason, and an ensemble's difference with its
    /// interval ("+2.3, 95 % interval +1.4…+3.2, Welch, 30 and 30 runs").
    static func note(_ change: HistoryChange) -> String {
        var parts = change.reason.map { [$0] } ?? []
        if let difference = change.difference {
            let runs = "\(change.beforeSpread?.runs ?? 1) and \(change.afterSpread?.runs ?? 1) runs"
            parts.append("difference \(CompareFormat.interval(difference, kind: kind(metric: change.metric, source: change.source))) (Welch, \(runs))")
        }
        return parts.joined(separator: "; ")
    }

    /// `48 → 52 (+8.3%)`, in the metric's unit; the exact precision where the glance one would
    /// show two equal values. An ensemble's mean carries its interval's half-width:
    /// `4.30 ±0.62 → 6.60 ±0.70 (+53%)`.
    static func movement(_ change: HistoryChange) -> String {
        let kind = kind(metric: change.metric, source: change.source)
        var precision = DisplayFormat.Precision.glance
        if DisplayFormat.value(change.before, kind: kind) == DisplayFormat.value(change.after, kind: kind) { precision = .exact }
        func shown(_ value: Double, _ spread: HistorySpread?) -> String {
            let text = DisplayFormat.value(value, kind: kind, precision: precision)
            guard let spread else { return text }
            // A half-width the glance precision rounds to nothing is given exactly.
            let half = (spread.high - spread.low) / 2
            var halfText = DisplayFormat.value(half, kind: kind, precision: precision)
            if half > 0, halfText == DisplayFormat.value(0, kind: kind, precision: precision) { halfText = DisplayFormat.value(half, kind: kind, precision: .exact) }
            return text + " ±" + halfText
        }
        var text = "\(shown(change.before, change.beforeSpread)) → \(shown(change.after, change.afterSpread))"
        if change.before != 0 {
            let percent = (change.after - change.before) / abs(change.before) * 100
            text += " (\(percent >= 0 ? "+" : "")\(DisplayFormat.fixed(percent, abs(percent) < 10 ? 1 : 0))%)"
        }
        return text
    }

    static func scenarioDiff(_ change: HistoryChange, _ data: HistoryData) -> [String] {
        HistoryChanges.scenarioDiff(old: data.version(of: change.scenario, at: change.previousCommit), new: data.version(of: change.scenario, at: change.commit))
    }

    // MARK: helpers

    /// Rows padded into columns (the columns in `rightAligned` on the right), two spaces apart;
    /// every cell through `MessageText.forTerminal` (a commit, a branch or a scenario name
    /// with an escape sequence or a line break shows it as `\u{1B}`, `\u{A}`).
    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let rows = rows.map { $0.map { MessageText.forTerminal($0) } }
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return rightAligned.contains(i) ? pad + cell : (i == row.count - 1 ? cell : cell + pad)
            }.joined(separator: "  ").trimmingSuffixSpaces()
        }.joined(separator: "\n") + "\n"
    }
}

private extension String {
    func trimmingSuffixSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
