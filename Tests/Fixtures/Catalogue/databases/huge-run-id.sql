-- A run id of 4·10⁹ and one of the largest rowid: read without an array as long as the id.
UPDATE run_values SET run_id = 4000000000 WHERE run_id = (SELECT min(id) FROM runs);
UPDATE run_budgets SET run_id = 4000000000 WHERE run_id = (SELECT min(id) FROM runs);
UPDATE runs SET id = 4000000000 WHERE id = (SELECT min(id) FROM runs);
UPDATE run_values SET run_id = 9223372036854775807 WHERE run_id = (SELECT min(id) FROM runs);
UPDATE run_budgets SET run_id = 9223372036854775807 WHERE run_id = (SELECT min(id) FROM runs);
UPDATE runs SET id = 9223372036854775807 WHERE id = (SELECT min(id) FROM runs);
