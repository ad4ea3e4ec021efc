-- The metrics table rebuilt without UNIQUE (name, source), and a metric given twice.
DROP VIEW history;
CREATE TABLE metrics_copy(id INTEGER PRIMARY KEY, name TEXT NOT NULL, source TEXT NOT NULL);
INSERT INTO metrics_copy SELECT id, name, source FROM metrics;
DROP TABLE metrics;
ALTER TABLE metrics_copy RENAME TO metrics;
INSERT INTO metrics(id, name, source) VALUES (500, 'bodyEvaluations', 'summary');
