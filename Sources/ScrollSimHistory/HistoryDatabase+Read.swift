import ScrollSimKit
extension HistoryDatabase {
    /// Reads the history, only `scenario` and `metric` when given (exact names). A database of
    /// schema version 1 reads without subjects or spreads (every value a single run's).
    ///
    /// - Throws: `ScrollSimError`.
    /// - Complexity: one scan of the runs and one of the values (O(values)), then a sort of
    ///   each series by commit.
    public func read(scenario: String? = nil, metric: String? = nil) throws -> HistoryData {
        do {
            return try readAll(scenario: scenario, metric: metric)
        } catch let failure as SQLite.Failure {
            throw HistoryDatabase.translate(failure, path: path)
        }
    }

    /// Every scenario name recorded, sorted.
    public func scenarioNames() throws -> [String] {
        try names("SELECT name FROM scenarios ORDER BY name")
    }

    /// Every metric recorded, as `show` prints them (harness figures as `harness.NAME`), sorted.
    public func metricNames() throws -> [String] {
        try names("SELECT CASE source WHEN 'harness' THEN 'harness.' || name ELSE name END AS label FROM metrics ORDER BY label")
    }

    private func names(_ sql: String) throws -> [String] {
        do {
            let statement = try db.prepare(sql)
            var names: [String] = []
            while try statement.step() { names.append(statement.string(0) ?? "") }
            return names
        } catch let failure as SQLite.Failure {
            throw HistoryDatabase.translate(failure, path: path)
        }
    }

    /// A tampered row: the table, the row (its id, or its key in a table without one) and
    /// what is wrong, so `show`, `changes` and `page` refuse the file instead of trapping.
    func tampered(_ table: String, _ row: String, _ problem: String) -> ScrollSimError {
        ScrollSimError(file: path, message: "\(table) row \(row): \(problem); the database was changed by something other than scrollsim, restore it from a copy")
    }

    /// A run's (commit index, scenario row id), unique among the runs.
    private struct RunKey: Hashable {
        var commit: Int
        var scenario: Int64
    }

