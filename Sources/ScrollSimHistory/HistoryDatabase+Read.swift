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

    private func readAll(scenario: String?, metric: String?) throws -> HistoryData {
        // Version 2 added commit subjects and ensemble spreads; a version-1 file has neither.
        let version = try db.integer("PRAGMA user_version") ?? 0
        let hasVersion2 = version >= 2

        // Commits in order, and each commit's index.
        var commits: [HistoryData.Commit] = []
        var commitIndex: [Int64: Int] = [:]
        let commitRows = try db.prepare("SELECT id, sha, branch, time, \(hasVersion2 ? "subject" : "NULL") FROM commits ORDER BY time, id")
        while try commitRows.step() {
            commitIndex[commitRows.int64(0)] = commits.count
            commits.append(.init(sha: commitRows.string(1) ?? "", branch: commitRows.string(2), time: commitRows.string(3) ?? "", subject: commitRows.string(4)))
        }

        var scenarioNames: [Int64: String] = [:]
        let scenarioRows = try db.prepare("SELECT id, name FROM scenarios")
        while try scenarioRows.step() {
            let name = scenarioRows.string(1) ?? ""
            if scenario == nil || scenario == name { scenarioNames[scenarioRows.int64(0)] = name }
        }

        var texts: [Int64: (hash: String, json: String)] = [:]
        let textRows = try db.prepare("SELECT id, content_hash, json FROM scenario_texts")
        while try textRows.step() { texts[textRows.int64(0)] = (textRows.string(1) ?? "", textRows.string(2) ?? "") }

        // Runs: which commit and scenario each belongs to (by run id, a dense array).
        let maxRun = Int(try db.integer("SELECT coalesce(max(id), 0) FROM runs") ?? 0)
        var runCommit = [Int](repeating: -1, count: maxRun + 1)
        var runScenario = [Int](repeating: -1, count: maxRun + 1)
        let scenarioList = scenarioNames.values.sorted()
        let scenarioPosition = Dictionary(uniqueKeysWithValues: scenarioList.enumerated().map { ($1, $0) })
        var versions: [String: [HistoryData.ScenarioVersion]] = [:]
        let runRows = try db.prepare("SELECT id, commit_id, scenario_id, scenario_text_id, report FROM runs")
        while try runRows.step() {
            guard let name = scenarioNames[runRows.int64(2)], let commit = commitIndex[runRows.int64(1)] else { continue }
            let run = Int(runRows.int64(0))
            runCommit[run] = commit
            runScenario[run] = scenarioPosition[name] ?? -1
            let text = texts[runRows.int64(3)] ?? ("", "")
            versions[name, default: []].append(.init(commit: commit, contentHash: text.hash, json: text.json, report: runRows.string(4) ?? ""))
        }
        for name in versions.keys { versions[name]?.sort { $0.commit < $1.commit } }

        var metrics: [(name: String, source: HistorySource)] = []
        var metricPosition: [Int64: Int] = [:]
        let metricRows = try db.prepare("SELECT id, name, source FROM metrics ORDER BY id")
        while try metricRows.step() {
            let name = metricRows.string(1) ?? ""
            guard metric == nil || metric == name, let source = HistorySource(rawValue: metricRows.string(2) ?? "") else { continue }
            metricPosition[metricRows.int64(0)] = metrics.count
            metrics.append((name, source))
        }

        // Values into series, found by (scenario, metric) position in a flat table.
        let width = metrics.count
        var seriesSlot = [Int](repeating: -1, count: scenarioPosition.count * width)
        var series: [HistoryData.Series] = []
        func slot(_ run: Int, _ metricID: Int64) -> Int? {
            guard run < runCommit.count, runCommit[run] >= 0, runScenario[run] >= 0, let m = metricPosition[metricID] else { return nil }
            let index = runScenario[run] * width + m
            if seriesSlot[index] < 0 {
                seriesSlot[index] = series.count
                let (name, source) = metrics[m]
                series.append(.init(scenario: scenarioList[runScenario[run]], metric: name, source: source, points: []))
            }
            return seriesSlot[index]
        }
        let valueRows = try db.prepare("SELECT run_id, metric_id, value FROM run_values")
        while try valueRows.step() {
            let run = Int(valueRows.int64(0))
            guard let index = slot(run, valueRows.int64(1)) else { continue }
            series[index].points.append(.init(commit: runCommit[run], value: valueRows.double(2), budget: nil))
        }
        var budgets: [Int: [Int: Double]] = [:]
        let budgetRows = try db.prepare("SELECT run_id, metric_id, budget FROM run_budgets")
        while try budgetRows.step() {
            let run = Int(budgetRows.int64(0))
            guard let index = slot(run, budgetRows.int64(1)) else { continue }
            budgets[index, default: [:]][runCommit[run]] = budgetRows.double(2)
        }
        var spreads: [Int: [Int: HistorySpread]] = [:]
        if hasVersion2 {
            let spreadRows = try db.prepare("SELECT run_id, metric_id, runs, sd, low, high FROM run_spreads")
            while try spreadRows.step() {
                let run = Int(spreadRows.int64(0))
                let (runs, sd, low, high) = (spreadRows.int64(2), spreadRows.double(3), spreadRows.double(4), spreadRows.double(5))
                // A row that breaks HistorySpread's invariant (edited by hand) is left out: the
                // value reads as a single run's.
                guard runs > 1, runs <= Int64(Int32.max), sd.isFinite, sd >= 0, low.isFinite, high.isFinite, low <= high,
                      let index = slot(run, spreadRows.int64(1)) else { continue }
                spreads[index, default: [:]][runCommit[run]] = HistorySpread(runs: Int(runs), sd: sd, low: low, high: high)
            }
        }
        for index in series.indices {
            series[index].points.sort { $0.commit < $1.commit }
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
