import ScrollSimKit
/// The history database's tables, versioned with SQLite's `PRAGMA user_version`.
///
/// Version 0 is an empty file. `migrations[k]` takes a database from version k to k + 1, and
/// every one runs inside the transaction of the first `record` that opens an older database, so
/// a migration is applied whole or not at all. A database of a newer version than this build
/// knows is refused before anything is written (`HistoryDatabase`).
///
/// Version 1 (the first):
/// - `commits`: one row per commit SHA, its branch and time (ISO 8601, UTC; ordered by time,
///   then by the order first recorded).
/// - `scenarios`: one row per scenario name.
/// - `scenario_texts`: each distinct text of a report's `scenario` section (compact JSON, keys
///   sorted) once, with the content hash it carries; `digest` (FNV-1a of the text) finds it.
///   Scenarios rarely change between commits, so 60,000 runs share a few hundred texts.
/// - `metrics`: one row per metric name and its source: `summary` (the report's summary
///   metrics, deterministic) or `harness` (the report's `harness` figures: wall time,
///   allocations; noisy).
/// - `runs`: one per (commit, scenario); recording the pair again replaces the run.
/// - `run_values`, `run_budgets`, `run_labels`: a run's metric values, the budgets its scenario
///   set, and the `--label K=V` pairs it was recorded with (`WITHOUT ROWID`: the primary key
///   is the table, so a value costs about 16 bytes).
/// - `history`: a view joining them into one row per value, for queries by hand
///   (`sqlite3 history.sqlite "SELECT * FROM history WHERE metric = 'bodyEvaluations'"`).
///
/// Version 2 (ensembles, issue 41):
/// - `commits.subject`: the commit's subject line (`history record --subject`), NULL when not
///   given and for every commit recorded under version 1.
/// - `run_spreads`: for a run recorded from an ensemble's report (schema 2), each summary
///   metric's run count (> 1), standard deviation and 95 % interval of the mean (`low`, `high`;
///   `RunSpread`); `run_values` keeps the mean. A value without a row here is a single run's
///   (run count 1, no interval), as is every value recorded under version 1: version 1 kept
///   only an ensemble's means, and the report files are not in the database to recover the
///   rest. A table of its own rather than columns of `run_values`, so single runs — every
///   shipped scenario — cost nothing more.
/// - `history` gains `runs` (1 for a single run), `sd`, `low`, `high` and `subject`, after
///   version 1's columns, so a query by column position keeps working.
///
/// Reading never migrates (`HistoryDatabase.openForReading` writes nothing): a version-1 file
/// reads as one without subjects or spreads, and the first `record` upgrades it in place.
enum HistorySchema {
    /// The version this build writes and reads.
    static let version: Int64 = 2

    /// `migrations[k]`: the SQL from version k to k + 1.
    static let migrations: [String] = [version1, version2]

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

    /// The oldest version this build reads (without migrating it).
    static let oldestReadable: Int64 = 1

    /// Brings `db` from its version up to `version`, inside the caller's write transaction.
    /// - Throws: `ScrollSimError` for a newer version than this build knows.
    static func migrate(_ db: SQLite, path: String) throws {
        let current = try db.integer("PRAGMA user_version") ?? 0
        guard current <= version else { throw ScrollSimError.newerHistory(path: path, version: current) }
        // The marker `HistoryRecognition` knows the file by: set on a new history, and on one
        // recorded before there was a marker, in the same transaction as the record.
        if try db.integer("PRAGMA application_id") != HistoryRecognition.applicationID {
            try db.exec("PRAGMA application_id = \(HistoryRecognition.applicationID)")
        }
        guard current < version else { return }
        for step in Int(current)..<Int(version) {
            try db.exec(migrations[step])
        }
        try db.exec("PRAGMA user_version = \(version)")
    }
}
