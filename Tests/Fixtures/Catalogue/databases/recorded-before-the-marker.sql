-- A history recorded before record set application_id: known by its tables, read as before.
PRAGMA application_id = 0;
