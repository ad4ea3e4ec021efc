-- Values of a run that does not exist (run_id -1): left out, as every value of no run.
UPDATE run_values SET run_id = -1 WHERE run_id = (SELECT max(id) FROM runs);
