-- The runs table rebuilt without UNIQUE (commit_id, scenario_id), and one pair run twice.
DROP VIEW history;
CREATE TABLE runs_copy(id INTEGER PRIMARY KEY, commit_id INTEGER NOT NULL, scenario_id INTEGER NOT NULL,
    scenario_text_id INTEGER NOT NULL, report TEXT NOT NULL, recorded_at TEXT NOT NULL);
INSERT INTO runs_copy SELECT id, commit_id, scenario_id, scenario_text_id, report, recorded_at FROM runs;
DROP TABLE runs;
ALTER TABLE runs_copy RENAME TO runs;
INSERT INTO runs(id, commit_id, scenario_id, scenario_text_id, report, recorded_at)
    SELECT 90, commit_id, scenario_id, scenario_text_id, report, recorded_at FROM runs WHERE id = (SELECT min(id) FROM runs);
