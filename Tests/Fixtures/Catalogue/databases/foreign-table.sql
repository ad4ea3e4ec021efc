-- A table of the user's beside the history's: the file still carries the history's marker
-- (application_id), so it is still the history, read as before.
CREATE TABLE app_users(id INTEGER PRIMARY KEY, name TEXT);
