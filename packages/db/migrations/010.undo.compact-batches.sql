CREATE OR REPLACE VIEW event_log AS
  SELECT global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata,
         recorded_at, prev_hash, hash
  FROM events
  UNION ALL
  SELECT (e->>'global_position')::bigint, (e->>'event_id')::uuid, e->>'stream_id',
         (e->>'stream_version')::integer, e->>'type', (e->>'schema_version')::integer, e->'data',
         e->'metadata', (e->>'recorded_at')::timestamptz, e->>'prev_hash', e->>'hash'
  FROM event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events::jsonb) e;
-- Refuses (and so rolls back) while format 2 batches exist: format 1 cannot read them.
ALTER TABLE event_batches ADD CONSTRAINT event_batches_undo_needs_format_1 CHECK (format = 1);
ALTER TABLE event_batches DROP CONSTRAINT event_batches_undo_needs_format_1,
  DROP CONSTRAINT event_batches_format_2_complete,
  DROP COLUMN recorded_at, DROP COLUMN prev_hash, DROP COLUMN format;
ALTER TABLE event_batches ALTER COLUMN events SET STORAGE EXTERNAL;
