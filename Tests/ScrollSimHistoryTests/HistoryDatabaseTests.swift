import Foundation
@testable import ScrollSimHistory
import ScrollSimKit
import Testing

/// Recording and reading back, replacing, the schema version and its migrations.
@Suite struct HistoryDatabaseTests {
    @Test func recordedValuesReadBackInCommitOrder() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        // Recorded out of time order: the second commit first.
        try db.record([HistoryFixtures.run("feed", [("bodyEvaluations", 52)], budgets: [("bodyEvaluations", 60)])],
                      commit: HistoryCommit(sha: "b2", time: "2026-01-02T00:00:00Z"), now: "2026-02-01T00:00:00Z")
        try db.record([HistoryFixtures.run("feed", [("bodyEvaluations", 48)])],
                      commit: HistoryCommit(sha: "a1", branch: "main", time: "2026-01-01T00:00:00Z"), now: "2026-02-01T00:00:00Z")
        let data = try HistoryDatabase.openForReading(path).read()
        #expect(data.commits.map(\.sha) == ["a1", "b2"])
        #expect(data.commits[0].branch == "main")
        #expect(data.series.count == 1)
        #expect(data.series[0].points == [.init(commit: 0, value: 48, budget: nil), .init(commit: 1, value: 52, budget: 60)])
    }

    /// The same commit and scenario again replaces the run: its values, not a second point.
    @Test func recordingACommitAgainReplacesItsRun() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        let commit = HistoryCommit(sha: "a1", time: "2026-01-01T00:00:00Z")
        let first = try db.record([HistoryFixtures.run("feed", [("bodyEvaluations", 48)]), HistoryFixtures.run("chat", [("bodyEvaluations", 7)])], commit: commit, now: "t")
        #expect(first == .init(added: 2, replaced: 0, values: 2))
        let second = try db.record([HistoryFixtures.run("feed", [("bodyEvaluations", 50)])], commit: commit, now: "t")
        #expect(second == .init(added: 0, replaced: 1, values: 1))
        let data = try db.read()
        #expect(data.series.map(\.scenario) == ["chat", "feed"])
        #expect(data.series.map { $0.points.map(\.value) } == [[7], [50]])
        #expect(try db.db.integer("SELECT count(*) FROM runs") == 2)
        #expect(try db.db.integer("SELECT count(*) FROM run_values") == 2)
    }

    /// A new file gets version 2, WAL mode, and exactly the tables of version 1 migrated by
    /// version 2's SQL (both frozen here): a new file and an upgraded one are the same schema.
    @Test func aNewDatabaseIsVersionTwoInWALMode() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        try db.record([], commit: HistoryCommit(sha: "a"), now: "t")
        #expect(try db.db.integer("PRAGMA user_version") == 2)
        let mode = try db.db.prepare("PRAGMA journal_mode")
        #expect(try mode.step() && mode.string(0) == "wal")
        #expect(try db.integrityCheck() == "ok")
        let frozen = try Self.frozenVersion1()
        try frozen.exec(Self.version2)
        #expect(try Self.schema(db.db) == Self.schema(frozen))
    }

    /// Migrations start from version 1: a database written by version 1's schema exactly (the
    /// SQL frozen here, as version 1 shipped it) with a run inserted by hand opens and reads as
    /// it is (reading writes nothing, so it stays version 1), and the first record migrates it
    /// to version 2. `HistoryMigrationTests` does the same with a file version 1 wrote.
    @Test func aVersionOneDatabaseIsReadAndRecordedInto() throws {
        let path = try HistoryFixtures.directory() + "/v1.sqlite"
        do {
            let raw = try SQLite(path: path, mode: .readWriteCreate)
            try raw.exec(Self.version1)
            try raw.exec("""
            PRAGMA user_version = 1;
            INSERT INTO commits(id, sha, branch, time) VALUES (1, 'a1', 'main', '2026-01-01T00:00:00Z');
            INSERT INTO scenarios(id, name) VALUES (1, 'feed');
            INSERT INTO scenario_texts(id, digest, content_hash, json) VALUES (1, 0, 'h1', '{}');
            INSERT INTO metrics(id, name, source) VALUES (1, 'bodyEvaluations', 'summary');
            INSERT INTO runs(id, commit_id, scenario_id, scenario_text_id, report, recorded_at) VALUES (1, 1, 1, 1, 'feed.json', 't');
            INSERT INTO run_values(run_id, metric_id, value) VALUES (1, 1, 48);
            """)
        }
        let before = try HistoryDatabase.openForReading(path)
        #expect(try before.read().series.first?.points == [.init(commit: 0, value: 48, budget: nil)])
        #expect(try before.db.integer("PRAGMA user_version") == 1)
        let db = try HistoryDatabase.openForRecording(path)
        try db.record([HistoryFixtures.run("feed", [("bodyEvaluations", 49)])], commit: HistoryCommit(sha: "b2", time: "2026-01-02T00:00:00Z", subject: "Faster cells"), now: "t")
        #expect(try db.db.integer("PRAGMA user_version") == HistorySchema.version)
        let data = try HistoryDatabase.openForReading(path).read()
        #expect(data.series.first?.points.map(\.value) == [48, 49])
        #expect(data.commits.map(\.sha) == ["a1", "b2"])
        #expect(data.commits.map(\.subject) == [nil, "Faster cells"])
    }

    /// An ensemble's mean is stored with its spread and read back with it; a single run's
    /// value has none (run count 1). Recording the commit again replaces the spread too.
    @Test func anEnsemblesSpreadIsStoredWithItsMean() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        let spread = HistorySpread(runs: 5, sd: 0.4472, low: -0.3553, high: 0.7553)
        var ensemble = HistoryFixtures.run("feed", [("droppedFrames", 0.2), ("frames", 960)])
        ensemble.spreads = ["droppedFrames": spread]
        let recorded = try db.record([ensemble, HistoryFixtures.run("chat", [("droppedFrames", 1)])], commit: HistoryCommit(sha: "a1", subject: "One"), now: "t")
        #expect(recorded == .init(added: 2, replaced: 0, values: 3, spreads: 1))
        var data = try db.read()
        #expect(data.series.map { "\($0.scenario) \($0.metric) \($0.points.map(\.runs))" } == ["chat droppedFrames [1]", "feed frames [1]", "feed droppedFrames [5]"])
        #expect(data.series[2].points[0].spread == spread && data.series[2].points[0].value == 0.2)
        #expect(data.commits[0].subject == "One" && data.hasSpreads)
        // The view shows the new columns after version 1's.
        let row = try db.db.prepare("SELECT value, runs, sd, low, high, subject FROM history WHERE scenario = 'feed' AND metric = 'droppedFrames'")
        #expect(try row.step() && row.double(0) == 0.2 && row.int64(1) == 5 && row.double(3) == -0.3553 && row.string(5) == "One")
        // Again, as a single run, and with no subject: the spread goes, the subject stays.
        try db.record([HistoryFixtures.run("feed", [("droppedFrames", 0), ("frames", 960)])], commit: HistoryCommit(sha: "a1"), now: "t")
        data = try db.read()
        #expect(!data.hasSpreads && data.commits[0].subject == "One")
        #expect(try db.db.integer("SELECT count(*) FROM run_spreads") == 0)
    }

    /// The subject kept is the message's first non-blank line, trimmed.
    @Test func theSubjectIsTheFirstLineOfTheMessage() {
        #expect(HistoryCommit.subjectLine("Make the reel lighter\n\nIt was 6 ms.") == "Make the reel lighter")
        #expect(HistoryCommit.subjectLine("\n  Fix the chat  \r\nmore") == "Fix the chat")
        #expect(HistoryCommit.subjectLine(" \n ") == nil)
    }

    /// The scenario text is stored once however many commits share it.
    @Test func aScenarioTextIsStoredOnce() throws {
        let path = try HistoryFixtures.directory() + "/h.sqlite"
        let db = try HistoryDatabase.openForRecording(path)
        for n in 0..<5 { try db.record([HistoryFixtures.run("feed", [("frames", 960)])], commit: HistoryCommit(sha: "c\(n)"), now: "2026-01-0\(n + 1)T00:00:00Z") }
        try db.record([HistoryFixtures.run("feed", hash: "h2", [("frames", 960)])], commit: HistoryCommit(sha: "c5"), now: "2026-01-06T00:00:00Z")
        #expect(try db.db.integer("SELECT count(*) FROM scenario_texts") == 2)
        #expect(try db.read().scenarios["feed"]?.map(\.contentHash) == ["h1", "h1", "h1", "h1", "h1", "h2"])
    }

    @Test func timesAreNormalizedToUTCSeconds() {
        #expect(HistoryDatabase.normalizedTime("2026-12-01T16:40:08+01:00") == "2026-12-01T15:40:08Z")
        #expect(HistoryDatabase.normalizedTime("2026-12-01T15:40:08.250Z") == "2026-12-01T15:40:08Z")
        #expect(HistoryDatabase.normalizedTime("2026-12-01") == "2026-12-01T00:00:00Z")
        #expect(HistoryDatabase.normalizedTime("yesterday") == nil)
    }

    /// RFC 3339's forms (section 5.6 and its notes), worked by hand: fractions dropped, not
    /// rounded; an offset moves the instant, across a day, a month and a year.
    @Test(arguments: [
        ("2026-12-01T15:40:08Z", "2026-12-01T15:40:08Z"),
        ("2026-12-01t15:40:08z", "2026-12-01T15:40:08Z"),
        ("2026-12-01 15:40:08Z", "2026-12-01T15:40:08Z"),
        ("2026-12-01T15:40:08.999999Z", "2026-12-01T15:40:08Z"),
        ("2026-12-01T16:40:08+0100", "2026-12-01T15:40:08Z"),
        ("2026-12-01T16:40:08+01", "2026-12-01T15:40:08Z"),
        ("2026-12-01T10:10:08-05:30", "2026-12-01T15:40:08Z"),
        ("2026-01-01T00:30:00+01:00", "2025-12-31T23:30:00Z"),
        ("2024-02-29", "2024-02-29T00:00:00Z"),
        ("2000-02-29T12:00:00Z", "2000-02-29T12:00:00Z"),
        ("2016-12-31T23:59:60Z", "2016-12-31T23:59:59Z"),
    ])
    func rfc3339TimesAreRead(_ text: String, _ stored: String) {
        #expect(HistoryDatabase.normalizedTime(text) == stored)
    }

    /// What Foundation's ISO 8601 parsers misread is refused: a day its month does not have
    /// (they roll 2026-02-30 over to March 2), a time without seconds or without an offset
    /// (ISO8601DateFormatter took both for midnight), text around the time, fields out of range.
    @Test(arguments: [
        "2026-02-30", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-1-1",
        "2026-12-01T15:40Z", "2026-12-01T15:40:08", "2026-12-01T15:40:08Z junk", " 2026-12-01",
        "2026-12-01T24:00:00Z", "2026-12-01T15:60:00Z", "2026-12-01T15:40:61Z", "2026-12-01T15:40:08+24:00",
        "2026-12-01T15:40:08+01:60", "2026-12-01T15:40:08.Z", "2026-12-01T15:40:08GMT", "20261201T154008Z", "",
    ])
    func whatIsNotAnRFC3339TimeIsRefused(_ text: String) {
        #expect(HistoryDatabase.normalizedTime(text) == nil)
    }

    @Test func theCurrentTimeIsStoredInUTCToTheSecond() {
        #expect(HistoryDatabase.timestamp(Date(timeIntervalSince1970: 1_764_603_608.75)) == "2025-12-01T15:40:08Z")
    }

    // MARK: helpers

    /// Version 1's schema as it shipped: never edit; a change to the tables is a version 2
    /// with a migration in `HistorySchema.migrations`.
    static let version1 = """
    CREATE TABLE commits(
        id INTEGER PRIMARY KEY,
        sha TEXT NOT NULL UNIQUE,
        branch TEXT,
        time TEXT NOT NULL
    );
    CREATE INDEX commits_order ON commits(time, id);
    CREATE TABLE scenarios(
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
    );
    CREATE TABLE scenario_texts(
        id INTEGER PRIMARY KEY,
        digest INTEGER NOT NULL,
        content_hash TEXT NOT NULL,
        json TEXT NOT NULL
    );
    CREATE INDEX scenario_texts_digest ON scenario_texts(digest);
    CREATE TABLE metrics(
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('summary', 'harness')),
        UNIQUE (name, source)
    );
    CREATE TABLE runs(
        id INTEGER PRIMARY KEY,
        commit_id INTEGER NOT NULL REFERENCES commits(id),
        scenario_id INTEGER NOT NULL REFERENCES scenarios(id),
        scenario_text_id INTEGER NOT NULL REFERENCES scenario_texts(id),
        report TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        UNIQUE (commit_id, scenario_id)
    );
    CREATE INDEX runs_scenario ON runs(scenario_id, commit_id);
    CREATE TABLE run_values(
        run_id INTEGER NOT NULL REFERENCES runs(id),
        metric_id INTEGER NOT NULL REFERENCES metrics(id),
        value REAL NOT NULL,
        PRIMARY KEY (run_id, metric_id)
    ) WITHOUT ROWID;
    CREATE TABLE run_budgets(
        run_id INTEGER NOT NULL REFERENCES runs(id),
        metric_id INTEGER NOT NULL REFERENCES metrics(id),
        budget REAL NOT NULL,
        PRIMARY KEY (run_id, metric_id)
    ) WITHOUT ROWID;
    CREATE TABLE run_labels(
        run_id INTEGER NOT NULL REFERENCES runs(id),
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (run_id, key)
    ) WITHOUT ROWID;
    CREATE VIEW history AS
        SELECT c.sha AS commit_sha, c.branch AS branch, c.time AS time, s.name AS scenario,
               m.name AS metric, m.source AS source, v.value AS value, b.budget AS budget
        FROM run_values v
        JOIN runs r ON r.id = v.run_id
        JOIN commits c ON c.id = r.commit_id
        JOIN scenarios s ON s.id = r.scenario_id
        JOIN metrics m ON m.id = v.metric_id
        LEFT JOIN run_budgets b ON b.run_id = v.run_id AND b.metric_id = v.metric_id;
    """

    /// Version 2's migration as it shipped: never edit.
    static let version2 = """
    ALTER TABLE commits ADD COLUMN subject TEXT;
    CREATE TABLE run_spreads(
        run_id INTEGER NOT NULL REFERENCES runs(id),
        metric_id INTEGER NOT NULL REFERENCES metrics(id),
        runs INTEGER NOT NULL CHECK (runs > 1),
        sd REAL NOT NULL,
        low REAL NOT NULL,
        high REAL NOT NULL,
        PRIMARY KEY (run_id, metric_id)
    ) WITHOUT ROWID;
    DROP VIEW history;
    CREATE VIEW history AS
        SELECT c.sha AS commit_sha, c.branch AS branch, c.time AS time, s.name AS scenario,
               m.name AS metric, m.source AS source, v.value AS value, b.budget AS budget,
               coalesce(e.runs, 1) AS runs, e.sd AS sd, e.low AS low, e.high AS high, c.subject AS subject
        FROM run_values v
        JOIN runs r ON r.id = v.run_id
        JOIN commits c ON c.id = r.commit_id
        JOIN scenarios s ON s.id = r.scenario_id
        JOIN metrics m ON m.id = v.metric_id
        LEFT JOIN run_budgets b ON b.run_id = v.run_id AND b.metric_id = v.metric_id
        LEFT JOIN run_spreads e ON e.run_id = v.run_id AND e.metric_id = v.metric_id;
    """

    static func frozenVersion1() throws -> SQLite {
        let db = try SQLite(path: ":memory:", mode: .readWriteCreate)
        try db.exec(version1)
        return db
    }

    /// Every table, index and view's SQL, sorted by name.
    static func schema(_ db: SQLite) throws -> [String] {
        let statement = try db.prepare("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        var rows: [String] = []
        while try statement.step() { rows.append("\(statement.string(0) ?? ""): \(statement.string(1) ?? "")") }
        return rows
    }
}
