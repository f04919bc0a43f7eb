-- The packed journal: the ledger writer's high-volume reward transfers land as one row per group
-- commit holding many events (a JSON array of stored events), instead of one row each. Positions
-- come from the one global sequence under the append lock, so `events` rows and packed events
-- together are the gapless log; the event store merges both by position.
CREATE TABLE event_batches (
  first_position bigint PRIMARY KEY,
  last_position bigint NOT NULL UNIQUE,
  event_count integer NOT NULL CHECK (event_count > 0),
  types text[] NOT NULL,
  last_hash text NOT NULL,
  events text NOT NULL
);
-- The body is already compact JSON and is written once per commit; compressing it costs more
-- time on the hot path than the disk it saves.
ALTER TABLE event_batches ALTER COLUMN events SET STORAGE EXTERNAL;

-- Every event, packed or not, as rows: what SQL readers (the staff event log) query.
CREATE VIEW event_log AS
  SELECT global_position, event_id, stream_id, stream_version, type, schema_version, data, metadata,
         recorded_at, prev_hash, hash
  FROM events
  UNION ALL
  SELECT (e->>'global_position')::bigint, (e->>'event_id')::uuid, e->>'stream_id',
         (e->>'stream_version')::integer, e->>'type', (e->>'schema_version')::integer, e->'data',
         e->'metadata', (e->>'recorded_at')::timestamptz, e->>'prev_hash', e->>'hash'
  FROM event_batches b CROSS JOIN LATERAL jsonb_array_elements(b.events::jsonb) e;
