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

    /// Every point of `data`: one row per scenario, metric and commit.
    public static func show(_ data: HistoryData, as format: HistoryFormat) -> String {
        switch format {
        case .json: return showJSON(data)
        case .csv:
            var lines = ["scenario,metric,source,commit,branch,time,value,budget"]
            for series in data.series {
                for point in series.points {
                    let commit = data.commits[point.commit]
                    lines.append([series.scenario, series.metric, series.source.rawValue, commit.sha, commit.branch ?? "", commit.time,
                                  DisplayFormat.plain(point.value), point.budget.map(DisplayFormat.plain) ?? ""].map(csvField).joined(separator: ","))
                }
            }
            return lines.joined(separator: "\n") + "\n"
        case .table:
            var rows = [["SCENARIO", "METRIC", "COMMIT", "BRANCH", "TIME", "VALUE", "BUDGET"]]
            for series in data.series {
                let kind = kind(metric: series.metric, source: series.source)
                for point in series.points {
                    let commit = data.commits[point.commit]
                    rows.append([series.scenario, label(metric: series.metric, source: series.source), commit.sha, commit.branch ?? "", commit.time,
                                 DisplayFormat.value(point.value, kind: kind, precision: .exact),
                                 point.budget.map { DisplayFormat.value($0, kind: kind, precision: .exact) } ?? ""])
                }
            }
            if rows.count == 1 { return "no runs recorded\(data.commits.isEmpty ? "" : " for this scenario and metric")\n" }
            return table(rows, rightAligned: [5, 6])
        }
    }

    static func showJSON(_ data: HistoryData) -> String {
        let commits: [JSONValue] = data.commits.map { commit in
            var object: [String: JSONValue] = ["sha": .string(commit.sha), "time": .string(commit.time)]
            if let branch = commit.branch { object["branch"] = .string(branch) }
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
                    return .object(object)
                }),
            ])
        }
        return JSONWriter().string(.object(["commits": .array(commits), "series": .array(series)]))
    }

    // MARK: changes

    /// The change points, grouped by scenario and commit: a heading naming the scenario, the
    /// commit (full SHA, time, branch), the commit before it and what changed in the scenario;
    /// then one line per metric that moved.
    public static func changes(_ changes: [HistoryChange], in data: HistoryData, as format: HistoryFormat) -> String {
        switch format {
        case .json:
            return JSONWriter().string(.array(changes.map { change in
                .object([
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
                ])
            }))
        case .csv:
            var lines = ["scenario,metric,source,commit,previous_commit,before,after,detection,direction,scenario_diff"]
            for change in changes {
                lines.append([change.scenario, change.metric, change.source.rawValue, data.commits[change.commit].sha, data.commits[change.previousCommit].sha,
                              DisplayFormat.plain(change.before), DisplayFormat.plain(change.after), change.detection.rawValue, change.direction.rawValue,
                              scenarioDiff(change, data).joined(separator: "; ")].map(csvField).joined(separator: ","))
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
                out += "\(first.scenario) at \(commit.sha) (\(commit.time)\(commit.branch.map { ", \($0)" } ?? "")), after \(data.commits[first.previousCommit].sha)\n"
                for line in scenarioDiff(first, data) { out += "  scenario changed: \(line)\n" }
                var rows: [[String]] = []
                for change in group {
                    rows.append(["  " + label(metric: change.metric, source: change.source), movement(change), change.direction.rawValue + (change.detection == .step ? " (step)" : "")])
                }
                out += table(rows, rightAligned: [])
            }
            let scenarios = Set(changes.map(\.scenario)).count
            out += "\(changes.count) change\(changes.count == 1 ? "" : "s") in \(scenarios) scenario\(scenarios == 1 ? "" : "s")\n"
            return out
        }
    }

    /// `48 → 52 (+8.3%)`, in the metric's unit; the exact precision where the glance one would
    /// show two equal values.
    static func movement(_ change: HistoryChange) -> String {
        let kind = kind(metric: change.metric, source: change.source)
        var (before, after) = (DisplayFormat.value(change.before, kind: kind), DisplayFormat.value(change.after, kind: kind))
        if before == after {
            (before, after) = (DisplayFormat.value(change.before, kind: kind, precision: .exact), DisplayFormat.value(change.after, kind: kind, precision: .exact))
        }
        var text = "\(before) → \(after)"
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

    static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Rows padded into columns (the columns in `rightAligned` on the right), two spaces apart.
    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
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
