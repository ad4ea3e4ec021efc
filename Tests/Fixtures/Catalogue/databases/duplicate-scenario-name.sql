-- The scenarios table rebuilt without its UNIQUE name, and a name given twice.
DROP VIEW history;
CREATE TABLE scenarios_copy(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO scenarios_copy SELECT id, name FROM scenarios;
DROP TABLE scenarios;
ALTER TABLE scenarios_copy RENAME TO scenarios;
INSERT INTO scenarios(id, name) VALUES (77, 'origami-lazy');
INSERT INTO runs(id, commit_id, scenario_id, scenario_text_id, report, recorded_at)
    SELECT 78, commit_id, 77, scenario_text_id, report, recorded_at FROM runs LIMIT 1;
