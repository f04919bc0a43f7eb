DROP VIEW IF EXISTS event_log;
DROP TABLE IF EXISTS event_batches;