    private func readAll(scenario: String?, metric: String?) throws -> HistoryData {
        // Version 2 added commit subjects and ensemble spreads; a version-1 file has neither.
        let version = try db.integer("PRAGMA user_version") ?? 0
        let hasVersion2 = version >= 2

        // Every row is checked as it is read: ids unique (the schema's keys make them so, but a
        // file edited by hand may have lost them), names unique, values finite.
        var commits: [HistoryData.Commit] = []
        var commitIndex: [Int64: Int] = [:]
        var commitBySHA: [String: Int64] = [:]
        let commitRows = try db.prepare("SELECT id, sha, branch, time, \(hasVersion2 ? "subject" : "NULL") FROM commits ORDER BY time, id")
        while try commitRows.step() {
            let id = commitRows.int64(0), sha = commitRows.string(1) ?? ""
            guard commitIndex.updateValue(commits.count, forKey: id) == nil else { throw tampered("commits", "id \(id)", "the id is used twice") }
            if let other = commitBySHA.updateValue(id, forKey: sha) {
                throw tampered("commits", "id \(id)", "sha \(MessageText.quoted(sha)) is also row id \(other)'s")
            }
            commits.append(.init(sha: sha, branch: commitRows.string(2), time: commitRows.string(3) ?? "", subject: commitRows.string(4)))
        }

        var scenarioNames: [Int64: String] = [:]
        var scenarioIDs: [String: Int64] = [:]
        let scenarioRows = try db.prepare("SELECT id, name FROM scenarios")
        while try scenarioRows.step() {
            let id = scenarioRows.int64(0), name = scenarioRows.string(1) ?? ""
            if let other = scenarioIDs.updateValue(id, forKey: name) {
                throw tampered("scenarios", "id \(id)", "the name \(MessageText.quoted(name)) is also row id \(other)'s")
            }
            if scenario == nil || scenario == name {
                guard scenarioNames.updateValue(name, forKey: id) == nil else { throw tampered("scenarios", "id \(id)", "the id is used twice") }
            }
        }

        var texts: [Int64: (hash: String, json: String)] = [:]
        let textRows = try db.prepare("SELECT id, content_hash, json FROM scenario_texts")
        while try textRows.step() {
            let id = textRows.int64(0)
            guard texts.updateValue((textRows.string(1) ?? "", textRows.string(2) ?? ""), forKey: id) == nil else {
                throw tampered("scenario_texts", "id \(id)", "the id is used twice")
            }
        }

        // Runs: which commit and scenario each belongs to, by run id (any 64-bit id SQLite
        // allows, negative or far apart: a map, not an array as long as the largest id).
        var runSlot: [Int64: Int] = [:]
        var runCommit: [Int] = []
        var runScenario: [Int] = []
        var runOfPair: [RunKey: Int64] = [:]
        let scenarioList = scenarioNames.values.sorted()
        var scenarioPosition: [String: Int] = [:]
        for (position, name) in scenarioList.enumerated() { scenarioPosition[name] = position }
        var versions: [String: [HistoryData.ScenarioVersion]] = [:]
        let runRows = try db.prepare("SELECT id, commit_id, scenario_id, scenario_text_id, report FROM runs")
        while try runRows.step() {
            let run = runRows.int64(0)
            guard let name = scenarioNames[runRows.int64(2)], let commit = commitIndex[runRows.int64(1)] else { continue }
            guard runSlot[run] == nil else { throw tampered("runs", "id \(run)", "the id is used twice") }
            // One run per (commit, scenario).
            if let other = runOfPair.updateValue(run, forKey: RunKey(commit: commit, scenario: runRows.int64(2))) {
                throw tampered("runs", "id \(run)", "a second run of scenario \(MessageText.quoted(name)) at commit \(MessageText.quoted(commits[commit].sha)) (row id \(other) is the first)")
            }
            runSlot[run] = runCommit.count
            runCommit.append(commit)
            runScenario.append(scenarioPosition[name] ?? -1)
            let text = texts[runRows.int64(3)] ?? ("", "")
            versions[name, default: []].append(.init(commit: commit, contentHash: text.hash, json: text.json, report: runRows.string(4) ?? ""))
        }
        for name in versions.keys { versions[name]?.sort { $0.commit < $1.commit } }

        var metrics: [(name: String, source: HistorySource)] = []
        var metricPosition: [Int64: Int] = [:]
        var metricIDs: [String: Int64] = [:]
        let metricRows = try db.prepare("SELECT id, name, source FROM metrics ORDER BY id")
        while try metricRows.step() {
            let id = metricRows.int64(0), name = metricRows.string(1) ?? "", sourceName = metricRows.string(2) ?? ""
            if let other = metricIDs.updateValue(id, forKey: sourceName + ":" + name) {
                throw tampered("metrics", "id \(id)", "the \(MessageText.quoted(sourceName)) metric \(MessageText.quoted(name)) is also row id \(other)'s")
            }
            guard metric == nil || metric == name, let source = HistorySource(rawValue: sourceName) else { continue }
            guard metricPosition.updateValue(metrics.count, forKey: id) == nil else { throw tampered("metrics", "id \(id)", "the id is used twice") }
            metrics.append((name, source))
        }

        // Values into series, found by (scenario, metric) position in a flat table.
        let width = metrics.count
        var seriesSlot = [Int](repeating: -1, count: scenarioPosition.count * width)
        var series: [HistoryData.Series] = []
        func slot(_ runID: Int64, _ metricID: Int64) -> (series: Int, commit: Int)? {
            guard let run = runSlot[runID], runScenario[run] >= 0, let m = metricPosition[metricID] else { return nil }
            let index = runScenario[run] * width + m
            if seriesSlot[index] < 0 {
                seriesSlot[index] = series.count
                let (name, source) = metrics[m]
                series.append(.init(scenario: scenarioList[runScenario[run]], metric: name, source: source, points: []))
            }
            return (seriesSlot[index], runCommit[run])
        }
        let valueRows = try db.prepare("SELECT run_id, metric_id, value FROM run_values")
        while try valueRows.step() {
            let (run, metricID, value) = (valueRows.int64(0), valueRows.int64(1), valueRows.double(2))
            guard let (index, commit) = slot(run, metricID) else { continue }
            guard value.isFinite else { throw tampered("run_values", "(run_id \(run), metric_id \(metricID))", "the value \(MessageText.number(value)) is not a finite number") }
            series[index].points.append(.init(commit: commit, value: value, budget: nil))
        }
        var budgets: [Int: [Int: Double]] = [:]
        let budgetRows = try db.prepare("SELECT run_id, metric_id, budget FROM run_budgets")
        while try budgetRows.step() {
            guard let (index, commit) = slot(budgetRows.int64(0), budgetRows.int64(1)) else { continue }
            budgets[index, default: [:]][commit] = budgetRows.double(2)
        }
        var spreads: [Int: [Int: HistorySpread]] = [:]
        if hasVersion2 {
            let spreadRows = try db.prepare("SELECT run_id, metric_id, runs, sd, low, high FROM run_spreads")
            while try spreadRows.step() {
                let (runs, sd, low, high) = (spreadRows.int64(2), spreadRows.double(3), spreadRows.double(4), spreadRows.double(5))
                // A row that breaks HistorySpread's invariant (edited by hand) is left out: the
                // value reads as a single run's.
                guard runs > 1, runs <= Int64(Int32.max), sd.isFinite, sd >= 0, low.isFinite, high.isFinite, low <= high,
                      let (index, commit) = slot(spreadRows.int64(0), spreadRows.int64(1)) else { continue }
                spreads[index, default: [:]][commit] = HistorySpread(runs: Int(runs), sd: sd, low: low, high: high)
            }
        }
        for index in series.indices {
            series[index].points.sort { $0.commit < $1.commit }
            // A run is one per (commit, scenario), so two points at one commit are two rows of
            // one (run, metric) key.
            for (a, b) in zip(series[index].points, series[index].points.dropFirst()) where a.commit == b.commit {
                let s = series[index]
                throw tampered("run_values", "of metric \(MessageText.quoted(s.metric)) for scenario \(MessageText.quoted(s.scenario)) at commit \(MessageText.quoted(commits[a.commit].sha))",
                               "the (run_id, metric_id) key is used twice")
            }
            if let byCommit = budgets[index] {
                for p in series[index].points.indices { series[index].points[p].budget = byCommit[series[index].points[p].commit] }
            }
            if let byCommit = spreads[index] {
                for p in series[index].points.indices { series[index].points[p].spread = byCommit[series[index].points[p].commit] }
            }
        }
        series = series.filter { !$0.points.isEmpty }.sorted(by: HistoryData.precedes)
        return HistoryData(commits: commits, series: series, scenarios: versions)
    }
}
