-- The commits table rebuilt without its UNIQUE sha, and a sha given twice.
DROP VIEW history;
CREATE TABLE commits_copy(id INTEGER PRIMARY KEY, sha TEXT NOT NULL, branch TEXT, time TEXT NOT NULL, subject TEXT);
INSERT INTO commits_copy SELECT id, sha, branch, time, subject FROM commits;
DROP TABLE commits;
ALTER TABLE commits_copy RENAME TO commits;
INSERT INTO commits(id, sha, time) VALUES (50, 'aaaa', '2026-01-03T00:00:00Z');
