-- A view on the history's tables: no record creates one.
CREATE VIEW recent AS SELECT * FROM runs ORDER BY id DESC;
