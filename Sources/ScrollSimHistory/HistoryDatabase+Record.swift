import ScrollSimKit
import Foundation

extension HistoryDatabase {
    /// What a record stored.
    public struct Recorded: Equatable, Sendable {
        /// Runs stored for the first time for this commit.
        public var added: Int
        /// Runs that replaced the same (commit, scenario) recorded before.
        public var replaced: Int
        /// Values stored (summary metrics and harness figures).
        public var values: Int
        /// Of `values`, the ensemble means stored with their spread (run count, sd, interval).
        public var spreads: Int = 0
    }

    /// Stores `runs` under `commit` in one transaction: all of them or, on any error, none.
    /// A (commit, scenario) recorded before is replaced whole.
    ///
    /// - Parameters:
    ///   - now: the recording time (ISO 8601), stored with each run and used as the commit's
    ///     time when the commit is new and `commit.time` is nil.
    ///   - midway: called inside the transaction once half the runs are stored: a fault
    ///     injection point, so a test can kill the process there and see the record vanish.
    /// - Throws: `ScrollSimError`; the database is as it was.
    /// - Complexity: O(runs × metrics) statements, each O(log rows).
    @discardableResult
    public func record(_ runs: [HistoryRun], commit: HistoryCommit, now: String, midway: (() -> Void)? = nil) throws -> Recorded {
        try transaction {
            // Again inside the transaction: a trigger or view added since the file was opened
            // would otherwise see every insert.
            try HistoryRecognition.check(db, path: path)
            try HistorySchema.migrate(db, path: path)
            let commitID = try upsertCommit(commit, now: now)
            var metricIDs = try metricIDs()
            let insertMetric = try db.prepare("INSERT INTO metrics(name, source) VALUES (?, ?)")
            func metricID(_ name: String, _ source: HistorySource) throws -> Int64 {
                let key = source.rawValue + ":" + name
                if let id = metricIDs[key] { return id }
                try insertMetric.run([name, source.rawValue])
                let id = db.lastInsertRowID
                metricIDs[key] = id
                return id
            }
            let findRun = try db.prepare("SELECT id FROM runs WHERE commit_id = ? AND scenario_id = ?")
            let deletes = try ["run_values", "run_budgets", "run_labels", "run_spreads"].map { try db.prepare("DELETE FROM \($0) WHERE run_id = ?") }
            let deleteRun = try db.prepare("DELETE FROM runs WHERE id = ?")
            let insertRun = try db.prepare("INSERT INTO runs(commit_id, scenario_id, scenario_text_id, report, recorded_at) VALUES (?, ?, ?, ?, ?)")
            let insertValue = try db.prepare("INSERT INTO run_values(run_id, metric_id, value) VALUES (?, ?, ?)")
            let insertBudget = try db.prepare("INSERT INTO run_budgets(run_id, metric_id, budget) VALUES (?, ?, ?)")
            let insertLabel = try db.prepare("INSERT INTO run_labels(run_id, key, value) VALUES (?, ?, ?)")
            let insertSpread = try db.prepare("INSERT INTO run_spreads(run_id, metric_id, runs, sd, low, high) VALUES (?, ?, ?, ?, ?, ?)")
            var recorded = Recorded(added: 0, replaced: 0, values: 0)
            for (n, run) in runs.enumerated() {
                if n == runs.count / 2 { midway?() }
                let scenarioID = try scenarioID(run.scenario)
                let textID = try scenarioTextID(run)
                findRun.reset()
                findRun.bind([commitID, scenarioID])
                if try findRun.step() {
                    let old = findRun.int64(0)
                    for delete in deletes { try delete.run([old]) }
                    try deleteRun.run([old])
                    recorded.replaced += 1
                } else {
                    recorded.added += 1
                }
                findRun.reset()
                try insertRun.run([commitID, scenarioID, textID, run.report, now])
                let runID = db.lastInsertRowID
                for (metric, value) in run.summary {
                    let id = try metricID(metric, .summary)
                    try insertValue.run([runID, id, value])
                    if let spread = run.spreads[metric] {
                        try insertSpread.run([runID, id, Int64(spread.runs), spread.sd, spread.low, spread.high])
                        recorded.spreads += 1
                    }
                }
                for (figure, value) in run.harness {
                    try insertValue.run([runID, try metricID(figure, .harness), value])
                }
                for (metric, budget) in run.budgets {
                    try insertBudget.run([runID, try metricID(metric, .summary), budget])
                }
                for (key, value) in commit.labels {
                    try insertLabel.run([runID, key, value])
                }
                recorded.values += run.summary.count + run.harness.count
            }
            return recorded
        }
    }

