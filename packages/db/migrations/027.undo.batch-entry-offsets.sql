ALTER TABLE event_batches DROP CONSTRAINT event_batches_entry_offsets_complete;
ALTER TABLE event_batches DROP COLUMN entry_offsets;
