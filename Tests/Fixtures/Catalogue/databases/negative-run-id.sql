-- A run id below zero (SQLite allows any 64-bit rowid): read like any other.
UPDATE run_values SET run_id = -5 WHERE run_id = (SELECT min(id) FROM runs);
UPDATE run_budgets SET run_id = -5 WHERE run_id = (SELECT min(id) FROM runs);
UPDATE runs SET id = -5 WHERE id = (SELECT min(id) FROM runs);
