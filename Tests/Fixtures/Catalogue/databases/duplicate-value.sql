-- The run_values table rebuilt without its primary key, and one value given twice.
DROP VIEW history;
CREATE TABLE values_copy(run_id INTEGER NOT NULL, metric_id INTEGER NOT NULL, value REAL NOT NULL);
INSERT INTO values_copy SELECT run_id, metric_id, value FROM run_values;
DROP TABLE run_values;
ALTER TABLE values_copy RENAME TO run_values;
INSERT INTO run_values SELECT run_id, metric_id, value + 1 FROM run_values WHERE metric_id = (SELECT id FROM metrics WHERE name = 'bodyEvaluations') LIMIT 1;