    private func upsertCommit(_ commit: HistoryCommit, now: String) throws -> Int64 {
        let find = try db.prepare("SELECT id FROM commits WHERE sha = ?")
        find.bind([commit.sha])
        if try find.step() {
            let id = find.int64(0)
            if let branch = commit.branch { try db.prepare("UPDATE commits SET branch = ? WHERE id = ?").run([branch, id]) }
            if let time = commit.time { try db.prepare("UPDATE commits SET time = ? WHERE id = ?").run([time, id]) }
            if let subject = commit.subject { try db.prepare("UPDATE commits SET subject = ? WHERE id = ?").run([subject, id]) }
            return id
        }
        try db.prepare("INSERT INTO commits(sha, branch, time, subject) VALUES (?, ?, ?, ?)").run([commit.sha, commit.branch, commit.time ?? now, commit.subject])
        return db.lastInsertRowID
    }

    private func metricIDs() throws -> [String: Int64] {
        let statement = try db.prepare("SELECT id, name, source FROM metrics")
        var ids: [String: Int64] = [:]
        while try statement.step() {
            ids[(statement.string(2) ?? "") + ":" + (statement.string(1) ?? "")] = statement.int64(0)
        }
        return ids
    }

    private func scenarioID(_ name: String) throws -> Int64 {
        try db.prepare("INSERT OR IGNORE INTO scenarios(name) VALUES (?)").run([name])
        let find = try db.prepare("SELECT id FROM scenarios WHERE name = ?")
        find.bind([name])
        _ = try find.step()
        return find.int64(0)
    }

    /// The row holding this run's scenario text, added when the text is new.
    private func scenarioTextID(_ run: HistoryRun) throws -> Int64 {
        let digest = HistoryDatabase.digest(run.scenarioJSON)
        let find = try db.prepare("SELECT id FROM scenario_texts WHERE digest = ? AND json = ? AND content_hash = ?")
        find.bind([digest, run.scenarioJSON, run.contentHash])
        if try find.step() { return find.int64(0) }
        try db.prepare("INSERT INTO scenario_texts(digest, content_hash, json) VALUES (?, ?, ?)").run([digest, run.contentHash, run.scenarioJSON])
        return db.lastInsertRowID
    }

    /// FNV-1a (64 bit) of the UTF-8 text, as SQLite's signed integer: an index key, not a
    /// proof of equality (the text is compared too).
    static func digest(_ text: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }

    /// The current time as the history stores times: ISO 8601 in UTC, to the second.
    public static func timestamp(_ date: Date = Date()) -> String {
        HistoryTime.stamp(date)
    }

    /// `text` as the history stores times (UTC, to the second), or nil when it is not an RFC 3339
    /// time (`2026-12-01T15:40:08Z`, with an offset or fractional seconds) or a date alone
    /// (`2026-12-01`, midnight UTC): `HistoryTime.normalized(_:)`.
    public static func normalizedTime(_ text: String) -> String? {
        HistoryTime.normalized(text)
    }
}

/// Where a stored value comes from.
public enum HistorySource: String, Sendable, Codable, CaseIterable {
    /// A summary metric: deterministic, compared exactly.
    case summary
    /// A harness figure: noisy, judged by step detection.
    case harness
}
