-- A value past what a double holds (9e999 is stored as infinity).
UPDATE run_values SET value = 9e999 WHERE metric_id = (SELECT id FROM metrics WHERE name = 'bodyEvaluations') AND run_id = (SELECT min(id) FROM runs);
