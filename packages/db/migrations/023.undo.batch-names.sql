DROP INDEX event_batches_stream_ids_idx;
DROP INDEX event_batches_user_ids_idx;
ALTER TABLE event_batches DROP COLUMN stream_ids, DROP COLUMN user_ids;
