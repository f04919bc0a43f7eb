-- The people (payload `user_id`) and stream ids each packed batch names, written with the batch
-- (packages/eventstore packed-batch.ts), so the staff event log's person and stream filters read
-- only the batches that name the value instead of every batch's text (issue 22; plans in
-- docs/perf/2026-11-27-read-side.md). Both are sets: each value once, in no particular order.
ALTER TABLE event_batches
  ADD COLUMN user_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN stream_ids text[] NOT NULL DEFAULT '{}';

-- Batches written before this migration: their names from their bodies (format 1: one object
-- per event; format 2: [event_id, stream_id, stream_version, type, schema_version, data, metadata]).
UPDATE event_batches b SET
  user_ids = ARRAY(SELECT DISTINCT u FROM (SELECT CASE WHEN b.format = 1 THEN e->'data'->>'user_id' ELSE e->5->>'user_id' END AS u FROM jsonb_array_elements(b.events::jsonb) e) named WHERE u IS NOT NULL),
  stream_ids = ARRAY(SELECT DISTINCT s FROM (SELECT CASE WHEN b.format = 1 THEN e->>'stream_id' ELSE e->>1 END AS s FROM jsonb_array_elements(b.events::jsonb) e) named WHERE s IS NOT NULL);

-- A person's batches by overlap (`user_ids && ARRAY[$1]`).
CREATE INDEX event_batches_user_ids_idx ON event_batches USING gin (user_ids);
-- A stream's batches, or a stream prefix's: the stream ids as the lexemes of a tsvector, whose
-- GIN index answers a prefix (`'evaluation-':*`) as well as a whole id; an array's cannot.
CREATE INDEX event_batches_stream_ids_idx ON event_batches USING gin (array_to_tsvector(stream_ids));

-- Statistics of the new columns now, so that the planner's first choices between walking the
-- batches in order and these indexes weigh how many batches a name is in.
ANALYZE event_batches;
